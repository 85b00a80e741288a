import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom
@testable import QRQuizServer

/// The live games' API, every endpoint and status code, sent straight to the app (no
/// socket) with a clock the test moves and event streams recorded in memory.
@Suite struct LiveAPITests {
  let library: TemporaryDirectory
  let cache: TemporaryDirectory
  let data: TemporaryDirectory
  let clock = ManualClock()
  let app: QuizWebApp
  let client: WebAppClient
  static let token = String(repeating: "7e", count: 16)
  static let teacher = ["Authorization": "Bearer \(token)"]

  init() throws {
    (library, cache) = try LiveLibrary.make()
    data = try TemporaryDirectory()
    let store = LiveGameStore(records: try data.records(), directory: data.url)
    app = QuizWebApp(
      topics: .library(TopicLibrary(directory: library.url)),
      configuration: .init(
        publicURL: "http://192.168.1.20:8080", teacherToken: Self.token,
        imageCache: try ImageDiskCache(directory: cache.url),
        liveGames: store),
      live: LiveGames(store: store, clock: clock.clock, joinBurst: 100, keepAliveInterval: 10, runsTicker: false))
    app.reload()
    client = WebAppClient(app: app)
  }

  func json(_ text: String) -> [UInt8] { Array(text.utf8) }

  func post(_ path: String, _ body: String, headers: [String: String] = [:], from address: String = "127.0.0.1") async
    -> WebAppClient.Response
  {
    await client.request("POST", path, headers: headers, body: json(body), from: address)
  }

  func object(_ response: WebAppClient.Response) throws -> JSONValue { try JSONParser.parse(response.body) }

  func string(_ value: JSONValue?) -> String { if case .string(let text)? = value { text } else { "" } }

  /// A game of Capitals' first set: its PIN and host secret.
  func makeGame(_ extra: String = "") async throws -> (pin: String, host: String) {
    let made = await post("/api/live", #"{"topic":"Capitals","set":1,"seconds":20\#(extra)}"#, headers: Self.teacher)
    #expect(made.status == 201, "\(made.text)")
    let body = try object(made)
    return (string(body["pin"]), string(body["host"]))
  }

  func join(_ pin: String, _ name: String, headers: [String: String] = [:], from address: String = "127.0.0.1")
    async throws -> (status: Int, secret: String)
  {
    let joined = await post(
      "/api/live/\(pin)/players", #"{"name":\#(JSONValue.string(name).compactText)}"#, headers: headers, from: address)
    return (joined.status, joined.status == 201 ? string(try object(joined)["secret"]) : joined.text)
  }

  func subscribe(_ pin: String, _ secret: String) async -> RecordedStream? {
    guard
      case .stream(let head, _, let opened) = app.answer(
        HTTPRequest(method: "GET", path: "/api/live/\(pin)/events", query: ["secret": secret]))
    else {
      return nil
    }
    #expect(head.header("content-type") == "text/event-stream; charset=utf-8")
    let stream = RecordedStream()
    opened(stream)
    return stream
  }

  @Test func onlyTheTeacherMakesGamesAndBadFieldsAreNamed() async throws {
    let body = #"{"topic":"Capitals"}"#
    #expect(await post("/api/live", body).status == 401)
    #expect(
      await post("/api/live", body, headers: ["Authorization": "Bearer " + String(repeating: "0", count: 32)]).status
        == 403)
    // The page's cookie is enough only with a JSON content type, which no other site's form can send.
    let cookie = ["Cookie": "\(Credentials.teacherCookie)=\(Self.token)"]
    #expect(await post("/api/live", body, headers: cookie).status == 415)
    #expect(
      await post("/api/live", body, headers: cookie.merging(["Content-Type": "application/json"]) { $1 }).status == 201)
    let cases: [(String, Int, String)] = [
      (#"{"topic":"Nope"}"#, 404, "topic"), (#"{"topic":"Capitals","set":3}"#, 422, "set"),
      (#"{"topic":"Capitals","set":"one"}"#, 422, "set"), (#"{"topic":"Capitals","scoring":"fast"}"#, 422, "scoring"),
      (#"{"topic":"Capitals","seconds":2}"#, 422, "seconds"),
      (#"{"topic":"Capitals","max_players":0}"#, 422, "max_players"),
      (#"{"set":1}"#, 422, "topic"),
    ]
    for (request, status, field) in cases {
      let refused = await post("/api/live", request, headers: Self.teacher)
      #expect(refused.status == status, "\(request): \(refused.text)")
      #expect(try object(refused)["field"] == .string(field), "\(request)")
    }
    #expect(await post("/api/live", "{topic", headers: Self.teacher).status == 400)
    let made = try object(await post("/api/live", #"{"topic":"Capitals"}"#, headers: Self.teacher))
    let pin = string(made["pin"])
    #expect(pin.count == 6 && pin.allSatisfy(\.isNumber))
    #expect(string(made["host"]).count == 32 && string(made["host"]).allSatisfy(\.isHexDigit))
    #expect(string(made["join"]) == "http://192.168.1.20:8080/j/\(pin)")
    // Every set in turn: four questions.
    #expect(app.live.room(pin)?.setup.questions.count == 4)
  }

  @Test func playersJoinWithNamesThatAreChecked() async throws {
    let (pin, host) = try await makeGame()
    #expect(try await join(pin, "Ada").status == 201)
    #expect(try await join(pin, " ada").status == 409)
    #expect(try await join(pin, "").status == 422)
    #expect(try await join(pin, String(repeating: "x", count: 21)).status == 422)
    #expect(try await join(pin, "Bo\u{0}b").status == 422)
    #expect(try await join(pin, "\u{202E}nimda").status == 422)
    #expect(try await join("000000" == pin ? "000001" : "000000", "Ada").status == 404)
    #expect(await post("/api/live/\(pin)/players", #"{"name":7}"#).status == 422)
    #expect(await post("/api/live/\(pin)/players", "name=Ada").status == 400)
    // Locked, then banned by name and by browser.
    #expect(await post("/api/live/\(pin)/settings", #"{"secret":"\#(host)","locked":true}"#).status == 200)
    #expect(try await join(pin, "Cy").status == 403)
    #expect(await post("/api/live/\(pin)/settings", #"{"secret":"\#(host)","locked":false}"#).status == 200)
    let browser = ["Cookie": "\(Credentials.browserCookie)=\(String(repeating: "b", count: 32))"]
    #expect(try await join(pin, "Eve", headers: browser).status == 201)
    #expect(await post("/api/live/\(pin)/kick", #"{"secret":"\#(host)","name":"EVE","ban":true}"#).status == 200)
    #expect(try await join(pin, "Eve").status == 403)
    #expect(try await join(pin, "Eve2", headers: browser).status == 403)
    #expect(await post("/api/live/\(pin)/kick", #"{"secret":"\#(host)","name":"Nobody"}"#).status == 404)
    #expect(await post("/api/live/\(pin)/end", #"{"secret":"\#(host)"}"#).status == 200)
    #expect(try await join(pin, "Fay").status == 410)
  }

  @Test func aGameIsFullAtItsLimit() async throws {
    let (pin, _) = try await makeGame(#","max_players":2"#)
    #expect(try await join(pin, "A").status == 201)
    #expect(try await join(pin, "B").status == 201)
    #expect(try await join(pin, "C").status == 403)
  }

  @Test func joinsAreLimitedPerAddressYetAClassBehindOneNATGetsIn() async throws {
    let (pin, _) = try await makeGame()
    // 64 phones of one class, one address, within the minute: all in.
    for number in 1...64 { #expect(try await join(pin, "Student \(number)", from: "10.0.0.1").status == 201) }
    // A script from one address: stopped after the burst, with a time to come back.
    var refused: WebAppClient.Response?
    for number in 1...120 {
      let response = await post("/api/live/\(pin)/players", #"{"name":"bot\#(number)"}"#, from: "10.0.0.2")
      if response.status == 429 {
        refused = response
        break
      }
      #expect(response.status == 201)
    }
    let retryAfter = try #require(refused).headers["retry-after"]
    #expect(Int(retryAfter ?? "") ?? 0 > 0)
    // Guessing PINs counts the same: a wrong PIN is an attempt.
    for _ in 1...100 { _ = await post("/api/live/999999/players", #"{"name":"x"}"#, from: "10.0.0.3") }
    #expect(await post("/api/live/\(pin)/players", #"{"name":"y"}"#, from: "10.0.0.3").status == 429)
    let page = await client.request("GET", "/j/999998", from: "10.0.0.3")
    #expect(page.status == 429)
    // Another address is not held back, and time gives attempts back.
    #expect(try await join(pin, "Other", from: "10.0.0.4").status == 201)
    clock.advance(by: 60)
    #expect(await post("/api/live/\(pin)/players", #"{"name":"bot-again"}"#, from: "10.0.0.2").status == 201)
  }

  @Test func theStreamStartsWithTheStateAndNeverTellsThePlayerTheAnswer() async throws {
    let (pin, host) = try await makeGame()
    let ada = try await join(pin, "Ada").secret
    #expect(
      await client.request("GET", "/api/live/\(pin)/events?secret=\(String(repeating: "0", count: 32))").status == 403)
    #expect(await client.request("GET", "/api/live/123/events?secret=\(ada)").status == 404)
    let phone = try #require(await subscribe(pin, ada))
    let projector = try #require(await subscribe(pin, host))
    #expect(phone.events.first?.name == "lobby")
    #expect(phone.events.first?.data["you"]?["name"] == .string("Ada"))
    #expect(projector.events.first?.data["names"] == .array([.string("Ada")]))
    #expect(await post("/api/live/\(pin)/next", #"{"secret":"\#(ada)"}"#).status == 403)
    let next = await post("/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#)
    #expect(next.status == 200 && next.text.contains(#""phase":"question""#))
    let question = try #require(phone.events.last)
    #expect(question.name == "question")
    #expect(question.data["text"] == .string("Capital of France?"))
    #expect(question.data["remaining_ms"] == .number(20000))
    #expect(question.data["answered"] == .bool(false))
    for secretive in ["correct", "correctAnswers", "tally", "host"] { #expect(question.data[secretive] == nil) }
    #expect(!phone.text.contains(host))
    // A phone that reconnects mid-question gets the question, with the time left.
    clock.advance(by: 5.5)
    let reconnected = try #require(await subscribe(pin, ada))
    #expect(reconnected.events.count == 1)
    #expect(reconnected.events[0].data["remaining_ms"] == .number(14500))
    // Event numbers only go up on a stream.
    let ids = LiveEvents.ids(phone.text)
    #expect(ids == ids.sorted() && Set(ids).count == ids.count)
  }

  @Test func answersAreTimedByTheServerAndTheFirstCounts() async throws {
    let (pin, host) = try await makeGame()
    let ada = try await join(pin, "Ada").secret
    let bob = try await join(pin, "Bob").secret
    let answer = { (secret: String, question: Int, picks: String) in
      await self.post(
        "/api/live/\(pin)/answers", #"{"secret":"\#(secret)","question":\#(question),"answers":\#(picks)}"#)
    }
    #expect(await answer(ada, 0, "[0]").status == 410)  // not yet open
    _ = await post("/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#)
    let phone = try #require(await subscribe(pin, ada))
    clock.advance(by: 2)
    #expect(await answer(String(repeating: "1", count: 32), 0, "[0]").status == 403)
    #expect(await answer(ada, 0, "[9]").status == 422)
    #expect(await answer(ada, 0, "[]").status == 422)
    #expect(await answer(ada, 0, "[0,1]").status == 422)
    #expect(await answer(ada, 0, #""0""#).status == 422)
    #expect(await answer(ada, 1, "[0]").status == 410)
    #expect(await answer(ada, 0, "[0]").status == 202)  // 2 s: 950
    #expect(await answer(ada, 0, "[1]").status == 409)
    clock.advance(by: 18)  // the deadline: Bob is too late, and the ticker closes it
    #expect(await answer(bob, 0, "[0]").status == 410)
    app.live.tick()
    let closed = try #require(phone.events.last)
    #expect(closed.name == "closed")
    #expect(closed.data["correct"] == .array([.number(0)]))
    #expect(closed.data["tally"] == .array([.number(1), .number(0), .number(0), .number(0)]))
    #expect(closed.data["you"]?["points"] == .number(950))
    #expect(closed.data["you"]?["rank"] == .number(1))
    #expect(
      closed.data["top"]
        == .array([
          .object([("name", .string("Ada")), ("score", .number(950))]),
          .object([("name", .string("Bob")), ("score", .number(0))]),
        ]))
    // The second question takes several answers; when everyone has answered, it closes at once.
    _ = await post("/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#)
    #expect(phone.events.last?.data["multiple"] == .bool(true))
    #expect(await answer(ada, 1, "[0,2]").status == 202)
    #expect(phone.events.last?.name == "question")
    #expect(await answer(bob, 1, "[0]").status == 202)  // mandatory: one of two is wrong
    #expect(phone.events.last?.name == "closed")
    #expect(phone.events.last?.data["you"]?["streak"] == .number(2))
    #expect(phone.events.last?.data["you"]?["points"] == .number(1100))  // 1000 (under 0.5 s) + 100
  }

  @Test func theHostEndsKicksHidesAndGetsTheResults() async throws {
    let (pin, host) = try await makeGame()
    let ada = try await join(pin, "=Ada").secret
    let bob = try await join(pin, "Bob").secret
    let bobsPhone = try #require(await subscribe(pin, bob))
    let projector = try #require(await subscribe(pin, host))
    #expect(await post("/api/live/\(pin)/settings", #"{"secret":"\#(host)","hide_scores":true}"#).status == 200)
    _ = await post("/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#)
    #expect(await post("/api/live/\(pin)/answers", #"{"secret":"\#(ada)","question":0,"answers":[0]}"#).status == 202)
    app.live.tick()
    clock.advance(by: 1)
    app.live.tick()
    #expect(projector.events.last?.name == "answered")
    #expect(projector.events.last?.data["answered"] == .number(1))
    #expect(await post("/api/live/\(pin)/kick", #"{"secret":"\#(ada)","name":"Bob"}"#).status == 403)
    #expect(await post("/api/live/\(pin)/kick", #"{"secret":"\#(host)","name":"bob"}"#).status == 200)
    #expect(bobsPhone.events.last?.name == "kicked" && bobsPhone.isClosed)
    #expect(await client.request("GET", "/api/live/\(pin)/status?secret=\(bob)").status == 403)
    // Everyone left has answered: the host closes it early; the scores stay hidden.
    let closed = await post("/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#)
    #expect(closed.text.contains(#""phase":"closed""#))
    #expect(projector.events.last?.data["top"] == .array([]))
    #expect(projector.events.last?.data["hidden"] == .bool(true))
    let ended = await post("/api/live/\(pin)/end", #"{"secret":"\#(host)"}"#)
    #expect(ended.text.contains(#""phase":"over""#) && ended.text.contains(#""saved":true"#), "\(ended.text)")
    #expect(projector.events.last?.name == "over")
    #expect(
      projector.events.last?.data["podium"] == .array([.object([("name", .string("=Ada")), ("score", .number(1000))])]))
    #expect(await post("/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#).status == 410)
    // The results: the host only, by header, query or the host screen's cookie.
    #expect(await client.request("GET", "/api/live/\(pin)/results.csv").status == 403)
    #expect(await client.request("GET", "/api/live/\(pin)/results.csv?secret=\(ada)").status == 403)
    let csv = await client.request("GET", "/api/live/\(pin)/results.csv", headers: ["Authorization": "Bearer \(host)"])
    #expect(csv.status == 200 && csv.headers["content-type"] == "text/csv; charset=utf-8")
    #expect(
      csv.text.components(separatedBy: "\r\n")[1].hasPrefix(#""'=Ada",1000,1,0,0,1,1,Paris,0.000,1000"#), "\(csv.text)")
    let cookie = ["Cookie": "\(Credentials.hostCookie(pin))=\(host)"]
    let results = await client.request("GET", "/api/live/\(pin)/results.json", headers: cookie)
    // The removed player is kept, last.
    #expect(try object(results)["players"].map { if case .array(let rows) = $0 { rows.count } else { 0 } } == 2)
    // Saved in the records too, nothing left to resume.
    let store = LiveGameStore(records: try data.records(), directory: data.url)
    let saved = store.savedGames()
    #expect(saved.count == 1 && saved.first?.winners.map(\.name) == ["=Ada"])
    #expect(store.resumeUnfinished(at: clock.clock.now()).games.isEmpty)
  }

  @Test func nothingOfOneGameReachesAnother() async throws {
    let first = try await makeGame()
    let second = try await makeGame()
    #expect(first.pin != second.pin)
    let ada = try await join(first.pin, "Ada").secret
    #expect(await client.request("GET", "/api/live/\(second.pin)/events?secret=\(ada)").status == 403)
    #expect(await client.request("GET", "/api/live/\(second.pin)/events?secret=\(first.host)").status == 403)
    #expect(await post("/api/live/\(second.pin)/next", #"{"secret":"\#(first.host)"}"#).status == 403)
    _ = await post("/api/live/\(second.pin)/next", #"{"secret":"\#(second.host)"}"#)
    #expect(
      await post("/api/live/\(second.pin)/answers", #"{"secret":"\#(ada)","question":0,"answers":[0]}"#).status == 403)
  }

  @Test func quietStreamsGetKeepAlivesAndGoneClientsAreForgotten() async throws {
    let (pin, _) = try await makeGame()
    let ada = try await join(pin, "Ada").secret
    let staying = try #require(await subscribe(pin, ada))
    let leaving = try #require(await subscribe(pin, ada))
    app.live.tick()
    let room = try #require(app.live.room(pin))
    #expect(room.streamCount == 2)
    leaving.leave()
    clock.advance(by: 9.9)
    app.live.tick()
    #expect(!staying.text.contains(":\n\n"))
    clock.advance(by: 0.2)
    let wake = app.live.tick()
    #expect(staying.text.hasSuffix(":\n\n"))
    #expect(room.streamCount == 1)
    #expect(wake > clock.clock.now())
  }

  @Test func thePagesOfAGame() async throws {
    let (pin, host) = try await makeGame()
    // The host screen: the secret moves from the address to a cookie.
    let entered = await client.request("GET", "/host/\(pin)?secret=\(host)")
    #expect(entered.status == 303 && entered.headers["location"] == "/host/\(pin)")
    #expect(entered.cookies.first?.hasPrefix("\(Credentials.hostCookie(pin))=\(host); Path=/;") == true)
    #expect(await client.request("GET", "/host/\(pin)").status == 403)
    let screen = await client.request(
      "GET", "/host/\(pin)", headers: ["Cookie": "\(Credentials.hostCookie(pin))=\(host)"])
    #expect(screen.status == 200 && screen.text.contains("\(pin.prefix(3)) \(pin.dropFirst(3))"))
    #expect(screen.text.contains("/j/\(pin)/qr.svg") && screen.text.contains("/static/live.js"))
    // The phone's page gives the browser an identity, once.
    let phone = await client.request("GET", "/j/\(pin)")
    #expect(phone.status == 200 && phone.text.contains(#"data-role="player""#) && !phone.text.contains(host))
    #expect(phone.cookies.first?.hasPrefix(Credentials.browserCookie + "=") == true)
    let again = await client.request(
      "GET", "/j/\(pin)", headers: ["Cookie": phone.cookies[0].components(separatedBy: ";")[0]])
    #expect(again.cookies.isEmpty)
    #expect(
      await client.request("GET", "/j?pin=\(pin.prefix(3))+\(pin.dropFirst(3))").headers["location"] == "/j/\(pin)")
    #expect(await client.request("GET", "/j/\(pin)/qr.png").headers["content-type"] == "image/png")
    // The topic page offers a game to the teacher only.
    #expect(!(await client.request("GET", "/t/Capitals")).text.contains("host-form"))
    let teacher = await client.request("GET", "/?token=\(Self.token)")
    #expect(teacher.status == 303 && teacher.headers["location"] == "/")
    let cookie = ["Cookie": teacher.cookies[0].components(separatedBy: ";")[0]]
    let topicPage = await client.request("GET", "/t/Capitals", headers: cookie)
    #expect(topicPage.text.contains(#"id="host-form""#))
    let csrf = try #require(
      topicPage.text.components(separatedBy: #"name="csrf" value=""#).dropFirst().first?.prefix(32))
    let started = await client.request(
      "POST", "/live", headers: cookie,
      body: Array("topic=Capitals&set=2&scoring=accuracy&seconds=30&csrf=\(csrf)".utf8))
    #expect(started.status == 303 && started.headers["location"]?.hasPrefix("/host/") == true)
    let newPIN = String(started.headers["location"]!.dropFirst(6))
    #expect(app.live.room(newPIN)?.setup.scoring == .accuracy)
    #expect(app.live.room(newPIN)?.setup.questions.map(\.text) == ["Capital of Peru?"])
    #expect(await client.request("POST", "/live", body: Array("topic=Capitals&csrf=\(csrf)".utf8)).status == 403)
  }
}
