/// How a route makes its answer, from the request's context and the identity its access
/// proved.
public struct RouteHandler<Context: Sendable, Identity: Sendable>: Sendable {
  enum Work: Sendable {
    case immediate(@Sendable (Context, Identity) -> HTTPResponse)
    case deferred(@Sendable (Context, Identity) async -> HTTPResponse)
    case either(@Sendable (Context, Identity) -> HTTPAnswer)
  }

  let work: Work

  /// At once, on the server's own thread: from memory, in bounded time (the thread
  /// answers everyone else meanwhile).
  public static func immediate(_ handler: @escaping @Sendable (Context, Identity) -> HTTPResponse) -> Self {
    Self(work: .immediate(handler))
  }

  /// From a task on the responder threads while the connection waits: anything that
  /// reads or writes the disk, or whose work grows with the library or the request.
  public static func deferred(_ handler: @escaping @Sendable (Context, Identity) async -> HTTPResponse) -> Self {
    Self(work: .deferred(handler))
  }

  /// At once when the answer is at hand (an image kept in memory), else deferred, or an
  /// event stream: the handler says which.
  public static func either(_ handler: @escaping @Sendable (Context, Identity) -> HTTPAnswer) -> Self {
    Self(work: .either(handler))
  }

  /// Where the answer is made, for the route documentation.
  var whereAnswered: String {
    switch work {
    case .immediate: "at once"
    case .deferred: "on a responder thread"
    case .either: "at once, from memory or as an event stream; else on a responder thread"
    }
  }

  /// The answer to `context` once `access` admits it; the check runs where the handler
  /// would (on a responder thread for a deferred handler).
  func answer(_ context: Context, admittedBy access: Access<Context, Identity>) -> HTTPAnswer {
    switch work {
    case .immediate(let handler):
      switch access.admit(context) {
      case .admitted(let identity): .now(handler(context, identity))
      case .answered(let response): .now(response)
      }
    case .deferred(let handler):
      .later {
        switch access.admit(context) {
        case .admitted(let identity): await handler(context, identity)
        case .answered(let response): response
        }
      }
    case .either(let handler):
      switch access.admit(context) {
      case .admitted(let identity): handler(context, identity)
      case .answered(let response): .now(response)
      }
    }
  }
}

extension RouteHandler where Identity == Anyone {
  /// At once, for a public route: the handler takes the context alone.
  public static func immediate(_ handler: @escaping @Sendable (Context) -> HTTPResponse) -> Self {
    Self(work: .immediate { context, _ in handler(context) })
  }

  /// On a responder thread, for a public route.
  public static func deferred(_ handler: @escaping @Sendable (Context) async -> HTTPResponse) -> Self {
    Self(work: .deferred { context, _ in await handler(context) })
  }

  /// At once or later, or a stream, for a public route.
  public static func either(_ handler: @escaping @Sendable (Context) -> HTTPAnswer) -> Self {
    Self(work: .either { context, _ in handler(context) })
  }
}
