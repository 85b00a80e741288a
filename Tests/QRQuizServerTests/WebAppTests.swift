import Foundation
import QRQuiz
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuizServer

/// The web app through its responder, in process: every route, status, header and escape,
/// with no socket (the real server: ServeTests; a browser: BrowserTests).
@Suite struct WebAppTests {
  let library: TemporaryDirectory
  let cache: TemporaryDirectory
  let app: QuizWebApp
  let client: WebAppClient
  static let editToken = String(repeating: "ab", count: 16)

  init() throws {
    (library, cache) = try ServeLibrary.make()
    app = QuizWebApp(
      topics: .library(TopicLibrary(directory: library.url)),
      configuration: .init(
        publicURL: "http://192.168.1.20:8080", teacherToken: Self.editToken, allowsEditing: true,
        imageCache: try ImageDiskCache(directory: cache.url)))
    app.reload()
    client = WebAppClient(app: app)
  }

  /// A concrete path for every route of the table, its parts filled with things that exist.
  func examplePath(_ pattern: RoutePattern) async -> String {
    let start = await client.request("GET", "/play/Social/1")
    let game = try? app.startLiveGame(topic: "Social", set: 1)
    let values = [
      "pin": game?.pin ?? "000000",
      "name": "Social", "set": "1", "file": "style.css", "key": CacheKey("https://images.example/cat.png").hash,
      "id": String((start.headers["location"] ?? "").dropFirst(6)),
    ]
    var path = pattern.description
    for (name, value) in values { path = path.replacingOccurrences(of: "{\(name)}", with: value) }
    return path
  }

  @Test func everyRouteAnswersWithTheSecurityHeaders() async throws {
    #expect(app.routes.count >= 17)
    for route in app.routes {
      let path = await examplePath(route.pattern)
      let cookie = ["Cookie": "\(Credentials.teacherCookie)=\(Self.editToken)"]
      let response = await client.request(route.method.rawValue, path, headers: cookie)
      #expect(response.status < 500, "\(route.method) \(path): \(response.status)")
      #expect(response.headers["content-security-policy"] == SecurityHeaders.contentSecurityPolicy, "\(path)")
      #expect(response.headers["x-content-type-options"] == "nosniff", "\(path)")
      #expect(response.headers["x-frame-options"] == "DENY", "\(path)")
      if route.method == .get {
        let head = await client.request("HEAD", path, headers: cookie)
        #expect(head.status == response.status, "HEAD \(path)")
      }
    }
  }

  @Test func pathsNoRouteHasAre404AndMethodsNoneTakesAre405WithAllow() async {
    for path in [
      "/nothing", "/t/", "/t/Social/", "/t//Social", "/t/Social/qr.gif", "/static/../Package.swift", "/t/Nope",
    ] {
      let response = await client.request("GET", path)
      #expect(response.status == 404, "\(path)")
      #expect(response.headers["content-security-policy"] != nil)
    }
    let post = await client.request("POST", "/")
    #expect(post.status == 405 && post.headers["allow"] == "GET, HEAD")
    let delete = await client.request("DELETE", "/t/Social.json")
    #expect(delete.status == 405 && delete.headers["allow"] == "GET, HEAD")
    let put = await client.request("PUT", "/game/abc")
    #expect(put.status == 405 && put.headers["allow"] == "GET, HEAD, POST")
    #expect(put.text.contains("This address answers GET, HEAD, POST."))
  }

  @Test func theMostSpecificPatternWinsWhateverTheOrder() async {
    // `/t/{name}.json` and `/t/{name}` both match: the JSON route wins.
    #expect(await client.request("GET", "/t/Social.json").headers["content-type"] == "application/json; charset=utf-8")
    #expect(await client.request("GET", "/t/Social").headers["content-type"] == "text/html; charset=utf-8")
  }

  @Test func aTopicNamedLikeAFileKeepsItsOwnAddress() async throws {
    for name in ["Capitals", "Capitals.json"] {
      let topic = try ValidTopic(
        Topic(
          options: .init(name: name),
          sets: [[Topic.Question(question: "Capital of \(name)?", answers: ["A", "B"], correct: 0)]]))
      try Data(topic.normalizedJSON.utf8).write(to: library.url.appendingPathComponent("\(name).json"))
    }
    app.reload()
    #expect(app.topicNames.contains("Capitals") && app.topicNames.contains("Capitals_json"))
    let json = await client.request("GET", "/t/Capitals.json")
    #expect(json.text.contains("\"name\":\"Capitals\""))
    let page = await client.request("GET", "/t/Capitals_json")
    #expect(page.status == 200 && page.text.contains("/t/Capitals_json.json"))
    #expect(await client.request("GET", "/t/Capitals/qr.png").headers["content-type"] == "image/png")
  }

  @Test func topicTextIsEscapedOnEveryPage() async throws {
    var pages = [
      await client.request("GET", "/").text, await client.request("GET", "/t/Hostile").text,
      await client.request("GET", "/play/Hostile").text, await client.request("GET", "/t/Hostile/present").text,
      await client.request("GET", "/?q=%3Cscript%3Ealert(1)%3C/script%3E").text,
    ]
    let start = await client.request("GET", "/play/Hostile/1")
    let game = try #require(start.headers["location"])
    for _ in 0..<2 {
      pages.append(await client.request("GET", game).text)
      _ = await client.request("POST", game, body: Array("answer=0".utf8))
      // The question answered, with its verdict.
      pages.append(await client.request("GET", game).text)
      _ = await client.request("POST", game, body: Array("action=next".utf8))
    }
    pages.append(await client.request("GET", game).text)
    for page in pages {
      #expect(!page.contains("<script>alert"))
      #expect(!page.contains("<img src=x"))
      #expect(!page.contains("\"javascript:"))
      #expect(!page.contains("<iframe>"))
      #expect(!page.contains("</textarea><script>"))
    }
    let all = pages.joined()
    #expect(all.contains("&lt;script&gt;alert(&#39;name&#39;)&lt;/script&gt;"))
    #expect(all.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"))
    #expect(all.contains("&lt;/textarea&gt;&lt;script&gt;x&lt;/script&gt;"))
    #expect(all.contains("src=\"/img/\(CacheKey("https://images.example/cat.png").hash)\""))
  }

  @Test func aSetIsPlayedWithTheAppsRulesAndEachVerdictShown() async throws {
    let topic = try Fixtures.sampleValidTopic("Social")
    // Social has one set: the play starts at once.
    let start = await client.request("GET", "/play/Social")
    #expect(start.status == 303)
    let game = try #require(start.headers["location"])
    #expect(game.hasPrefix("/game/") && game.count == 6 + 32)
    for _ in topic.topic.sets[0].indices {
      let page = await client.request("GET", game).text
      let question = try #require(
        topic.topic.sets[0].first { page.contains(HTML.escape($0.question)) }, "no known question on the page")
      let right = Int(question.mergedCorrectAnswers[0])
      #expect(await client.request("POST", game, body: Array("answer=\(right)".utf8)).status == 303)
      // The question answered stays, with its verdict (Social hides right and wrong: the
      // pick is only taken), until "Next"; a second answer meanwhile is not taken.
      let answered = await client.request("GET", game).text
      #expect(answered.contains("id=\"answered\"") && answered.contains("Answer taken."))
      #expect(answered.contains(HTML.escape(question.question)))
      _ = await client.request("POST", game, body: Array("answer=0".utf8))
      #expect(await client.request("GET", game).text.contains("id=\"answered\""))
      #expect(await client.request("POST", game, body: Array("action=next".utf8)).status == 303)
    }
    let result = await client.request("GET", game).text
    #expect(result.contains("id=\"score\">60 points"))
    #expect(result.contains("3/3 questions right"))
    #expect(result.contains("Every question was answered right."))
    #expect(await client.request("GET", "/game/00000000000000000000000000000000").status == 404)
  }

  @Test func theEditorNeedsTheTeacherAndItsPagesFormToken() async throws {
    #expect(await client.request("GET", "/new").status == 403)
    #expect(await client.request("GET", "/edit/Social").status == 403)
    #expect(await client.request("GET", "/new?token=wrong").status == 403)
    let entered = await client.request("GET", "/new?token=\(Self.editToken)")
    #expect(entered.status == 303 && entered.headers["location"] == "/new")
    let cookie = try #require(entered.cookies.first)
    #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
    let session = ["Cookie": String(cookie.prefix { $0 != ";" })]
    let page = await client.request("GET", "/edit/Social", headers: session)
    #expect(page.status == 200 && page.text.contains("/static/editor.js"))
    let csrf = try #require(page.text.components(separatedBy: "data-csrf=\"").dropFirst().first?.prefix { $0 != "\"" })
    let topic = Array(
      #"{"options":{"name":"Rivers"},"sets":[[{"question":"Longest river?","answers":["Nile","Danube"],"correct":0}]]}"#
        .utf8)
    let create = ["If-None-Match": "*", "Content-Type": "application/json"]
    // The cookie alone is not enough: another site's page could send it.
    #expect(
      await client.request("PUT", "/api/topics/Rivers", headers: session.merging(create) { $1 }, body: topic).status
        == 403)
    let withToken = session.merging(create) { $1 }.merging([Credentials.formTokenHeader: String(csrf)]) { $1 }
    #expect(await client.request("PUT", "/api/topics/Rivers", headers: withToken, body: topic).status == 201)
    #expect(try TopicLibrary(directory: library.url).topic(named: "Rivers").topic.name == "Rivers")
    #expect(await client.request("GET", "/").text.contains("/t/Rivers"))
    // The teacher's library page offers Edit and Delete; a visitor's does not.
    #expect(await client.request("GET", "/", headers: session).text.contains("/edit/Rivers"))
    #expect(!(await client.request("GET", "/").text.contains("/edit/Rivers")))
  }

  @Test func sixSavesAtOnceAllLand() async throws {
    let client = self.client
    let statuses = await withTaskGroup(of: Int.self) { group in
      for number in 0..<6 {
        let topic =
          #"{"options":{"name":"Saved\#(number)"},"sets":[[{"question":"Question \#(number)?","answers":["Yes","No"],"correct":0}]]}"#
        group.addTask {
          await client.request(
            "PUT", "/api/topics/Saved\(number)",
            headers: ["Authorization": "Bearer \(Self.editToken)", "If-None-Match": "*"], body: Array(topic.utf8)
          ).status
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(statuses == Array(repeating: 201, count: 6))
    for number in 0..<6 { #expect(await client.request("GET", "/t/Saved\(number)").status == 200, "Saved\(number)") }
  }

  @Test func pagesSpeakTheBrowsersLanguageOrTheOneChosen() async {
    let spanish = await client.request("GET", "/", headers: ["Accept-Language": "es-419,es;q=0.9,en;q=0.5"])
    #expect(spanish.text.contains("<html lang=\"es\">") && spanish.text.contains("3 temas."))
    let english = await client.request("GET", "/", headers: ["Accept-Language": "de-DE,fr;q=0.8"])
    #expect(english.text.contains("<html lang=\"en\">") && english.text.contains("3 topics."))
    let chosen = await client.request(
      "GET", "/", headers: ["Accept-Language": "es", "Cookie": "\(RequestContext.languageCookie)=en"])
    #expect(chosen.text.contains("<html lang=\"en\">"))
    // The topic's own text is never translated.
    #expect(
      await client.request("GET", "/t/Social", headers: ["Accept-Language": "es"]).text.contains("Cool Social topic"))
  }

  @Test func theThemeAndTheLanguageAreChosenByLinksAndKept() async throws {
    let page = await client.request("GET", "/t/Social?x=1")
    // Every page links both, back to itself.
    #expect(page.text.contains(#"href="/settings?theme=dark&amp;back=%2Ft%2FSocial%3Fx%3D1""#), "\(page.text)")
    #expect(page.text.contains(#"aria-current="true">system</a>"#))
    let dark = await client.request("GET", "/settings?theme=dark&back=%2Ft%2FSocial")
    #expect(dark.status == 303 && dark.headers["location"] == "/t/Social")
    #expect(dark.cookies == ["qrquiz_theme=dark; Path=/; Max-Age=31536000; SameSite=Lax"])
    let themed = await client.request("GET", "/t/Social", headers: ["Cookie": "qrquiz_theme=dark"])
    #expect(themed.text.contains(#"<html lang="en" data-theme="dark">"#))
    #expect(themed.text.contains(#"aria-current="true">dark</a>"#))
    #expect(
      await client.request("GET", "/t/Social", headers: ["Cookie": "qrquiz_theme=<x>"]).text.contains(
        #"<html lang="en">"#))
    let auto = await client.request("GET", "/settings?theme=auto")
    #expect(auto.headers["location"] == "/" && auto.cookies == ["qrquiz_theme=; Path=/; Max-Age=0; SameSite=Lax"])
    let spanish = await client.request("GET", "/settings?lang=es&back=%2F")
    #expect(spanish.cookies == ["qrquiz_lang=es; Path=/; Max-Age=31536000; SameSite=Lax"])
    let library = await client.request("GET", "/", headers: ["Cookie": "qrquiz_lang=es"])
    #expect(library.text.contains(#"<html lang="es">"#) && library.text.contains(">English</a>"))
    // Back only to this site.
    for back in ["//evil.example/x", "https://evil.example", "/\\evil.example", "/a\r\nSet-Cookie:x", "x"] {
      let response = await client.request(
        "GET", "/settings?theme=dark&back=" + (back.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
      #expect(response.headers["location"] == "/", "\(back): \(response.headers["location"] ?? "")")
    }
    // The pages without the site's header (the projector, a game's phone) have them too.
    #expect(await client.request("GET", "/t/Social/present").text.contains("<footer><nav class=\"site-settings\""))
  }

  @Test func aSearchIsBoundedWhateverTheQuery() async {
    let repeated = String(repeating: "incognito ", count: 5000)
    let response = await client.request("GET", "/?q=" + repeated.replacingOccurrences(of: " ", with: "+"))
    #expect(response.status == 200 && response.text.contains("1 of 3 topics match"))
    #expect(TextSearch(repeated).words == ["incognito"])
    let many = (0..<1000).map { "w\($0)" }.joined(separator: " ")
    #expect(TextSearch(many).words.count == TextSearch.maximumWords)
  }

  @Test func oneAddressStartingPlaysInALoopNeverEndsAnothersPlay() async throws {
    let mine = try #require(await client.request("GET", "/play/Social/1", from: "10.0.0.2").headers["location"])
    var statuses: [Int: Int] = [:]
    for _ in 0..<300 {
      statuses[await client.request("GET", "/play/Social/1", from: "10.0.0.3").status, default: 0] += 1
    }
    #expect(statuses == [303: app.play.plays.perAddress, 429: 300 - app.play.plays.perAddress])
    #expect(await client.request("GET", mine).text.contains("id=\"question\""))
    // Its own finished plays give way to its new ones.
    let finished = try #require(await client.request("GET", "/play/Social/1", from: "10.0.0.4").headers["location"])
    for _ in 0..<3 {
      _ = await client.request("POST", finished, body: Array("answer=0".utf8))
      _ = await client.request("POST", finished, body: Array("action=next".utf8))
    }
    #expect(await client.request("GET", finished).text.contains("id=\"result\""))
    for _ in 0..<(app.play.plays.perAddress - 1) { _ = await client.request("GET", "/play/Social/1", from: "10.0.0.4") }
    #expect(await client.request("GET", "/play/Social/1", from: "10.0.0.4").status == 303)
    #expect(await client.request("GET", "/play/Social/1", from: "10.0.0.4").status == 429)
  }

  @Test func theResultListsTheQuestionsAnsweredWrongWithTheRightAnswers() async throws {
    let start = await client.request("GET", "/play/People/1")
    let game = try #require(start.headers["location"])
    var pagesSeen = 0
    while !(await client.request("GET", game).text.contains("id=\"result\"")), pagesSeen < 40 {
      pagesSeen += 1
      let page = await client.request("GET", game).text
      if page.contains("id=\"answered\"") {
        _ = await client.request("POST", game, body: Array("action=next".utf8))
      } else {
        // Always the last answer: some are wrong.
        let count = page.components(separatedBy: "name=\"answer\"").count - 1
        _ = await client.request("POST", game, body: Array("answer=\(max(0, count - 1))".utf8))
      }
    }
    let result = await client.request("GET", game).text
    #expect(result.contains("id=\"review\""))
    #expect(result.contains("Your answer: ") && result.contains("Correct: "))
  }

  @Test func theSharePageSaysWhenPhonesCannotReachItsCodes() async {
    let local = QuizWebApp(
      topics: .library(TopicLibrary(directory: library.url)), configuration: .init(publicURL: "http://127.0.0.1:8080"))
    local.reload()
    #expect(await WebAppClient(app: local).request("GET", "/t/Social").text.contains("id=\"unreachable\""))
    #expect(!(await client.request("GET", "/t/Social").text.contains("id=\"unreachable\"")))
  }

  @Test func theLibraryIsReloadedWhenAnotherProcessSavesEditsOrRemoves() async throws {
    #expect(!app.topicNames.contains("Rivers"))
    let rivers = try ValidTopic(
      Topic(
        options: .init(name: "Rivers"),
        sets: [[Topic.Question(question: "Longest?", answers: ["Nile", "Rhine"], correct: 0)]]))
    let store = TopicLibrary(directory: library.url)
    try store.save(rivers)
    #expect(app.site.topics.reloadIfChanged())
    #expect(app.topicNames.contains("Rivers"))
    // Nothing changed: not read again.
    #expect(!app.site.topics.reloadIfChanged(fullCheck: 3600))
    try store.remove(name: "Rivers")
    #expect(app.site.topics.reloadIfChanged())
    #expect(!app.topicNames.contains("Rivers"))
  }

  /// The route table is the route documentation: docs/ROUTES.md is made from it.
  @Test func theRouteDocumentationIsTheRouteTable() throws {
    let documented = try String(
      contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/ROUTES.md"), encoding: .utf8)
    #expect(
      documented.contains(app.routeDocumentation),
      "docs/ROUTES.md differs from the route table:\n\(app.routeDocumentation)")
  }
}
