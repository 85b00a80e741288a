import Foundation
import QRQuiz

extension Assignment {
  /// The date `text` names: ISO 8601 with a time zone (`2026-12-08T18:00:00Z`,
  /// `2026-12-08T18:00+01:00`), or a date and a time without one (`2026-12-08 18:00`,
  /// `2026-12-08T18:00`), read in `timeZone` (the teacher's).
  public static func dueDate(_ text: String, timeZone: TimeZone = .current) -> Date? {
    let text = text.trimmingCharacters(in: .whitespaces)
    guard text.utf8.count <= 40 else { return nil }
    for options: ISO8601DateFormatter.Options in [
      [.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds],
    ] {
      let formatter = ISO8601DateFormatter()
      formatter.formatOptions = options
      if let date = formatter.date(from: text) { return date }
    }
    // Minutes without seconds, with a zone: ISO 8601 allows it, the formatter above does not.
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    for format in ["yyyy-MM-dd'T'HH:mmXXXXX", "yyyy-MM-dd HH:mmXXXXX"] {
      formatter.dateFormat = format
      if let date = formatter.date(from: text) { return date }
    }
    formatter.timeZone = timeZone
    for format in ["yyyy-MM-dd HH:mm", "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd'T'HH:mm:ss"] {
      formatter.dateFormat = format
      if let date = formatter.date(from: text) { return date }
    }
    return nil
  }
}

extension Assignment {
  /// `2026-12-08T17:00:00Z`: a time as results and the API give it.
  public static func timestamp(_ instant: QuizClock.Instant) -> String {
    ISO8601DateFormatter().string(from: instant.date)
  }
}
