/// The headers every answer carries, so that nothing a topic, a player or a form brings
/// can run as script, be framed by another site, or be sniffed as another type.
public struct SecurityHeaders: HTTPMiddleware {
  /// No script, style, frame or form target from anywhere but this server; topic text
  /// cannot bring its own.
  public static let contentSecurityPolicy =
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; object-src 'none'; "
    + "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

  /// The headers, in order.
  public static let all: [(name: String, value: String)] = [
    ("Content-Security-Policy", contentSecurityPolicy), ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"), ("X-Frame-Options", "DENY"),
  ]

  public init() {}

  public func answer(_ request: HTTPRequest, next: @Sendable (HTTPRequest) -> HTTPAnswer) -> HTTPAnswer {
    next(request).map(Self.secured)
  }

  /// `response` with the headers. A prepared response (made once in libmicrohttpd) got
  /// them when it was prepared, and is passed as it is.
  public static func secured(_ response: HTTPResponse) -> HTTPResponse {
    guard !response.isPrepared else { return response }
    var response = response
    response.headers += all
    return response
  }
}
