import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizServer

/// Homework in headless Chromium (Fixtures/homework_browser_check.py) against a server in
/// this process whose clock the test moves past the due time when the script asks: a
/// student plays on a phone-size page, closes it mid-set and comes back to finish; another
/// is refused after the deadline; the teacher's results and gradebook; every page axe-clean
/// at 390 and 1280 px in both schemes, in English and Spanish, and as wide as the screen.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct HomeworkBrowserTests {
  /// The browser check's processor time, Chromium's included: a hang, never its pace.
  static let hangLimit = HangLimit.processorSeconds(600)

  struct Report: Decodable {
    struct Played: Decodable {
      var start: [String]
      var countdown: String
      var verdict: [String]
      var multiple: String
      var second: String
      var third: String
      var image: String
      var nextLabel: String
      var result: [String]
      var own: String?
    }
    struct Teacher: Decodable {
      var students: [[String]]
      var questions: [String]
      var qr: Int
      var gradebook: [[String]]
      var adaLink: String
      var merges: [String]
    }
    struct Violation: Decodable, CustomStringConvertible {
      var page: String
      var scheme: String
      var width: Int
      var language: String
      var rule: String
      var description: String { "\(page) \(language) \(scheme) \(width): \(rule)" }
    }
    var ada: Played
    var bea: Played
    var alan: [String: StringOrList]
    var grace: [String: String]
    var late: [String: String]
    var teacher: Teacher
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

  @Test func studentsPlayTheTeacherReadsAndEveryPageIsAccessible() async throws {
    let server = try HomeworkServer()
    let http = try HTTPServer(configuration: .init(port: 0), responder: server.app)
    defer { http.stop(timeout: 1) }
    let base = "http://127.0.0.1:\(http.port)"
    server.app.setPublicURL(base)
    // A guest too: the gradebook offers to merge them into a student (checked with the page).
    try await server.playLiveGame([
      ("Ada Lovelace", [[0], [0, 2], [0]]), ("Alan Turing", [[1], [0], [0]]), ("Al T", [[0], nil, nil]),
    ])
    let code = try await server.assign("Timed", #","set":1,"class":"7B""#)
    let spanish = try await server.assign("Timed", #","set":1"#, dueIn: 7200)
    let handshake = try TemporaryDirectory()
    let output = try TemporaryDirectory()
    let process = try ChildProcess(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "python3", Fixtures.url("homework_browser_check.py").path, base, HomeworkServer.token, code, spanish,
        handshake.url.path,
      ] + (ProcessInfo.processInfo.environment["QRQUIZ_SCREENSHOTS"].map { ["--screenshots", $0] } ?? []),
      stdout: output.url.appendingPathComponent("stdout"), stderr: output.url.appendingPathComponent("stderr"))
    defer { process.killNow() }
    // When the script has played what comes before the due time, the clock passes it.
    let asked = handshake.url.appendingPathComponent("deadline")
    _ = await process.waited(until: { FileManager.default.fileExists(atPath: asked.path) }, hangLimit: Self.hangLimit)
    let stderr = {
      String(decoding: (try? Data(contentsOf: output.url.appendingPathComponent("stderr"))) ?? Data(), as: UTF8.self)
    }
    try #require(FileManager.default.fileExists(atPath: asked.path), "the script stopped early: \(stderr())")
    server.clock.advance(by: 3600)
    try Data().write(to: handshake.url.appendingPathComponent("advanced"))
    let finished = await process.ended(hangLimit: Self.hangLimit)
    try #require(finished, "the script did not finish: \(stderr())")
    try #require(process.terminationStatus == 0, "\(stderr())")
    let report = try JSONDecoder().decode(
      Report.self, from: try Data(contentsOf: output.url.appendingPathComponent("stdout")))

    // Ada: her extra time, the verdicts and the explanation, and after closing her page the
    // question she was at; the set's clock is the server's.
    #expect(report.ada.start == ["Set 1", "You have 1 min 30 s for this set, from when you press Start."])
    #expect(report.ada.countdown.hasSuffix(" s"))
    #expect(report.ada.verdict == ["Right!", "Right: Paris", "Paris has been France's capital since 987."])
    #expect(report.ada.multiple.hasPrefix("Several answers are right"))
    #expect(report.ada.second == "Right!")
    #expect(report.ada.third == "Question 3 of 3" && report.ada.image.hasPrefix("/img/"))
    #expect(report.ada.nextLabel == "See the result")
    #expect(report.ada.result == ["3000 points", "3 of 3 right", "Done: your teacher sees your result."])
    #expect(report.bea.start == ["Bloque 1", "Tienes 1 min para este bloque, desde que pulses Empezar."])
    #expect(report.bea.verdict[0] == "¡Correcto!" && report.bea.result[1] == "3 de 3 correctas")
    // After the due time: Grace refused, Alan his result only, a new phone told it is closed.
    #expect(report.alan["verdict"] == .text("Wrong"))
    #expect(report.alan["result"] == .list(["0 points", "The homework is closed: this is your result."]))
    #expect(report.grace["refused"] == "This homework is past its due time: it takes no more answers.")
    #expect(report.late["gone"] == "This homework is closed")
    #expect(report.late["notice"] == "This homework is past its due time: it takes no more answers.")
    // The teacher: who has done it, who has not, the hardest question first.
    #expect(
      report.teacher.students.contains([
        "Ada Lovelace extra time ×1.5 · no speed scoring", "done", "3000", "3 of 3 right",
      ]))
    // Alan's set ran out long before the due time: what he left counts as unanswered.
    #expect(report.teacher.students.contains(["Alan Turing", "done", "0", "0 of 3 right"]))
    // Grace never started and the due time is past: "missed", as the gradebook says it.
    #expect(report.teacher.students.contains(["Grace Hopper", "missed", "", ""]))
    #expect(report.teacher.questions.first == "Question 1 Capital of France?", "\(report.teacher.questions)")
    #expect(report.teacher.qr > 0)
    #expect(report.teacher.gradebook.count == 3)
    #expect(
      report.teacher.gradebook[0].prefix(4) == [
        "Ada Lovelace extra time ×1.5 · no speed scoring", "100%", "3000 · 3/3", "3000 · 3/3",
      ])
    #expect(report.teacher.gradebook[2].suffix(2) == ["missed", "missed"], "\(report.teacher.gradebook)")
    #expect(report.teacher.merges == ["Al T (Capitals): merge into…"], "the guest, offered to merge")
    #expect(report.ada.own?.contains("Ada Lovelace, 7B") == true && report.ada.own?.contains("Alan") == false)

    #expect(report.violations.isEmpty, "\(report.violations)")
    #expect(report.pages.count == 25, "\(report.pages)")
    for (page, offenders) in report.layout.sorted(by: { $0.key < $1.key }) {
      #expect(offenders.isEmpty, "\(page): \(offenders)")
    }
    // The one refusal the browser logs is Grace's join after the due time.
    let unexpected = report.console.filter { !($0.contains("/students") && $0.contains("410")) }
    #expect(unexpected.isEmpty, "\(report.console)")
  }
}
