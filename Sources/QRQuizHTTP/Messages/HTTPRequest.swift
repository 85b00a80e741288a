/// One request as the server received it, whole: what a responder answers.
public struct HTTPRequest: Sendable {
  /// `GET`, `POST`, `HEAD`, …
  public var method: String
  /// The path, percent-decoded, without the query: `/t/Social.json`.
  public var path: String
  /// Header values by lower-cased name (the first of repeated ones).
  public var headers: [String: String]
  /// Query arguments by name (the first of repeated ones), decoded.
  public var query: [String: String]
  /// Cookies by name.
  public var cookies: [String: String]
  /// The body (at most the server's body limit).
  public var body: [UInt8]
  /// The client's numeric address.
  public var clientAddress: String

  /// Creates a request (tests and other transports build them by hand).
  public init(
    method: String, path: String, headers: [String: String] = [:], query: [String: String] = [:],
    cookies: [String: String] = [:], body: [UInt8] = [], clientAddress: String = "127.0.0.1"
  ) {
    self.method = method
    self.path = path
    self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
    self.query = query
    self.cookies = cookies
    self.body = body
    self.clientAddress = clientAddress
  }

  /// The value of header `name` (any case). (``headers`` with a lower-case name saves the
  /// lower-casing.)
  public func header(_ name: String) -> String? { headers[name.lowercased()] }
}
