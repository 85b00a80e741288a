/// An address on this site, built from percent-encoded path segments: what a page links
/// to. Built only by the functions below (an app spells its address scheme with them,
/// beside its routes), so a name or an id can never become a `javascript:` link or leave
/// its segment.
public struct SitePath: Sendable, Hashable, CustomStringConvertible {
  /// The path (and query), percent-encoded.
  public let value: String

  private init(_ value: String) { self.value = value }

  public var description: String { value }

  /// `/` followed by `segments`, each percent-encoded (a `/` in one stays inside it).
  public static func segments(_ segments: String...) -> SitePath {
    SitePath("/" + segments.map(Self.encode).joined(separator: "/"))
  }

  /// This path with `?name=value` (both percent-encoded).
  public func query(_ name: String, _ value: String) -> SitePath {
    SitePath(self.value + (self.value.contains("?") ? "&" : "?") + Self.encode(name) + "=" + Self.encode(value))
  }

  /// The address of the page a request asked for: its path's segments and its query,
  /// percent-encoded again (a settings link comes back to it).
  public static func current(path: String, query: [String: String]) -> SitePath {
    var value =
      "/"
      + path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
        encode(String($0))
      }.joined(separator: "/")
    let pairs = query.filter { $0.key != "token" && $0.key != "secret" }.sorted { $0.key < $1.key }
    if !pairs.isEmpty { value += "?" + pairs.map { encode($0.key) + "=" + encode($0.value) }.joined(separator: "&") }
    return SitePath(value)
  }

  /// Where a settings link goes back to: a path of this site (`/…`; never `//host`, a
  /// scheme, a backslash or a control character), else the library.
  public static func back(_ text: String?) -> SitePath {
    guard let text, text.hasPrefix("/"), !text.hasPrefix("//"), !text.contains("\\"),
      !text.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F })
    else { return SitePath("/") }
    return SitePath(text)
  }

  /// This path with `suffix` (a file extension, `.json`) added to its last segment.
  public func appending(suffix: String) -> SitePath { SitePath(value + Self.encode(suffix)) }

  /// `text` percent-encoded: everything but unreserved characters (RFC 3986).
  public static func encode(_ text: String) -> String {
    var encoded = ""
    encoded.reserveCapacity(text.utf8.count)
    let digits = Array("0123456789ABCDEF".unicodeScalars)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
        UInt8(ascii: "~"):
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        encoded.unicodeScalars.append("%")
        encoded.unicodeScalars.append(digits[Int(byte >> 4)])
        encoded.unicodeScalars.append(digits[Int(byte & 15)])
      }
    }
    return encoded
  }
}
