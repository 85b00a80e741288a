/// An error a route's handler throws that says how to answer it, as Hummingbird's
/// `HTTPResponseError`: a handler `try`s its way through a request and the router turns what
/// it threw into its status and body, so handlers hold no catch-and-format of their own.
///
/// ```swift
/// struct NotHere: HTTPResponseError {
///   var response: HTTPResponse { HTTPResponse(status: 404, headers: [], body: Array("not here\n".utf8)) }
/// }
/// router.add(.get, "/x", "nothing", access: .anyone, .immediate { _ in throw NotHere() })
/// ```
public protocol HTTPResponseError: Error {
  /// The answer to give.
  var response: HTTPResponse { get }
}

extension HTTPResponse {
  /// The answer to what a handler threw: the error's own when it is an ``HTTPResponseError``;
  /// else a 500 that says nothing of it (an error that was not meant for the client).
  static func answering(_ error: any Error) -> HTTPResponse {
    if let error = error as? any HTTPResponseError { return error.response }
    return HTTPResponse(
      status: 500, headers: [("Content-Type", "text/plain; charset=utf-8")],
      body: Array("the server could not answer this request\n".utf8))
  }
}

/// An answer thrown instead of returned: what a lookup gives when it does not find what a
/// handler needs (a page saying there is no such class), for the router to send.
public struct HTTPFailure: HTTPResponseError {
  public var response: HTTPResponse

  public init(_ response: HTTPResponse) { self.response = response }
}
