import QRQuiz

/// One entry of a ``Router``'s table: a method, a path pattern, what the route is for,
/// and its handler.
public struct Route: Sendable {
  /// The methods routes answer. A `GET` route answers `HEAD` too.
  public enum Method: String, Sendable, CaseIterable {
    case get = "GET"
    case post = "POST"
    case put = "PUT"
    case delete = "DELETE"
  }

  /// How a route makes its answer.
  public enum Handler: Sendable {
    /// At once, on the server's own thread: from memory, in bounded time (the thread
    /// answers everyone else meanwhile).
    case immediate(@Sendable (RequestContext) -> HTTPResponse)
    /// From a task on the responder threads while the connection waits: anything that
    /// reads or writes the disk, or whose work grows with the library or the request.
    case deferred(@Sendable (RequestContext) async -> HTTPResponse)
    /// At once when the answer is at hand (an image kept in memory), else deferred, or an
    /// event stream: the handler says which.
    case either(@Sendable (RequestContext) -> HTTPAnswer)
  }

  /// The method it answers.
  public let method: Method
  /// The path it answers: `/t/{name}.json`.
  public let pattern: RoutePattern
  /// What it is for, in the route documentation (``Router/documentation``).
  public let summary: String
  /// Its handler.
  public let handler: Handler

  /// Where its answer is made, for the route documentation.
  var whereAnswered: String {
    switch handler {
    case .immediate: "at once"
    case .deferred: "on a responder thread"
    case .either: "at once, from memory or as an event stream; else on a responder thread"
    }
  }
}

/// A request as a route's handler sees it.
public struct RequestContext: Sendable {
  /// The request.
  public let request: HTTPRequest
  /// The path's named parts: `name` for `/t/{name}`.
  public let parameters: [String: String]
  /// The language of the pages and messages: the visitor's choice (a cookie), else the
  /// browser's `Accept-Language`.
  public let language: Language

  /// The named part `name` of the path (the pattern guarantees it).
  public subscript(parameter name: String) -> String { parameters[name] ?? "" }
}
