import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom

/// Two `qrquiz serve` processes on one PostgreSQL database serve the same live game, as a
/// school's two processes behind nginx do: players on both, the host on one. They agree
/// on every move (a name taken on one is taken on the other; the scores are the same from
/// both), the projector on one sees the answers given on the other, a process killed with
/// SIGKILL mid-question loses no answer it acknowledged while its phones carry on on the
/// other, and the question's deadline closes it once.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct SharedGameServeTests {
  let library: TemporaryDirectory
  let cache: TemporaryDirectory

  init() throws {
    (library, cache) = try LiveLibrary.make()
  }

  /// A server on `database`, with a data folder of its own (its teacher's token): two
  /// processes never share a folder here.
  func startServer(_ database: TestRecords, home: TemporaryDirectory) throws -> ServeProcess {
    let url = try #require(database.address?.url)
    return try ServeProcess(
      [library.url.path, "--cache-dir", cache.url.path, "--database", url], environment: home.qrquizEnvironment)
  }

  func string(_ value: JSONValue?) -> String { if case .string(let text)? = value { text } else { "" } }

  func join(_ server: ServeProcess, _ pin: String, _ name: String) throws -> String {
    let joined = try server.postJSON("/api/live/\(pin)/players", #"{"name":"\#(name)"}"#)
    try #require(joined.status == 201, "\(name) on port \(server.port): \(joined.json)")
    return string(joined.json["secret"])
  }

  func answer(_ server: ServeProcess, _ pin: String, _ secret: String, question: Int, _ picks: String) throws -> Int {
    try server.postJSON(
      "/api/live/\(pin)/answers", #"{"secret":"\#(secret)","question":\#(question),"answers":\#(picks)}"#
    ).status
  }

  /// The game's players as a server's results say: name → (score, points of each answer).
  func standings(_ server: ServeProcess, _ pin: String, host: String) throws -> [String: JSONValue] {
    let response = try server.request("GET", "/api/live/\(pin)/results.json?secret=\(host)")
    guard response.status == 200, case .array(let players)? = try JSONParser.parse(response.body)["players"] else {
      return [:]
    }
    var found: [String: JSONValue] = [:]
    for player in players {
      found[string(player["name"])] = .array([player["score"] ?? .null, player["answers"] ?? .null])
    }
    return found
  }

  @Test func playersOnTwoServersPlayOneGameAndAKilledServerLosesNoAcknowledgedAnswer() throws {
    let database = try TestRecords(.postgreSQL)
    let homeA = try TemporaryDirectory()
    let homeB = try TemporaryDirectory()
    let serverA = try startServer(database, home: homeA)
    let serverB = try startServer(database, home: homeB)
    let token = try #require(serverA.teacherToken)
    let made = try serverA.postJSON("/api/live", #"{"topic":"Capitals","set":1,"seconds":600}"#, token: token)
    try #require(made.status == 201, "\(made.json)")
    let pin = string(made.json["pin"])
    let host = string(made.json["host"])
    let projector = try EventStreamClient(port: serverA.port, path: "/api/live/\(pin)/events?secret=\(host)")
    #expect(projector.status == 200)

    // Players on both: B takes the game up from the records at its first request.
    let ada = try join(serverA, pin, "Ada")
    let bob = try join(serverA, pin, "Bob")
    let cy = try join(serverB, pin, "Cy")
    let dee = try join(serverB, pin, "Dee")
    // A name taken on one server is taken on the other.
    let again = try serverB.postJSON("/api/live/\(pin)/players", #"{"name":"Ada"}"#)
    #expect(again.status == 409, "\(again.json)")
    // The projector on A lists the players who joined on B.
    try projector.waitForEvent { $0.name == "lobby" && $0.data.compactText.contains("Dee") }

    #expect(try serverA.postJSON("/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#).status == 200)
    // An answer on B shows on A's projector (through NOTIFY), before anyone answers on A.
    #expect(try answer(serverB, pin, cy, question: 0, "[0]") == 202)
    try projector.waitForEvent { $0.name == "answered" && $0.data["answered"] == .number(1) }
    #expect(try answer(serverA, pin, ada, question: 0, "[0]") == 202)
    #expect(try answer(serverA, pin, bob, question: 0, "[1]") == 202)
    // Cy answered once: a second answer is refused on either server.
    #expect(try answer(serverA, pin, cy, question: 0, "[1]") == 409)
    #expect(try answer(serverB, pin, dee, question: 0, "[0]") == 202)
    // The last answer, on B, closed the question: A's projector shows it closed.
    try projector.waitForEvent { $0.name == "closed" }
    let onA = try standings(serverA, pin, host: host)
    #expect(onA.count == 4)
    // Both servers agree on every score and answer (B once it heard A's answers).
    #expect(serverB.wait(until: { (try? standings(serverB, pin, host: host)) == onA }) == .done)
    let scores = onA.mapValues { value -> Double in
      if case .array(let pair) = value, case .number(let score)? = pair.first { score.value } else { -1 }
    }
    // Cy answered first and right: no fewer points than Ada, who answered after; Bob none.
    #expect(scores["Cy"]! >= scores["Ada"]! && scores["Ada"]! > 0 && scores["Bob"] == 0, "\(scores)")

    // The next question: Cy's answer acknowledged on B, then B is killed.
    #expect(try serverA.postJSON("/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#).status == 200)
    #expect(try answer(serverB, pin, cy, question: 1, "[0,2]") == 202)
    serverB.kill()
    // Dee's phone reconnects to A (through the front): her stream, her answer.
    let deeStream = try EventStreamClient(port: serverA.port, path: "/api/live/\(pin)/events?secret=\(dee)")
    #expect(deeStream.status == 200)
    try deeStream.waitForEvent { $0.name == "question" }
    #expect(try answer(serverA, pin, dee, question: 1, "[0,2]") == 202)
    #expect(try answer(serverA, pin, ada, question: 1, "[0]") == 202)
    #expect(try answer(serverA, pin, bob, question: 1, "[0,2]") == 202)
    try projector.waitForEvent { $0.name == "closed" && $0.data.compactText.contains("Seville") }
    let ended = try serverA.postJSON("/api/live/\(pin)/end", #"{"secret":"\#(host)"}"#)
    #expect(ended.status == 200 && ended.json["saved"] == .bool(true), "\(ended.json)")

    // Every acknowledged answer is in the results, Cy's on the killed server among them.
    let results = try JSONParser.parse(try serverA.request("GET", "/api/live/\(pin)/results.json?secret=\(host)").body)
    guard case .array(let players)? = results["players"] else {
      Issue.record("no players: \(results)")
      return
    }
    for player in players {
      guard case .array(let answers)? = player["answers"] else { continue }
      let outcomes = answers.map { string($0["outcome"]) }
      #expect(outcomes.count == 2 && !outcomes.contains(""), "\(string(player["name"])): \(answers)")
    }
    let cyRow = try #require(players.first { string($0["name"]) == "Cy" })
    #expect(cyRow["correct"] == .number(2), "\(cyRow)")
    #expect(serverA.errorText.isEmpty, "\(serverA.errorText)")
  }

  @Test func theDeadlineClosesTheQuestionOnceWhicheverServerGetsThereFirst() throws {
    let database = try TestRecords(.postgreSQL)
    let homeA = try TemporaryDirectory()
    let homeB = try TemporaryDirectory()
    let serverA = try startServer(database, home: homeA)
    let serverB = try startServer(database, home: homeB)
    let token = try #require(serverA.teacherToken)
    let made = try serverA.postJSON("/api/live", #"{"topic":"Capitals","set":1,"seconds":5}"#, token: token)
    try #require(made.status == 201, "\(made.json)")
    let pin = string(made.json["pin"])
    let host = string(made.json["host"])
    // Both servers hold the game (a player on each), so both tickers wait for its deadline.
    let ada = try join(serverA, pin, "Ada")
    let bob = try join(serverB, pin, "Bob")
    let bobStream = try EventStreamClient(port: serverB.port, path: "/api/live/\(pin)/events?secret=\(bob)")
    let projector = try EventStreamClient(port: serverA.port, path: "/api/live/\(pin)/events?secret=\(host)")
    #expect(try serverA.postJSON("/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#).status == 200)
    #expect(try answer(serverA, pin, ada, question: 0, "[0]") == 202)
    try projector.waitForEvent(timeout: HangLimit.inProcessSeconds + 5) { $0.name == "closed" }
    try bobStream.waitForEvent(timeout: HangLimit.inProcessSeconds + 5) { $0.name == "closed" }
    // Once the close is in, an answer is too late on either server.
    #expect(try answer(serverB, pin, bob, question: 0, "[0]") == 410)
    let records = try database.open()
    let closes = try records.read { database throws(DatabaseError) in
      try database.value(
        """
        SELECT COUNT(*) FROM live_moves JOIN live_games ON live_games.id = live_moves.game_id
        WHERE live_games.pin = \(pin) AND live_moves.move LIKE '%"closed"%'
        """, as: Int64.self)
    }
    #expect(closes == 1)
  }
}
