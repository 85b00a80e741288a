import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom
@testable import QRQuizServer

/// A school's server, on both engines: once the records hold teachers' accounts, each
/// teacher's personal API token takes the place of the single one (which opens nothing
/// any more), and each sees and changes only their own classes, games and homework:
/// another teacher's is answered exactly as one that does not exist.
@Suite struct TeacherOwnershipTests {
  let library: TemporaryDirectory
  let cache: TemporaryDirectory
  let records: TestRecords
  let teachers: TeacherAccountStore
  let clock = ManualClock()
  let app: QuizWebApp
  let client: WebAppClient
  let ada: [String: String]
  let alan: [String: String]
  static let laptopToken = String(repeating: "3c", count: 16)

  init(engine: RecordEngine) throws {
    (library, cache) = try LiveLibrary.make()
    records = try TestRecords(engine)
    let store = try records.open()
    teachers = TeacherAccountStore(records: store)
    let now = clock.clock.now()
    _ = try teachers.add(name: "Ada Lovelace", email: "ada@school.example", at: now)
    _ = try teachers.add(name: "Alan Turing", email: "alan@school.example", at: now)
    ada = ["Authorization": "Bearer " + (try teachers.issueToken(for: "Ada Lovelace", at: now))]
    alan = ["Authorization": "Bearer " + (try teachers.issueToken(for: "Alan Turing", at: now))]
    let classes = ClassRosterStore(records: store)
    try classes.create(try ClassRoster(name: "7B", students: ["Grace Hopper", "Edsger Dijkstra"]))
    try classes.setTeacher(try teachers.account(named: "Ada Lovelace").id, ofClass: "7B")
    let assignments = AssignmentStore(records: store)
    let games = LiveGameStore(records: store, directory: records.directory.url.appendingPathComponent("live"))
    app = QuizWebApp(
      topics: .library(TopicLibrary(directory: library.url)),
      configuration: .init(
        publicURL: "http://192.168.1.20:8080", teacherToken: Self.laptopToken,
        imageCache: try ImageDiskCache(directory: cache.url), liveGames: games, assignmentStore: assignments,
        classes: classes, teacherAccounts: teachers),
      live: LiveGames(store: games, clock: clock.clock, runsTicker: false),
      assignments: Assignments(store: assignments, clock: clock.clock))
    app.reload()
    client = WebAppClient(app: app)
  }

  func send(_ method: String, _ path: String, _ headers: [String: String] = [:], json: String? = nil) async
    -> WebAppClient.Response
  {
    var headers = headers
    if json != nil { headers["Content-Type"] = "application/json" }
    return await client.request(method, path, headers: headers, body: Array((json ?? "").utf8))
  }

  func string(_ response: WebAppClient.Response, _ key: String) -> String {
    if case .string(let text)? = (try? JSONParser.parse(response.body))?[key] { text } else { "" }
  }

  func homework(_ headers: [String: String], className: String? = nil) async -> WebAppClient.Response {
    let due = Assignment.timestamp(clock.clock.now() + .seconds(3600))
    let forClass = className.map { #","class":"\#($0)""# } ?? ""
    return await send(
      "POST", "/api/assignments", headers, json: #"{"topic":"Capitals","set":1,"due":"\#(due)"\#(forClass)}"#)
  }

  @Test(arguments: RecordEngine.allCases)
  static func theSingleTokenOpensNothingOnceAccountsExist(engine: RecordEngine) async throws {
    let test = try TeacherOwnershipTests(engine: engine)
    let laptop = ["Authorization": "Bearer \(laptopToken)"]
    #expect(await test.send("GET", "/api/assignments", laptop).status == 403)
    #expect(await test.homework(laptop).status == 403)
    #expect(await test.send("GET", "/classes?token=\(laptopToken)").status == 403, "no signing in with it either")
    #expect(await test.send("GET", "/api/assignments", test.ada).status == 200)
    #expect(await test.send("GET", "/api/assignments").status == 401)
  }

  @Test(arguments: RecordEngine.allCases)
  static func anotherTeachersHomeworkIsOneThatDoesNotExist(engine: RecordEngine) async throws {
    let test = try TeacherOwnershipTests(engine: engine)
    let made = await test.homework(test.ada, className: "7B")
    try #require(made.status == 201, "\(made.text)")
    let code = test.string(made, "code")
    // The row says whose it is.
    let adaID = try test.teachers.account(named: "Ada Lovelace").id
    let owner = try test.records.open().read { database throws(DatabaseError) in
      try database.value("SELECT teacher_id FROM assignments WHERE code = \(code)", as: Int64.self)
    }
    #expect(owner == adaID)

    #expect(await test.send("GET", "/api/assignments", test.ada).text.contains(code))
    #expect(!(await test.send("GET", "/api/assignments", test.alan).text.contains(code)))
    let missing = "ZZZZ2345"
    for path in ["/api/assignments/CODE/results.json", "/api/assignments/CODE/results.csv"] {
      #expect(await test.send("GET", path.replacingOccurrences(of: "CODE", with: code), test.ada).status == 200)
      let theirs = await test.send("GET", path.replacingOccurrences(of: "CODE", with: code), test.alan)
      let nobodys = await test.send("GET", path.replacingOccurrences(of: "CODE", with: missing), test.alan)
      #expect(theirs.status == 404 && theirs.status == nobodys.status && theirs.body == nobodys.body, "\(path)")
    }
    // Ada's class is one Alan has not: refused in the words of a class nobody has.
    let theirClass = await test.homework(test.alan, className: "7B")
    let noClass = await test.homework(test.alan, className: "7b-nobody")
    #expect(theirClass.status == 422 && noClass.status == 422)
    #expect(
      theirClass.text.replacingOccurrences(of: "7B", with: "X")
        == noClass.text.replacingOccurrences(of: "7b-nobody", with: "X"))
  }

  @Test(arguments: RecordEngine.allCases)
  static func anotherTeachersClassIsOneThatDoesNotExist(engine: RecordEngine) async throws {
    let test = try TeacherOwnershipTests(engine: engine)
    #expect(await test.send("GET", "/api/classes/7B/gradebook.json", test.ada).status == 200)
    let theirs = await test.send("GET", "/api/classes/7B/gradebook.json", test.alan)
    let nobodys = await test.send("GET", "/api/classes/9Z/gradebook.json", test.alan)
    #expect(theirs.status == 404 && nobodys.status == 404)
    #expect(
      theirs.text.replacingOccurrences(of: "7B", with: "X") == nobodys.text.replacingOccurrences(of: "9Z", with: "X"))
    #expect(await test.send("GET", "/classes", test.ada).text.contains("href=\"/classes/7B\""))
    let alansList = await test.send("GET", "/classes", test.alan).text
    #expect(!alansList.contains("/classes/7B"), "\(alansList)")
  }

  @Test(arguments: RecordEngine.allCases)
  static func anotherTeachersGameIsAStrangers(engine: RecordEngine) async throws {
    let test = try TeacherOwnershipTests(engine: engine)
    let made = await test.send("POST", "/api/live", test.ada, json: #"{"topic":"Capitals","set":1}"#)
    try #require(made.status == 201, "\(made.text)")
    let pin = test.string(made, "pin")
    let adaID = try test.teachers.account(named: "Ada Lovelace").id
    let owner = try test.records.open().read { database throws(DatabaseError) in
      try database.value("SELECT teacher_id FROM live_games WHERE pin = \(pin)", as: Int64.self)
    }
    #expect(owner == adaID)
    #expect(await test.send("GET", "/api/live", test.ada).text.contains(pin))
    #expect(!(await test.send("GET", "/api/live", test.alan).text.contains(pin)))
    // Alan is no host of Ada's game: what he gets is what anyone without its secret gets.
    let byAlan = await test.send("POST", "/api/live/\(pin)/next", test.alan, json: #"{"secret":"nope"}"#)
    let byNobody = await test.send("POST", "/api/live/\(pin)/next", json: #"{"secret":"nope"}"#)
    #expect(byAlan.status == 403 && byAlan.body == byNobody.body)
    let byAda = await test.send("POST", "/api/live/\(pin)/next", test.ada, json: "{}")
    #expect(![401, 403, 404].contains(byAda.status), "Ada is its host without its secret: \(byAda.text)")
    // Nor may he play Ada's class's cards.
    let cards = await test.send("POST", "/api/live", test.alan, json: #"{"topic":"Capitals","set":1,"class":"7B"}"#)
    #expect(cards.status == 404)
  }

  @Test(arguments: RecordEngine.allCases)
  static func aRevokedTokenOrADisabledTeacherIsNobody(engine: RecordEngine) async throws {
    let test = try TeacherOwnershipTests(engine: engine)
    try test.teachers.revokeTokens(of: "Alan Turing")
    #expect(await test.send("GET", "/api/assignments", test.alan).status == 403)
    #expect(await test.send("GET", "/api/assignments", test.ada).status == 200)
    try test.teachers.disable("Ada Lovelace")
    #expect(await test.send("GET", "/api/assignments", test.ada).status == 403)
  }
}
