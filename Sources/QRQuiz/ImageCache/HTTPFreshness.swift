import Foundation

/// HTTP caching rules (RFC 9111), done by hand because URLSession on Linux caches nothing:
/// how long a response stays fresh, whether it may be stored, and when to retry.
public enum HTTPFreshness {
  /// What a response's headers say about storing it.
  public struct Policy: Sendable, Hashable {
    /// `Cache-Control: no-store`: keep nothing.
    public var noStore: Bool
    /// Until when it is fresh; `nil`: revalidate before every use.
    public var freshUntil: Date?
  }

  /// The policy of a response received at `now`. `max-age` wins over `Expires`; without
  /// either, a tenth of the time since `Last-Modified`, at most a day (RFC 9111 §4.2.2).
  public static func policy(headers: [String: String], now: Date) -> Policy {
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
  public static func retryAfter(_ value: String?, now: Date) -> TimeInterval? {
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

  /// Parses the IMF-fixdate form servers send (`Sun, 06 Nov 1994 08:49:37 GMT`).
  static func httpDate(_ text: String) -> Date? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    return formatter.date(from: text)
  }

  /// Formats a date for `If-Modified-Since` when no `Last-Modified` was kept.
  static func httpDateString(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return formatter.string(from: date)
  }
}
