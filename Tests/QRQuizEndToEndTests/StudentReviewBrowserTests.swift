import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom
@testable import QRQuizServer

/// A phone reviews its class's missed questions in headless Chromium
/// (Fixtures/student_review_check.py) against a server in this process: from the
/// student's own page to their Review, the missed question first, the answer opened and
/// every card rated by keyboard alone until nothing is due; a classmate's Review in
/// Spanish; the teacher's gradebook with the class's memory; every page axe-clean at 320 and
/// 390 px and 1280×720 in both schemes and as wide as a 320 px screen.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct StudentReviewBrowserTests {
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
    var link: String
    var first: String
    var missed: String
    var buttons: [String]
    var focused: String
    var order: [String]
    /// The cards whose picture showed.
    var pictures: [String]
    var done: String
    var labels: [String]
    var refocused: [Bool]
    var spanish: [String: StringOrList]
    var memory: [[String]]
    var violations: [Violation]
    var pages: [String]
    var layout: [String: [String]]
    var console: [String]
  }

  enum StringOrList: Decodable, Equatable {
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

  @Test func aPhoneReviewsTheClasssMissedQuestions() async throws {
    let server = try HomeworkServer()
    let http = try HTTPServer(configuration: .init(port: 0), responder: server.app)
    defer { http.stop(timeout: 1) }
    let base = "http://127.0.0.1:\(http.port)"
    server.app.setPublicURL(base)
    try await server.playLiveGame([("Ada Lovelace", [[0], [1], [0]]), ("Alan Turing", [[1], nil, [0]])])
    let csrf = await server.formToken()
    _ = await server.client.request(
      "POST", "/classes/7B/links", headers: HomeworkServer.teacherCookie, body: Array("csrf=\(csrf)".utf8))
    let roster = try server.classes.roster(named: "7B")
    let ada = try #require(roster.student(card: 1)?.resultsSecret)
    let alan = try #require(roster.student(card: 2)?.resultsSecret)

    let output = try TemporaryDirectory()
    let process = try ChildProcess(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["python3", Fixtures.url("student_review_check.py").path, base, ada, alan, HomeworkServer.token]
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

    #expect(report.link == "Review: 4 cards to study now")
    #expect(report.first == "Which are in Spain?" && report.missed == "You missed this one in class")
    #expect(report.buttons.count == 4 && report.buttons[2] == "Good back in 10 min", "\(report.buttons)")
    #expect(report.buttons[0] == "Again back in 1 min", "\(report.buttons)")
    #expect(report.focused == "Good back in 10 min")
    #expect(
      report.order == ["Capital of France?", "What is this?", "Capital of Peru?", "Which are in Spain?"],
      "\(report.order)")
    #expect(report.pictures == ["What is this?"], "\(report.pictures)")
    #expect(report.done.hasPrefix("Nothing to review now"))
    #expect(report.labels == ["Show the answer", "Hide the answer"], "\(report.labels)")
    // After each rating but the last, the next card's Show the answer has the focus.
    #expect(report.refocused == [true, true, true, true], "\(report.refocused)")
    #expect(report.spanish["labels"] == .list(["Mostrar la respuesta", "Ocultar la respuesta"]))
    #expect(report.spanish["first"] == .text("Capital of France?"))
    #expect(report.spanish["missed"] == .text("Esta la fallaste en clase"))
    #expect(report.spanish["buttons"] == .list(try Self.spanishButtons(server)))
    #expect(report.memory.count == 3 && report.memory[0].first == "Ada Lovelace")
    #expect(report.memory[0].suffix(3) == ["0", "4", "100%"], "\(report.memory)")

    #expect(report.violations.isEmpty, "\(report.violations)")
    #expect(report.pages.count == 7, "\(report.pages)")
    for (page, offenders) in report.layout.sorted(by: { $0.key < $1.key }) {
      #expect(offenders.isEmpty, "\(page): \(offenders)")
    }
    #expect(report.console.isEmpty, "\(report.console)")
  }

  /// The buttons of Alan's France, a new card, in Spanish, as FSRS-6 says.
  static func spanishButtons(_ server: HomeworkServer) throws -> [String] {
    let now = server.clock.clock.now()
    let card = StudyCard(due: now, fuzzSeed: StudyLog.CardKey(topic: "Capitals", card: "Capital of France?").fuzzSeed)
    let dues = ClassesArea.scheduler.nextDues(of: card, at: now)
    let names: [(StudyRating, String)] = [(.again, "Otra vez"), (.hard, "Difícil"), (.good, "Bien"), (.easy, "Fácil")]
    return try names.map { rating, name in
      let due = try #require(dues[rating])
      return "\(name) vuelve en " + Pages(language: .spanish).intervalText(StudyInterval(from: now, to: due))
    }
  }
}
