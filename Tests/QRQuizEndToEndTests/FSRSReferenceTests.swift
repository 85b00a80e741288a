import Foundation
import QRQuiz
import QRQuizTestSupport
import Testing

/// `qrquiz review replay` against py-fsrs 6 (the reference FSRS-6, from PyPI, installed by
/// scripts/install-deps; a missing one fails these tests): thousands of random histories
/// under random settings, every row compared. State, step and due must be the same;
/// stability and difficulty within 1e-6 relative (they agree to the last bit, as the
/// formulas are evaluated in the same order).
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct FSRSReferenceTests {
  static let runs = 48
  static let cardsPerRun = 100
  static let tolerance = 1e-6

  @Test func replayAgreesWithPyFSRSOnRandomHistories() throws {
    let scratch = try TemporaryDirectory()
    var generator = ReviewHistoryGenerator(seed: 51)
    var (histories, rows, worst) = (0, 0, 0.0)
    for run in 0..<Self.runs {
      let settings = try generator.settings(run)
      let log = try generator.log(cards: Self.cardsPerRun, scheduler: settings.scheduler)
      let path = scratch.path("log-\(run).csv")
      try Data(log.text.utf8).write(to: URL(fileURLWithPath: path))
      let ours = try ProcessRunner.qrquiz(["review", "replay", path] + settings.arguments)
      try #require(ours.status == 0, "run \(run) \(settings.arguments): \(ours.stderr)")
      let reference = try ProcessRunner.tool(
        "python3", [Fixtures.url("fsrs_replay.py").path, path] + settings.arguments)
      try #require(reference.status == 0, "py-fsrs, run \(run): \(reference.stderr)")
      let ourRows = try CSVReader.records(ours.stdoutText, separator: ",").map(\.fields)
      let referenceRows = try CSVReader.records(reference.stdoutText, separator: ",").map(\.fields)
      try #require(ourRows.count == log.rows + 1 && referenceRows.count == log.rows + 1, "run \(run)")
      #expect(ourRows[0] == referenceRows[0])
      for (line, (mine, theirs)) in zip(ourRows, referenceRows).enumerated().dropFirst() {
        let context = "run \(run) \(settings.arguments), line \(line + 1): \(mine) against \(theirs)"
        try #require(mine.count == 8 && theirs.count == 8, "\(context)")
        // card, time, rating, state, step; due
        try #require(mine[0..<5] == theirs[0..<5] && mine[7] == theirs[7], "\(context)")
        for column in [5, 6] {
          let (value, expected) = (try #require(Double(mine[column])), try #require(Double(theirs[column])))
          let error = abs(value - expected) / abs(expected)
          worst = max(worst, error)
          try #require(error <= Self.tolerance, "\(context)")
        }
      }
      histories += Set(ourRows.dropFirst().map { $0[0] }).count
      rows += log.rows
    }
    print("FSRS replay against py-fsrs: \(histories) histories, \(rows) rows, largest relative error \(worst)")
    #expect(histories >= 4000)
  }
}
