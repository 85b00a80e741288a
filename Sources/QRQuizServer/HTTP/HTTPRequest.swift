import QRQuiz
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

/// An answer: status, headers and body. Header values never hold CR or LF (they are
/// dropped when sent).
public struct HTTPResponse: Sendable {
  public var status: Int
  /// Header lines in order; `Content-Length` is the server's.
  public var headers: [(name: String, value: String)]
  public var body: [UInt8]

  public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// The response made once in libmicrohttpd, for a response given many times (a topic's
  /// JSON, a cached image): `nil` until ``prepared()``; changes after that are not sent.
  private(set) var native: NativeResponse?

  /// Whether this response was made once for giving many times.
  var isPrepared: Bool { native != nil }

  /// This response made now, in libmicrohttpd, rather than on every send: no header lines
  /// to build and no body to copy per request.
  func prepared() -> HTTPResponse {
    var response = self
    response.native = NativeResponse(response)
    return response
  }

  /// The first value of header `name` (any case).
  public func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }

  /// The headers as "Name: value\r\n" lines, NUL-terminated for C, each line with any CR,
  /// LF or NUL removed from it (a value cannot start a header of its own). Built byte by
  /// byte: this runs once per request.
  var headerBlock: [UInt8] {
    var block: [UInt8] = []
    block.reserveCapacity(headers.reduce(1) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 })
    for (name, value) in headers {
      for byte in name.utf8 where byte != 13 && byte != 10 && byte != 0 { block.append(byte) }
      block.append(UInt8(ascii: ":"))
      block.append(UInt8(ascii: " "))
      for byte in value.utf8 where byte != 13 && byte != 10 && byte != 0 { block.append(byte) }
      block.append(13)
      block.append(10)
    }
    block.append(0)
    return block
  }
}

/// What answers a server's requests.
public protocol HTTPResponder: Sendable {
  /// The answer if it can be given at once, on the server's own thread (bytes in memory);
  /// `nil` to be asked ``response(to:)`` from a task while the connection waits.
  func immediateResponse(to request: HTTPRequest) -> HTTPResponse?
  /// The answer, worked out asynchronously (disk, other services).
  func response(to request: HTTPRequest) async -> HTTPResponse
}

extension HTTPResponder {
  public func immediateResponse(to request: HTTPRequest) -> HTTPResponse? { nil }
}
