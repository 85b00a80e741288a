/// An answer: status, headers and body. Header values never hold CR or LF (they are
/// dropped when sent).
public struct HTTPResponse: Sendable {
  /// The status code: 200, 404, …
  public var status: Int
  /// Header lines in order; `Content-Length` is the server's.
  public var headers: [(name: String, value: String)]
  /// The body (none is sent for a `HEAD`).
  public var body: [UInt8]

  /// A response of `status`, with `headers` and `body`.
  public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// The response made once in libmicrohttpd, for a response given many times (a topic's
  /// JSON, a cached image): `nil` until ``prepared()``; changes after that are not sent.
  private(set) var native: NativeResponse?

  /// Whether this response was made once for giving many times.
  public var isPrepared: Bool { native != nil }

  /// This response made now, in libmicrohttpd, rather than on every send: no header lines
  /// to build and no body to copy per request. Its headers and body are final: changes to
  /// the copy returned are not sent.
  public func prepared() -> HTTPResponse {
    var response = self
    response.native = NativeResponse(response)
    return response
  }

  /// The first value of header `name` (any case).
  public func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }
}

extension HTTPResponse {
  /// A page: HTML, never stored by caches (pages show live state: plays, the library).
  public static func html(_ page: HTML, status: Int = 200, headers: [(name: String, value: String)] = [])
    -> HTTPResponse
  {
    HTTPResponse(
      status: status,
      headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")] + headers,
      body: Array(page.markup.utf8))
  }

  /// A file's bytes: `type`, kept by caches as `cache` says.
  public static func bytes(
    _ body: [UInt8], type: String, cache: String = "no-cache", headers: [(name: String, value: String)] = []
  ) -> HTTPResponse {
    HTTPResponse(status: 200, headers: [("Content-Type", type), ("Cache-Control", cache)] + headers, body: body)
  }

  /// 303 to a page of this site: after a form post, the browser asks for it with GET.
  /// Relative, so the client's `Host` is never repeated back.
  public static func redirect(to location: SitePath, headers: [(name: String, value: String)] = []) -> HTTPResponse {
    HTTPResponse(status: 303, headers: [("Location", location.value), ("Cache-Control", "no-store")] + headers)
  }
}
