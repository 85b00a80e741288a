import Foundation
import QRQuizTestSupport

@testable import QRQuiz
@testable import QRQuizClassroom
@testable import QRQuizServer

/// A server of homework and classes in process, on a clock the test moves: the live
/// tests' library (Capitals, and Timed: Capitals with 60 s a set, question 2's own 20 s and
/// question 1's explanation),
/// a data folder with its assignments, live games' results and class 7B (Ada Lovelace with
/// extra time ×1.5 and no speed scoring, Alan Turing, Grace Hopper).
package struct HomeworkServer {
  package let library: TemporaryDirectory
  package let cache: TemporaryDirectory
  package let data: TemporaryDirectory
  package let clock = ManualClock()
  package let records: RecordStore
  package let app: QuizWebApp
  package let client: WebAppClient
  package static let token = String(repeating: "6b", count: 16)
  package static let teacher = ["Authorization": "Bearer \(token)"]
  package static let teacherCookie = ["Cookie": "\(Credentials.teacherCookie)=\(token)"]

  package var classes: ClassRosterStore { ClassRosterStore(records: records) }

  package init() throws {
    (library, cache) = try LiveLibrary.make()
    var timed = try JSONParser.parse(Array(Data(contentsOf: Fixtures.url("live/Capitals.json"))))
    timed = Self.timed(timed)
    try Data((timed.compactText).utf8).write(to: library.url.appendingPathComponent("Timed.json"))
    data = try TemporaryDirectory()
    var roster = try ClassRoster(name: "7B", students: ["Ada Lovelace", "Alan Turing", "Grace Hopper"])
    try roster.setAccommodations(.card(1), try ClassRoster.Accommodations(timeFactor: 1.5, noSpeedScoring: true))
    records = try data.records()
    try ClassRosterStore(records: records).create(roster)
    let store = AssignmentStore(records: records)
    let games = LiveGameStore(records: records, directory: data.url.appendingPathComponent("live"))
    app = QuizWebApp(
      topics: .library(TopicLibrary(directory: library.url)),
      configuration: .init(
        publicURL: "http://192.168.1.20:8080", teacherToken: Self.token,
        imageCache: try? ImageDiskCache(directory: cache.url), liveGames: games, assignmentStore: store,
        classes: ClassRosterStore(records: records)),
      live: LiveGames(store: games, clock: clock.clock, runsTicker: false),
      assignments: Assignments(store: store, clock: clock.clock))
    app.reload()
    client = WebAppClient(app: app)
  }

  /// Capitals named Timed, 60 s a set, its second question 20 s of its own, its first
  /// explained.
  package static func timed(_ topic: JSONValue) -> JSONValue {
    guard case .object(var members) = topic else { return topic }
    for (index, member) in members.enumerated() {
      if member.key == "options", case .object(var options) = member.value {
        options = options.map { $0.key == "name" ? ("name", .string("Timed")) : $0 }
        options.append(("timePerSetInSeconds", .number(60)))
        members[index].value = .object(options)
      }
      if member.key == "sets", case .array(var sets) = member.value, case .array(var first) = sets[0],
        case .object(var opening) = first[0], case .object(var second) = first[1]
      {
        opening.append(("explanation", .string("Paris has been France's capital since 987.")))
        second.append(("seconds", .number(20)))
        first[0] = .object(opening)
        first[1] = .object(second)
        sets[0] = .array(first)
        members[index].value = .array(sets)
      }
    }
    return .object(members)
  }

  /// The test clock's time `seconds` from now, as the API takes it.
  package func due(in seconds: Double) -> String { Assignment.timestamp(clock.clock.now() + .seconds(seconds)) }

  package func post(_ path: String, _ body: String, headers: [String: String] = [:]) async -> (
    status: Int, json: JSONValue
  ) {
    let response = await client.request(
      "POST", path, headers: ["Content-Type": "application/json"].merging(headers) { $1 }, body: Array(body.utf8))
    return (response.status, (try? JSONParser.parse(response.body)) ?? .null)
  }

  package func get(_ path: String, headers: [String: String] = [:]) async -> WebAppClient.Response {
    await client.request("GET", path, headers: headers)
  }

  package func json(_ path: String) async -> JSONValue { (try? JSONParser.parse(await get(path).body)) ?? .null }

  package static func string(_ value: JSONValue?) -> String { if case .string(let text)? = value { text } else { "" } }

  /// Assigns `topic`; its code.
  package func assign(_ topic: String = "Capitals", _ extra: String = "", dueIn seconds: Double = 3600) async throws
    -> String
  {
    let made = await post(
      "/api/assignments", #"{"topic":"\#(topic)","due":"\#(due(in: seconds))"\#(extra)}"#, headers: Self.teacher)
    guard made.status == 201 else { throw CocoaError(.coderInvalidValue, userInfo: ["made": "\(made.json)"]) }
    return Self.string(made.json["code"])
  }

  /// A student joins; their secret.
  package func join(_ code: String, _ name: String) async throws -> String {
    let joined = await post("/api/assignments/\(code)/students", #"{"name":"\#(name)"}"#)
    guard joined.status == 201 else { throw CocoaError(.coderInvalidValue, userInfo: ["joined": "\(joined.json)"]) }
    return Self.string(joined.json["secret"])
  }

  package func answer(_ code: String, _ secret: String, _ index: Int, _ picks: [Int]) async -> (
    status: Int, json: JSONValue
  ) {
    await post(
      "/api/assignments/\(code)/answers",
      #"{"secret":"\#(secret)","index":\#(index),"answers":[\#(picks.map(String.init).joined(separator: ","))]}"#)
  }

  /// A live game of `topic`'s first set (Capitals' by default, 3 questions) played to its
  /// end by `players` (each answering every question with their picks, or not at all), its
  /// results saved.
  package func playLiveGame(
    _ players: [(name: String, picks: [[Int]?])], topic: String = "Capitals", questions: Int = 3
  ) async throws {
    let made = await post(
      "/api/live", #"{"topic":"\#(topic)","set":1,"scoring":"accuracy"}"#, headers: Self.teacher)
    let pin = Self.string(made.json["pin"])
    let host = Self.string(made.json["host"])
    var secrets: [String] = []
    for player in players {
      let joined = await post("/api/live/\(pin)/players", #"{"name":\#(JSONValue.string(player.name).compactText)}"#)
      secrets.append(Self.string(joined.json["secret"]))
    }
    for question in 0..<questions {
      _ = await post("/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#)
      for (player, secret) in zip(players, secrets) {
        guard let picks = player.picks[question] else { continue }
        let list = picks.map(String.init).joined(separator: ",")
        _ = await post(
          "/api/live/\(pin)/answers", #"{"secret":"\#(secret)","question":\#(question),"answers":[\#(list)]}"#)
      }
      // Everyone answered closes it by itself; else the host does.
      if HomeworkServer.string(await json("/api/live/\(pin)/status?secret=\(host)")["phase"]) == "question" {
        _ = await post("/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#)
      }
    }
    let ended = await post("/api/live/\(pin)/end", #"{"secret":"\#(host)"}"#)
    guard ended.json["saved"] == .bool(true) else { throw CocoaError(.fileWriteUnknown) }
  }

  /// The form token of the teacher's pages (from a topic page's forms).
  package func formToken() async -> String {
    let page = await get("/t/Capitals", headers: Self.teacherCookie).text
    return String(page.components(separatedBy: #"name="csrf" value=""#).dropFirst().first?.prefix(32) ?? "")
  }
}
