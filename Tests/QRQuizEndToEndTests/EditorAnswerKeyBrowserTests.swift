import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz

/// The editor never makes an answer key by itself (Fixtures/editor_answer_key_check.py, in
/// Chromium): a new question starts with no answer marked right, a question with more
/// than one says so beside it, saving asks once about questions with more right answers
/// than the topic's others, an empty drawing is refused, and the sticky save bar covers
/// no field at 1280×720 nor on a phone.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct EditorAnswerKeyBrowserTests {
  struct Report: Decodable {
    struct EmptyDrawing: Decodable {
      var text: String
      var open: Bool
    }
    struct Reached: Decodable {
      var reached: Int
      var covered: [String]
    }
    var newChecked: [Bool]
    var newUnmarked: String
    var newUnmarkedBeside: [String]
    var newMarked: String
    var newSaved: [Int]?
    var spainNote: String?
    var franceNote: String?
    var franceTicked: String?
    var franceUnticked: String?
    var dismissed: [String?]
    var afterDismiss: String
    var accepted: [String?]
    var afterAccept: String
    var again: [String?]
    var emptyDrawing: EmptyDrawing
    var savebar: [String: Reached]
    var spainNoteSpanish: String?
    var console: [String]
  }

  @Test func theTeacherMarksEveryRightAnswerAndIsAskedOnceAboutExtraOnes() async throws {
    let home = try TemporaryDirectory()
    let (library, cache) = try LiveLibrary.make()
    let server = try ServeProcess(
      [library.url.path, "--cache-dir", cache.url.path, "--allow-edit"], environment: home.qrquizEnvironment)
    var arguments = [
      "python3", Fixtures.url("editor_answer_key_check.py").path, server.base, try #require(server.teacherToken),
    ]
    if let folder = ProcessInfo.processInfo.environment["QRQUIZ_SCREENSHOTS"] {
      arguments += ["--screenshots", folder]
    }
    let run = try await ProcessRunner.runLong(
      URL(fileURLWithPath: "/usr/bin/env"), arguments, hangLimit: .processorSeconds(300))
    try #require(run.status == 0, "\(run.stderr)")
    let report = try JSONDecoder().decode(Report.self, from: run.stdout)

    // Nothing ticked: saved so, it is refused beside the question; ticked 3, 3 alone is saved.
    #expect(report.newChecked == [false, false, false, false])
    #expect(report.newUnmarked == "problems")
    #expect(report.newUnmarkedBeside.contains { $0.contains("no correct answer") }, "\(report.newUnmarkedBeside)")
    #expect(report.newMarked == "saved")
    #expect(report.newSaved == [2])
    // Two right answers are said beside the question, and a second tick as it is made.
    #expect(report.spainNote == "2 right answers: A and C")
    #expect(report.franceNote == nil)
    #expect(report.franceTicked == "2 right answers: A and B")
    #expect(report.franceUnticked == nil)
    #expect(report.spainNoteSpanish == "2 respuestas correctas: A y C")
    // Asked about Spain: Cancel saves nothing; OK saves; the next save asks no more.
    let question = "Set 1, question 2: 2 right answers, where the topic's other questions have 1."
    #expect(report.dismissed.first??.hasPrefix(question) == true, "\(report.dismissed)")
    #expect(report.dismissed.last == "not saved")
    #expect(report.afterDismiss == "Capital of France?")
    #expect(report.accepted.last == "saved")
    #expect(report.afterAccept == "Capital city of France?")
    #expect(report.again == [nil, "saved"])
    // An empty drawing is refused in the dialog, which stays open.
    #expect(report.emptyDrawing.text == "The drawing is empty: draw at least one line first.")
    #expect(report.emptyDrawing.open)
    // The save bar covers no field reached by Tab.
    #expect(report.savebar.keys.sorted() == ["1280x720", "360x740"])
    for (size, reached) in report.savebar.sorted(by: { $0.key < $1.key }) {
      #expect(reached.reached > 40, "\(size): \(reached.reached) fields")
      #expect(reached.covered.isEmpty, "\(size): \(reached.covered)")
    }
    // The refused save is the one thing the browser may log.
    let logged = report.console.filter { !$0.contains("status of 422") }
    #expect(logged.isEmpty, "\(logged)")
  }
}
