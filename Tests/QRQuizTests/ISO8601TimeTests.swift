import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz

/// Review times as ISO 8601 UTC to the second: read in one spelling only, written as
/// Foundation's formatter writes them.
@Suite struct ISO8601TimeTests {
  @Test func timesAgreeWithFoundationBothWays() throws {
    let formatter = ISO8601DateFormatter()
    var random = SeededGenerator(seed: 8601)
    let latest = try #require(formatter.date(from: "9899-12-31T23:59:59Z")).timeIntervalSince1970
    for _ in 0..<20_000 {
      let seconds = Int64.random(in: 0...Int64(latest), using: &random)
      let instant = QuizClock.Instant(microsecondsSince1970: seconds * 1_000_000)
      let text = formatter.string(from: instant.date)
      #expect(instant.iso8601Seconds == text)
      #expect(QuizClock.Instant(iso8601Seconds: text) == instant)
    }
  }

  @Test func aFractionOfASecondIsDroppedInWriting() {
    let instant = QuizClock.Instant(microsecondsSince1970: 1_767_600_000_999_999)
    #expect(instant.iso8601Seconds == "2026-01-05T08:00:00Z")
  }

  @Test(arguments: ["2024-02-29T00:00:00Z", "1970-01-01T00:00:00Z", "9899-12-31T23:59:59Z", "2000-02-29T12:30:45Z"])
  func validTimesAreRead(_ text: String) throws {
    let instant = try #require(QuizClock.Instant(iso8601Seconds: text))
    #expect(instant.iso8601Seconds == text)
  }

  @Test(arguments: [
    "2026-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2026-04-31T00:00:00Z", "2026-13-01T00:00:00Z",
    "2026-00-10T00:00:00Z", "2026-01-05T24:00:00Z", "2026-01-05T08:60:00Z", "2026-12-31T23:59:60Z",
    "2026-01-05T08:00:00+01:00", "2026-01-05T08:00:00+00:00", "2026-01-05 08:00:00Z", "2026-01-05T08:00:00z",
    "2026-01-05T08:00:00.5Z", "2026-01-05T08:00Z", "2026-01-05", "1969-12-31T23:59:59Z", "9900-01-01T00:00:00Z",
    "+2026-01-05T08:00:00Z", "2026-1-05T08:00:00Z", "２０２６-01-05T08:00:00Z", "", "2026-01-05T08:00:00Z ",
  ])
  func otherSpellingsAreRefused(_ text: String) {
    #expect(QuizClock.Instant(iso8601Seconds: text) == nil)
  }

  @Test func civilDatesRoundTripOverFourHundredYears() {
    var date = CivilDate(daysSince1970: -1)
    #expect(date == CivilDate(year: 1969, month: 12, day: 31))
    for days in stride(from: -146_097, through: 146_097 * 2, by: 1) {
      date = CivilDate(daysSince1970: days)
      guard date.daysSince1970 == days else {
        Issue.record("day \(days) → \(date) → \(date.daysSince1970)")
        return
      }
    }
  }
}
