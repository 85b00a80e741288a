import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom
@testable import QRQuizServer

/// A student's Review on their own page (`/s/SECRET/review`) and the class's memory in the
/// gradebook, in process through the server's pages with real records: the questions a
/// student missed in a live game or their homework come first, a rating moves the card as
/// FSRS-6 says at the server's time, one student's secret rates only their own cards, and
/// a bad rating is refused.
@Suite struct StudentReviewTests {
  static let france = StudyLog.CardKey(topic: "Capitals", card: "Capital of France?")
  static let spain = StudyLog.CardKey(topic: "Capitals", card: "Which are in Spain?")
  static let cat = StudyLog.CardKey(topic: "Capitals", card: "What is this?")
  /// Capitals' second set, which the class never played: a new card all the same.
  static let peru = StudyLog.CardKey(topic: "Capitals", card: "Capital of Peru?")

  /// A server where 7B played Capitals' first set (Ada missing Spain, Alan missing France and
  /// leaving Spain unanswered), with the students' own pages made; their secrets by card.
  static func classThatPlayed() async throws -> (HomeworkServer, [Int: String]) {
    let server = try HomeworkServer()
    try await server.playLiveGame([("Ada Lovelace", [[0], [1], [0]]), ("Alan Turing", [[1], nil, [0]])])
    let csrf = await server.formToken()
    let made = await server.client.request(
      "POST", "/classes/7B/links", headers: HomeworkServer.teacherCookie, body: Array("csrf=\(csrf)".utf8))
    #expect(made.status == 303)
    let roster = try server.classes.roster(named: "7B")
    var secrets: [Int: String] = [:]
    for student in roster.students { secrets[student.card] = student.resultsSecret }
    return (server, secrets)
  }

  /// The question the review page shows.
  static func shownCard(_ page: String) -> String? {
    page.components(separatedBy: #"<h2 id="review-question">"#).dropFirst().first?.components(separatedBy: "</h2>")
      .first
  }

  static func rate(
    _ server: HomeworkServer, _ secret: String, _ key: StudyLog.CardKey, _ rating: String, reviews: Int = 0
  ) async -> Int {
    let body = "card=\(String(key.fuzzSeed, radix: 16))&rating=\(form(rating))&reviews=\(reviews)"
    return await server.client.request(
      "POST", "/s/\(secret)/review", headers: ["Content-Type": "application/x-www-form-urlencoded"],
      body: Array(body.utf8)
    ).status
  }

  static func form(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
  }

  static func log(_ server: HomeworkServer, card: Int) throws -> StudyLog.Replayed {
    let id = try #require(try server.classes.studentID(className: "7B", card: card))
    return try StudyLog(records: server.records, studentID: id).cards(scheduler: ClassesArea.scheduler)
  }

  @Test func theMissedQuestionsComeFirstAndARatingMovesTheCardAsFSRSSays() async throws {
    let (server, secrets) = try await Self.classThatPlayed()
    let ada = try #require(secrets[1])
    let results = await server.get("/s/\(ada)")
    #expect(results.text.contains("/s/\(ada)/review") && results.text.contains("Review: 4 cards to study now"))

    // Spain, missed, before France, which comes first in the game.
    let page = await server.get("/s/\(ada)/review")
    #expect(page.status == 200)
    #expect(Self.shownCard(page.text) == Self.spain.card)
    #expect(page.text.contains("You missed this one in class"))
    #expect(page.text.contains("1 missed in class · 0 due · 3 new"))
    #expect(page.text.contains("<li>Madrid</li><li>Seville</li>"))
    // Each button says when it brings the card back, as the terminal shows it.
    let now = server.clock.clock.now()
    let new = StudyCard(due: now, fuzzSeed: Self.spain.fuzzSeed)
    let dues = ClassesArea.scheduler.nextDues(of: new, at: now)
    let pages = Pages(language: .english)
    for (rating, name) in [(StudyRating.again, "Again"), (.hard, "Hard"), (.good, "Good"), (.easy, "Easy")] {
      let interval = pages.intervalText(StudyInterval(from: now, to: try #require(dues[rating])))
      #expect(
        page.text.contains(
          "<span class=\"rate-name\">\(name)</span> <span class=\"rate-interval\">back in \(interval)</span>"),
        "\(name) \(interval)")
    }

    // Show the answer, drawn as a button, says Hide the answer once open; the focus goes
    // to it only on the page a rating leads to.
    #expect(
      page.text.contains(
        #"<summary class="reveal"><span class="when-closed">Show the answer</span><span class="when-open">Hide the answer</span></summary>"#
      ), "\(page.text)")
    let afterRating = await server.client.request(
      "POST", "/s/\(ada)/review", headers: ["Content-Type": "application/x-www-form-urlencoded"],
      body: Array("card=\(String(Self.spain.fuzzSeed, radix: 16))&rating=9&reviews=0".utf8))
    #expect(afterRating.status == 422)
    #expect(await server.get("/s/\(ada)/review?rated=1").text.contains(#"<summary class="reveal" autofocus>"#))

    // Rated Good: due as FSRS-6 says for a new card rated Good at the server's time.
    let rated = await server.client.request(
      "POST", "/s/\(ada)/review", headers: ["Content-Type": "application/x-www-form-urlencoded"],
      body: Array("card=\(String(Self.spain.fuzzSeed, radix: 16))&rating=3&reviews=0".utf8))
    #expect(rated.status == 303 && rated.headers["location"] == "/s/\(ada)/review?rated=1", "\(rated.headers)")
    let expected = try ClassesArea.scheduler.review(new, rating: .good, at: now)
    let card = try #require(try Self.log(server, card: 1).cards[Self.spain])
    #expect(card == expected && card.due == now + .seconds(600))
    // The same form sent again (a double tap) records nothing more.
    #expect(await Self.rate(server, ada, Self.spain, "3") == 303)
    #expect(try Self.log(server, card: 1).cards[Self.spain]?.reviewCount == 1)

    // Then the new cards in the game's order, then the rest of the topic (its second set,
    // never played); Spain comes back once nothing else is due.
    #expect(Self.shownCard(await server.get("/s/\(ada)/review").text) == Self.france.card)
    #expect(await Self.rate(server, ada, Self.france, "4") == 303)
    #expect(await Self.rate(server, ada, Self.cat, "4") == 303)
    #expect(Self.shownCard(await server.get("/s/\(ada)/review").text) == Self.peru.card)
    #expect(await Self.rate(server, ada, Self.peru, "4") == 303)
    // Spain dealt ahead from its learning step (back in 10 min): not counted due now.
    let ahead = await server.get("/s/\(ada)/review").text
    #expect(Self.shownCard(ahead) == Self.spain.card && ahead.contains("0 missed in class · 0 due · 0 new"), "\(ahead)")
    #expect(await Self.rate(server, ada, Self.spain, "3", reviews: 1) == 303)
    let done = await server.get("/s/\(ada)/review")
    #expect(done.text.contains("Nothing to review now") && Self.shownCard(done.text) == nil)
    server.clock.advance(by: 30 * 86_400)
    #expect(await server.get("/s/\(ada)/review").text.contains("0 missed in class · 4 due · 0 new"))
  }

  @Test func aStudentsSecretRatesTheirOwnCardsAndBadRatingsAreRefused() async throws {
    let (server, secrets) = try await Self.classThatPlayed()
    let (ada, alan) = (try #require(secrets[1]), try #require(secrets[2]))
    // Alan missed France and Spain: France first, the game's order.
    let alans = await server.get("/s/\(alan)/review")
    #expect(Self.shownCard(alans.text) == Self.france.card && alans.text.contains("2 missed in class"))

    // Alan's secret rates Alan's card, never Ada's.
    #expect(await Self.rate(server, alan, Self.spain, "1") == 303)
    #expect(try Self.log(server, card: 2).cards[Self.spain]?.reviewCount == 1)
    #expect(try Self.log(server, card: 1).cards.isEmpty)
    #expect(Self.shownCard(await server.get("/s/\(ada)/review").text) == Self.spain.card)

    for rating in ["5", "0", "x", ""] {
      #expect(await Self.rate(server, ada, Self.spain, rating) == 422, "rating '\(rating)'")
    }
    let other = StudyLog.CardKey(topic: "Capitals", card: "<script>alert(1)</script>")
    #expect(await Self.rate(server, ada, other, "3") == 422)
    #expect(try Self.log(server, card: 1).cards.isEmpty)
    let nobody = String(repeating: "0", count: 32)
    #expect(await Self.rate(server, nobody, Self.spain, "3") == 404)
    #expect(await server.get("/s/\(nobody)/review").status == 404)
    #expect(await server.get("/s/nope/review").status == 404)

    // The reviews go with their students: a class deleted leaves none behind.
    let count = { () throws -> Int? in
      try server.records.read { database throws(DatabaseError) in
        try database.value("SELECT COUNT(*) FROM study_reviews WHERE student_id IS NOT NULL", as: Int.self)
      }
    }
    #expect(try count() == 1)
    _ = try server.classes.delete("7B")
    #expect(try count() == 0)
  }

  @Test func reviewLinksCannotBeWalked() async throws {
    let (server, secrets) = try await Self.classThatPlayed()
    let (walker, other) = ("10.0.0.66", "10.0.0.77")
    var statuses: [Int: Int] = [:]
    for index in 0..<240 {
      let path = "/s/\(Secret.make())/review"
      let answer =
        index.isMultiple(of: 2)
        ? await server.client.request("GET", path, from: walker)
        : await server.client.request(
          "POST", path, headers: ["Content-Type": "application/x-www-form-urlencoded"],
          body: Array("card=0&rating=3&reviews=0".utf8), from: walker)
      statuses[answer.status, default: 0] += 1
      if answer.status == 429 { #expect(answer.headers["retry-after"] != nil) }
    }
    // The budget of every lookup that misses (100 at once): the results links' too.
    #expect(statuses[404] == 100 && statuses[429] == 140, "\(statuses)")
    #expect(await server.client.request("GET", "/s/\(Secret.make())", from: walker).status == 429)
    let ada = try #require(secrets[1])
    #expect(await server.client.request("GET", "/s/\(ada)/review", from: other).status == 200)
    #expect(await server.client.request("GET", "/s/\(ada)/review", from: walker).status == 429)
  }

  @Test func homeworkMissesComeFirstAndNamesAreEscaped() async throws {
    let (server, secrets) = try await Self.classThatPlayed()
    let code = try await server.assign("Capitals", #","set":1,"class":"7B""#, dueIn: 60)
    let grace = try await server.join(code, "Grace Hopper")
    _ = await server.answer(code, grace, 0, [0])
    _ = await server.answer(code, grace, 1, [3])
    server.clock.advance(by: 61)
    let page = await server.get("/s/\(try #require(secrets[3]))/review")
    #expect(Self.shownCard(page.text) == Self.spain.card && page.text.contains("1 missed in class · 0 due · 3 new"))

    // Spanish, each count's word agreeing with it; a stranger's text escaped.
    let counted = await server.client.request(
      "GET", "/s/\(try #require(secrets[3]))/review", headers: ["Accept-Language": "es"])
    #expect(counted.text.contains("1 fallada en clase · 0 pendientes · 3 nuevas"), "\(counted.text)")
    try server.classes.update("7B") { roster throws(ClassRoster.Problem) in
      try roster.renameStudent(.card(3), to: "<b>Grace</b>")
    }
    let spanish = await server.client.request(
      "GET", "/s/\(try #require(secrets[3]))/review", headers: ["Accept-Language": "es"])
    #expect(spanish.text.contains("Repaso · &lt;b&gt;Grace&lt;/b&gt;, 7B"))
    #expect(spanish.text.contains("Otra vez") && spanish.text.contains("vuelve en"))
    #expect(spanish.text.contains("Mostrar la respuesta") && spanish.text.contains("Ocultar la respuesta"))
    #expect(!spanish.text.contains("<b>Grace"))
    try PhraseBookCheck.check(StudyPhrase.self)
  }

  /// A card whose question has a picture shows it, as a played question does: the live
  /// game's results keep no picture, so it comes from the library's topic; a card without
  /// one shows none.
  @Test func aQuestionsPictureIsOnItsCard() async throws {
    let (server, secrets) = try await Self.classThatPlayed()
    let ada = try #require(secrets[1])
    let picture = "src=\"/img/\(CacheKey("https://images.example/cat.png").hash)\""
    var seen: [String: Bool] = [:]
    for _ in 0..<3 {
      let page = await server.get("/s/\(ada)/review").text
      let card = try #require(Self.shownCard(page))
      seen[card] = page.contains(picture) && page.contains(#"class="review-image""#)
      #expect(await Self.rate(server, ada, StudyLog.CardKey(topic: "Capitals", card: card), "3") == 303)
    }
    #expect(seen == [Self.spain.card: false, Self.france.card: false, Self.cat.card: true], "\(seen)")
  }

  /// The link on the student's results counts what the Review's header counts: a card in
  /// its learning steps, back in ten minutes, is not one "to study now" (the Review deals
  /// it ahead all the same when nothing else is left).
  @Test func theResultsLinkCountsOnlyTheCardsToStudyNow() async throws {
    let (server, secrets) = try await Self.classThatPlayed()
    let ada = try #require(secrets[1])
    var link = await server.get("/s/\(ada)").text
    #expect(link.contains("Review: 4 cards to study now"), "\(link)")
    var rated: Set<String> = []
    while let card = Self.shownCard(await server.get("/s/\(ada)/review").text), rated.insert(card).inserted {
      #expect(await Self.rate(server, ada, StudyLog.CardKey(topic: "Capitals", card: card), "3") == 303)
    }
    #expect(rated.count == 4)
    // Every card in its learning steps now: dealt ahead on the Review, not counted here.
    let review = await server.get("/s/\(ada)/review").text
    #expect(review.contains("0 missed in class · 0 due · 0 new"), "\(review)")
    link = await server.get("/s/\(ada)").text
    #expect(link.contains("Review: nothing to study now"), "\(link)")
  }

  /// Every count of the Review's header agrees with its number, in both languages.
  @Test func theHeadersCountsAreSingularOrPlural() {
    func counts(_ language: Language, _ missed: Int, _ due: Int, _ new: Int) -> String {
      StudyPhrase.reviewCounts.text(
        in: language, ["missed": .number(missed), "due": .number(due), "new": .number(new)])
    }
    #expect(counts(.spanish, 1, 1, 1) == "1 fallada en clase · 1 pendiente · 1 nueva")
    #expect(counts(.spanish, 0, 2, 20) == "0 falladas en clase · 2 pendientes · 20 nuevas")
    #expect(counts(.english, 1, 1, 1) == "1 missed in class · 1 due · 1 new")
    #expect(counts(.english, 2, 0, 20) == "2 missed in class · 0 due · 20 new")
  }

  /// A topic of 30 questions: a first set of 3 ("Q1?" … "Q3?"), a second of 27, each
  /// answered "yes".
  static func thirty(in server: HomeworkServer) throws {
    func question(_ number: Int) -> JSONValue {
      .object([
        ("question", .string("Q\(number)?")), ("answers", .array([.string("yes"), .string("no")])),
        ("correct", .number(0)),
      ])
    }
    let topic = JSONValue.object([
      ("options", .object([("name", .string("Thirty")), ("questionsInRandomOrder", .bool(false))])),
      ("sets", .array([.array((1...3).map(question)), .array((4...30).map(question))])),
    ])
    try Data(topic.compactText.utf8).write(to: server.library.url.appendingPathComponent("Thirty.json"))
    server.app.reload()
  }

  @Test func overARealServerAGamesThreeOfTenQuestionsBringTheOtherSeven() async throws {
    let server = try HomeworkServer()
    let http = try HTTPServer(configuration: .init(port: 0), responder: server.app)
    defer { http.stop(timeout: 1) }
    // Ten: a first set of 3 questions ("Q1?" … "Q3?"), a second of 7, never played.
    func question(_ number: Int) -> JSONValue {
      .object([
        ("question", .string("Q\(number)?")), ("answers", .array([.string("yes"), .string("no")])),
        ("correct", .number(0)),
      ])
    }
    let ten = JSONValue.object([
      ("options", .object([("name", .string("Ten")), ("questionsInRandomOrder", .bool(false))])),
      ("sets", .array([.array((1...3).map(question)), .array((4...10).map(question))])),
    ])
    try Data(ten.compactText.utf8).write(to: server.library.url.appendingPathComponent("Ten.json"))
    server.app.reload()
    try await server.playLiveGame([("Ada Lovelace", [[0], [1], [0]])], topic: "Ten", questions: 3)
    let csrf = await server.formToken()
    _ = await server.client.request(
      "POST", "/classes/7B/links", headers: HomeworkServer.teacherCookie, body: Array("csrf=\(csrf)".utf8))
    let ada = try #require(try server.classes.roster(named: "7B").student(card: 1)?.resultsSecret)
    let download = BoundedDownload(limit: 1 << 20)
    func page() async throws -> String {
      let url = try #require(URL(string: "http://127.0.0.1:\(http.port)/s/\(ada)/review"))
      return String(decoding: try await download.data(from: url), as: UTF8.self)
    }

    // The miss first; Q1 and Q3, asked, and the 7 never asked, new.
    var text = try await page()
    #expect(Self.shownCard(text) == "Q2?" && text.contains("1 missed in class · 0 due · 9 new"), "\(text)")
    #expect(await Self.rate(server, ada, StudyLog.CardKey(topic: "Ten", card: "Q2?"), "4") == 303)
    var shown: [String] = []
    for _ in 0..<9 {
      text = try await page()
      let card = try #require(Self.shownCard(text))
      shown.append(card)
      #expect(await Self.rate(server, ada, StudyLog.CardKey(topic: "Ten", card: card), "4") == 303)
    }
    #expect(shown == [1, 3, 4, 5, 6, 7, 8, 9, 10].map { "Q\($0)?" })
    text = try await page()
    #expect(text.contains("Nothing to review now") && text.contains("0 missed in class · 0 due · 0 new"))
  }

  @Test func everyQuestionOfATopicTheClassMetIsACardNewOnesUpToTheDaysLimit() async throws {
    let (server, secrets) = try await Self.classThatPlayed()
    try Self.thirty(in: server)
    server.clock.advance(by: 60)
    let code = try await server.assign("Thirty", #","set":1,"class":"7B""#, dueIn: 60)
    let grace = try await server.join(code, "Grace Hopper")
    _ = await server.answer(code, grace, 0, [0])
    _ = await server.answer(code, grace, 1, [1])
    _ = await server.answer(code, grace, 2, [0])
    server.clock.advance(by: 61)
    let secret = try #require(secrets[3])
    func key(_ number: Int) -> StudyLog.CardKey { StudyLog.CardKey(topic: "Thirty", card: "Q\(number)?") }

    // The homework asked 3 of 30: the 27 others are cards too. Capitals' 4 (7B played it
    // live, Grace did not) and Thirty's 29 are new: 20 a day. Q2, missed, first.
    var page = await server.get("/s/\(secret)/review").text
    #expect(Self.shownCard(page) == "Q2?" && page.contains("1 missed in class · 0 due · 20 new"), "\(page)")
    #expect(await Self.rate(server, secret, key(2), "4") == 303)
    // The miss reviewed is no new card of the day's.
    #expect(await server.get("/s/\(secret)/review").text.contains("0 missed in class · 0 due · 20 new"))
    var shown: [String] = []
    for _ in 0..<20 {
      page = await server.get("/s/\(secret)/review").text
      let text = try #require(Self.shownCard(page))
      shown.append(text)
      #expect(
        await Self.rate(
          server, secret, StudyLog.CardKey(topic: text.hasPrefix("Q") ? "Thirty" : "Capitals", card: text), "4") == 303)
    }
    // In the order the class met them: Capitals (played first), then Thirty's.
    #expect(
      shown == [Self.france, Self.spain, Self.cat, Self.peru].map(\.card) + [1, 3].map { "Q\($0)?" }
        + (4...17).map { "Q\($0)?" })
    page = await server.get("/s/\(secret)/review").text
    #expect(page.contains("0 missed in class · 0 due · 0 new") && page.contains("Nothing to review now"), "\(page)")

    // The next day the rest of the new cards, no more than the limit.
    server.clock.advance(by: 86_400)
    page = await server.get("/s/\(secret)/review").text
    #expect(page.contains("0 missed in class · 0 due · 13 new") && Self.shownCard(page) == "Q18?", "\(page)")
  }

  /// The form fields of the teacher's *Due time* form for `seconds` from the server's now.
  static func formTime(_ server: HomeworkServer, in seconds: Double) -> String {
    let date = (server.clock.clock.now() + .seconds(seconds)).date
    let day = DateFormatter()
    day.locale = Locale(identifier: "en_US_POSIX")
    day.dateFormat = "yyyy-MM-dd"
    let time = DateFormatter()
    time.locale = Locale(identifier: "en_US_POSIX")
    time.dateFormat = "HH'%3A'mm"
    return "date=\(day.string(from: date))&time=\(time.string(from: date))"
  }

  /// An open homework's answers are its answer key: while anyone of the class may still
  /// answer it (before its due time, or a student's extension), no student's Review deals
  /// its topic's questions or anyone's misses in it; once it is closed for everyone, both.
  @Test func anOpenHomeworksTopicStaysOutOfEveryReviewUntilItClosesForEveryone() async throws {
    let (server, secrets) = try await Self.classThatPlayed()
    let http = try HTTPServer(configuration: .init(port: 0), responder: server.app)
    defer { http.stop(timeout: 1) }
    try Self.thirty(in: server)
    server.clock.advance(by: 60)
    let code = try await server.assign("Thirty", #","set":1,"class":"7B""#, dueIn: 100)
    let grace = try await server.join(code, "Grace Hopper")
    #expect(await server.answer(code, grace, 0, [0]).status == 200)
    #expect(await server.answer(code, grace, 1, [1]).status == 200)
    let download = BoundedDownload(limit: 1 << 20)
    func page(_ card: Int) async throws -> String {
      let secret = try #require(secrets[card])
      let url = try #require(URL(string: "http://127.0.0.1:\(http.port)/s/\(secret)/review"))
      return String(decoding: try await download.data(from: url), as: UTF8.self)
    }
    func hidden() async throws {
      // Alan: his two misses of the live game and Capitals' two others, nothing of Thirty;
      // Grace, who played no game: Capitals' four, not her miss in the homework.
      let alan = try await page(2)
      #expect(alan.contains("2 missed in class · 0 due · 2 new") && !alan.contains("Thirty"), "\(alan)")
      let text = try await page(3)
      #expect(text.contains("0 missed in class · 0 due · 4 new") && Self.shownCard(text) == Self.france.card, "\(text)")
      #expect(!text.contains("Q2?") && !text.contains("Thirty"))
    }

    try await hidden()
    // Past the due time, but Ada given three hours more: still open for her, still hidden.
    server.clock.advance(by: 101)
    let csrf = await server.formToken()
    let moved = await server.client.request(
      "POST", "/assignments/\(code)/due", headers: HomeworkServer.teacherCookie,
      body: Array("csrf=\(csrf)&student=ada+lovelace&\(Self.formTime(server, in: 3 * 3600))".utf8))
    #expect([302, 303].contains(moved.status), "\(moved.text)")
    try await hidden()

    // Closed for everyone: the topic's 30 and Grace's miss, first.
    server.clock.advance(by: 3 * 3600 + 60)
    let text = try await page(3)
    #expect(text.contains("1 missed in class · 0 due · 20 new") && Self.shownCard(text) == "Q2?", "\(text)")
    #expect(try await page(2).contains("2 missed in class · 0 due · 20 new"))
  }

  @Test func theGradebookShowsTheClassMemory() async throws {
    let (server, secrets) = try await Self.classThatPlayed()
    let ada = try #require(secrets[1])
    let teacherPage = await server.get("/classes/7B", headers: HomeworkServer.teacherCookie).text
    #expect(teacherPage.contains("id=\"memory-heading\"") && teacherPage.contains("No student has reviewed yet"))

    let start = server.clock.clock.now()
    #expect(await Self.rate(server, ada, Self.spain, "3") == 303)
    server.clock.advance(by: 2 * 86_400 + 60)
    let now = server.clock.clock.now()
    let card = try ClassesArea.scheduler.review(
      StudyCard(due: start, fuzzSeed: Self.spain.fuzzSeed), rating: .good, at: start)
    let recall = ClassesArea.scheduler.retrievability(of: card, at: now)
    #expect(recall > 0 && recall < 1)
    let percent = "\(Int((recall * 100).rounded()))%"

    let page = await server.get("/classes/7B", headers: HomeworkServer.teacherCookie).text
    // Ada: Spain due since ten minutes after she rated it, over a day ago; Alan: his two
    // misses, due since the game; Grace did not play.
    #expect(
      page.contains("<tr><th scope=\"row\">Ada Lovelace</th><td>1</td><td>1</td><td>1</td><td>\(percent)</td></tr>"))
    #expect(page.contains("<tr><th scope=\"row\">Alan Turing</th><td>2</td><td>2</td><td>0</td><td></td></tr>"))
    #expect(page.contains("<tr><th scope=\"row\">Grace Hopper</th><td>0</td><td>0</td><td>0</td><td></td></tr>"))
    #expect(
      page.contains(
        "<tr><td>Capitals</td><th scope=\"row\">Which are in Spain?</th><td>1</td><td>\(percent)</td></tr>"))
    #expect(!page.contains("<th scope=\"row\">Capital of France?</th>"), "nobody studied it")

    let csv = await server.get("/api/classes/7B/gradebook.csv", headers: HomeworkServer.teacher).text
    let decimal = String(format: "%.2f", recall)
    #expect(csv.contains("\r\n\r\nname,card,due,overdue,studied,recall today\r\nAda Lovelace,1,1,1,1,\(decimal)\r\n"))
    #expect(csv.contains("topic,question,studied by,recall today\r\nCapitals,Which are in Spain?,1,\(decimal)\r\n"))
    #expect(csv.hasPrefix("\u{FEFF}name,card,share,1 score"), "the gradebook's own columns first, unchanged")
    let json = try JSONParser.parse(
      await server.get("/api/classes/7B/gradebook.json", headers: HomeworkServer.teacher).body)
    guard case .array(let students)? = json["memory"]?["students"] else { throw CocoaError(.coderInvalidValue) }
    #expect(students.map { $0["due"] } == [.number(1), .number(2), .number(0)])
    #expect(students[0]["recall"] == .number(recall) && students[1]["recall"] == .null)
    #expect(json["activities"] != nil && json["students"] != nil)
  }
}
