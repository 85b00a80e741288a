import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom
@testable import QRQuizServer

/// The assignments' API in process, on a clock the test moves: the teacher assigns, students
/// join and answer, the deadline and attempts hold, hostile names and secrets are refused,
/// the topic is hidden while open, and a server started again finds every answer.
@Suite struct AssignmentAPITests {
  let library: TemporaryDirectory
  let cache: TemporaryDirectory
  let data: TemporaryDirectory
  let clock = ManualClock()
  let app: QuizWebApp
  let client: WebAppClient
  static let token = String(repeating: "5a", count: 16)
  static let teacher = ["Authorization": "Bearer \(token)"]

  init() throws {
    (library, cache) = try LiveLibrary.make()
    data = try TemporaryDirectory()
    let classes = ClassRosterStore(records: try data.records())
    try classes.create(try ClassRoster(name: "7B", students: ["Ada Lovelace", "Alan Turing", "Grace Hopper"]))
    app = try Self.app(library: library, cache: cache, data: data, clock: clock)
    client = WebAppClient(app: app)
  }

  static func app(
    library: TemporaryDirectory, cache: TemporaryDirectory, data: TemporaryDirectory, clock: ManualClock
  ) throws -> QuizWebApp {
    let records = try data.records()
    let store = AssignmentStore(records: records)
    let app = QuizWebApp(
      topics: .library(TopicLibrary(directory: library.url)),
      configuration: .init(
        publicURL: "http://192.168.1.20:8080", teacherToken: token,
        imageCache: try? ImageDiskCache(directory: cache.url), assignmentStore: store,
        classes: ClassRosterStore(records: records)),
      live: LiveGames(store: nil, clock: clock.clock, runsTicker: false),
      assignments: Assignments(store: store, clock: clock.clock))
    app.reload()
    return app
  }

  /// The test clock's time `seconds` from now, as the API takes it.
  func due(in seconds: Double) -> String {
    Assignment.timestamp(clock.clock.now() + .seconds(seconds))
  }

  func post(_ path: String, _ body: String, headers: [String: String] = [:], from address: String = "127.0.0.1")
    async -> (status: Int, json: JSONValue)
  {
    let response = await client.request(
      "POST", path, headers: ["Content-Type": "application/json"].merging(headers) { $1 }, body: Array(body.utf8),
      from: address)
    return (response.status, (try? JSONParser.parse(response.body)) ?? .null)
  }

  func get(_ path: String, headers: [String: String] = [:]) async -> (status: Int, json: JSONValue, text: String) {
    let response = await client.request("GET", path, headers: headers)
    return (response.status, (try? JSONParser.parse(response.body)) ?? .null, response.text)
  }

  func string(_ value: JSONValue?) -> String { if case .string(let text)? = value { text } else { "" } }

  func assign(_ extra: String = "", dueIn seconds: Double = 3600) async throws -> String {
    let made = await post(
      "/api/assignments", #"{"topic":"Capitals","set":1,"due":"\#(due(in: seconds))"\#(extra)}"#,
      headers: Self.teacher)
    try #require(made.status == 201, "\(made.json)")
    #expect(string(made.json["join"]).hasPrefix("http://192.168.1.20:8080/a/"))
    return string(made.json["code"])
  }

  func join(_ code: String, _ name: String) async throws -> String {
    let joined = await post("/api/assignments/\(code)/students", #"{"name":"\#(name)"}"#)
    try #require(joined.status == 201, "\(name): \(joined.json)")
    return string(joined.json["secret"])
  }

  func answer(_ code: String, _ secret: String, _ index: Int, _ picks: [Int]) async -> (status: Int, json: JSONValue) {
    await post(
      "/api/assignments/\(code)/answers",
      #"{"secret":"\#(secret)","index":\#(index),"answers":[\#(picks.map(String.init).joined(separator: ","))]}"#)
  }

  @Test func aStudentPlaysTheAssignmentQuestionByQuestionAndSeesOnlyTheirResult() async throws {
    let code = try await assign()
    let secret = try await join(code, "Ada")
    #expect(secret.count == 32, "128 bits in hex")
    let first = await get("/api/assignments/\(code)/next?secret=\(secret)")
    #expect(first.status == 200 && first.json["index"] == .number(0) && first.json["done"] == .bool(false))
    #expect(string(first.json["text"]) == "Capital of France?")
    #expect(first.json["correct"] == nil, "the next question says nothing of which answers are right")
    let right = await answer(code, secret, 0, [0])
    #expect(right.status == 200 && right.json["right"] == .bool(true) && right.json["score"] == .number(1000))
    #expect(await answer(code, secret, 0, [1]).status == 409)
    let second = await get("/api/assignments/\(code)/next?secret=\(secret)")
    #expect(second.json["index"] == .number(1) && second.json["multiple"] == .bool(true))
    let wrong = await answer(code, secret, 1, [0])
    #expect(wrong.json["right"] == .bool(false) && wrong.json["correct"] == .array([.number(0), .number(2)]))
    _ = await answer(code, secret, 2, [0])
    let done = await get("/api/assignments/\(code)/next?secret=\(secret)")
    #expect(
      done.json["done"] == .bool(true) && done.json["score"] == .number(2000) && done.json["correct"] == .number(2))
    #expect(await answer(code, secret, 2, [0]).status == 410, "no attempt left")

    // Another student's secret is not Ada's, and opens nothing of hers.
    let alan = try await join(code, "Alan")
    let alans = await get("/api/assignments/\(code)/next?secret=\(alan)")
    #expect(alans.json["index"] == .number(0) && string(alans.json["name"]) == "Alan")
    #expect(await get("/api/assignments/\(code)/next?secret=\(String(repeating: "0", count: 32))").status == 403)
    #expect(await answer(code, String(repeating: "1", count: 32), 0, [0]).status == 403)
    #expect(await get("/api/assignments/\(code)/results.json").status == 401, "the results are the teacher's")
    #expect(await get("/api/assignments/\(code)/results.json?secret=\(secret)").status == 401)
    #expect(await get("/api/assignments/NOSUCH23/next?secret=\(secret)").status == 404)
  }

  @Test func aListsFirstSetIsAssignedAndPlayedAsOneQuiz() async throws {
    // A spreadsheet's list, split in three runs by answer count, then a set of its own.
    let topic = try LiveGameFixtures.listedTopic()
    _ = try TopicLibrary(directory: library.url).save(topic, name: "Lesson")
    app.reload()
    let made = await post(
      "/api/assignments", #"{"topic":"Lesson","set":1,"due":"\#(due(in: 3600))"}"#, headers: Self.teacher)
    try #require(made.status == 201, "\(made.json)")
    let code = string(made.json["code"])
    let secret = try await join(code, "Ada")
    var asked: [String] = []
    var answers: [Int] = []
    for index in 0..<10 {
      let next = await get("/api/assignments/\(code)/next?secret=\(secret)")
      guard next.json["done"] == .bool(false) else { break }
      #expect(next.json["questions"] == .number(5) && next.json["index"] == .number(index))
      asked.append(string(next.json["text"]))
      if case .array(let choices)? = next.json["answers"] { answers.append(choices.count) }
      #expect(await answer(code, secret, index, [0]).json["right"] == .bool(true))
    }
    #expect(asked == ["q1", "q2", "q3", "q4", "q5"] && answers == [2, 2, 4, 2, 2])
    let done = await get("/api/assignments/\(code)/next?secret=\(secret)")
    #expect(done.json["done"] == .bool(true) && done.json["correct"] == .number(5))
  }

  @Test func theDeadlineRefusesLateJoinsAndAnswersWith410() async throws {
    let code = try await assign(dueIn: 60)
    let secret = try await join(code, "Ada")
    #expect(await answer(code, secret, 0, [0]).status == 200)
    clock.advance(by: 60)
    #expect(await answer(code, secret, 1, [0, 2]).status == 410)
    #expect(await post("/api/assignments/\(code)/students", #"{"name":"Alan"}"#).status == 410)
    let result = await get("/api/assignments/\(code)/next?secret=\(secret)")
    #expect(result.json["done"] == .bool(true) && result.json["open"] == .bool(false))
    #expect(result.json["score"] == .number(1000))
  }

  @Test func aTeacherIsRefusedAPastOrUnreadableDueTimeAndBadSettings() async throws {
    for (body, field) in [
      (#"{"topic":"Capitals","due":"\#(due(in: -1))"}"#, "due"), (#"{"topic":"Capitals","due":"tomorrow"}"#, "due"),
      (#"{"topic":"Capitals","due":"\#(due(in: 60))","attempts":0}"#, "attempts"),
      (#"{"topic":"Capitals","due":"\#(due(in: 60))","scoring":"speed"}"#, "scoring"),
      (#"{"topic":"Capitals","due":"\#(due(in: 60))","set":9}"#, "set"),
      (#"{"topic":"Capitals","due":"\#(due(in: 60))","class":"9Z"}"#, "class"),
    ] {
      let refused = await post("/api/assignments", body, headers: Self.teacher)
      #expect(refused.status == 422 && string(refused.json["field"]) == field, "\(body): \(refused.json)")
    }
    #expect(
      await post("/api/assignments", #"{"topic":"Nope","due":"\#(due(in: 60))"}"#, headers: Self.teacher).status == 404)
    #expect(await post("/api/assignments", #"{"topic":"Capitals","due":"\#(due(in: 60))"}"#).status == 401)
  }

  @Test func aClassAssignmentTakesTheRostersNamesOnlyAndHostileNamesAreRefused() async throws {
    let code = try await assign(#","class":"7b""#)
    let outsider = await post("/api/assignments/\(code)/students", #"{"name":"Mallory"}"#)
    #expect(outsider.status == 403 && string(outsider.json["field"]) == "name")
    _ = try await join(code, "ada lovelace")
    // A name taken and a name off the roster get one answer (issue 50 item 12: before,
    // 409 and 403 told a stranger who is on the list).
    let taken = await post("/api/assignments/\(code)/students", #"{"name":"ADA LOVELACE"}"#)
    #expect(taken.status == 403 && string(taken.json["reason"]) == "name_refused")
    #expect(taken.status == outsider.status && "\(taken.json)" == "\(outsider.json)")
    for hostile in [#""Ada\u202eecalevol""#, #""""#, #""\u0000""#, #"7"#, #"{"x":1}"#] {
      let refused = await post("/api/assignments/\(code)/students", #"{"name":\#(hostile)}"#)
      #expect([400, 422].contains(refused.status), "\(hostile): \(refused.status)")
    }
    let results = await get("/api/assignments/\(code)/results.csv", headers: Self.teacher)
    #expect(results.status == 200)
    #expect(results.text.contains("Ada Lovelace,not finished"))
    #expect(results.text.contains("Alan Turing,not started") && results.text.contains("Grace Hopper,not started"))
  }

  @Test func studentsAndAttemptsAreBounded() async throws {
    let code = try await assign(#","max_students":2,"attempts":2"#)
    let ada = try await join(code, "Ada")
    _ = try await join(code, "Alan")
    #expect(await post("/api/assignments/\(code)/students", #"{"name":"Grace"}"#).status == 403)
    for index in 0..<3 { _ = await answer(code, ada, index, [1]) }
    #expect(await answer(code, ada, 0, [0]).status == 409, "the attempt is over: start another")
    let again = await post("/api/assignments/\(code)/attempts", #"{"secret":"\#(ada)"}"#)
    #expect(again.status == 201 && again.json["attempt"] == .number(2))
    for index in 0..<3 { _ = await answer(code, ada, index, [0]) }
    #expect(await post("/api/assignments/\(code)/attempts", #"{"secret":"\#(ada)"}"#).status == 410)
    // Too many answers in one request, and picks out of range.
    let many = "[" + Array(repeating: "0", count: 300).joined(separator: ",") + "]"
    #expect(
      await post("/api/assignments/\(code)/answers", #"{"secret":"\#(ada)","index":0,"answers":\#(many)}"#).status
        == 422)
    #expect(app.bodyLimit(method: "POST", path: "/api/assignments/\(code)/answers") == 16 << 10)
  }

  @Test func anOpenAssignmentsTopicIsHiddenFromStudentsUntilItIsDue() async throws {
    #expect(await get("/t/Capitals.json").status == 200)
    _ = try await assign(dueIn: 120)
    #expect(await get("/t/Capitals.json").status == 404)
    #expect(await get("/t/Capitals").status == 404)
    #expect(!(await get("/").text.contains("/t/Capitals")))
    #expect(await get("/t/Capitals.json", headers: Self.teacher).status == 200, "the teacher still sees it")
    clock.advance(by: 120)
    #expect(await get("/t/Capitals.json").status == 200)
  }

  @Test func aServerStartedAgainFindsEveryAcknowledgedAnswer() async throws {
    let code = try await assign()
    let ada = try await join(code, "Ada")
    _ = await answer(code, ada, 0, [0])
    _ = await answer(code, ada, 1, [0, 2])
    let again = try Self.app(library: library, cache: cache, data: data, clock: clock)
    #expect(again.resumeAssignments().isEmpty)
    let client = WebAppClient(app: again)
    let next = await client.request("GET", "/api/assignments/\(code)/next?secret=\(ada)")
    let json = try JSONParser.parse(next.body)
    #expect(json["index"] == .number(2) && json["score"] == .number(2000))
    #expect(await client.request("GET", "/t/Capitals.json").status == 404, "still hidden after the restart")
    let list = try JSONParser.parse(await client.request("GET", "/api/assignments", headers: Self.teacher).body)
    guard case .array(let items)? = list["assignments"] else { throw CocoaError(.coderInvalidValue) }
    #expect(items.count == 1 && items[0]["students"] == .number(1))
  }
}
