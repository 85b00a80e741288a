import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

/// A number asked alone in a teacher's GIFT file, imported: the editor marks the choices
/// the import made up for it beside each one, until the teacher types over one (in
/// headless Chromium at a phone's width: Fixtures/editor_made_up_check.py).
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct EditorMadeUpChoicesBrowserTests {
  struct Report: Decodable {
    var before: [[String]]
    var wider: [String]
    var save: String
    var after: [[String]]
    var console: [String]
  }

  @Test func theEditorMarksTheMadeUpChoicesUntilTheyAreChanged() async throws {
    let home = try TemporaryDirectory()
    let library = try TemporaryDirectory()
    let gift = home.path("sound.gift")
    try Data("Speed of sound in air, in m/s? {#400}\n".utf8).write(to: URL(fileURLWithPath: gift))
    let imported = try ProcessRunner.qrquiz(
      ["import", gift, "--name", "Sound", "-o", library.path("Sound.json")], environment: home.qrquizEnvironment)
    #expect(imported.status == 0 && imported.stderr.contains("are made-up choices for 400"), "\(imported.stderr)")
    let server = try ServeProcess(
      [library.url.path, "--cache-dir", home.path("cache"), "--allow-edit"], environment: home.qrquizEnvironment)
    let run = try await ProcessRunner.runLong(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "python3", Fixtures.url("editor_made_up_check.py").path, server.base, try #require(server.teacherToken),
        "Sound",
      ],
      hangLimit: .processorSeconds(300))
    try #require(run.status == 0, "\(run.stderr)")
    let report = try JSONDecoder().decode(Report.self, from: run.stdout)
    let mark = "made up by the import as a choice for 400"
    #expect(report.before.count == 4)
    #expect(report.before.filter { $0[0] == "400" }.map { $0[1] } == [""], "the number itself is no made-up choice")
    #expect(report.before.filter { $0[0] != "400" }.allSatisfy { $0[1] == mark && $0[2].hasSuffix("-made-up") })
    #expect(report.wider.isEmpty, "\(report.wider)")
    #expect(report.save == "saved")
    // Typed over, the answer is the teacher's: two marks left.
    #expect(
      report.after.filter { $0[1] == mark }.count == 2 && report.after.contains { $0[0] == "450" && $0[1].isEmpty })
    #expect(report.console.isEmpty, "\(report.console)")
  }
}
