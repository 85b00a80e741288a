import Foundation
import QRQuiz
import QRQuizTestSupport
import Testing

/// `qrquiz review replay` as a program: CSV out on stdout, and each refusal one line on
/// stderr naming the file and line, a non-zero exit and nothing on stdout.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct ReviewCLITests {
  let scratch: TemporaryDirectory

  init() throws { scratch = try TemporaryDirectory() }

  func log(_ text: String) throws -> String {
    let path = scratch.path("log.csv")
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func aLogIsReplayedFromAFileOrStandardInput() throws {
    let text = "card,time,rating\na,2026-01-05T08:00:00Z,3\na,2026-01-05T08:10:00Z,4\n"
    // py-fsrs 6.3.2's output for this log (fsrs_replay.py).
    let fromFile = try ProcessRunner.qrquiz(["review", "replay", try log(text)])
    #expect(fromFile.status == 0, "\(fromFile.stderr)")
    #expect(
      fromFile.stdoutText.split(separator: "\r\n") == [
        "card,time,rating,state,step,stability,difficulty,due",
        "a,2026-01-05T08:00:00Z,3,learning,1,2.3065,2.118103970459016,2026-01-05T08:10:00Z",
        "a,2026-01-05T08:10:00Z,4,review,,3.946054067969477,1.0,2026-01-09T08:10:00Z",
      ])
    let fromStandardInput = try ProcessRunner.qrquiz(["review", "replay", "-"], stdin: Data(text.utf8))
    #expect(fromStandardInput.stdout == fromFile.stdout)
  }

  @Test func theOptionsReachTheScheduler() throws {
    let path = try log("card,time,rating\na,2026-01-05T08:00:00Z,4\n")
    let result = try ProcessRunner.qrquiz([
      "review", "replay", path, "--retention", "0.7", "--learning-steps", "", "--maximum-interval", "20",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdoutText.contains(",review,,8.2956,1.0,2026-01-25T08:00:00Z\r\n"))
  }

  @Test(arguments: [
    ("card,time,rating\na,2026-01-05T08:00:00Z,3\na,2026-01-06T08:00:00Z,5\n", "line 3: the rating '5'"),
    ("card,time,rating\na,2026-01-05T08:00:00Z,3\na,2026-01-04T08:00:00Z,3\n", "line 3: card 'a' is reviewed at"),
    ("card,rating\na,3\n", "line 1: the header has no column 'time'"),
    ("card,time,rating\na,2026-01-05T08:00:00Z\n", "line 2: 2 fields where the header has 3"),
    ("card,time,rating\na,2026-01-05T08:00:00+01:00,3\n", "line 2: the time '2026-01-05T08:00:00+01:00'"),
  ])
  func aBadLogIsRefusedInOneLineNamingTheFileAndLine(_ text: String, _ message: String) throws {
    let path = try log(text)
    let result = try ProcessRunner.qrquiz(["review", "replay", path])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("\(path): \(message)"), "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1)
  }

  @Test func weightsThatAreNotFSRS6sAreRefused() throws {
    let path = try log("card,time,rating\na,2026-01-05T08:00:00Z,3\n")
    let defaults = FSRSParameters.defaultWeights.map(\.description)
    var outOfBounds = defaults
    outOfBounds[20] = "0.9"
    for (weights, message) in [
      (defaults + ["1"], "--parameters: 22 weights: FSRS-6 has 21 (w0 to w20)"),
      (outOfBounds, "--parameters: w20 = 0.9 is out of its bounds, 0.1 to 0.8"),
    ] {
      let result = try ProcessRunner.qrquiz(["review", "replay", path, "--parameters", weights.joined(separator: ",")])
      #expect(result.status == 2 && result.stdout.isEmpty)
      #expect(result.stderr.contains(message), "\(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1)
    }
    let retention = try ProcessRunner.qrquiz(["review", "replay", path, "--retention", "1.5"])
    #expect(retention.status == 2 && retention.stderr.contains("--retention must be between 0 and 1"))
    let steps = try ProcessRunner.qrquiz(["review", "replay", path, "--learning-steps", "1m,ten"])
    #expect(steps.status == 2 && steps.stderr.contains("--learning-steps must be steps such as 1m,10m"))
  }

  @Test func reviewSaysItOnlyReplaysForNow() throws {
    for arguments in [["review", "--help"], ["review"]] {
      let help = try ProcessRunner.qrquiz(arguments)
      #expect(help.status == 0)
      #expect(help.stdoutText.contains("for now only 'replay'"))
      let commands = help.stdoutText.components(separatedBy: "commands:\n").last?.prefix { $0 != "\n" }
      #expect(commands?.hasPrefix("  replay ") == true, "\(help.stdoutText)")
    }
  }
}
