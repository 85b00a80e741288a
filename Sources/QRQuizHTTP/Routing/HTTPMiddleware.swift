/// Work every answer of a ``Router`` goes through (security headers, logging): it gets
/// the request and the rest of the chain, and returns the answer, changed or not.
public protocol HTTPMiddleware: Sendable {
  /// The answer to `request`: usually `next(request)`, transformed.
  func answer(_ request: HTTPRequest, next: @Sendable (HTTPRequest) -> HTTPAnswer) -> HTTPAnswer
}
