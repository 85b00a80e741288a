import Foundation
import Testing

@testable import QRQuiz

/// A review log replayed: the output of a known history, and every kind of bad log
/// refused with its line and nothing else.
@Suite struct ReviewReplayTests {
  func replay(_ text: String, scheduler: FSRSScheduler? = nil) throws(ReviewReplay.Error) -> String {
    let scheduler = scheduler ?? (try! FSRSScheduler())
    return String(
      decoding: try ReviewReplay.replay(Array(text.utf8), source: "log.csv", scheduler: scheduler), as: UTF8.self)
  }

  func refusal(_ text: String) -> ReviewReplay.Error? {
    do {
      _ = try replay(text)
      return nil
    } catch {
      return error
    }
  }

  /// py-fsrs 6.3.2's output for this log (Tests/QRQuizTestSupport/Fixtures/fsrs_replay.py),
  /// kept as a golden vector: two cards interleaved, every rating and state.
  @Test func aKnownHistoryReplaysAsPyFSRSReplaysIt() throws {
    let log = """
      card,time,rating
      a,2026-01-05T08:00:00Z,3
      b,2026-01-05T08:00:00Z,1
      a,2026-01-05T08:10:00Z,3
      b,2026-01-05T08:01:00Z,2
      b,2026-01-05T08:07:00Z,3
      a,2026-01-08T09:00:00Z,1
      a,2026-01-08T09:10:00Z,3
      b,2026-01-05T08:17:00Z,4
      a,2026-02-08T09:10:00Z,2

      """
    let expected = """
      card,time,rating,state,step,stability,difficulty,due
      a,2026-01-05T08:00:00Z,3,learning,1,2.3065,2.118103970459016,2026-01-05T08:10:00Z
      b,2026-01-05T08:00:00Z,1,learning,0,0.212,6.4133,2026-01-05T08:01:00Z
      a,2026-01-05T08:10:00Z,3,review,,2.3065,2.111214235785395,2026-01-07T08:10:00Z
      b,2026-01-05T08:01:00Z,2,learning,0,0.212,7.604209769076838,2026-01-05T08:06:30Z
      b,2026-01-05T08:07:00Z,3,learning,1,0.24668918777567272,7.5918339286046,2026-01-05T08:17:00Z
      a,2026-01-08T09:00:00Z,1,relearning,0,0.6369781117173378,7.392238132342694,2026-01-08T09:10:00Z
      a,2026-01-08T09:10:00Z,3,review,,0.6894460220431783,7.38007426350719,2026-01-09T09:10:00Z
      b,2026-01-05T08:17:00Z,4,review,,0.48892083828453853,6.772365417380022,2026-01-06T08:17:00Z
      a,2026-02-08T09:10:00Z,2,review,,5.093283241659794,8.24599957687359,2026-02-13T09:10:00Z

      """
    #expect(try replay(log) == expected.replacingOccurrences(of: "\n", with: "\r\n"))
  }

  @Test func fuzzIsOffInAReplay() throws {
    let log = "card,time,rating\na,2026-01-05T08:00:00Z,4\na,2026-01-13T08:00:00Z,3\n"
    let fuzzed = try FSRSScheduler(fuzz: true)
    #expect(try replay(log, scheduler: fuzzed) == replay(log, scheduler: FSRSScheduler(fuzz: false)))
  }

  @Test func cardIdsAreEscapedAsSpreadsheetCells() throws {
    let output = try replay(
      "card,time,rating\n\"=HYPERLINK(\"\"x\"\")\",2026-01-05T08:00:00Z,3\n\"a, b\",2026-01-05T08:00:00Z,3\n")
    let lines = output.split(separator: "\r\n")
    #expect(lines[1].hasPrefix("\"'=HYPERLINK(\"\"x\"\")\",2026-01-05T08:00:00Z,3,learning,1,"))
    #expect(lines[2].hasPrefix("\"a, b\",2026-01-05T08:00:00Z,3,"))
  }

  @Test func columnsMayComeInAnyOrderAmongOthersAndBlankLinesAreSkipped() throws {
    let plain = try replay("card,time,rating\na,2026-01-05T08:00:00Z,3\n")
    let shuffled = try replay("\u{FEFF}Rating, Note ,Time,Card\r\n\r\n3,x,2026-01-05T08:00:00Z,a\r\n\r\n")
    #expect(shuffled == plain)
  }

  @Test(arguments: [
    ("card,time,rating\na,2026-01-05T08:00:00Z,5\n", 2, ReviewReplay.Error.Problem.rating("5")),
    ("card,time,rating\na,2026-01-05T08:00:00Z,0\n", 2, .rating("0")),
    ("card,time,rating\na,2026-01-05T08:00:00Z,03\n", 2, .rating("03")),
    ("card,time,rating\na,2026-01-05T08:00:00Z,\n", 2, .rating("")),
    ("card,time,rating\na,2026-01-05T08:00:00Z,good\n", 2, .rating("good")),
    (
      "card,time,rating\na,2026-01-05T08:00:00Z,3\nb,2026-01-04T08:00:00Z,3\na,2026-01-05T07:59:59Z,3\n", 4,
      .timeWentBack(card: "a", time: "2026-01-05T07:59:59Z", previousLine: 2)
    ),
    ("card,time\na,2026-01-05T08:00:00Z\n", 1, .missingColumn("rating")),
    ("card,time,rating,card\na,2026-01-05T08:00:00Z,3,a\n", 1, .duplicateColumn("card")),
    ("card,time,rating\na,2026-01-05T08:00:00Z,3\nb,2026-01-05T08:00:00Z\n", 3, .fieldCount(2, expected: 3)),
    ("card,time,rating\na,2026-01-05T08:00:00Z,3,x\n", 2, .fieldCount(4, expected: 3)),
    ("card,time,rating\na,2026-01-05 08:00:00,3\n", 2, .time("2026-01-05 08:00:00")),
    ("card,time,rating\na,2026-02-30T08:00:00Z,3\n", 2, .time("2026-02-30T08:00:00Z")),
    ("card,time,rating\n,2026-01-05T08:00:00Z,3\n", 2, .emptyCard),
    ("card,time,rating\na,2026-01-05T08:00:00Z,3\n\"b,2026-01-05T08:00:00Z,3\n", 3, .unclosedQuote),
  ])
  func badLogsAreRefusedWithTheirLine(_ log: String, _ line: Int, _ problem: ReviewReplay.Error.Problem) {
    #expect(refusal(log) == ReviewReplay.Error(source: "log.csv", line: line, problem: problem))
  }

  @Test func theMessageNamesTheFileAndTheLine() {
    let error = refusal("card,time,rating\na,2026-01-05T08:00:00Z,5\n")
    #expect(
      error?.description == "log.csv: line 2: the rating '5' is not 1 (again), 2 (hard), 3 (good) or 4 (easy)")
  }

  @Test func logsThatAreNotTextOrHaveNoHeaderAreRefused() {
    #expect(refusal("") == ReviewReplay.Error(source: "log.csv", line: nil, problem: .noHeader))
    #expect(refusal("\n\n") == ReviewReplay.Error(source: "log.csv", line: nil, problem: .noHeader))
    let latin1: [UInt8] = Array("card,time,rating\nb".utf8) + [0xE9] + Array(",2026-01-05T08:00:00Z,3\n".utf8)
    #expect(throws: ReviewReplay.Error(source: "log.csv", line: nil, problem: .notUTF8)) {
      try ReviewReplay.replay(latin1, source: "log.csv", scheduler: FSRSScheduler())
    }
  }

  /// Hostile logs: an endless card id, and a log past the size a replay reads.
  @Test func hostileLogsAreRefusedAtTheirLimits() throws {
    let longest = String(repeating: "é", count: ReviewReplay.maximumCardLength / 2)
    #expect(refusal("card,time,rating\n\(longest),2026-01-05T08:00:00Z,3\n") == nil)
    #expect(
      refusal("card,time,rating\n\(longest)x,2026-01-05T08:00:00Z,3\n")
        == ReviewReplay.Error(source: "log.csv", line: 2, problem: .cardTooLong(ReviewReplay.maximumCardLength + 1)))
    let huge = [UInt8](repeating: UInt8(ascii: "x"), count: ReviewReplay.maximumSize + 1)
    #expect(throws: ReviewReplay.Error(source: "log.csv", line: nil, problem: .tooLarge(huge.count))) {
      try ReviewReplay.replay(huge, source: "log.csv", scheduler: FSRSScheduler())
    }
  }
}
