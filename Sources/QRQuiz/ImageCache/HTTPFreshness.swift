import Foundation

/// HTTP caching rules (RFC 9111), done by hand because URLSession on Linux caches nothing:
/// how long a response stays fresh, whether it may be stored, and when to retry.
package enum HTTPFreshness {
  /// What a response's headers say about storing it.
  package struct Policy: Sendable, Hashable {
    /// `Cache-Control: no-store`: keep nothing.
    package var noStore: Bool
    /// Until when it is fresh; `nil`: revalidate before every use.
    package var freshUntil: Date?
  }

  /// The policy of a response received at `now`. `max-age` wins over `Expires`; without
  /// either, a tenth of the time since `Last-Modified`, at most a day (RFC 9111 §4.2.2).
  package static func policy(headers: [String: String], now: Date) -> Policy {
    let directives = cacheControl(headers["cache-control"])
    if directives["no-store"] != nil { return Policy(noStore: true, freshUntil: nil) }
    if directives["no-cache"] != nil { return Policy(noStore: false, freshUntil: nil) }
    if let maxAge = directives["max-age"].flatMap({ $0.flatMap { Int($0) } }) {
      return Policy(noStore: false, freshUntil: now.addingTimeInterval(TimeInterval(max(0, maxAge))))
    }
    if let expires = headers["expires"] {
      // An invalid Expires (such as "0") means already expired.
      return Policy(noStore: false, freshUntil: httpDate(expires).map { min($0, now.addingTimeInterval(365 * 86_400)) })
    }
    if let lastModified = headers["last-modified"].flatMap(httpDate), lastModified < now {
      let heuristic = min(now.timeIntervalSince(lastModified) / 10, 86_400)
      return Policy(noStore: false, freshUntil: now.addingTimeInterval(heuristic))
    }
    return Policy(noStore: false, freshUntil: nil)
  }

  /// `Retry-After` as seconds from `now`: delta-seconds or an HTTP date.
  package static func retryAfter(_ value: String?, now: Date) -> TimeInterval? {
    guard let value = value?.trimmingCharacters(in: .whitespaces) else { return nil }
    if let seconds = Int(value) { return TimeInterval(max(0, seconds)) }
    return httpDate(value).map { max(0, $0.timeIntervalSince(now)) }
  }

  static func cacheControl(_ header: String?) -> [String: String?] {
    var directives: [String: String?] = [:]
    for part in (header ?? "").split(separator: ",") {
      let pieces = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      guard let name = pieces.first?.lowercased(), !name.isEmpty else { continue }
      directives[name] = pieces.count > 1 ? pieces[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) : nil
    }
    return directives
  }

  /// Parses the IMF-fixdate form servers send (`Sun, 06 Nov 1994 08:49:37 GMT`, RFC 9110
  /// §5.6.7) by hand: DateFormatter is slow to build, not thread-safe, and leaks a little
  /// on Linux each time (found by the fuzzer). Other forms give `nil` (treated as expired).
  static func httpDate(_ text: String) -> Date? {
    let fields = text.split(separator: " ")
    guard fields.count == 6, fields[0].count == 4, fields[0].hasSuffix(","), fields[5] == "GMT",
      fields[1].count == 2, let day = Int(fields[1]), (1...31).contains(day),
      let monthIndex = months.firstIndex(of: String(fields[2])), fields[3].count == 4, let year = Int(fields[3]),
      year >= 1600
    else { return nil }
    let time = fields[4].split(separator: ":")
    guard time.count == 3, time.allSatisfy({ $0.count == 2 }), let hour = Int(time[0]), let minute = Int(time[1]),
      let second = Int(time[2]), hour < 24, minute < 60, second < 61
    else { return nil }
    let days = daysSinceEpoch(year: year, month: monthIndex + 1, day: day)
    return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3600 + minute * 60 + second))
  }

  private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

  /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's days_from_civil).
  static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
