import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom

/// Assignments on a real `qrquiz serve` on 127.0.0.1: a class's roster from `qrquiz class`'s
/// folder, a server killed (SIGKILL) just after acknowledging answers and started again,
/// and a real deadline a few seconds away.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct AssignmentServerTests {
  let home: TemporaryDirectory
  let library: TemporaryDirectory
  let cache: TemporaryDirectory

  init() throws {
    home = try TemporaryDirectory()
    (library, cache) = try LiveLibrary.make()
    let classes = ClassRosterStore(
      records: try RecordStore(file: home.url.appendingPathComponent("data/qrquiz/\(RecordStore.fileName)")))
    try classes.create(try ClassRoster(name: "7B", students: ["Ada Lovelace", "Alan Turing"]))
  }

  func startServer() throws -> ServeProcess {
    try ServeProcess([library.url.path, "--cache-dir", cache.url.path], environment: home.qrquizEnvironment)
  }

  func post(_ server: ServeProcess, _ path: String, _ body: String, headers: [String: String] = [:]) throws
    -> (status: Int, json: JSONValue)
  {
    let response = try server.request(
      "POST", path, headers: ["Content-Type": "application/json"].merging(headers) { $1 }, body: Array(body.utf8))
    return (response.status, (try? JSONParser.parse(response.body)) ?? .null)
  }

  func get(_ server: ServeProcess, _ path: String) throws -> JSONValue {
    try JSONParser.parse(try server.request("GET", path).body)
  }

  func string(_ value: JSONValue?) -> String { if case .string(let text)? = value { text } else { "" } }

  func assign(_ server: ServeProcess, dueIn seconds: Double, _ extra: String = "") throws -> String {
    let token = try #require(server.teacherToken)
    let due = Assignment.timestamp(QuizClock.Instant(Date().addingTimeInterval(seconds)))
    let made = try post(
      server, "/api/assignments", #"{"topic":"Capitals","set":1,"due":"\#(due)"\#(extra)}"#,
      headers: ["Authorization": "Bearer \(token)"])
    try #require(made.status == 201, "\(made.json)")
    return string(made.json["code"])
  }

  @Test func aServerKilledAfterAcknowledgingAnswersLosesNoneOfThem() throws {
    var server = try startServer()
    let code = try assign(server, dueIn: 3600, #","class":"7B""#)
    #expect(try post(server, "/api/assignments/\(code)/students", #"{"name":"Mallory"}"#).status == 403)
    let joined = try post(server, "/api/assignments/\(code)/students", #"{"name":"ada lovelace"}"#)
    let secret = string(joined.json["secret"])
    for (index, picks) in [(0, "[0]"), (1, "[0,2]")] {
      let answered = try post(
        server, "/api/assignments/\(code)/answers", #"{"secret":"\#(secret)","index":\#(index),"answers":\#(picks)}"#)
      #expect(answered.status == 200 && answered.json["right"] == .bool(true))
    }
    server.kill()
    server = try startServer()
    let next = try get(server, "/api/assignments/\(code)/next?secret=\(secret)")
    #expect(next["index"] == .number(2) && next["score"] == .number(2000), "\(next)")
    #expect(string(next["name"]) == "Ada Lovelace", "the roster's spelling")
    #expect(server.errorText.isEmpty, "\(server.errorText)")
  }

  @Test func aRealDeadlineRefusesTheAnswersThatComeAfterIt() throws {
    let server = try startServer()
    // The due time must come after Ada has joined, however slow the machine: ten times what
    // an assignment and a join take here now, timed on a first pair (and 3 s at least).
    let rehearsal = try ContinuousClock().measure {
      let code = try assign(server, dueIn: 3600)
      #expect(try post(server, "/api/assignments/\(code)/students", #"{"name":"Bo"}"#).status == 201)
    }
    let rehearsed = Double(rehearsal.components.seconds) + Double(rehearsal.components.attoseconds) / 1e18
    let code = try assign(server, dueIn: max(3, 10 * rehearsed))
    let joined = try post(server, "/api/assignments/\(code)/students", #"{"name":"Ada"}"#)
    try #require(joined.status == 201, "\(joined.json)")
    let secret = string(joined.json["secret"])
    // Until the server says the assignment is over, as long as the server runs.
    var result = JSONValue.null
    let over = try server.wait(until: {
      result = try get(server, "/api/assignments/\(code)/next?secret=\(secret)")
      return result["done"] == .bool(true)
    })
    #expect(over == .done, "\(over)")
    #expect(result["open"] == .bool(false), "\(result)")
    let late = try post(
      server, "/api/assignments/\(code)/answers", #"{"secret":"\#(secret)","index":0,"answers":[0]}"#)
    #expect(late.status == 410)
    #expect(try post(server, "/api/assignments/\(code)/students", #"{"name":"Alan"}"#).status == 410)
  }

  @Test func anAssignmentMadeByTheCommandLineIsServedHidesItsTopicAndPrintsItsResults() throws {
    let server = try startServer()
    #expect(try server.request("GET", "/t/Capitals.json").status == 200)
    let topics = home.url.appendingPathComponent("data/qrquiz/topics")
    try FileManager.default.createDirectory(at: topics, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: Fixtures.url("live/Capitals.json"), to: topics.appendingPathComponent("Capitals.json"))
    let environment = home.qrquizEnvironment
    let made = try ProcessRunner.qrquiz(
      ["assign", "Capitals", "--due", "2099-12-08 18:00", "--class", "7b", "--set", "1"], environment: environment)
    #expect(made.status == 0, "\(made.stderr)")
    let code = String(try #require(made.stdoutText.split(separator: " ").dropFirst().first).dropLast())
    #expect(Assignment.isCode(code), "\(made.stdoutText)")
    // The join address is the running server's, port and all (it was this machine's
    // address on port 8080 whatever port the server had).
    #expect(made.stdoutText.contains(":\(server.port)/a/\(code)"), "\(made.stdoutText)")

    // The running server lists it before anyone opened its code (an IT trial found it
    // missing from the teacher's list until a student came), and hides its topic.
    let token = try #require(server.teacherToken)
    let listed = try server.request("GET", "/api/assignments", headers: ["Authorization": "Bearer \(token)"])
    #expect(listed.text.contains(#""code":"\#(code)""#), "\(listed.text)")
    #expect(try server.request("GET", "/t/Capitals.json").status == 404)
    let joined = try post(server, "/api/assignments/\(code)/students", #"{"name":"Ada Lovelace"}"#)
    #expect(joined.status == 201)
    let secret = string(joined.json["secret"])
    let answered = try post(
      server, "/api/assignments/\(code)/answers", #"{"secret":"\#(secret)","index":0,"answers":[0]}"#)
    #expect(answered.status == 200)

    let results = try ProcessRunner.qrquiz(["assign", "--results", code, "--csv"], environment: environment)
    #expect(results.status == 0)
    #expect(results.stdoutText.contains("Ada Lovelace,not finished,1000,1,3,1"))
    #expect(results.stdoutText.contains("Alan Turing,not started"))
    let table = try ProcessRunner.qrquiz(["assign", "--results", code], environment: environment)
    #expect(table.stdoutText.contains("Ada Lovelace\tnot finished\tscore 1000\t1/3 right"))
    let missing = try ProcessRunner.qrquiz(["assign", "--results", "ZZZZ2345"], environment: environment)
    #expect(missing.status == 3 && missing.stderr.contains("no assignment has the code ZZZZ2345"))
    let late = try ProcessRunner.qrquiz(["assign", "Capitals", "--due", "2001-01-01 10:00"], environment: environment)
    #expect(late.status == 1 && late.stderr.contains("is past"))
  }

  /// `qrquiz assign --extend` and `--reopen` beside a running server: the change counts at
  /// once on it, `--results` lists it, and bad input is one line.
  @Test func extendAndReopenFromTheCommandLineCountAtOnceOnARunningServer() throws {
    let server = try startServer()
    let code = try assign(server, dueIn: 3600, #","class":"7B""#)
    let environment = home.qrquizEnvironment
    let extended = try ProcessRunner.qrquiz(
      ["assign", "--extend", code, "--student", "ada lovelace", "--until", "2099-12-10 18:00"],
      environment: environment)
    #expect(extended.status == 0, "\(extended.stderr)")
    #expect(extended.stdoutText.contains("Assignment \(code): Ada Lovelace may answer until 2099-12-10"))
    // The running server's own due time for Ada is the new one.
    let joined = try post(server, "/api/assignments/\(code)/students", #"{"name":"Ada Lovelace"}"#)
    let next = try get(server, "/api/assignments/\(code)/next?secret=\(string(joined.json["secret"]))")
    #expect(string(next["due"]).hasPrefix("2099-12-10"), "\(next)")
    let reopened = try ProcessRunner.qrquiz(
      ["assign", "--reopen", code, "--until", "2099-12-11 08:00"], environment: environment)
    #expect(reopened.status == 0 && reopened.stdoutText.contains("open to everyone until 2099-12-11"))
    let token = try #require(server.teacherToken)
    let listed = try server.request("GET", "/api/assignments", headers: ["Authorization": "Bearer \(token)"])
    #expect(listed.text.contains("2099-12-11"), "\(listed.text)")
    let results = try ProcessRunner.qrquiz(["assign", "--results", code], environment: environment)
    #expect(results.stdoutText.contains("extended for Ada Lovelace until 2099-12-10"), "\(results.stdoutText)")
    #expect(results.stdoutText.contains("reopened for everyone until 2099-12-11"))

    // Bad input: one line, a non-zero exit, nothing changed.
    let stranger = try ProcessRunner.qrquiz(
      ["assign", "--extend", code, "--student", "Mallory", "--until", "2099-12-12 18:00"], environment: environment)
    #expect(stranger.status == 1 && stranger.stderr.contains("Mallory is not on the class"), "\(stranger.stderr)")
    let earlier = try ProcessRunner.qrquiz(
      ["assign", "--reopen", code, "--until", "2099-12-09 08:00"], environment: environment)
    #expect(earlier.status == 1 && earlier.stderr.contains("not later"), "\(earlier.stderr)")
    let missing = try ProcessRunner.qrquiz(
      ["assign", "--reopen", "ZZZZ2345", "--until", "2099-12-12 18:00"], environment: environment)
    #expect(missing.status == 3 && missing.stderr.contains("no assignment has the code ZZZZ2345"))
    let noStudent = try ProcessRunner.qrquiz(
      ["assign", "--extend", code, "--until", "2099-12-12"], environment: environment)
    #expect(noStudent.status == 2 && noStudent.stderr.contains("--student"), "\(noStudent.stderr)")
    for run in [stranger, earlier, missing, noStudent] {
      #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    }
  }
}
