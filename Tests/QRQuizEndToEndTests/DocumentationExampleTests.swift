import Foundation
import QRQuiz
import QRQuizCards
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuizClassroom
@testable import QRQuizInterchange
@testable import QRQuizServer

/// Every example in the library's doc comments, compiled here word for word. Examples
/// that need no network or system folder also run. The first test fails when an example
/// in the sources changes without its copy here, so the copies cannot drift.
@Suite struct DocumentationExampleTests {
  /// The ```swift blocks of every library source file (QRQuiz, QRQuizHTTP, QRQuizServer,
  /// QRQuizCards), one string each, lines trimmed.
  static func sourceExamples() throws -> [(file: String, code: String)] {
    var examples: [(String, String)] = []
    let libraries = ["Sources/QRQuiz", "Sources/QRQuizHTTP", "Sources/QRQuizServer", "Sources/QRQuizCards"].map(
      Fixtures.packageRoot.appendingPathComponent)
    let files = libraries.flatMap {
      FileManager.default.enumerator(at: $0, includingPropertiesForKeys: nil)!.allObjects
    }
    for case let url as URL in files where url.pathExtension == "swift" {
      var current: [String]?
      for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
      {
        let text = line.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("///") else { continue }
        let content = text.dropFirst(3).trimmingCharacters(in: .whitespaces)
        if content == "```swift" {
          current = []
        } else if content == "```", let lines = current {
          examples.append((url.lastPathComponent, lines.joined(separator: "\n")))
          current = nil
        } else {
          current?.append(content)
        }
      }
    }
    return examples
  }

  @Test func everyLibraryExampleIsCompiledHere() throws {
    let here = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
      .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
    let examples = try Self.sourceExamples()
    #expect(examples.count >= 14)
    for (file, code) in examples {
      #expect(here.contains(code), "the example in \(file) is not compiled in this file:\n\(code)")
    }
  }

  // MARK: Examples that run

  @Test func trustedProxiesExample() {
    let proxies = TrustedProxies(["127.0.0.1"])
    let client = proxies.client(peer: "127.0.0.1", forwardedFor: "6.6.6.6, 203.0.113.9")  // 203.0.113.9
    let stranger = proxies.client(peer: "198.51.100.7", forwardedFor: "203.0.113.9")  // 198.51.100.7
    #expect(client == "203.0.113.9" && stranger == "198.51.100.7")
  }

  @Test func questionPictureExample() throws {
    let bytes = try Fixtures.bytes("jpeg/photo-gps-6.jpg")
    let picture = try QuestionPicture(uploaded: bytes)
    print(picture.format, picture.width, picture.height, picture.bytes.count)
    #expect(picture.format == .jpeg && picture.width == 320)
  }

  @Test func liveGameExample() throws {
    let setup = LiveGameFixtures.setup()
    let start = QuizClock.now
    var game = LiveGame(setup: setup)
    let (_, ada) = try game.join(name: "Ada", browser: nil, secret: Secret.make(), at: start)
    _ = try game.next(at: start)  // the first question opens
    _ = try game.answer(secret: ada.secret, question: 0, picks: [1], at: start + .seconds(3.2))
    _ = try game.next(at: start + .seconds(4))  // it closes: points, streaks, ranks
    #expect(game.players[0].answers[0]?.outcome == .wrong)
    #expect(game.players[0].answers[0]?.milliseconds == 3200)
  }

  @Test func fsrsSchedulerExample() throws {
    let scheduler = try FSRSScheduler(desiredRetention: 0.9)
    let start = QuizClock.Instant(iso8601Seconds: "2026-01-05T08:00:00Z")!
    var card = StudyCard(due: start, fuzzSeed: StudyCard.fuzzSeed(for: "capital of Peru"))
    card = try scheduler.review(card, rating: .good, at: start)
    print(card.state, card.due.iso8601Seconds)  // learning 2026-01-05T08:10:00Z
    #expect(card.state == .learning && card.due.iso8601Seconds == "2026-01-05T08:10:00Z")
  }

  @Test func quizClockExample() throws {
    let question = Topic.Question(question: "2 + 2?", answers: ["4", "5"], correct: 0)
    let topic = try ValidTopic(Topic(options: .init(timePerSetInSeconds: 30), sets: [[question]]), defaultName: "Sums")
    var session = try QuizSession(topic: topic, set: 0, totalScore: 0)
    session.start(at: QuizClock.now)
    print(session.remainingTime(at: QuizClock.now + .seconds(5)) ?? "no timer")
    // Five seconds after a start read earlier, at most 25 of the 30 are left: the clock
    // never goes back.
    let left = try #require(session.remainingTime(at: QuizClock.now + .seconds(5)))
    #expect(left <= 25, "\(left) s left")
    // On instants of the test's own, exactly: the set's time less what passed, never below 0.
    let start = QuizClock.Instant(microsecondsSince1970: 1_800_000_000_000_000)
    session.start(at: start)
    #expect(session.remainingTime(at: start + .seconds(5)) == 25)
    #expect(session.remainingTime(at: start + .seconds(31)) == 0)
    let untimed = try QuizSession(topic: try Fixtures.sampleValidTopic("People"), set: 0, totalScore: 0)
    #expect(untimed.remainingTime(at: start) == nil)
  }

  @Test func topicExample() throws {
    let question = Topic.Question(question: "Capital of France?", answers: ["Paris", "Rome"], correct: 0)
    let topic = Topic(options: .init(name: "Capitals"), sets: [[question]])
    print(TopicValidator.problems(in: topic).isEmpty ? "valid" : "invalid")
    #expect(TopicValidator.problems(in: topic).isEmpty)
  }

  @Test func validTopicExample() throws {
    let question = Topic.Question(question: "2 + 2?", answers: ["4", "5"], correct: 0)
    let topic = try ValidTopic(Topic(sets: [[question]]), defaultName: "Sums")
    let symbols = try TopicQREncoder().encode(topic)
    print(topic.name, symbols.format)
    #expect(topic.name == "Sums" && symbols.format == .json)
  }

  @Test func topicDocumentExample() throws {
    let json = #"{"sets":[[{"question":"","answers":["a","a"],"correct":0}]]}"#
    let document = try TopicDocument(bytes: Array(json.utf8), sourceName: "People.json")
    for problem in document.problems { print(problem) }
    #expect(document.problems.count == 2)
  }

  @Test func topicValidatorExample() {
    let topic = Topic(sets: [[Topic.Question(question: "Q", answers: ["a", "a"], correct: 0)]])
    for problem in TopicValidator.problems(in: topic) { print(problem) }
    #expect(TopicValidator.problems(in: topic).map(\.kind) == [.incorrectAnswersCount])
  }

  @Test func classRosterExample() throws {
    var roster = try ClassRoster(name: "7B", students: ["Ada Lovelace", "Alan Turing"])
    print(try roster.add(["Grace Hopper"]).map(\.card))  // [3]
    try roster.remove(.card(2))  // card 2 is retired
    print(roster.students.map(\.card))  // [1, 3]
    #expect(roster.students.map(\.card) == [1, 3])
  }

  @Test func gradebookExample() throws {
    let folder = try TemporaryDirectory()
    let liveGames = LiveGameStore(records: try folder.records(), directory: folder.url)
    let roster = try ClassRoster(name: "7B", students: ["Ada Lovelace"])
    let works: [AssignmentWork] = []
    let book = Gradebook(roster: roster, assignments: works, games: liveGames.gameRecords(), at: QuizClock.now)
    print(book.csv)
    #expect(
      book.csv == "\u{FEFF}name,card,share\r\nAda Lovelace,1,\r\n\r\nactivity,kind,title,date,questions,id,notes\r\n")
  }

  @Test func studentListExample() throws {
    let list = try StudentList(bytes: Array("Name,Email\nAda,ada@example.org\n".utf8))
    print(try list.roster(named: "7B").students.map(\.card))  // [1]
    #expect(try list.roster(named: "7B").students.map(\.name.text) == ["Ada"])
  }

  @Test func terminalTextExample() {
    let name = "Quiz\u{1B}]0;pwned\u{07}"
    print("topic '\(TerminalText.safe(name))' saved")  // topic 'Quiz\u{1B}]0;pwned\u{7}' saved
    #expect(TerminalText.safe(name) == #"Quiz\u{1B}]0;pwned\u{7}"#)
  }

  @Test func studentSlipPrinterExample() throws {
    let slips = [StudentSlip(name: "Ada Lovelace", className: "9B", link: "http://10.0.0.2:8080/s/…")]
    let pdf = try StudentSlipPrinter(paper: .a4).pdf(slips, words: .english)
    #expect(pdf.starts(with: Array("%PDF-".utf8)))
  }

  // MARK: Examples that are compiled only (relative paths, network, system folders)

  func classRosterStoreExample(records: RecordStore) throws {
    let store = ClassRosterStore(records: records)
    try store.create(try ClassRoster(name: "7B", students: ["Ada", "Alan"]))
    let added = try store.update("7b") { roster throws(ClassRoster.Problem) in try roster.add(["Grace"]) }
    print(added.map(\.card))  // [3]
  }

  func answerCardPrinterExample(records: RecordStore) throws {
    let roster = try ClassRosterStore(records: records).roster(named: "7B")
    let pdf = try AnswerCardPrinter(paper: .a4, cardsPerPage: 2).pdf(AnswerCard.cards(of: roster))
    try Data(pdf).write(to: URL(filePath: "7B-cards.pdf"))
  }

  func answerCardScannerExample(jpegBytes: [UInt8], roster: ClassRoster) throws {
    let scanner = try AnswerCardScanner()
    let scan = try scanner.scan(imageData: jpegBytes, cards: Set(roster.students.map(\.card)))
    for card in scan.cards { print(card.card, card.answer.rawValue) }
  }

  func topicReaderExample() async throws {
    let reader = TopicReader()
    let topic = try await reader.topic(from: TopicSource(argument: "Social.json"))
    print(topic.name, topic.topic.questions.count)
  }

  func topicQREncoderExample() async throws {
    let topic = try await TopicReader().topic(from: .file("Social.json"))
    let symbols = try TopicQREncoder().encode(topic)
    for matrix in symbols.matrices { _ = try matrix.pngData(scale: 8, margin: 4) }
  }

  func topicExporterExample() async throws {
    let topic = try await TopicReader().topic(from: .file("Social.json"))
    let exported = TopicExporter.export(topic, to: .moodleXML)
    try Data(exported.bytes).write(to: URL(fileURLWithPath: "Social.xml"))
    for note in exported.notes { print(note) }
  }

  func placingPicturesExample(_ imported: TopicImporter.Result, library: TopicLibrary) throws {
    let topic = try imported.placingPictures { picture in
      "http://192.168.1.20:8080/pictures/" + (try library.store(picture.picture))
    }
    print(topic.name)
  }

  func imageLoaderExample() async throws {
    let cacheURL = URL(filePath: "/var/cache/qrquiz")
    let loader = try ImageLoader(configuration: .init(cacheDirectory: cacheURL))
    let image = try await loader.load(URL(string: "https://example.org/q1.jpg")!)
    print(image.outcome, image.entry.body.count)
  }

  func imagePrefetcherExample() async throws {
    let loader = try ImageLoader(configuration: .init(cacheDirectory: URL(filePath: "/var/cache/qrquiz")))
    let topic = try await TopicReader().topic(from: .file("ImagesTest.json"))
    let summary = await ImagePrefetcher(loader: loader).prefetch(ImagePrefetcher.items(in: [topic.topic]))
    print(summary.fetched, summary.failures.count)
  }

  func imageDiskCacheExample() throws {
    let cache = try ImageDiskCache(directory: URL(filePath: "/var/cache/qrquiz"))
    let url = URL(string: "https://example.org/q1.jpg")!
    if let entry = cache.entry(for: url) { print(entry.body.count) }
  }

  func qrCodeReaderExample() throws {
    let reader = QRCodeReader()
    let image = try ImageDecoder.decode(contentsOf: URL(filePath: "photo.jpg"))
    for symbol in try reader.scan(image).symbols { print(symbol.text) }
  }

  func scanEachExample() async {
    for await file in QRCodeReader.scanEach(["a.png", "b.jpg"], jobs: 2) {
      print(file.path, (try? file.result.get())?.symbols.map(\.text) ?? [])
    }
  }

  func topicCollectorExample() async throws {
    let reader = QRCodeReader()
    var collector = TopicCollector()
    for path in ["part-1.png", "part-2.png"] {
      let image = try ImageDecoder.decode(contentsOf: URL(filePath: path))
      for symbol in reader.symbols(in: image) { try collector.add(symbol, from: path) }
    }
    for found in try await collector.topics(fetchingWith: TopicReader()) { print(found.topic.name) }
  }

  func topicLibraryExample() async throws {
    let library = TopicLibrary(directory: URL(filePath: "/srv/quiz/topics"))
    let saved = try library.save(try await TopicReader().topic(from: .file("Social.json")))
    print(try library.topic(named: saved).topic.name)
  }

  func communityFetcherExample() async throws {
    let fetcher = CommunityFetcher()
    let list = try await fetcher.list(at: URL(string: "https://example.org/community.json")!)
    await fetcher.fetch(list) { index, entry, outcome in print(index, entry.name, outcome) }
  }

  func quizSessionExample() async throws {
    let topic = try await TopicReader().topic(from: .file("Social.json"))
    var session = try QuizSession(topic: topic, set: 0, totalScore: 0, seed: 7)
    session.start(at: QuizClock.now)
    while let question = session.currentQuestion {
      _ = try session.pick(question.correctAnswers.min()!, at: QuizClock.now)
    }
    print(session.result!.score)
  }

  @Test func flashCardDeckExample() throws {
    let topic = try Fixtures.sampleValidTopic("People")
    var deck = try FlashCardDeck(topic: topic, set: 0)
    print(deck.current.question.text)
    deck.turn()
    print(deck.current.correctAnswerTexts)
    deck.next()
    #expect(deck.position == 1 && !deck.isTurned)
  }

  func statisticsStoreExample(records: RecordStore) throws {
    let store = StatisticsStore(records: records)
    try store.update(profile: "Ada") { statistics in statistics.score += 20 }
    print(try store.statistics(of: "Ada").statistics.score)
  }

  @Test func topicDraftExample() throws {
    var draft = TopicDraft(name: "Capitals")
    draft.sets = [[QuestionDraft(text: "Capital of France?", answers: ["Paris", "Rome"], correct: [0])]]
    let topic = try draft.topic()
    #expect(topic.name == "Capitals")
  }

  @Test func topicImporterExample() throws {
    let bytes = Array("What is 2+2? {=4 ~3 ~5}".utf8)
    let imported = try TopicImporter.importTopic(bytes, fileName: "maths.gift")
    print(imported.summary)  // 1 question in 1 set imported, 0 skipped
    #expect(imported.summary == "1 question in 1 set imported, 0 skipped")
  }

  @Test func imageQuizGeneratorExample() throws {
    let pairs = [
      ("France", "https://example.org/fr.png"), ("Italy", "https://example.org/it.png"),
      ("Spain", "https://example.org/es.png"),
    ]
    let quiz = try ImageQuizGenerator.generate(
      pairs: pairs.map { ImageQuizGenerator.Pair(name: $0.0, imageURL: $0.1) }, answers: 3,
      prompt: "Which country's flag is this?", name: "Flags", seed: 1)
    #expect(quiz.topic.questions.count == 3)
  }

  @Test(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) func httpServerExample() throws {
    struct Hello: HTTPResponder {
      func answer(_ request: HTTPRequest) -> HTTPAnswer {
        .now(HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")], body: Array("hello\n".utf8)))
      }
    }
    let server = try HTTPServer(configuration: .init(port: 0), responder: Hello())
    print("listening on port \(server.port)")
    let response = try HTTPProbe.request(port: server.port, method: "GET", path: "/")
    #expect(response.status == 200 && response.text == "hello\n")
    server.stop()
  }

  @Test(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) func routerExample() async throws {
    var router = Router()
    router.add(
      .get, "/hello/{name}", "a greeting", access: .anyone,
      .immediate { request in
        .html("<p>Hello, \(request[parameter: "name"])!</p>")
      })
    let server = try HTTPServer(configuration: .init(port: 0), responder: router)
    let response = try HTTPProbe.request(port: server.port, method: "GET", path: "/hello/%3Cb%3E")
    #expect(response.status == 200 && response.text == "<p>Hello, &lt;b&gt;!</p>")
    server.stop()
  }

  @Test func accessExample() async {
    struct Admin: Sendable { fileprivate init() {} }
    let admin = Access<RouteRequest, Admin>("the administrator (Bearer)") { request in
      request.request.header("authorization") == "Bearer s3cret"
        ? .admitted(Admin()) : .answered(HTTPResponse(status: 401, headers: [("WWW-Authenticate", "Bearer")]))
    }
    var router = Router()
    router.add(.post, "/reset", "starts afresh", access: admin, .immediate { _, _ in HTTPResponse(status: 204) })
    #expect(await router.answer(HTTPRequest(method: "POST", path: "/reset")).response().status == 401)
    let admitted = HTTPRequest(method: "POST", path: "/reset", headers: ["Authorization": "Bearer s3cret"])
    #expect(await router.answer(admitted).response().status == 204)
  }

  @Test func httpResponseErrorExample() async {
    var router = Router()
    struct NotHere: HTTPResponseError {
      var response: HTTPResponse { HTTPResponse(status: 404, headers: [], body: Array("not here\n".utf8)) }
    }
    router.add(.get, "/x", "nothing", access: .anyone, .immediate { _ in throw NotHere() })
    let response = await router.answer(HTTPRequest(method: "GET", path: "/x")).response()
    #expect(response.status == 404 && response.body == Array("not here\n".utf8))
  }

  @Test func routeGroupExample() async {
    struct Host: Sendable {}
    let hostMove = Access<RouteRequest, Host>("the game's host") { request in
      request.request.header("authorization") == "Bearer host"
        ? .admitted(Host()) : .answered(HTTPResponse(status: 403))
    }
    let next: @Sendable (RouteRequest, Host) async throws -> HTTPResponse = { _, _ in HTTPResponse(status: 200) }
    let end: @Sendable (RouteRequest, Host) async throws -> HTTPResponse = { _, _ in HTTPResponse(status: 204) }
    var router = Router()
    router.group("/api/live/{pin}", access: hostMove) { host in
      host.add(.post, "/next", "start, close the question, next, podium", .deferred(next))
      host.add(.post, "/end", "the podium now", .deferred(end))
    }
    let host = ["Authorization": "Bearer host"]
    #expect(await router.answer(HTTPRequest(method: "POST", path: "/api/live/123456/next")).response().status == 403)
    let ending = HTTPRequest(method: "POST", path: "/api/live/123456/end", headers: host)
    #expect(await router.answer(ending).response().status == 204)
  }

  @Test func htmlExample() {
    let name = "<script>alert(1)</script>"
    let item: HTML = "<li class=\"name\">\(name)</li>"
    print(item)
    #expect(item.markup == "<li class=\"name\">&lt;script&gt;alert(1)&lt;/script&gt;</li>")
  }

  @Test func messageTemplateExample() throws {
    let template = try MessageTemplate("{count, plural, one {# pregunta} other {# preguntas}}")
    print(template.text(["count": 2]))
    #expect(template.text(["count": 2]) == "2 preguntas")
  }

  func quizWebAppExample() throws {
    let app = QuizWebApp(
      topics: .library(TopicLibrary(directory: URL(filePath: "topics"))),
      configuration: .init(publicURL: "http://192.168.1.20:8080"))
    app.reload()
    let server = try HTTPServer(configuration: .init(address: "0.0.0.0", port: 8080), responder: app)
    _ = server
  }
}
