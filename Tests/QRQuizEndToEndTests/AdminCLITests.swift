import Foundation
import QRQuiz
import QRQuizTestSupport
import Testing

@testable import QRQuizClassroom

/// `qrquiz admin teacher …` as the person running a school's server uses it, on the data
/// folder's records and on PostgreSQL (`--database`): the one-time link, personal tokens,
/// the list, disabling; a mistake said in one line, with nothing made.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct AdminCLITests {
  let home: TemporaryDirectory

  init() throws { home = try TemporaryDirectory() }

  @Test func aClassIsGivenToItsTeacherWhenMade() throws {
    func qrquiz(_ arguments: [String]) throws -> ProcessResult {
      try ProcessRunner.qrquiz(arguments, environment: home.qrquizEnvironment)
    }
    let added = try qrquiz([
      "admin", "teacher", "add", "Ada Lovelace", "--email", "ada@school.example", "--public-url",
      "https://quiz.school.example",
    ])
    #expect(added.status == 0, "\(added.stderr)")
    let made = try qrquiz(["class", "new", "7B Ada", "--teacher", "ada lovelace"])
    #expect(made.status == 0 && made.stdoutText.hasSuffix(", Ada Lovelace's\n"), "\(made.stdoutText)\(made.stderr)")
    let records = try RecordStore(
      file: home.url.appendingPathComponent("data/qrquiz").appendingPathComponent(RecordStore.fileName))
    let ada = try TeacherAccountStore(records: records).account(named: "Ada Lovelace")
    #expect(try ClassRosterStore(records: records).teacher(ofClass: "7B Ada") == ada.id)
    // An unknown teacher: one line, and no class made for nobody.
    let unknown = try qrquiz(["class", "new", "7C", "--teacher", "Nobody"])
    #expect(
      unknown.status == 3 && unknown.stderr.hasSuffix("no teacher named 'Nobody' (see qrquiz admin teacher list)\n"),
      "\(unknown.stderr)")
    #expect(!(try qrquiz(["class", "list"]).stdoutText.contains("7C")))
  }

  @Test(arguments: RecordEngine.allCases)
  func anAccountItsLinkItsTokensAndDisablingIt(engine: RecordEngine) throws {
    let database = try TestRecords(engine)
    let databaseOption = database.address.map { ["--database", $0.url] } ?? []
    func qrquiz(_ arguments: [String]) throws -> ProcessResult {
      try ProcessRunner.qrquiz(["admin", "teacher"] + arguments + databaseOption, environment: home.qrquizEnvironment)
    }
    let added = try qrquiz([
      "add", "Ada Lovelace", "--email", "ada@school.example", "--public-url", "https://quiz.school.example/",
    ])
    #expect(added.status == 0, "\(added.stderr)")
    let lines = added.stdoutText.split(separator: "\n").map(String.init)
    try #require(lines.count == 2, "\(added.stdoutText)")
    #expect(lines[0].hasPrefix("teacher Ada Lovelace: set the password at (once, until "))
    let prefix = "https://quiz.school.example/account/password?code="
    #expect(lines[1].hasPrefix(prefix) && lines[1].count == prefix.count + 64, "\(lines[1])")
    let code = String(lines[1].dropFirst(prefix.count))

    // The link really sets the password, once (the page that opens it reads the same store).
    let records =
      try database.address.map { try RecordStore(postgreSQL: $0) }
      ?? RecordStore(file: home.url.appendingPathComponent("data/qrquiz").appendingPathComponent(RecordStore.fileName))
    let store = TeacherAccountStore(records: records)
    #expect(try store.setPassword(code: code, password: "correct horse battery", at: QuizClock.now).hasPassword)

    let token = try qrquiz(["token", "ada lovelace"])
    #expect(token.status == 0, "\(token.stderr)")
    let secret = token.stdoutText.trimmingCharacters(in: .newlines)
    #expect(secret.count == 64 && secret.allSatisfy(\.isHexDigit))
    #expect(try store.teacher(bearer: secret, at: QuizClock.now)?.name == "Ada Lovelace")

    let listed = try qrquiz(["list"])
    #expect(listed.status == 0 && listed.stdoutText.contains("Ada Lovelace"), "\(listed.stderr)")
    #expect(listed.stdoutText.contains("password set") && listed.stdoutText.contains("1 token"))
    let json = try qrquiz(["list", "--json"])
    #expect(
      json.stdoutText
        == #"{"name":"Ada Lovelace","email":"ada@school.example","password":true,"tokens":1,"disabled":false}"#
        + "\n", "\(json.stdoutText)")

    let revoked = try qrquiz(["token", "Ada Lovelace", "--revoke"])
    #expect(revoked.status == 0 && revoked.stdoutText == "teacher Ada Lovelace: 1 token revoked\n")
    #expect(try store.teacher(bearer: secret, at: QuizClock.now) == nil)

    let again = try qrquiz(["token", "Ada Lovelace"]).stdoutText.trimmingCharacters(in: .newlines)
    let disabled = try qrquiz(["disable", "ada@school.example"])
    #expect(disabled.status == 0, "\(disabled.stderr)")
    #expect(disabled.stdoutText == "teacher Ada Lovelace: disabled; their sessions and tokens no longer work\n")
    #expect(try store.teacher(bearer: again, at: QuizClock.now) == nil)
    #expect(try qrquiz(["list"]).stdoutText.contains("disabled"))
  }

  @Test func mistakesAreSaidInOneLineAndMakeNothing() throws {
    let environment = home.qrquizEnvironment
    func qrquiz(_ arguments: [String]) throws -> ProcessResult {
      try ProcessRunner.qrquiz(["admin", "teacher"] + arguments, environment: environment)
    }
    let noEmail = try qrquiz(["add", "Ada"])
    #expect(noEmail.status == 2 && noEmail.stderr.contains("--email is needed"), "\(noEmail.stderr)")
    let noAddress = try qrquiz(["add", "Ada", "--email", "ada@school.example"])
    #expect(noAddress.status == 2 && noAddress.stderr.contains("give --public-url"), "\(noAddress.stderr)")
    #expect(noAddress.stderr.split(separator: "\n").count == 1)
    let badEmail = try qrquiz(["add", "Ada", "--email", "ada", "--public-url", "http://quiz.local"])
    #expect(badEmail.status == 1 && badEmail.stderr == "'ada' is not an email address\n", "\(badEmail.stderr)")
    let nobody = try qrquiz(["token", "Nobody"])
    #expect(
      nobody.status == 3 && nobody.stderr == "no teacher named 'Nobody' (see qrquiz admin teacher list)\n",
      "\(nobody.stderr)")
    // Nothing was made by the refused commands.
    #expect(try qrquiz(["list"]).stdoutText == "")
    // A name with an escape sequence is refused, and said harmless on the terminal.
    let odd = try qrquiz(["add", "Eve\u{1B}[2J", "--email", "eve@school.example", "--public-url", "http://quiz.local"])
    #expect(odd.status == 1 && odd.stderr.contains("cannot be a teacher's name"), "\(odd.stderr)")
    #expect(!odd.stderr.contains("\u{1B}") && odd.stdoutText.isEmpty)
  }
}
