import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz

/// Inputs the fuzzer found (Fuzz/run), replayed on every test run, and outputs that must
/// never be left half-written.
@Suite struct HardeningTests {
  static let regressions = Fixtures.url("fuzz-regressions")

  /// The fuzz targets' replay build (`qrquiz-fuzz`, built beside the tests).
  static let fuzzReplay = ProcessRunner.qrquiz.deletingLastPathComponent().appendingPathComponent("qrquiz-fuzz")

  @Test(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) func fuzzRegressionsAndSeedsRunCleanly() async throws {
    let list = try ProcessRunner.run(Self.fuzzReplay, ["--list"])
    let targets = list.stdoutText.split(separator: "\n").map(String.init)
    #expect(targets.count >= 7, "\(list.stderr)")
    for target in targets {
      let folders = [
        Self.regressions.appendingPathComponent(target),
        Fixtures.packageRoot.appendingPathComponent("Fuzz/corpus/\(target)"),
      ]
      var files: [String] = []
      for folder in folders {
        for file in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
          files.append(folder.appendingPathComponent(file).path)
        }
      }
      #expect(!files.isEmpty, "\(target) has no saved inputs")
      // A crash, a hang (the runner's timeout) or a broken invariant fails the replay.
      let replay = try await ProcessRunner.runLong(Self.fuzzReplay, [target] + files, hangLimit: .processorSeconds(120))
      #expect(replay.status == 0, "\(target): \(replay.stderr)")
      #expect(replay.stdoutText == "\(target): \(files.count) inputs replayed\n")
    }
  }

  @Test func httpDatesParseByHand() {
    #expect(HTTPFreshness.httpDate("Sun, 06 Nov 1994 08:49:37 GMT") == Date(timeIntervalSince1970: 784_111_777))
    #expect(HTTPFreshness.httpDate("Tue, 29 Feb 2000 12:00:00 GMT") == Date(timeIntervalSince1970: 951_825_600))
    for bad in [
      "", "0", "Sun, 06 Nov 1994 08:49:37 PST", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun, 32 Nov 1994 08:49:37 GMT",
    ] {
      #expect(HTTPFreshness.httpDate(bad) == nil, "\(bad)")
    }
  }

  /// Kills `qrquiz encode --out-dir` at random moments: every PNG it leaves under its
  /// final name is complete.
  @Test(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) func killedEncodesLeaveNoTruncatedOutput() throws {
    let scratch = try TemporaryDirectory()
    var generator = TopicGenerator(seed: 77)
    var inputs: [String] = []
    for index in 0..<40 {
      let path = scratch.path("topic\(index).json")
      try Data(generator.topic(atMost: 2_500).normalizedJSON.utf8).write(to: URL(fileURLWithPath: path))
      inputs.append(path)
    }
    var random = SeededGenerator(seed: 5)
    var written = 0
    var interrupted = 0
    for trial in 0..<6 {
      let output = scratch.url.appendingPathComponent("out\(trial)")
      try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
      let process = try ChildProcess(
        ProcessRunner.qrquiz, ["encode"] + inputs + ["--out-dir", output.path, "--scale", "12", "-j", "1"])
      // Killed once a random number of outputs is written, wherever the next one is: by
      // progress, not after a pause a busy machine could stretch past the whole run.
      let killAfter = Int.random(in: 1..<inputs.count / 2, using: &random)
      _ = try process.wait(
        until: {
          try FileManager.default.contentsOfDirectory(atPath: output.path).filter { !$0.hasPrefix(".") }.count
            >= killAfter
        }, pause: 1_000)
      process.killNow()
      let names = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { !$0.hasPrefix(".") }
      for name in names {
        #expect(name.hasSuffix(".png"))
        let image = try ImageDecoder.decode(contentsOf: output.appendingPathComponent(name))
        #expect(
          !QRCodeReader(passes: [.plain], timeLimit: .infinity).symbols(in: image).isEmpty, "\(name) is incomplete")
      }
      written += names.count
      if process.endedBySignal, names.count < inputs.count { interrupted += 1 }
    }
    // The test means something only if outputs were written and runs were cut short.
    #expect(written > 0, "no run wrote an output before it was killed")
    #expect(interrupted > 0, "no run was killed before it finished")
  }
}
