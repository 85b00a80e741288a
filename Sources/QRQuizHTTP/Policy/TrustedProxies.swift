import Foundation

/// The proxies (nginx, HAProxy) whose `X-Forwarded-For` is believed: behind one, every
/// connection comes from the proxy's address, so the limits the server keeps per address
/// would be one limit for the whole school. A request whose connection comes from a
/// trusted proxy is taken to be from the right-most address of its `X-Forwarded-For` that
/// is not a trusted proxy's (each proxy appends the address it was reached from, so what
/// lies left of that is the client's to write, and believed by nobody); from any other
/// peer, the header is ignored and the peer is the client.
///
/// ```swift
/// let proxies = TrustedProxies(["127.0.0.1"])
/// let client = proxies.client(peer: "127.0.0.1", forwardedFor: "6.6.6.6, 203.0.113.9")  // 203.0.113.9
/// let stranger = proxies.client(peer: "198.51.100.7", forwardedFor: "203.0.113.9")  // 198.51.100.7
/// ```
public struct TrustedProxies: Sendable, Hashable {
  /// The proxies' addresses, as the server sees its peers (numeric, normalised).
  public let addresses: Set<String>

  /// Nobody's header is believed.
  public static let none = TrustedProxies([])

  /// - Parameter addresses: numeric IPv4 or IPv6 addresses (``isAddress(_:)``).
  public init(_ addresses: [String]) {
    self.addresses = Set(addresses.compactMap(Self.normalized))
  }

  /// The client of a request whose connection comes from `peer`, with `forwardedFor` its
  /// `X-Forwarded-For` (repeated headers joined by commas), if any.
  public func client(peer: String, forwardedFor: String?) -> String {
    guard !addresses.isEmpty, let peerAddress = Self.normalized(peer), addresses.contains(peerAddress),
      let forwardedFor
    else { return peer }
    // Right to left: past every trusted proxy, the first address is the one a trusted
    // proxy was reached from. Anything that is not an address there means a proxy that
    // writes the header wrongly: the peer itself is safer than a guess.
    for entry in forwardedFor.split(separator: ",").reversed() {
      guard let address = Self.normalized(String(entry)) else { return peer }
      if !addresses.contains(address) { return address }
    }
    return peer
  }

  /// Whether `text` is a numeric IPv4 or IPv6 address.
  public static func isAddress(_ text: String) -> Bool { normalized(text) != nil }

  /// `text` as the server writes a peer's address: trimmed, an IPv6 address without its
  /// brackets and in its canonical form; `nil` for anything that is not an address (a
  /// name, a port, garbage).
  static func normalized(_ text: String) -> String? {
    var trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.hasPrefix("["), trimmed.hasSuffix("]") { trimmed = String(trimmed.dropFirst().dropLast()) }
    guard !trimmed.isEmpty, trimmed.utf8.count <= 45 else { return nil }
    var v4 = in_addr()
    if inet_pton(AF_INET, trimmed, &v4) == 1 { return trimmed }
    var v6 = in6_addr()
    guard inet_pton(AF_INET6, trimmed, &v6) == 1 else { return nil }
    var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
    guard inet_ntop(AF_INET6, &v6, &buffer, socklen_t(buffer.count)) != nil else { return nil }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
