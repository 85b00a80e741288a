/// A PostgreSQL connection URL (`postgresql://USER@HOST/DB`, the Unix-socket form
/// `postgresql://USER@/DB?host=/run/postgresql&port=5432` included: whatever libpq
/// accepts), and how it is said in messages: without its password, which a log or a
/// terminal must never show.
public struct PostgreSQLAddress: Sendable, Hashable, CustomStringConvertible {
  /// The URL as given, for libpq.
  package let url: String

  /// The URL `text`; `nil` unless it is a `postgresql://` or `postgres://` URL.
  public init?(_ text: String) {
    guard text.hasPrefix("postgresql://") || text.hasPrefix("postgres://"), !text.utf8.contains(0) else { return nil }
    url = text
  }

  /// The URL with any password replaced by `***` (`postgresql://ada:***@db/school`).
  public var description: String {
    guard let schemeEnd = url.range(of: "://") else { return url }
    let rest = url[schemeEnd.upperBound...]
    // The user information ends at the last @ before the path, query or fragment.
    let authorityEnd = rest.firstIndex(where: { "/?#".contains($0) }) ?? rest.endIndex
    guard let at = rest[..<authorityEnd].lastIndex(of: "@"),
      let colon = rest[..<at].firstIndex(of: ":")
    else { return url }
    return String(url[..<rest.startIndex]) + rest[..<colon] + ":***" + rest[at...]
  }
}
