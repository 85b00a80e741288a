import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizServer

/// A class's live game joined from phones in headless Chromium (issue 49 §3,
/// Fixtures/live_class_join_check.py): the join page offers the class list and a name typed
/// without its letters' marks or picked from the list joins as that student; a second device
/// asking to be a student who plays already waits for the host's Allow on the projector,
/// then is that student, and the first device is told it was replaced.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct LiveClassJoinBrowserTests {

  @Test func thePhonePicksItsNameFromTheClassListAndTheHostAllowsARejoin() async throws {
    let home = try TemporaryDirectory()
    let (library, cache) = try LiveLibrary.make()
    let students = home.path("9B.csv")
    try Data("Ada Lovelace\nŁukasz Nowak\nAlan Turing\n".utf8).write(to: URL(fileURLWithPath: students))
    let made = try ProcessRunner.qrquiz(
      ["class", "new", "9B", "--students", students], environment: home.qrquizEnvironment)
    try #require(made.status == 0, "\(made.stderr)")
    let run = try await ProcessRunner.runLong(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "python3", Fixtures.url("live_class_join_check.py").path, ProcessRunner.qrquiz.path, library.url.path,
        cache.url.path, home.path("data"), String(try freeLoopbackPort()), "9B",
      ], hangLimit: .processorSeconds(300))
    try #require(run.status == 0, "\(run.stderr)")
    let report = try JSONParser.parse(run.stdout)
    func text(_ key: String) -> String { if case .string(let text)? = report[key] { text } else { "" } }
    #expect(report["list"]?["list"] == .string("class-list"), "\(run.stdoutText)")
    #expect(
      report["list"]?["names"] == .array(["Ada Lovelace", "Łukasz Nowak", "Alan Turing"].map(JSONValue.string)),
      "\(run.stdoutText)")
    #expect(text("typed") == "You are Łukasz Nowak", "\(run.stdoutText)")
    #expect(text("picked") == "You are Ada Lovelace", "\(run.stdoutText)")
    #expect(text("asked").contains("the teacher has been asked"), "\(run.stdoutText)")
    #expect(text("asking").contains("Ada Lovelace asks to join from another device"), "\(run.stdoutText)")
    #expect(text("rejoined") == "You are Ada Lovelace", "the second device is Ada: \(run.stdoutText)")
    #expect(!text("replaced").isEmpty, "the first device is told: \(run.stdoutText)")
    #expect(text("asking after") == "hidden", "\(run.stdoutText)")
    #expect(report["new secret"]?["name"] == .string("Ada Lovelace"), "\(run.stdoutText)")
    #expect(report["old secret"]?["status"] == .number(403), "the old device's secret opens nothing")
    #expect(report["console"] == .array([]), "\(run.stdoutText)")
  }
}
