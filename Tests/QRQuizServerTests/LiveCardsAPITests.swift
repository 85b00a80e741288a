import Foundation
import QRQuizCards
import QRQuizServerTesting
import QRQuizTestPhotos
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom
@testable import QRQuizServer

/// Answer cards in live games through the API, in process: a game made with a class,
/// frames of the printer's own cards posted by the host and by the scanners, the last
/// answer seen counting, the projector told which cards are seen (never what they
/// answered), the results with the card players, and every bad frame refused by its limit.
@Suite struct LiveCardsAPITests {
  let library: TemporaryDirectory
  let cache: TemporaryDirectory
  let data: TemporaryDirectory
  let records: RecordStore
  let clock = ManualClock()
  let app: QuizWebApp
  let client: WebAppClient
  static let token = String(repeating: "5d", count: 16)
  static let teacher = ["Authorization": "Bearer \(token)"]
  typealias Placement = CardPhotos.Placement

  init() throws {
    (library, cache) = try LiveLibrary.make()
    data = try TemporaryDirectory()
    records = try data.records()
    let store = ClassRosterStore(records: records)
    try store.create(try ClassRoster(name: "7B", students: ["Ada Lovelace", "Alan Turing", "Grace Hopper"]))
    try store.create(try ClassRoster(name: "Empty", students: []))
    let games = LiveGameStore(records: records, directory: data.url)
    app = QuizWebApp(
      topics: .library(TopicLibrary(directory: library.url)),
      configuration: .init(
        publicURL: "http://192.168.1.20:8080", teacherToken: Self.token,
        imageCache: try ImageDiskCache(directory: cache.url), liveGames: games, classes: store),
      live: LiveGames(store: games, clock: clock.clock, joinBurst: 100, keepAliveInterval: 10, runsTicker: false))
    app.reload()
    client = WebAppClient(app: app)
  }

  func post(_ path: String, _ body: [UInt8], headers: [String: String] = [:]) async -> WebAppClient.Response {
    await client.request("POST", path, headers: headers, body: body)
  }

  func post(_ path: String, _ body: String, headers: [String: String] = [:]) async -> WebAppClient.Response {
    await post(path, Array(body.utf8), headers: headers)
  }

  func object(_ response: WebAppClient.Response) throws -> JSONValue { try JSONParser.parse(response.body) }

  func string(_ value: JSONValue?) -> String { if case .string(let text)? = value { text } else { "" } }

  func array(_ value: JSONValue?) -> [JSONValue] { if case .array(let items)? = value { items } else { [] } }

  /// A game of Capitals' first set with class 7B: its PIN, the host's and the scanners' secrets.
  func makeGame(scoring: String = "speed") async throws -> (pin: String, host: String, scanner: String) {
    let made = await post(
      "/api/live", #"{"topic":"Capitals","set":1,"class":"7B","scoring":"\#(scoring)"}"#, headers: Self.teacher)
    #expect(made.status == 201, "\(made.text)")
    let body = try object(made)
    let scanner = string(body["scanner"])
    #expect(string(body["scan_page"]) == "http://192.168.1.20:8080/scan/\(string(body["pin"]))?secret=\(scanner)")
    return (string(body["pin"]), string(body["host"]), scanner)
  }

  func scan(_ pin: String, _ frame: [UInt8], as credential: String, bearer: Bool = true) async
    -> WebAppClient.Response
  {
    let path = "/api/live/\(pin)/scan" + (bearer ? "" : "?secret=\(credential)")
    return await post(path, frame, headers: bearer ? ["Authorization": "Bearer \(credential)"] : [:])
  }

  @Test func aGameMadeWithAClassHasItsStudentsAsCardPlayers() async throws {
    let (pin, _, _) = try await makeGame()
    let room = try #require(app.live.room(pin))
    #expect(room.snapshot.players.map(\.name.text) == ["Ada Lovelace", "Alan Turing", "Grace Hopper"])
    #expect(room.snapshot.players.map(\.card) == [1, 2, 3])
    let unknown = await post("/api/live", #"{"topic":"Capitals","class":"9Z"}"#, headers: Self.teacher)
    #expect(unknown.status == 404 && unknown.text.contains("no class is named 9Z"))
    let empty = await post("/api/live", #"{"topic":"Capitals","class":"Empty"}"#, headers: Self.teacher)
    #expect(empty.status == 422 && empty.text.contains("has no students"))
  }

  @Test func framesSetEachStudentsAnswerAndTheLastAnswerSeenCounts() async throws {
    let (pin, host, scanner) = try await makeGame(scoring: "accuracy")
    #expect(await post("/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#).status == 200)
    clock.advance(by: 1)
    // Ada shows B, Alan A (right): the host's camera.
    let first = await scan(pin, try CardFrames.frame([(1, .b), (2, .a)]), as: host)
    #expect(first.status == 200, "\(first.text)")
    let seen = array(try object(first)["seen"])
    #expect(seen.map { $0["card"] } == [.number(1), .number(2)])
    #expect(seen.map { $0["answer"] } == [.string("B"), .string("A")])
    #expect(seen.map { $0["new"] } == [.bool(true), .bool(true)])
    #expect(seen[0]["name"] == .string("Ada Lovelace"))
    // Ada changes her mind to A; Alan's A again is not new: the scanners' phone.
    clock.advance(by: 2)
    let second = await scan(pin, try CardFrames.frame([(1, .a), (2, .a)], seed: 2), as: scanner, bearer: false)
    #expect(second.status == 200, "\(second.text)")
    #expect(array(try object(second)["seen"]).map { $0["new"] } == [.bool(true), .bool(false)])
    // The host sees which cards are seen, never what they answered.
    let cards = await client.request("GET", "/api/live/\(pin)/cards?secret=\(host)")
    #expect(cards.status == 200)
    #expect(array(try object(cards)["cards"]).map { $0["seen"] } == [.bool(true), .bool(true), .bool(false)])
    #expect(!cards.text.contains("\"answer\""))
    #expect(await post("/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#).status == 200)
    let results = await client.request("GET", "/api/live/\(pin)/results.json?secret=\(host)")
    let players = array(try object(results)["players"])
    let ada = try #require(players.first { $0["name"] == .string("Ada Lovelace") })
    #expect(ada["card"] == .number(1) && ada["score"] == .number(1000))
    let answers = array(ada["answers"])
    #expect(answers[0]["picks"] == .array([.number(0)]) && answers[0]["by"] == .string("card"))
    let grace = try #require(players.first { $0["name"] == .string("Grace Hopper") })
    #expect(grace["unanswered"] == .number(1))
  }

  @Test func theProjectorIsToldWhichCardsAreSeenAndNeverTheirAnswers() async throws {
    let (pin, host, _) = try await makeGame()
    guard
      case .stream(_, _, let opened) = app.answer(
        HTTPRequest(method: "GET", path: "/api/live/\(pin)/events", query: ["secret": host]))
    else {
      Issue.record("no stream")
      return
    }
    let stream = RecordedStream()
    opened(stream)
    #expect(await post("/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#).status == 200)
    #expect(stream.text.contains(#""cards":[1,2,3],"seen":[]"#), "\(stream.text)")
    #expect(await scan(pin, try CardFrames.frame([(3, .c)]), as: host).status == 200)
    clock.advance(by: 0.3)
    _ = app.live.room(pin)?.tick(at: clock.clock.now())
    let progress = try #require(stream.events.last { $0.name == "answered" })
    #expect(progress.data["cards"] == .array([.number(1), .number(2), .number(3)]))
    #expect(progress.data["seen"] == .array([.number(3)]))
    #expect(!progress.data.compactText.contains("\"C\"") && !progress.data.compactText.contains("picks"))
  }

  @Test func aStudentWhoJoinsFromAPhoneAnswersByPhoneAndTheirCardIsIgnored() async throws {
    let (pin, host, _) = try await makeGame()
    let joined = await post("/api/live/\(pin)/players", #"{"name":"grace hopper"}"#)
    #expect(joined.status == 201)
    let grace = string(try object(joined)["secret"])
    #expect(await post("/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#).status == 200)
    let read = await scan(pin, try CardFrames.frame([(3, .a), (1, .d)]), as: host)
    let body = try object(read)
    #expect(array(body["seen"]).map { $0["card"] } == [.number(1)], "Grace's card is ignored: \(read.text)")
    #expect(body["ignored"] == .number(1))
    let answered = await post(
      "/api/live/\(pin)/answers", #"{"secret":"\#(grace)","question":0,"answers":[0]}"#)
    #expect(answered.status == 202)
  }

  @Test func badFramesAreRefusedByTheirLimitsAndChangeNothing() async throws {
    let (pin, host, scanner) = try await makeGame()
    #expect(await post("/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#).status == 200)
    let notAnImage = await scan(pin, Array("hello".utf8), as: host)
    #expect(notAnImage.status == 415, "\(notAnImage.text)")
    // A PNG whose header claims 30,000 × 30,000 pixels: refused from its header.
    let tooLarge = await scan(pin, PNGBuilder.header(width: 30_000, height: 30_000), as: host)
    #expect(tooLarge.status == 413, "\(tooLarge.text)")
    let truncated = try CardFrames.frame([(1, .a)])
    #expect(await scan(pin, Array(truncated.prefix(truncated.count / 3)), as: host).status == 422)
    #expect(await scan(pin, try CardFrames.frame([(1, .a)]), as: String(repeating: "0", count: 32)).status == 403)
    #expect(await scan(pin, try CardFrames.frame([(1, .a)]), as: scanner + "0").status == 403)
    let room = try #require(app.live.room(pin))
    #expect(room.snapshot.answeredCount == 0)
    // The scanners' secret reads cards and does nothing else.
    #expect(await post("/api/live/\(pin)/next", #"{"secret":"\#(scanner)"}"#).status == 403)
    #expect(await client.request("GET", "/api/live/\(pin)/results.csv?secret=\(scanner)").status == 403)
    #expect(await client.request("GET", "/api/live/\(pin)/cards?secret=\(scanner)").status == 403)
  }

  @Test func aMirroredFrameGivesNoCardUnlessItIsSaidToBeMirrored() async throws {
    let (pin, host, _) = try await makeGame()
    #expect(await post("/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#).status == 200)
    let placements = [
      Placement(card: 1, answer: .b, centre: CardPoint(x: 300, y: 360), side: 240),
      Placement(card: 2, answer: .c, centre: CardPoint(x: 900, y: 360), side: 240, lean: 12),
    ]
    let mirror = try CardPhotos.jpeg(CardPhotos.photo(width: 1280, height: 720, placements).mirrored())
    let unknowing = await scan(pin, mirror, as: host)
    #expect(unknowing.status == 200)
    #expect(array(try object(unknowing)["seen"]).isEmpty, "a mirror image read as cards: \(unknowing.text)")
    #expect(try #require(app.live.room(pin)).snapshot.answeredCount == 0)
    let knowing = await post("/api/live/\(pin)/scan?mirrored=1", mirror, headers: ["Authorization": "Bearer \(host)"])
    let seen = array(try object(knowing)["seen"])
    #expect(seen.map { $0["card"] } == [.number(1), .number(2)])
    #expect(seen.map { $0["answer"] } == [.string("B"), .string("C")])
  }

  @Test func aStudentsExtraTimeFromTheRosterIsTheirsAloneOnTheirPhone() async throws {
    let store = ClassRosterStore(records: records)
    _ = try store.update("7B") { roster throws(ClassRoster.Problem) in
      try roster.setAccommodations(.name("Ada Lovelace"), try ClassRoster.Accommodations(timeFactor: 2))
    }
    let made = await post(
      "/api/live", #"{"topic":"Capitals","set":1,"class":"7B","seconds":20}"#, headers: Self.teacher)
    let body = try object(made)
    let (pin, host) = (string(body["pin"]), string(body["host"]))
    #expect(app.live.room(pin)?.snapshot.players.map(\.timeFactor) == [2, 1, 1])
    let ada = string(try object(await post("/api/live/\(pin)/players", #"{"name":"Ada Lovelace"}"#))["secret"])
    let alan = string(try object(await post("/api/live/\(pin)/players", #"{"name":"Alan Turing"}"#))["secret"])
    #expect(await post("/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#).status == 200)
    func questionEvent(_ secret: String) throws -> JSONValue {
      guard
        case .stream(_, _, let opened) = app.answer(
          HTTPRequest(method: "GET", path: "/api/live/\(pin)/events", query: ["secret": secret]))
      else { throw CocoaError(.coderInvalidValue) }
      let stream = RecordedStream()
      opened(stream)
      return try #require(stream.events.first { $0.name == "question" }).data
    }
    #expect(try questionEvent(ada)["you"]?["remaining_ms"] == .number(40_000))
    #expect(try questionEvent(alan)["you"] == nil, "another student is told nothing of Ada's time")
    #expect(try questionEvent(host)["remaining_ms"] == .number(20_000))
    clock.advance(by: 25)
    let late = await post("/api/live/\(pin)/answers", #"{"secret":"\#(alan)","question":0,"answers":[0]}"#)
    #expect(late.status == 410)
    let inTime = await post("/api/live/\(pin)/answers", #"{"secret":"\#(ada)","question":0,"answers":[0]}"#)
    #expect(inTime.status == 202)
  }

  @Test func cardsTheCameraSawUpBeforeAQuestionCountOnlyOnceLoweredOrTurned() async throws {
    let (pin, host, scanner) = try await makeGame()
    let next = #"{"secret":"\#(host)"}"#
    #expect(await post("/api/live/\(pin)/next", next).status == 200)
    let asked = try object(await scan(pin, try CardFrames.frame([(1, .b), (2, .a)]), as: host))
    #expect(array(asked["seen"]).map { $0["new"] } == [.bool(true), .bool(true)])
    #expect(array(asked["not_seen"]).map { $0["name"] } == [.string("Grace Hopper")])
    #expect(asked["letters"] == .array(["A", "B", "C", "D"].map(JSONValue.string)))
    #expect(await post("/api/live/\(pin)/next", next).status == 200)
    // The camera stays on while the answers are shown: Ada and Alan keep their cards up.
    #expect(await scan(pin, try CardFrames.frame([(1, .b), (2, .a)]), as: host).status == 200)
    #expect(await post("/api/live/\(pin)/next", next).status == 200)
    let stale = try object(await scan(pin, try CardFrames.frame([(1, .b), (2, .a)]), as: host))
    #expect(array(stale["seen"]).isEmpty, "\(stale.compactText)")
    #expect(
      array(stale["ignored_cards"]).map { $0["reason"] } == [.string("held_up_before"), .string("held_up_before")])
    #expect(try #require(app.live.room(pin)).snapshot.answeredCount == 0)
    // Ada turns her card; Alan's is lowered (not in the frame), then held up again.
    let turned = try object(await scan(pin, try CardFrames.frame([(1, .c)]), as: host))
    #expect(array(turned["seen"]).map { $0["card"] } == [.number(1)])
    let raised = try object(await scan(pin, try CardFrames.frame([(1, .c), (2, .a)]), as: host))
    #expect(array(raised["seen"]).map { $0["new"] } == [.bool(false), .bool(true)])
    // A photo from the teacher's phone is taken as it is: it was taken for this question.
    let photo = try object(await scan(pin, try CardFrames.frame([(3, .d)]), as: scanner, bearer: false))
    #expect(array(photo["seen"]).map { $0["new"] } == [.bool(true)])
    #expect(array(photo["not_seen"]).isEmpty)
  }

  @Test func aGameWithoutAClassReadsNoCards() async throws {
    let made = await post("/api/live", #"{"topic":"Capitals","set":1}"#, headers: Self.teacher)
    let body = try object(made)
    #expect(body["scanner"] == nil)
    let pin = string(body["pin"])
    let refused = await scan(pin, try CardFrames.frame([(1, .a)]), as: string(body["host"]))
    #expect(refused.status == 409 && refused.text.contains("no class"))
  }

  @Test func oneFrameAtATimePerScannerTheNextRefusedWithRetryAfter() async throws {
    let (pin, host, scanner) = try await makeGame()
    let room = try #require(app.live.room(pin))
    #expect(room.beginScan(.host), "the host's turn, as a frame being read holds it")
    let refused = await scan(pin, try CardFrames.frame([(1, .a)]), as: host)
    #expect(refused.status == 503 && refused.headers["retry-after"] != nil)
    // The scanners' phone is not held up by the host's camera.
    #expect(await scan(pin, try CardFrames.frame([(1, .a)]), as: scanner, bearer: false).status == 200)
    room.endScan(.host)
    #expect(await scan(pin, try CardFrames.frame([(1, .a)]), as: host).status == 200)
  }

  /// The host screen is the projector's: its page and its stream never carry the scanners'
  /// secret, nor does its secret open the link's QR code; the teacher's own page (the
  /// library's running games) gives it behind "Show scanner link".
  @Test func theProjectorNeverCarriesTheScannersLinkTheTeachersOwnPageDoes() async throws {
    let (pin, host, scanner) = try await makeGame()
    guard
      case .stream(_, _, let opened) = app.answer(
        HTTPRequest(method: "GET", path: "/api/live/\(pin)/events", query: ["secret": host]))
    else {
      Issue.record("no stream")
      return
    }
    let stream = RecordedStream()
    opened(stream)
    let hostCookie = ["Cookie": "\(Credentials.hostCookie(pin))=\(host)"]
    let teacherCookie = ["Cookie": "\(Credentials.teacherCookie)=\(Self.token)"]
    var screens: [WebAppClient.Response] = []
    // The lobby, a question open with a card read, the question closed.
    for step in 0..<3 {
      screens.append(await client.request("GET", "/host/\(pin)", headers: hostCookie))
      screens.append(await client.request("GET", "/host/\(pin)", headers: teacherCookie))
      if step == 1 { #expect(await scan(pin, try CardFrames.frame([(1, .a)]), as: host).status == 200) }
      #expect(await post("/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#).status == 200)
    }
    for screen in screens {
      #expect(screen.status == 200 && screen.text.contains("card-panel"))
      #expect(!screen.text.contains(scanner) && !screen.text.contains("scanner.svg"))
    }
    #expect(!stream.text.isEmpty && !stream.text.contains(scanner), "\(stream.text)")
    let cards = await client.request("GET", "/api/live/\(pin)/cards?secret=\(host)")
    #expect(cards.status == 200 && !cards.text.contains(scanner))
    // The link's QR code: the teacher's alone, never the host screen's.
    #expect(await client.request("GET", "/api/live/\(pin)/scanner.svg?secret=\(host)").status == 403)
    #expect(await client.request("GET", "/api/live/\(pin)/scanner.svg", headers: hostCookie).status == 403)
    let code = await client.request("GET", "/api/live/\(pin)/scanner.svg", headers: teacherCookie)
    #expect(code.status == 200 && code.text.contains("<svg"))
    // The teacher's own page offers it, closed until asked for.
    let library = await client.request("GET", "/", headers: teacherCookie)
    #expect(library.text.contains(#"<details class="scanner-link"><summary>Show scanner link</summary>"#))
    #expect(library.text.contains("http://192.168.1.20:8080/scan/\(pin)?secret=\(scanner)"))
    #expect(!(await client.request("GET", "/")).text.contains(scanner), "nor to anyone else")
  }

  /// Class marks: a game for 7B reads 7B's printed cards and says 8C's card of the same
  /// number is another class's; a game for 8C the other way round.
  @Test func aGameReadsItsClasssCardsAndSaysAnotherClasssCardIsAnotherClasss() async throws {
    let store = ClassRosterStore(records: records)
    try store.create(try ClassRoster(name: "8C", students: ["Katherine Johnson", "Tim Berners-Lee"]))
    func printed(_ name: String) throws -> [AnswerCard] {
      AnswerCard.cards(of: try store.roster(named: name), codes: try store.cardCodes(of: name))
    }
    let sevenB = try printed("7B")
    let eightC = try printed("8C")
    let (pin, host, _) = try await makeGame(scoring: "accuracy")
    #expect(await post("/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#).status == 200)
    // 8C's card 1 shows A beside 7B's card 2 showing B.
    let frame = try CardFrames.frame(printed: [(eightC[0], .a), (sevenB[1], .b)])
    let read = await scan(pin, frame, as: host)
    #expect(read.status == 200, "\(read.text)")
    let body = try object(read)
    #expect(array(body["seen"]).map { $0["card"] } == [.number(2)])
    #expect(body["ignored_unread"]?["other_class"] == .number(1))
    #expect(body["ignored_unread"]?["not_in_class"] == .number(1), "the scanner says: 1 card of another class")
    let room = try #require(app.live.room(pin))
    #expect(room.snapshot.players.first { $0.card == 1 }?.answers[0] == nil, "Ada answered nothing")
    #expect(room.snapshot.answeredCount == 1)
    // A game for 8C: its own card 1, and 7B's card 1 another class's.
    let made = await post(
      "/api/live", #"{"topic":"Capitals","set":1,"class":"8C","scoring":"accuracy"}"#, headers: Self.teacher)
    let other = try object(made)
    let (otherPin, otherHost) = (string(other["pin"]), string(other["host"]))
    #expect(await post("/api/live/\(otherPin)/next", #"{"secret":"\#(otherHost)"}"#).status == 200)
    let both = try CardFrames.frame(printed: [(sevenB[0], .c), (eightC[0], .d)], seed: 2)
    let inEightC = try object(await scan(otherPin, both, as: otherHost))
    #expect(array(inEightC["seen"]).map { $0["card"] } == [.number(1)])
    #expect(array(inEightC["seen"]).map { $0["answer"] } == [.string("D")])
    #expect(array(inEightC["seen"]).map { $0["name"] } == [.string("Katherine Johnson")])
    #expect(inEightC["ignored_unread"]?["other_class"] == .number(1))
  }

  @Test func theCardWordsAreInEveryLanguage() throws {
    try PhraseBookCheck.check(CardPhrase.self)
  }
}
