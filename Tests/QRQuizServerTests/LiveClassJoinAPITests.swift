import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom
@testable import QRQuizServer

/// One student, one row (issue 49 §3), through the API: a class's game takes a student
/// by number or a name matched against the roster, a guest only once the host allows
/// guests, and tells the host who of the class is here; a name playing is not taken again,
/// and a device that asks to continue as that player is told nothing until the host allows
/// it, on a real server's streams: the new device gets the player's secret, the old one is
/// told `replaced` and its stream ends, its secret dead.
@Suite struct LiveClassJoinAPITests {
  let library: TemporaryDirectory
  let cache: TemporaryDirectory
  let data: TemporaryDirectory
  let records: RecordStore
  let clock = ManualClock()
  let app: QuizWebApp
  let client: WebAppClient
  static let token = String(repeating: "4e", count: 16)
  static let teacher = ["Authorization": "Bearer \(token)"]

  init() throws {
    (library, cache) = try LiveLibrary.make()
    data = try TemporaryDirectory()
    records = try data.records()
    let store = ClassRosterStore(records: records)
    try store.create(try ClassRoster(name: "9B", students: ["Łukasz Nowak", "Harry Wilson", "Zoë Ødegaard"]))
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

  func post(_ path: String, _ body: String, headers: [String: String] = [:]) async -> WebAppClient.Response {
    await client.request("POST", path, headers: headers, body: Array(body.utf8))
  }

  func object(_ response: WebAppClient.Response) throws -> JSONValue { try JSONParser.parse(response.body) }

  func string(_ value: JSONValue?) -> String { if case .string(let text)? = value { text } else { "" } }

  /// A game of Capitals' first set, for class 9B or for anyone: its PIN and host's secret.
  func makeGame(forClass: Bool = true) async throws -> (pin: String, host: String) {
    let body = forClass ? #"{"topic":"Capitals","set":1,"class":"9B"}"# : #"{"topic":"Capitals","set":1}"#
    let made = await post("/api/live", body, headers: Self.teacher)
    #expect(made.status == 201, "\(made.text)")
    let json = try object(made)
    return (string(json["pin"]), string(json["host"]))
  }

  @Test func aClassGameTakesItsStudentsByNumberOrNameAndGuestsOnlyOnceAllowed() async throws {
    let (pin, host) = try await makeGame()
    let room = try #require(app.live.room(pin))
    let projector = RecordedStream()
    room.subscribe(projector, as: .host, at: clock.clock.now())
    // The join page lists the class, each name with its number; typing filters a datalist.
    let page = await client.request("GET", "/j/\(pin)")
    #expect(page.text.contains(#"<input id="name" name="name" type="text" maxlength="40" list="class-list""#))
    #expect(page.text.contains(#"<option value="Harry Wilson" data-student="2"></option>"#))
    #expect(page.text.contains(#"<option value="Łukasz Nowak" data-student="1"></option>"#))

    let harry = await post("/api/live/\(pin)/players", #"{"student":2}"#)
    #expect(harry.status == 201, "\(harry.text)")
    #expect(try object(harry)["player"] == .number(2))
    // Typed without the Polish letters, in any case: the roster's Łukasz Nowak.
    let lukasz = await post("/api/live/\(pin)/players", #"{"name":"lukasz  NOWAK"}"#)
    #expect(lukasz.status == 201, "\(lukasz.text)")
    #expect(try object(lukasz)["player"] == .number(1))
    // The phone is told the roster's spelling, for "You are Łukasz Nowak", not what was typed.
    #expect(try object(lukasz)["name"] == .string("Łukasz Nowak"))
    #expect(try object(harry)["name"] == .string("Harry Wilson"))
    #expect(room.snapshot.players[0].name.text == "Łukasz Nowak")
    #expect(await post("/api/live/\(pin)/players", #"{"student":9}"#).status == 404)

    let mallory = await post("/api/live/\(pin)/players", #"{"name":"Mallory"}"#)
    #expect(mallory.status == 403, "\(mallory.text)")
    #expect(try object(mallory)["reason"] == .string("not_on_roster"))
    #expect(await post("/api/live/\(pin)/settings", #"{"secret":"Mallory","guests":true}"#).status == 403)
    #expect(await post("/api/live/\(pin)/settings", #"{"secret":"\#(host)","guests":true}"#).status == 200)
    #expect(await post("/api/live/\(pin)/players", #"{"name":"Mallory"}"#).status == 201)

    // The projector: 2 of 3 here, who by what, the guest apart (joins come with the
    // ticker's next pass).
    clock.advance(by: 1)
    _ = room.tick(at: clock.clock.now())
    let lobby = try #require(projector.events.last { $0.name == "lobby" }?.data)
    #expect(lobby["here"] == .number(2) && lobby["class_size"] == .number(3) && lobby["guests"] == .bool(true))
    #expect(lobby["guest_names"] == .array([.string("Mallory")]))
    guard case .array(let roster)? = lobby["roster"] else {
      Issue.record("no roster: \(lobby)")
      return
    }
    #expect(roster.map { $0["here"] } == [.string("phone"), .string("phone"), .null])
    #expect(roster.map { string($0["name"]) } == ["Łukasz Nowak", "Harry Wilson", "Zoë Ødegaard"])

    // The results say who was a guest.
    #expect(await post("/api/live/\(pin)/end", #"{"secret":"\#(host)"}"#).status == 200)
    let results = await client.request(
      "GET", "/api/live/\(pin)/results.json", headers: ["Authorization": "Bearer \(host)"])
    guard case .array(let players)? = try object(results)["players"] else {
      Issue.record("no players: \(results.text)")
      return
    }
    #expect(players.filter { $0["guest"] == .bool(true) }.map { string($0["name"]) } == ["Mallory"])
  }

  /// The topic page's form: its menu is the class (its roster: phones pick their names,
  /// cards if printed), not "with answer cards"; the scoring left as usual is accuracy with
  /// a class, as `qrquiz live --class` and the docs say, and speed without.
  @Test func theTopicPagesFormOffersTheClassAndScoresItByAccuracyAsUsual() async throws {
    let teacher = await client.request("GET", "/?token=\(Self.token)")
    let cookie = ["Cookie": teacher.cookies[0].components(separatedBy: ";")[0]]
    let page = await client.request("GET", "/t/Capitals", headers: cookie)
    #expect(page.text.contains(#"<label for="live-class">Class</label>"#), "\(page.text)")
    #expect(!page.text.contains("phones only") && !page.text.contains("Class with answer cards"))
    #expect(page.text.contains("pick their names"))
    #expect(page.text.contains(#"<option value="" selected>Usual: accuracy with a class, else speed</option>"#))
    let csrf = try #require(page.text.components(separatedBy: #"name="csrf" value=""#).dropFirst().first?.prefix(32))
    func start(_ fields: String) async throws -> LiveGame.Setup {
      let started = await client.request(
        "POST", "/live", headers: cookie, body: Array("topic=Capitals&set=1&seconds=20&csrf=\(csrf)&\(fields)".utf8))
      #expect(started.status == 303, "\(started.text)")
      let pin = String((started.headers["location"] ?? "").dropFirst("/host/".count))
      return try #require(app.live.room(pin)).setup
    }
    #expect(try await start("scoring=&class=9B").scoring == .accuracy)
    #expect(try await start("scoring=&class=").scoring == .speed)
    #expect(try await start("scoring=speed&class=9B").scoring == .speed)
  }

  @Test func aNamePlayingIsNotTakenAgainAndItsTicketOpensNothing() async throws {
    let (pin, host) = try await makeGame()
    let first = await post("/api/live/\(pin)/players", #"{"name":"Harry Wilson"}"#)
    #expect(first.status == 201)
    for body in [#"{"name":"harry wilson"}"#, #"{"student":2}"#] {
      let again = await post("/api/live/\(pin)/players", body)
      #expect(again.status == 409, "\(again.text)")
      let ticket = string(try object(again)["rejoin"])
      #expect(ticket.count == 32 && ticket.allSatisfy(\.isHexDigit), "\(again.text)")
      #expect(!string(try object(again)["error"]).isEmpty)
      // The ticket is no player's secret: it answers nothing, and its status names nobody.
      let status = await client.request("GET", "/api/live/\(pin)/status?secret=\(ticket)")
      #expect(status.status == 200 && !status.text.contains("Harry"), "\(status.text)")
      #expect(try object(status)["role"] == .string("waiting"))
      #expect(await post("/api/live/\(pin)/next", #"{"secret":"\#(ticket)"}"#).status == 403)
      #expect(
        await post("/api/live/\(pin)/answers", #"{"secret":"\#(ticket)","question":0,"answers":[0]}"#).status == 403)
    }
    // Only the host allows, and only a device that asked.
    #expect(await post("/api/live/\(pin)/rejoin/approve", #"{"secret":"x","name":"Harry Wilson"}"#).status == 403)
    let nobody = await post("/api/live/\(pin)/rejoin/approve", #"{"secret":"\#(host)","name":"Zoë Ødegaard"}"#)
    #expect(nobody.status == 404)
  }

  @Test func anotherDeviceContinuesAsThePlayerOnceTheHostAllowsIt() async throws {
    let (pin, host) = try await makeGame(forClass: false)
    let server = try HTTPServer(configuration: .init(port: 0), responder: app)
    defer { server.stop(timeout: 1) }
    let joined = await post("/api/live/\(pin)/players", #"{"name":"Harry Wilson"}"#)
    let old = string(try object(joined)["secret"])
    let oldPhone = try EventStreamClient(port: server.port, path: "/api/live/\(pin)/events?secret=\(old)")
    try oldPhone.waitForEvent { $0.name == "lobby" }
    let projector = try EventStreamClient(port: server.port, path: "/api/live/\(pin)/events?secret=\(host)")
    #expect(await post("/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#).status == 200)
    #expect(await post("/api/live/\(pin)/answers", #"{"secret":"\#(old)","question":0,"answers":[0]}"#).status == 202)
    let score = try #require(app.live.room(pin)).snapshot.players[0].score
    #expect(score > 0)

    // A flat battery: the new phone asks, and waits on its ticket's stream.
    let asked = await post("/api/live/\(pin)/players", #"{"name":"Harry Wilson"}"#)
    #expect(asked.status == 409)
    let ticket = string(try object(asked)["rejoin"])
    let newPhone = try EventStreamClient(port: server.port, path: "/api/live/\(pin)/events?secret=\(ticket)")
    #expect(newPhone.status == 200)
    try newPhone.waitForEvent { $0.name == "waiting" }
    #expect(!newPhone.text.contains("Harry") && !newPhone.text.contains("Paris"))
    try projector.waitForEvent { $0.data["asking"] == .array([.string("Harry Wilson")]) }

    let allowed = await post("/api/live/\(pin)/rejoin/approve", #"{"secret":"\#(host)","name":"harry wilson"}"#)
    #expect(allowed.status == 200, "\(allowed.text)")
    let rejoined = try newPhone.waitForEvent { $0.name == "rejoined" }.data
    let secret = string(rejoined["secret"])
    #expect(secret.count == 32 && secret != old && secret != ticket)
    // Its name as the game spells it, for the new phone's "You are … · Not you?" line.
    #expect(rejoined["name"] == .string("Harry Wilson"))
    // From then on the new phone is the player: the stream goes on as theirs.
    let state = try newPhone.waitForEvent { $0.name == "closed" }
    #expect(state.data["you"]?["score"] == .number(score))
    // The old phone is told, and its stream ends; its secret opens nothing.
    try oldPhone.waitForEvent { $0.name == "replaced" }
    // Its last chunk comes (the connection may stay for another request).
    try oldPhone.read(until: { $0.suffix(5).elementsEqual("0\r\n\r\n".utf8) }, timeout: HangLimit.inProcessSeconds)
    #expect(await client.request("GET", "/api/live/\(pin)/status?secret=\(old)").status == 403)
    #expect(await client.request("GET", "/api/live/\(pin)/status?secret=\(ticket)").status == 403)
    #expect(await post("/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#).status == 200)
    #expect(await post("/api/live/\(pin)/answers", #"{"secret":"\#(old)","question":1,"answers":[0]}"#).status == 403)
    let answered = await post("/api/live/\(pin)/answers", #"{"secret":"\#(secret)","question":1,"answers":[0, 2]}"#)
    #expect(answered.status == 202, "\(answered.text)")
    let game = try #require(app.live.room(pin)).snapshot
    #expect(game.players.count == 1 && game.players[0].answers[0] != nil && game.players[0].answers[1] != nil)
    // The projector no longer shows the asking.
    try projector.read(
      until: { _ in projector.events.last { $0.data["asking"] != nil }?.data["asking"] == .array([]) },
      timeout: HangLimit.inProcessSeconds)
  }

  /// A stray asking (a classmate's phone, a mistake) is declined: the device is told so and
  /// its stream ends, its ticket opens nothing, the projector no longer shows it, and the
  /// player plays on with their own phone.
  @Test func theHostDeclinesADeviceAskingToContinueAsAPlayer() async throws {
    let (pin, host) = try await makeGame()
    let server = try HTTPServer(configuration: .init(port: 0), responder: app)
    defer { server.stop(timeout: 1) }
    let old = string(try object(await post("/api/live/\(pin)/players", #"{"name":"Harry Wilson"}"#))["secret"])
    let projector = try EventStreamClient(port: server.port, path: "/api/live/\(pin)/events?secret=\(host)")
    let asked = await post("/api/live/\(pin)/players", #"{"student":2}"#)
    #expect(asked.status == 409)
    let ticket = string(try object(asked)["rejoin"])
    let stray = try EventStreamClient(port: server.port, path: "/api/live/\(pin)/events?secret=\(ticket)")
    try stray.waitForEvent { $0.name == "waiting" }
    try projector.waitForEvent { $0.data["asking"] == .array([.string("Harry Wilson")]) }

    // Only the host declines, and only a device that asked.
    #expect(await post("/api/live/\(pin)/rejoin/decline", #"{"secret":"\#(old)","name":"Harry Wilson"}"#).status == 403)
    let nobody = await post("/api/live/\(pin)/rejoin/decline", #"{"secret":"\#(host)","name":"Zoë Ødegaard"}"#)
    #expect(nobody.status == 404)
    let declined = await post("/api/live/\(pin)/rejoin/decline", #"{"secret":"\#(host)","name":"HARRY WILSON"}"#)
    #expect(declined.status == 200, "\(declined.text)")
    try stray.waitForEvent { $0.name == "declined" }
    try stray.read(until: { $0.suffix(5).elementsEqual("0\r\n\r\n".utf8) }, timeout: HangLimit.inProcessSeconds)
    #expect(!stray.events.contains { $0.name == "rejoined" })
    // The ticket opens nothing now; the approval finds nobody waiting.
    #expect(await client.request("GET", "/api/live/\(pin)/status?secret=\(ticket)").status == 403)
    #expect(
      await post("/api/live/\(pin)/rejoin/approve", #"{"secret":"\#(host)","name":"Harry Wilson"}"#).status == 404)
    try projector.read(
      until: { _ in projector.events.last { $0.data["asking"] != nil }?.data["asking"] == .array([]) },
      timeout: HangLimit.inProcessSeconds)
    // Harry plays on with his own phone.
    #expect(await post("/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#).status == 200)
    #expect(await post("/api/live/\(pin)/answers", #"{"secret":"\#(old)","question":0,"answers":[0]}"#).status == 202)
  }

  @Test func theHostMergesAGuestIntoTheStudentTheyAre() async throws {
    let (pin, host) = try await makeGame()
    #expect(await post("/api/live/\(pin)/settings", #"{"secret":"\#(host)","guests":true}"#).status == 200)
    let guest = string(try object(await post("/api/live/\(pin)/players", #"{"name":"Harry W"}"#))["secret"])
    #expect(await post("/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#).status == 200)
    #expect(await post("/api/live/\(pin)/answers", #"{"secret":"\#(guest)","question":0,"answers":[0]}"#).status == 202)
    let merge = #"{"secret":"\#(host)","from":"Harry W","into":"harry wilson"}"#
    #expect(
      await post("/api/live/\(pin)/merge", #"{"secret":"\#(guest)","from":"Harry W","into":"Harry Wilson"}"#).status
        == 403)
    #expect(
      await post("/api/live/\(pin)/merge", #"{"secret":"\#(host)","from":"Nobody","into":"Harry Wilson"}"#).status
        == 404)
    let merged = await post("/api/live/\(pin)/merge", merge)
    #expect(merged.status == 200, "\(merged.text)")
    #expect(await client.request("GET", "/api/live/\(pin)/status?secret=\(guest)").status == 403)
    #expect(await post("/api/live/\(pin)/end", #"{"secret":"\#(host)"}"#).status == 200)
    let results = await client.request(
      "GET", "/api/live/\(pin)/results.csv", headers: ["Authorization": "Bearer \(host)"])
    #expect(results.text.contains("\r\nHarry Wilson,2,") && !results.text.contains("Harry W,"), "\(results.text)")
  }
}
