/// How a route makes its answer, from the request's context and the identity its access
/// proved. A handler may throw: an ``HTTPResponseError`` is answered as it says, anything
/// else with a 500.
public struct RouteHandler<Context: Sendable, Identity: Sendable>: Sendable {
  enum Work: Sendable {
    case immediate(@Sendable (Context, Identity) -> HTTPResponse)
    case deferred(ResponderLane, @Sendable (Context, Identity) async -> HTTPResponse)
    /// Admitted and stamped on arrival, answered later on the lane.
    case stamped(ResponderLane, @Sendable (Context, Identity) -> @Sendable () async -> HTTPResponse)
    case either(@Sendable (Context, Identity) -> HTTPAnswer)
  }

  let work: Work

  /// At once, on the server's own thread: from memory, in bounded time (the thread
  /// answers everyone else meanwhile).
  public static func immediate(_ handler: @escaping @Sendable (Context, Identity) throws -> HTTPResponse) -> Self {
    Self(work: .immediate { context, identity in answering { try handler(context, identity) } })
  }

  /// From a task on the threads of `lane` while the connection waits: anything that
  /// reads or writes the disk, or whose work grows with the library or the request.
  public static func deferred(
    lane: ResponderLane = .standard, _ handler: @escaping @Sendable (Context, Identity) async throws -> HTTPResponse
  ) -> Self {
    Self(work: .deferred(lane) { context, identity in await answeringLater { try await handler(context, identity) } })
  }

  /// As ``deferred(lane:_:)``, with what `stamp` gives when the request arrives (on the
  /// server's own thread: the access is checked then too): a move's time is the time it
  /// arrived, not the time its lane got to it.
  public static func deferred<Stamp: Sendable>(
    lane: ResponderLane, stampedBy stamp: @escaping @Sendable () -> Stamp,
    _ handler: @escaping @Sendable (Context, Identity, Stamp) async throws -> HTTPResponse
  ) -> Self {
    Self(
      work: .stamped(lane) { context, identity in
        let stamped = stamp()
        return { await answeringLater { try await handler(context, identity, stamped) } }
      })
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
    case .deferred(.standard, _): "on a responder thread"
    case .deferred(.live, _): "on the live games' threads"
    case .deferred(.bulk, _): "on the bulk thread (bounded)"
    case .stamped(let lane, _): lane == .live ? "timed on arrival, on the live games' threads" : "timed on arrival"
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
    case .deferred(let lane, let handler):
      .later(lane: lane) {
        switch access.admit(context) {
        case .admitted(let identity): await handler(context, identity)
        case .answered(let response): response
        }
      }
    case .stamped(let lane, let handler):
      switch access.admit(context) {
      case .admitted(let identity): .later(lane: lane, handler(context, identity))
      case .answered(let response): .now(response)
      }
    case .either(let handler):
      switch access.admit(context) {
      case .admitted(let identity): handler(context, identity)
      case .answered(let response): .now(response)
      }
    }
  }
}

/// A handler's answer, or the answer to what it threw.
private func answering(_ handler: () throws -> HTTPResponse) -> HTTPResponse {
  do { return try handler() } catch { return .answering(error) }
}

private func answeringLater(_ handler: () async throws -> HTTPResponse) async -> HTTPResponse {
  do { return try await handler() } catch { return .answering(error) }
}

extension RouteHandler where Identity == Anyone {
  /// At once, for a public route: the handler takes the context alone.
  public static func immediate(_ handler: @escaping @Sendable (Context) throws -> HTTPResponse) -> Self {
    immediate { context, _ in try handler(context) }
  }

  /// On the threads of `lane`, for a public route.
  public static func deferred(
    lane: ResponderLane = .standard, _ handler: @escaping @Sendable (Context) async throws -> HTTPResponse
  ) -> Self {
    deferred(lane: lane) { context, _ in try await handler(context) }
  }

  /// At once or later, or a stream, for a public route.
  public static func either(_ handler: @escaping @Sendable (Context) -> HTTPAnswer) -> Self {
    Self(work: .either { context, _ in handler(context) })
  }
}
