/// Routes that share a path prefix, and who may call them and the body they take, declared
/// once (Hummingbird's `RouterGroup`): `/api/live/{pin}` and its host's access are written
/// once for the routes of a game's host, not on each.
///
/// ```swift
/// router.group("/api/live/{pin}", access: hostMove) { host in
///   host.add(.post, "/next", "start, close the question, next, podium", .deferred(next))
///   host.add(.post, "/end", "the podium now", .deferred(end))
/// }
/// ```
public struct RouteGroup<Context: Sendable, Identity: Sendable> {
  /// The prefix of every path of the group (`/api/live/{pin}`), without a trailing `/`.
  public let prefix: String
  /// Who may call the group's routes.
  public let access: Access<Context, Identity>
  /// The most bytes of body its routes take, unless a route says otherwise.
  public let bodyLimit: BodyLimit
  fileprivate var routes: [Route<Context>] = []

  /// Adds a route: `handler` answers `method` on the group's prefix followed by `path` (`""`
  /// for the prefix itself), for requests the group's access admits.
  public mutating func add(
    _ method: HTTPMethod, _ path: String, _ summary: String, bodyLimit: BodyLimit? = nil,
    _ handler: RouteHandler<Context, Identity>
  ) {
    add(method, path, summary, access: access, bodyLimit: bodyLimit, handler)
  }

  /// Adds a route of the group's prefix with an access of its own (one public route among a
  /// game's: joining it).
  public mutating func add<Other>(
    _ method: HTTPMethod, _ path: String, _ summary: String, access: Access<Context, Other>,
    bodyLimit: BodyLimit? = nil, _ handler: RouteHandler<Context, Other>
  ) {
    routes.append(
      Route(
        method: method, pattern: RoutePattern(stringLiteral: prefix + path), summary: summary, access: access,
        bodyLimit: bodyLimit ?? self.bodyLimit, handler: handler))
  }

  /// A group within this one: a longer prefix (`path`), another access.
  public mutating func group<Other>(
    _ path: String = "", access: Access<Context, Other>, bodyLimit: BodyLimit? = nil,
    _ build: (inout RouteGroup<Context, Other>) -> Void
  ) {
    var inner = RouteGroup<Context, Other>(
      prefix: prefix + path, access: access, bodyLimit: bodyLimit ?? self.bodyLimit)
    build(&inner)
    routes += inner.routes
  }
}

extension Router {
  /// Adds the routes `build` declares under `prefix`, each admitted by `access` unless it
  /// says otherwise.
  public mutating func group<Identity>(
    _ prefix: String, access: Access<Context, Identity>, bodyLimit: BodyLimit = .standard,
    _ build: (inout RouteGroup<Context, Identity>) -> Void
  ) {
    var group = RouteGroup(
      prefix: prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix, access: access,
      bodyLimit: bodyLimit)
    build(&group)
    for route in group.routes { add(route) }
  }
}
