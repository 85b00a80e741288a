/// The answers the server makes itself, before or instead of the responder's: each with
/// its status and words, the server's headers on every answer, and the connection closed
/// after it (what follows on it cannot be trusted to be a request).
package enum ServerRefusal: Sendable, Equatable {
  /// The request line and headers are over the header limit.
  case headersTooLarge
  /// Two `Content-Length` headers: the second may be read as the start of a second
  /// request (request smuggling).
  case twoContentLengths
  /// `Content-Length` is not a number.
  case badContentLength
  /// HTTP/1.1 without `Host`.
  case noHost
  /// A body sent with `Transfer-Encoding` (chunked) rather than a `Content-Length`: no
  /// browser or script of ours sends one, and refusing it before the body is read leaves
  /// libmicrohttpd's own answers to chunk sizes it cannot read (its 413, without our
  /// headers) and smuggling through `Transfer-Encoding` beside `Content-Length` no way in.
  case lengthRequired
  /// `Host` names none of the names the server answers for (``HostNames``): DNS rebinding.
  case misdirected
  /// The body is over its route's limit.
  case bodyTooLarge
  /// The server holds as many bodies as it may.
  case busy
  /// The server is stopping.
  case stopping
  /// The server holds as many event streams as it may (in all, or from the address).
  case tooManyStreams

  package var status: Int {
    switch self {
    case .headersTooLarge: 431
    case .twoContentLengths, .badContentLength, .noHost: 400
    case .bodyTooLarge: 413
    case .misdirected: 421
    case .lengthRequired: 411
    case .busy, .stopping, .tooManyStreams: 503
    }
  }

  var message: String {
    switch self {
    case .headersTooLarge: "request headers too large\n"
    case .twoContentLengths: "more than one Content-Length\n"
    case .badContentLength: "Content-Length is not a number\n"
    case .noHost: "an HTTP/1.1 request needs a Host header\n"
    case .bodyTooLarge: "request body too large\n"
    case .misdirected: "this server does not answer for that host name\n"
    case .lengthRequired: "send the body with a Content-Length, not a Transfer-Encoding\n"
    case .busy: "the server is receiving or making too much at once; try again\n"
    case .stopping: "the server is stopping\n"
    case .tooManyStreams: "the server holds as many event streams as it may; try again\n"
    }
  }

  /// The answer, with `headers` (the server's on every answer) first.
  func response(headers: [(name: String, value: String)]) -> HTTPResponse {
    let retry: [(String, String)] = status == 503 ? [("Retry-After", "5")] : []
    return HTTPResponse(
      status: status,
      headers: headers + [("Content-Type", "text/plain; charset=utf-8"), ("Connection", "close")] + retry,
      body: Array(message.utf8))
  }
}
