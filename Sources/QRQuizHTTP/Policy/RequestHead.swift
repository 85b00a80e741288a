/// A request's line and headers as they arrived, counted in one pass, and what the server
/// decides about them before any of the body is read: what libmicrohttpd takes but HTTP
/// forbids is refused, and so is a declared body over its route's limit.
package struct RequestHead: Sendable {
  package let method: String
  /// The path, percent-decoded.
  package let path: String
  /// `HTTP/1.1`, `HTTP/1.0`.
  package let version: String
  /// Bytes of the request line and headers, as the limit counts them.
  package private(set) var size: Int
  /// Every `Content-Length` value, in order.
  package private(set) var contentLengths: [String] = []
  package private(set) var hasHost = false
  /// The first `Host` value.
  package private(set) var host: String?
  package private(set) var hasTransferEncoding = false

  package init(method: String, path: String, version: String) {
    self.method = method
    self.path = path
    self.version = version
    // The request line: method, path, version, two spaces and the line's end.
    size = method.utf8.count + path.utf8.count + 12
  }

  /// Counts one header line.
  package mutating func count(header name: String, value: String) {
    // The name, ": ", the value and the line's end.
    size += name.utf8.count + value.utf8.count + 4
    switch name {
    case "content-length": contentLengths.append(value)
    case "host":
      if !hasHost { host = value }
      hasHost = true
    case "transfer-encoding": hasTransferEncoding = true
    default: break
    }
  }

  /// What the server does with the request.
  package enum Verdict: Sendable, Equatable {
    /// Reads it: a body of `declaredLength` bytes (`nil`: none declared).
    case accept(declaredLength: Int?)
    /// Answers it itself, and reads no more of it.
    case refuse(ServerRefusal)
  }

  /// The verdict under `headerLimit` bytes of headers and a body of at most `bodyLimit`,
  /// for a server answering only `hosts` (`nil`: any).
  package func verdict(headerLimit: Int, bodyLimit: Int, hosts: HostNames? = nil) -> Verdict {
    if size > headerLimit { return .refuse(.headersTooLarge) }
    if contentLengths.count > 1 { return .refuse(.twoContentLengths) }
    if hasTransferEncoding { return .refuse(.lengthRequired) }
    if version == "HTTP/1.1", !hasHost { return .refuse(.noHost) }
    var length: Int?
    if let declared = contentLengths.first {
      guard let number = Self.length(declared) else { return .refuse(.badContentLength) }
      if number > bodyLimit { return .refuse(.bodyTooLarge) }
      length = number
    }
    // Last of the refusals (the others say nothing of the site), and before any route is
    // looked at: a rebound name reaches nothing (`HostNames`).
    if let hosts, let host, !hosts.admits(host) { return .refuse(.misdirected) }
    return .accept(declaredLength: length)
  }

  /// A `Content-Length` value: digits only (RFC 9110), and not past what an `Int` holds.
  package static func length(_ text: String) -> Int? {
    guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
      return nil
    }
    return Int(text)
  }
}
