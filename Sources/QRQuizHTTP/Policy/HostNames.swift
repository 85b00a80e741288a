/// The names and addresses a server answers for, checked against each request's `Host`
/// before anything else is done with it (RFC 9110 §7.4: 421 Misdirected Request).
///
/// Why: DNS rebinding. A page from `attacker.example` can have its name re-pointed at
/// 127.0.0.1 or a classroom's LAN address, and its script then reaches this server as if
/// it were that site's, with `Host: attacker.example`. Answering only the names the server
/// is really reached by stops it whatever route it tries, pages and API alike. An address
/// typed as numbers cannot be rebound (the browser asks no DNS for it), so when the server
/// listens on every address of the machine (`0.0.0.0`, `::`), every IP literal is taken:
/// the machine's own addresses are many and change with its networks.
public struct HostNames: Sendable, Equatable {
  /// Lower-case names and addresses without port or brackets: `localhost`, `127.0.0.1`, `::1`.
  public private(set) var names: Set<String>
  /// Whether any IP literal is taken (a server listening on every address).
  public var takesEveryAddress: Bool

  /// `localhost` and the loopback addresses, the address listened on (every IP literal for
  /// `0.0.0.0` or `::`), and `others` (the public address's host, `--host-name`).
  public init(listeningOn address: String, others: [String] = []) {
    names = ["localhost", "127.0.0.1", "::1"]
    takesEveryAddress = address == "0.0.0.0" || address == "::"
    if !takesEveryAddress { names.insert(Self.normalized(address)) }
    for other in others { names.insert(Self.normalized(other)) }
  }

  /// Whether a request whose `Host` header is `value` is answered: its host part (port
  /// dropped) is one of the names, or an IP literal when every address is taken.
  public func admits(_ value: String) -> Bool {
    guard let host = Self.host(of: value) else { return false }
    if names.contains(host) { return true }
    return takesEveryAddress && Self.isIPLiteral(host)
  }

  /// The host part of a `Host` value, lower-cased, without port, brackets or a final dot;
  /// `nil` for a value no client sends (empty, a user part, a path).
  static func host(of value: String) -> String? {
    var text = Substring(value.trimmingASCIISpaces())
    if text.first == "[" {
      guard let close = text.firstIndex(of: "]") else { return nil }
      let rest = text[text.index(after: close)...]
      guard rest.isEmpty || (rest.first == ":" && rest.dropFirst().allSatisfy(\.isASCIIDigit)) else { return nil }
      text = text[text.index(after: text.startIndex)..<close]
    } else if let colon = text.firstIndex(of: ":") {
      guard text[text.index(after: colon)...].allSatisfy(\.isASCIIDigit) else { return nil }
      text = text[..<colon]
    }
    let host = normalized(String(text))
    guard !host.isEmpty, !host.contains(where: { "/@\\ ?#".contains($0) }) else { return nil }
    return host
  }

  /// `Name.Example.` as `name.example`; `[::1]` as `::1`.
  static func normalized(_ name: String) -> String {
    var text = name.trimmingASCIISpaces().lowercased()
    if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
    while text.hasSuffix(".") { text.removeLast() }
    return text
  }

  /// Dotted-decimal IPv4, or IPv6 (hex digits, colons, and an IPv4 tail).
  static func isIPLiteral(_ host: String) -> Bool {
    if host.contains(":") { return host.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." } }
    let parts = host.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4
      && parts.allSatisfy { !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCIIDigit) && Int($0)! <= 255 }
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

extension String {
  fileprivate func trimmingASCIISpaces() -> String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
