import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom

/// `qrquiz serve --database postgresql://…` on 127.0.0.1: the records on the test's own
/// database of the throwaway cluster, none in the data folder; a server killed (SIGKILL)
/// after acknowledging answers loses none of them; a server that cannot be reached is said
/// in one line, and nothing serves.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct PostgreSQLServeTests {
  let home: TemporaryDirectory
  let library: TemporaryDirectory
  let cache: TemporaryDirectory

  init() throws {
    home = try TemporaryDirectory()
    (library, cache) = try LiveLibrary.make()
  }

  func startServer(_ database: TestRecords) throws -> ServeProcess {
    let url = try #require(database.address?.url)
    return try ServeProcess(
      [library.url.path, "--cache-dir", cache.url.path, "--database", url], environment: home.qrquizEnvironment)
  }

  func teacherToken(_ server: ServeProcess) throws -> String { try #require(server.teacherToken) }

  func string(_ value: JSONValue?) -> String { if case .string(let text)? = value { text } else { "" } }

  @Test func theRecordsAreKeptOnTheServerAndAKilledProcessLosesNoAcknowledgedAnswer() throws {
    let database = try TestRecords(.postgreSQL)
    try ClassRosterStore(records: try database.open()).create(
      try ClassRoster(name: "7B", students: ["Ada Lovelace", "Alan Turing"]))
    var server = try startServer(database)
    let token = try teacherToken(server)
    let due = Assignment.timestamp(QuizClock.Instant(Date().addingTimeInterval(3600)))
    let made = try server.postJSON(
      "/api/assignments", #"{"topic":"Capitals","set":1,"due":"\#(due)","class":"7B"}"#,
      token: token)
    try #require(made.status == 201, "\(made.json)")
    let code = string(made.json["code"])
    // The class on PostgreSQL is the one the server checks names against.
    #expect(try server.postJSON("/api/assignments/\(code)/students", #"{"name":"Mallory"}"#).status == 403)
    let joined = try server.postJSON("/api/assignments/\(code)/students", #"{"name":"ada lovelace"}"#)
    let secret = string(joined.json["secret"])
    for (index, picks) in [(0, "[0]"), (1, "[0,2]")] {
      let answered = try server.postJSON(
        "/api/assignments/\(code)/answers", #"{"secret":"\#(secret)","index":\#(index),"answers":\#(picks)}"#)
      #expect(answered.status == 200 && answered.json["right"] == .bool(true))
    }
    server.kill()
    // Every acknowledged answer is a row on the database server, none in the data folder.
    let work = try #require(try AssignmentStore(records: try database.open()).work(code: code))
    #expect(work.students.map(\.name.text) == ["Ada Lovelace"])
    #expect(work.students.first?.best.answers.count == 2 && work.students.first?.best.correct == 2)
    let folderFile = home.url.appendingPathComponent("data/qrquiz/\(RecordStore.fileName)")
    #expect(!FileManager.default.fileExists(atPath: folderFile.path))
    // Started again on the same database, the work goes on where it was.
    server = try startServer(database)
    let next = try JSONParser.parse(try server.request("GET", "/api/assignments/\(code)/next?secret=\(secret)").body)
    #expect(next["index"] == .number(2) && next["score"] == .number(2000), "\(next)")
    #expect(server.errorText.isEmpty, "\(server.errorText)")
  }

  /// As the systemd unit starts it: the database from `$QRQUIZ_DATABASE` (server.conf), no
  /// flag. The class made on the database is the one the server assigns homework to.
  @Test func theDatabaseComesFromQRQUIZ_DATABASEWithoutTheFlag() throws {
    let database = try TestRecords(.postgreSQL)
    try ClassRosterStore(records: try database.open()).create(try ClassRoster(name: "7B", students: ["Ada Lovelace"]))
    var environment = home.qrquizEnvironment
    environment["QRQUIZ_DATABASE"] = try #require(database.address?.url)
    let server = try ServeProcess([library.url.path, "--cache-dir", cache.url.path], environment: environment)
    let due = Assignment.timestamp(QuizClock.Instant(Date().addingTimeInterval(3600)))
    let made = try server.postJSON(
      "/api/assignments", #"{"topic":"Capitals","set":1,"due":"\#(due)","class":"7B"}"#,
      token: try teacherToken(server))
    #expect(made.status == 201, "\(made.json)")
    let folderFile = home.url.appendingPathComponent("data/qrquiz/\(RecordStore.fileName)")
    #expect(!FileManager.default.fileExists(atPath: folderFile.path))
  }

  /// A school's IT makes classes on the server's database as the service sees it: `qrquiz
  /// class` with `$QRQUIZ_DATABASE` set keeps the class there (not in the data folder), and
  /// the server started on it assigns homework to it.
  @Test func aClassMadeWithQRQUIZ_DATABASEIsOnTheServersDatabase() throws {
    let database = try TestRecords(.postgreSQL)
    var environment = home.qrquizEnvironment
    environment["QRQUIZ_DATABASE"] = try #require(database.address?.url)
    let names = home.url.appendingPathComponent("9B.txt")
    try Data("Ada Lovelace\nAlan Turing\n".utf8).write(to: names)
    let made = try ProcessRunner.qrquiz(["class", "new", "9B", "--students", names.path], environment: environment)
    #expect(made.status == 0, "\(made.stderr)")
    let roster = try ClassRosterStore(records: try database.open()).roster(named: "9B")
    #expect(roster.students.map(\.name.text) == ["Ada Lovelace", "Alan Turing"])
    let shown = try ProcessRunner.qrquiz(["class", "show", "9B"], environment: environment)
    #expect(shown.status == 0 && shown.stdoutText.contains("Alan Turing"), "\(shown.stderr)")
    let folderFile = home.url.appendingPathComponent("data/qrquiz/\(RecordStore.fileName)")
    #expect(!FileManager.default.fileExists(atPath: folderFile.path))
    let server = try ServeProcess([library.url.path, "--cache-dir", cache.url.path], environment: environment)
    let due = Assignment.timestamp(QuizClock.Instant(Date().addingTimeInterval(3600)))
    let assigned = try server.postJSON(
      "/api/assignments", #"{"topic":"Capitals","set":1,"due":"\#(due)","class":"9B"}"#,
      token: try teacherToken(server))
    #expect(assigned.status == 201, "\(assigned.json)")
  }

  @Test func aDatabaseThatCannotBeReachedIsSaidInOneLineAndNothingServes() throws {
    let result = try ProcessRunner.qrquiz(
      [
        "serve", "--port", "0", library.url.path, "--cache-dir", cache.url.path, "--database",
        "postgresql://ada:s3cret@/school?host=/nonexistent-qrquiz-folder&port=5432",
      ], environment: home.qrquizEnvironment)
    #expect(result.status != 0)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(result.stderr)")
    #expect(result.stderr.contains("postgresql://ada:***@/school") && result.stderr.contains("cannot be reached"))
    #expect(!result.stderr.contains("s3cret") && result.stdoutText.isEmpty, "\(result.stdoutText)")
    let bad = try ProcessRunner.qrquiz(
      ["serve", "--database", "/var/lib/records.sqlite"], environment: home.qrquizEnvironment)
    #expect(bad.status == 2 && bad.stderr.contains("--database must be a postgresql:// URL"), "\(bad.stderr)")
  }
}
