/// The methods routes answer. A `GET` route answers `HEAD` too.
public enum HTTPMethod: String, Sendable, CaseIterable {
  case get = "GET"
  case post = "POST"
  case put = "PUT"
  case delete = "DELETE"
}

/// One entry of a ``Router``'s table: a method, a path pattern, what the route is for,
/// and its handler, which gets the request as the router's `Context`.
public struct Route<Context: Sendable>: Sendable {
  /// How a route makes its answer.
  public enum Handler: Sendable {
    /// At once, on the server's own thread: from memory, in bounded time (the thread
    /// answers everyone else meanwhile).
    case immediate(@Sendable (Context) -> HTTPResponse)
    /// From a task on the responder threads while the connection waits: anything that
    /// reads or writes the disk, or whose work grows with the library or the request.
    case deferred(@Sendable (Context) async -> HTTPResponse)
    /// At once when the answer is at hand (an image kept in memory), else deferred, or an
    /// event stream: the handler says which.
    case either(@Sendable (Context) -> HTTPAnswer)
  }

  /// The method it answers.
  public let method: HTTPMethod
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

  /// The answer to `context`'s request.
  func answer(_ context: Context) -> HTTPAnswer {
    switch handler {
    case .immediate(let handler): .now(handler(context))
    case .deferred(let handler): .later { await handler(context) }
    case .either(let handler): handler(context)
    }
  }
}

/// A request as the router found it: the request and its path's named parts. A router's
/// `Context` is made from it (``Router/init(context:)``).
public struct RouteRequest: Sendable {
  /// The request.
  public let request: HTTPRequest
  /// The path's named parts: `name` for `/t/{name}`.
  public let parameters: [String: String]

  /// The named part `name` of the path (the pattern guarantees it).
  public subscript(parameter name: String) -> String { parameters[name] ?? "" }
}
