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

  /// The URL with any password replaced by `***`: the user information's
  /// (`postgresql://ada:***@db/school`) and a `password=` parameter's
  /// (`postgresql://ada@db/school?password=***`), both of which libpq accepts.
  public var description: String {
    Self.maskingPasswordParameters(in: Self.maskingUserPassword(in: url))
  }

  private static func maskingUserPassword(in url: String) -> String {
    guard let schemeEnd = url.range(of: "://") else { return url }
    let rest = url[schemeEnd.upperBound...]
    // The user information ends at the last @ before the path, query or fragment.
    let authorityEnd = rest.firstIndex(where: { "/?#".contains($0) }) ?? rest.endIndex
    guard let at = rest[..<authorityEnd].lastIndex(of: "@"),
      let colon = rest[..<at].firstIndex(of: ":")
    else { return url }
    return String(url[..<rest.startIndex]) + rest[..<colon] + ":***" + rest[at...]
  }

  private static func maskingPasswordParameters(in url: String) -> String {
    guard let query = url.firstIndex(of: "?") else { return url }
    let fragment = url[query...].firstIndex(of: "#") ?? url.endIndex
    let parameters = url[url.index(after: query)..<fragment].split(separator: "&", omittingEmptySubsequences: false)
    let masked = parameters.map { parameter -> String in
      guard let equals = parameter.firstIndex(of: "="),
        parameter[..<equals].lowercased() == "password"
      else { return String(parameter) }
      return parameter[...equals] + "***"
    }
    return url[...query] + masked.joined(separator: "&") + url[fragment...]
  }
}
