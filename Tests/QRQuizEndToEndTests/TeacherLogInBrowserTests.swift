import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom
@testable import QRQuizServer

/// A teacher of a school's server in headless Chromium (Fixtures/sign_in_check.py), by
/// keyboard alone, against a server in this process: the admin's link sets the password,
/// logging in opens the classes with an HttpOnly, SameSite=Strict session cookie, a wrong
/// password is said in an alert, logging out ends the session; the pages in Spanish; every
/// page axe-clean in both schemes at 320 and 390 px and at the projector's 1280×720 and
/// 1920×1080, and no wider than a 320 px screen.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct TeacherLogInBrowserTests {
  /// The browser check's processor time, Chromium's included: a hang, never its pace.
  static let hangLimit = HangLimit.processorSeconds(600)

  struct Report: Decodable {
    struct Violation: Decodable, CustomStringConvertible {
      var page: String
      var scheme: String
      var width: Int
      var language: String
      var rule: String
      var description: String { "\(page) \(language) \(scheme) \(width): \(rule)" }
    }
    struct Cookie: Decodable {
      var httpOnly: Bool?
      var sameSite: String?
      var secure: Bool?
      var expires: Bool
    }
    var notice: String
    var refused: String
    var classes: String
    var account: String
    var cookie: Cookie
    var signedIn: String
    var loggedOut: String
    var afterLogOut: String
    var spanish: [String: Lines]
    var violations: [Violation]
    var pages: [String]
    var layout: [String: [String]]
    var console: [String]
  }

  enum Lines: Decodable, Equatable {
    case text(String)
    case list([String])
    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let text = try? container.decode(String.self) {
        self = .text(text)
      } else {
        self = .list(try container.decode([String].self))
      }
    }
  }

  @Test func aTeacherSetsAPasswordLogsInAndOut() async throws {
    let (library, _) = try LiveLibrary.make()
    let data = try TemporaryDirectory()
    let records = try data.records()
    let teachers = TeacherAccountStore(records: records)
    let code = try teachers.add(name: "Ada Lovelace", email: "ada@school.example", at: QuizClock.now).code
    let app = QuizWebApp(
      topics: .library(TopicLibrary(directory: library.url)),
      configuration: .init(
        publicURL: "http://127.0.0.1", teacherToken: String(repeating: "3c", count: 16),
        assignmentStore: AssignmentStore(records: records), classes: ClassRosterStore(records: records),
        teacherAccounts: teachers))
    app.reload()
    let http = try HTTPServer(configuration: .init(port: 0), responder: app)
    defer { http.stop(timeout: 1) }
    let base = "http://127.0.0.1:\(http.port)"
    app.setPublicURL(base)

    let output = try TemporaryDirectory()
    let process = try ChildProcess(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["python3", Fixtures.url("sign_in_check.py").path, base, code]
        + (ProcessInfo.processInfo.environment["QRQUIZ_SCREENSHOTS"].map { ["--screenshots", $0] } ?? []),
      stdout: output.url.appendingPathComponent("stdout"), stderr: output.url.appendingPathComponent("stderr"))
    defer { process.killNow() }
    let stderr = {
      String(decoding: (try? Data(contentsOf: output.url.appendingPathComponent("stderr"))) ?? Data(), as: UTF8.self)
    }
    let finished = await process.ended(hangLimit: Self.hangLimit)
    try #require(finished, "the script did not finish: \(stderr())")
    try #require(process.terminationStatus == 0, "\(stderr())")
    let report = try JSONDecoder().decode(
      Report.self, from: try Data(contentsOf: output.url.appendingPathComponent("stdout")))

    #expect(report.notice == "Your password is set: log in with it.")
    #expect(report.refused == "This name or email address and this password do not go together.")
    #expect(report.classes == "Classes", "\(report.classes)")
    #expect(report.account == "Account", "the header's link to log out from")
    #expect(report.cookie.httpOnly == true && report.cookie.sameSite == "Strict" && report.cookie.expires)
    #expect(report.cookie.secure != true, "the address is http here")
    #expect(report.signedIn == "You are logged in as Ada Lovelace.")
    #expect(report.loggedOut == "You are logged out.")
    #expect(report.afterLogOut == "/login?back=%2Fclasses")
    #expect(report.spanish["heading"] == .text("Iniciar sesión"))
    #expect(report.spanish["labels"] == .list(["Tu nombre o dirección de correo", "Contraseña"]))
    #expect(report.spanish["password"] == .text("Pon tu contraseña"))

    #expect(report.violations.isEmpty, "\(report.violations)")
    #expect(report.pages.count == 7, "\(report.pages)")
    for (page, offenders) in report.layout.sorted(by: { $0.key < $1.key }) {
      #expect(offenders.isEmpty, "\(page): \(offenders)")
    }
    // The one refusal the walk asks for (a wrong password: 403) is the console's only line.
    let console = report.console.filter { !$0.contains("/login - Failed to load resource") || !$0.contains("403") }
    #expect(console.isEmpty, "\(report.console)")
  }
}
