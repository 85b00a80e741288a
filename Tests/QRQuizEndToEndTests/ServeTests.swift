import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizServer

/// `qrquiz serve` over HTTP: every route, status and header, the attacks a classroom
/// network brings (script in topics, path traversal, huge bodies and headers, slow
/// clients, forged forms), and HTTPS. The pages in a real browser: BrowserTests.
@Suite(.serialized, .tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct ServeTests {
  /// SIGINT or SIGTERM the moment the address is printed, 20 times: each stops the server.
  /// Before the signals were caught from start-up, the release build lost 4 of 60 (the
  /// debug build, slower to start, none of 40: this catches that only now and then).
  @Test func aServerStoppedAsSoonAsItStartsStops() throws {
    let (library, cache) = try ServeLibrary.make()
    for attempt in 0..<20 {
      let server = try ServeProcess([library.url.path, "--cache-dir", cache.url.path])
      let status = server.stop(with: attempt % 2 == 0 ? SIGINT : SIGTERM)
      #expect(status == 0, "attempt \(attempt): \(server.errorText)")
    }
  }

  @Test func theLibraryPageListsEveryTopicAndSearches() throws {
    let (library, cache) = try ServeLibrary.make()
    let server = try ServeProcess([library.url.path, "--cache-dir", cache.url.path])
    let page = try server.request("GET", "/")
    #expect(page.status == 200)
    #expect(page.headers["content-type"] == "text/html; charset=utf-8")
    #expect(page.text.contains("3 topics."))
    #expect(page.text.contains("href=\"/t/Social\"") && page.text.contains("1 set, 3 questions"))
    let search = try server.request("GET", "/?q=incognito")
    #expect(search.text.contains("1 of 3 topics match"))
    #expect(search.text.contains("/t/Social") && !search.text.contains("/t/People\""))
  }

  @Test func everyResponseCarriesTheSecurityHeaders() throws {
    let (library, cache) = try ServeLibrary.make()
    let server = try ServeProcess([library.url.path, "--cache-dir", cache.url.path])
    for path in ["/", "/t/Social", "/t/Social.json", "/t/Social/qr.png", "/play/Social", "/nothing", "/static/app.js"] {
      let response = try server.request("GET", path)
      #expect(response.headers["content-security-policy"] == SecurityHeaders.contentSecurityPolicy, "\(path)")
      #expect(response.headers["x-content-type-options"] == "nosniff", "\(path)")
      #expect(response.headers["x-frame-options"] == "DENY", "\(path)")
    }
  }

  @Test func theJSONIsTheTopicAsTheAppDownloadsItWithETagAndGzip() throws {
    let (library, cache) = try ServeLibrary.make()
    let server = try ServeProcess([library.url.path, "--cache-dir", cache.url.path])
    let topic = try Fixtures.sampleValidTopic("Social")
    let plain = try server.request("GET", "/t/Social.json")
    #expect(plain.status == 200)
    #expect(plain.headers["content-type"] == "application/json; charset=utf-8")
    #expect(plain.text == topic.normalizedJSON + "\n")
    let tag = try #require(plain.headers["etag"])
    let again = try server.request("GET", "/t/Social.json", headers: ["If-None-Match": tag])
    #expect(again.status == 304 && again.body.isEmpty)
    let gzipped = try server.request("GET", "/t/Social.json", headers: ["Accept-Encoding": "gzip, br"])
    #expect(gzipped.headers["content-encoding"] == "gzip")
    let unzipped = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/env"), ["gunzip", "-c"], stdin: Data(gzipped.body))
    #expect(unzipped.stdout == Data(plain.body))
    let refused = try server.request("GET", "/t/Social.json", headers: ["Accept-Encoding": "gzip;q=0"])
    #expect(refused.headers["content-encoding"] == nil)
  }

  @Test func theShareQRCodesReadBackToTheJSONAddressAndTheTopic() throws {
    let (library, cache) = try ServeLibrary.make()
    let server = try ServeProcess([library.url.path, "--cache-dir", cache.url.path])
    let share = try server.request("GET", "/t/Social")
    #expect(share.text.contains("\(server.base)/t/Social.json"))
    let link = try server.request("GET", "/t/Social/link.png")
    #expect(link.headers["content-type"] == "image/png")
    #expect(
      try QRCodeReader(timeLimit: .infinity).scan(imageData: link.body).symbols.map(\.text) == [
        "\(server.base)/t/Social.json"
      ])
    let code = try server.request("GET", "/t/Social/qr.png")
    let topic = try Fixtures.sampleValidTopic("Social")
    #expect(
      try QRCodeReader(timeLimit: .infinity).scan(imageData: code.body).symbols.map(\.text) == [topic.normalizedJSON])
    let svg = try server.request("GET", "/t/Social/qr.svg")
    #expect(svg.headers["content-type"] == "image/svg+xml" && svg.text.hasPrefix("<?xml"))
    #expect(try server.request("GET", "/t/Social/present").text.contains("/t/Social/link.png"))
  }

  @Test func topicTextIsEscapedEverywhereAndScriptURLsAreNeverLinks() throws {
    let (library, cache) = try ServeLibrary.make()
    let server = try ServeProcess([library.url.path, "--cache-dir", cache.url.path])
    let pages = [
      try server.request("GET", "/").text, try server.request("GET", "/t/Hostile").text,
      try server.request("GET", "/play/Hostile").text, try server.request("GET", "/t/Hostile/present").text,
    ]
    for page in pages {
      #expect(!page.contains("<script>alert"))
      #expect(!page.contains("<img src=x"))
      #expect(!page.contains("\"javascript:"))
      #expect(!page.contains("<iframe>"))
    }
    #expect(pages[1].contains("&lt;script&gt;alert(&#39;name&#39;)&lt;/script&gt;"))
    // Play the hostile set: questions and answers are escaped, the javascript: image is
    // not shown, the cached https image is served from /img.
    let start = try server.request("GET", "/play/Hostile/1")
    #expect(start.status == 303)
    let game = try #require(start.headers["location"])
    var seen = ""
    for _ in 0..<2 {
      let page = try server.request("GET", game).text
      seen += page
      // Text, never an address: no src or href starts with it.
      #expect(!page.contains("\"javascript:") && !page.contains("<img src=x") && !page.contains("</textarea><script>"))
      _ = try server.request("POST", game, body: Array("answer=0".utf8))
      seen += try server.request("GET", game).text
      _ = try server.request("POST", game, body: Array("action=next".utf8))
    }
    #expect(seen.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"))
    #expect(seen.contains("&lt;/textarea&gt;&lt;script&gt;x&lt;/script&gt;"))
    let key = CacheKey("https://images.example/cat.png").hash
    #expect(seen.contains("src=\"/img/\(key)\""))
    let image = try server.request("GET", "/img/\(key)")
    #expect(image.status == 200 && image.headers["content-type"] == "image/png")
    #expect(image.headers["cache-control"] == "public, max-age=31536000, immutable")
    #expect(image.body == (try Fixtures.bytes("png/gray8.png")))
    // Only images the served topics name, and only from the cache.
    #expect(try server.request("GET", "/img/\(CacheKey("https://elsewhere.example/x.png").hash)").status == 404)
    #expect(try server.request("GET", "/img/..%2F..%2Fetc%2Fpasswd").status == 404)
  }

  @Test func pathsNeverLeaveTheServedTopics() throws {
    let (library, cache) = try ServeLibrary.make()
    let server = try ServeProcess([library.url.path, "--cache-dir", cache.url.path])
    for path in [
      "/t/..%2F..%2Fetc%2Fpasswd", "/t/../../etc/passwd", "/t/%2e%2e%2fSocial", "/t/Social%00.json",
      "/play/..%2FSocial", "/static/../Package.swift", "/t/.library.lock",
    ] {
      let response = try server.request("GET", path)
      #expect(response.status == 404, "\(path): \(response.status)")
      #expect(!response.text.contains("root:"))
    }
    #expect(try server.request("POST", "/").status == 405)
    #expect(try server.request("DELETE", "/t/Social.json").status == 405)
  }

  @Test func aSetIsPlayedWithTheAppsRules() throws {
    let (library, cache) = try ServeLibrary.make()
    let server = try ServeProcess([library.url.path, "--cache-dir", cache.url.path])
    let topic = try Fixtures.sampleValidTopic("Social")
    let start = try server.request("GET", "/play/Social/1")
    let game = try #require(start.headers["location"])
    #expect(game.hasPrefix("/game/") && game.count == 6 + 32)
    // Answer every question right: find each question's text on the page.
    for _ in topic.topic.sets[0].indices {
      let page = try server.request("GET", game).text
      let question = try #require(
        topic.topic.sets[0].first { page.contains(HTML.escape($0.question)) }, "no known question on the page")
      let right = Int(question.mergedCorrectAnswers[0])
      #expect(try server.request("POST", game, body: Array("answer=\(right)".utf8)).status == 303)
      #expect(try server.request("GET", game).text.contains("Answer taken."))
      #expect(try server.request("POST", game, body: Array("action=next".utf8)).status == 303)
    }
    let result = try server.request("GET", game).text
    #expect(result.contains("id=\"score\">60 points"))
    #expect(result.contains("3/3 questions right"))
    // Gone plays say so.
    #expect(try server.request("GET", "/game/00000000000000000000000000000000").status == 404)
  }

  @Test func editingIsOffUnlessAllowedAndNeedsTheTokenAndTheFormToken() throws {
    let (library, cache) = try ServeLibrary.make()
    let readOnly = try ServeProcess([library.url.path, "--cache-dir", cache.url.path])
    #expect(readOnly.editURL == nil)
    let readOnlyToken = try #require(readOnly.teacherToken)
    #expect(try readOnly.request("GET", "/new?token=\(readOnlyToken)").status == 403)
    let refused = try readOnly.request(
      "PUT", "/api/topics/X", headers: ["Authorization": "Bearer \(readOnlyToken)", "If-None-Match": "*"],
      body: Array("{}".utf8))
    #expect(refused.status == 403 && refused.text.contains("--allow-edit"))

    let server = try ServeProcess([library.url.path, "--cache-dir", cache.url.path, "--allow-edit"])
    let editURL = try #require(server.editURL)
    let token = try #require(editURL.components(separatedBy: "token=").last)
    #expect(try server.request("GET", "/new").status == 403)
    let entered = try server.request("GET", "/new?token=\(token)")
    #expect(entered.status == 303)
    let session = String(try #require(entered.cookies.first).prefix { $0 != ";" })
    let page = try server.request("GET", "/new", headers: ["Cookie": session])
    #expect(page.status == 200)
    let csrf = try #require(page.text.components(separatedBy: "data-csrf=\"").dropFirst().first?.prefix { $0 != "\"" })
    let topic = Array(
      #"{"options":{"name":"Rivers"},"sets":[[{"question":"Longest river?","answers":["Nile","Danube","Rhine"],"correct":0}]]}"#
        .utf8)
    let create = ["If-None-Match": "*", "Content-Type": "application/json", "Cookie": session]
    #expect(try server.request("PUT", "/api/topics/Rivers", headers: create, body: topic).status == 403)
    #expect(
      try server.request("PUT", "/api/topics/Rivers", headers: ["If-None-Match": "*"], body: topic).status == 401)
    let saved = try server.request(
      "PUT", "/api/topics/Rivers", headers: create.merging(["X-Form-Token": String(csrf)]) { $1 }, body: topic)
    #expect(saved.status == 201, "\(saved.text)")
    let stored = try TopicLibrary(directory: library.url).topic(named: "Rivers")
    #expect(stored.topic.topic.questions.map(\.question) == ["Longest river?"])
    #expect(try server.request("GET", "/").text.contains("/t/Rivers"))
  }

  @Test func oversizedBodiesAndHeadersAreRefused() throws {
    let (library, cache) = try ServeLibrary.make()
    let server = try ServeProcess([library.url.path, "--cache-dir", cache.url.path, "--allow-edit"])
    // A declared body over 1 MiB: 413 before it is read.
    let declared = try HTTPProbe.exchange(
      port: server.port, Array("POST /new HTTP/1.1\r\nHost: x\r\nContent-Length: 2000000\r\n\r\n".utf8))
    #expect(try HTTPProbe.parse(declared).status == 413)
    // A chunked body: 411 before it is read, or the connection closed while it is sent.
    var chunked = Array("POST /new HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
    let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 65536)
    for _ in 0..<20 { chunked += Array("10000\r\n".utf8) + chunk + Array("\r\n".utf8) }
    let answer = try HTTPProbe.exchange(port: server.port, chunked)
    let status = answer.isEmpty ? nil : try HTTPProbe.parse(answer).status
    #expect(status == nil || status! >= 400)
    // Headers past the limit.
    let huge = try server.request("GET", "/", headers: ["X-Filler": String(repeating: "x", count: 64 * 1024)])
    #expect(huge.status == 431, "\(huge.status)")
    // And the server still answers.
    #expect(try server.request("GET", "/").status == 200)
  }

  @Test func slowClientsAreCutOffAfterTheIdleTimeout() throws {
    let (library, cache) = try ServeLibrary.make()
    let server = try ServeProcess([library.url.path, "--cache-dir", cache.url.path, "--idle-timeout", "1"])
    // Slowloris: half a request line, then nothing.
    let socket = try HTTPProbe.connect(port: server.port)
    defer { close(socket) }
    let partial = Array("GET / HTTP/1.1\r\nHost: x\r\n".utf8)
    _ = partial.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    let received = HTTPProbe.readAll(socket, timeout: HangLimit.inProcessSeconds)
    // Closed by the server (the wait ends when it closes), not left open until our wait
    // gave up: the socket is at its end (a read gives 0 bytes), where an open one would
    // have nothing to read yet.
    var byte: UInt8 = 0
    #expect(recv(socket, &byte, 1, Int32(MSG_DONTWAIT)) == 0, "the server left the connection open")
    #expect(received.isEmpty || String(decoding: received.prefix(12), as: UTF8.self).contains("408"))
    #expect(try server.request("GET", "/").status == 200)
  }

  @Test func httpsServesWithTheGivenCertificate() throws {
    let (library, cache) = try ServeLibrary.make()
    let folder = try TemporaryDirectory()
    let key = folder.url.appendingPathComponent("key.pem").path
    let certificate = folder.url.appendingPathComponent("cert.pem").path
    let made = try ProcessRunner.tool(
      "openssl",
      [
        "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "1",
        "-subj", "/CN=127.0.0.1",
      ])
    try #require(made.status == 0, "\(made.stderr)")
    let server = try ServeProcess([
      library.url.path, "--cache-dir", cache.url.path, "--tls-cert", certificate, "--tls-key", key,
    ])
    #expect(server.base.hasPrefix("https://"))
    let fetched = try ProcessRunner.tool("curl", ["-sk", "\(server.base)/t/Social.json"])
    #expect(fetched.stdoutText == (try Fixtures.sampleValidTopic("Social")).normalizedJSON + "\n")
    // Plain HTTP on the HTTPS port gets no page.
    #expect((try? server.request("GET", "/t/Social.json"))?.status != 200)
  }

  @Test func anUnusableImageCacheIsSaidAndThePagesStillServe() throws {
    let (library, _) = try ServeLibrary.make()
    let scratch = try TemporaryDirectory()
    let blocker = scratch.url.appendingPathComponent("not-a-folder")
    _ = FileManager.default.createFile(atPath: blocker.path, contents: Data("x".utf8))
    let server = try ServeProcess([library.url.path, "--cache-dir", blocker.appendingPathComponent("cache").path])
    #expect(server.errorText.contains("question images are not served: the image cache cannot be used"))
    #expect(try server.request("GET", "/").status == 200)
  }

  @Test func badInvocationsFailWithOneLine() throws {
    let missing = try ProcessRunner.qrquiz(["serve", "/nonexistent/Quiz.json", "--port", "0"])
    #expect(missing.status == 3)
    #expect(missing.stderr.contains("/nonexistent/Quiz.json: no such file"))
    let half = try ProcessRunner.qrquiz(["serve", "--tls-cert", "x.pem", "--port", "0"])
    #expect(half.status == 2 && half.stderr.contains("--tls-cert and --tls-key go together"))
    let host = try ProcessRunner.qrquiz(["serve", "--host", "example.org", "--port", "0"])
    #expect(host.status != 0 && host.stderr.contains("not a numeric IPv4 or IPv6 address"))
  }
}
