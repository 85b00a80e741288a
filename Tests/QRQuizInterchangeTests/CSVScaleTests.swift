import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuizInterchange

/// A spreadsheet's cost follows its size: a header of many answer columns, and a correct
/// cell naming many of them, are read in time linear in the columns (issue 50, item 10).
/// Shown by the ratio of two sizes read in the same test, in this thread's processor time
/// (which other work on a busy machine does not stretch), never by seconds.
@Suite struct CSVScaleTests {
  /// A sheet of `columns` answer columns and one row filling them all, its correct cell
  /// naming every other answer by its text.
  static func sheet(columns: Int) -> [UInt8] {
    var header = "Question"
    var row = "Which?"
    for index in 1...columns {
      header += ",Answer \(index)"
      row += ",a\(index)"
    }
    let correct = stride(from: 1, through: columns - 1, by: 2).map { "a\($0)" }.joined(separator: ";")
    return Array((header + ",Correct\n" + row + ",\"" + correct + "\"\n").utf8)
  }

  /// The processor time this thread spent on `body`, the least of three runs.
  static func cpuTime(_ body: () throws -> Void) rethrows -> Double {
    var least = Double.infinity
    for _ in 0..<3 {
      var start = timespec()
      var end = timespec()
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
      try body()
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
      least = min(least, Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9)
    }
    return least
  }

  @Test func answerColumnsCostLinearTime() throws {
    let small = Self.sheet(columns: 5_000)
    let large = Self.sheet(columns: 20_000)
    func read(_ bytes: [UInt8]) throws {
      // The question has more answers than the app takes: refused, after every column is read.
      #expect(throws: TopicImporter.Error.self) {
        _ = try TopicImporter.importTopic(bytes, format: .csv)
      }
    }
    let smallTime = try Self.cpuTime { try read(small) }
    let largeTime = try Self.cpuTime { try read(large) }
    // Four times the columns: four times the work when linear, sixteen when quadratic.
    #expect(largeTime / smallTime < 8, "5,000 columns: \(smallTime) s, 20,000: \(largeTime) s")
  }
}
