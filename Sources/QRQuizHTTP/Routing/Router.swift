/// Answers requests from a table of routes (method, path pattern, access, body limit,
/// handler), as Hummingbird's router does: the table is the whole of what a server
/// answers, and its ``documentation``. What every answer needs is done once, here and in
/// the ``HTTPMiddleware`` around it: a path no route has gets 404, a method its routes do
/// not take gets 405 with `Allow`, `HEAD` is answered as `GET` (libmicrohttpd sends the
/// headers without the body), a route's ``Access`` is checked before its handler runs,
/// and its ``BodyLimit`` is the server's when the request's headers arrive.
///
/// Handlers get the request as the router's `Context`, which the app makes from each
/// ``RouteRequest`` (its language, its visitor): as Hummingbird's request context, the
/// router knows nothing of what the app keeps in it.
///
/// When two patterns match one path, the more specific wins, segment by segment (a
/// literal over `{name}.json` over `{name}`), whatever their order in the table.
///
/// ```swift
/// var router = Router()
/// router.add(
///   .get, "/hello/{name}", "a greeting", access: .anyone,
///   .immediate { request in
///     .html("<p>Hello, \(request[parameter: "name"])!</p>")
///   })
/// let server = try HTTPServer(configuration: .init(port: 0), responder: router)
/// ```
public struct Router<Context: Sendable>: HTTPResponder {
  /// The routes, in the order added.
  public private(set) var routes: [Route<Context>] = []
  /// What wraps every answer, outermost first.
  public var middleware: [any HTTPMiddleware] = []
  /// The context a handler gets for a request.
  private let makeContext: @Sendable (RouteRequest) -> Context
  /// The answer to a path no route has.
  public var notFound: @Sendable (Context) -> HTTPResponse = { _ in
    HTTPResponse(status: 404, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array("not found\n".utf8))
  }
  /// The answer to a method the path's routes do not take (the router adds `Allow`).
  public var methodNotAllowed: @Sendable (Context, _ allowed: String) -> HTTPResponse = { _, allowed in
    HTTPResponse(
      status: 405, headers: [("Content-Type", "text/plain; charset=utf-8")],
      body: Array("this address answers \(allowed)\n".utf8))
  }

  /// A router with no routes, whose handlers get the `Context` that `context` makes of
  /// each request.
  public init(context: @escaping @Sendable (RouteRequest) -> Context) {
    makeContext = context
  }

  /// Adds a route: `handler` answers `method` on `pattern` for requests `access` admits,
  /// with the identity they proved, and bodies of at most `bodyLimit`.
  public mutating func add<Identity>(
    _ method: HTTPMethod, _ pattern: RoutePattern, _ summary: String, access: Access<Context, Identity>,
    bodyLimit: BodyLimit = .standard, _ handler: RouteHandler<Context, Identity>
  ) {
    routes.append(
      Route(
        method: method, pattern: pattern, summary: summary, access: access, bodyLimit: bodyLimit, handler: handler))
  }

  /// Adds a route made elsewhere (a ``RouteGroup``'s).
  mutating func add(_ route: Route<Context>) { routes.append(route) }

  /// The route for `method` and `path`, if one takes them.
  package func route(method: String, path: String) -> Route<Context>? {
    guard case .route(let route, _) = match(method: method, path: path) else { return nil }
    return route
  }

  /// The route `request` goes to, with the context its handler would get; `nil` when no
  /// route takes it. For an app that decides something of every request before its route
  /// does (what a visitor may see).
  package func routed(_ request: HTTPRequest) -> (route: Route<Context>, context: Context)? {
    guard case .route(let route, let parameters) = match(method: request.method, path: request.path) else {
      return nil
    }
    return (route, makeContext(RouteRequest(request: request, parameters: parameters)))
  }

  /// Whether the access of the route `request` goes to admits it, the handler not run;
  /// `nil` when no route takes it. What the route table's tests and the fuzz target check.
  package func admits(_ request: HTTPRequest) -> Bool? {
    guard case .route(let route, let parameters) = match(method: request.method, path: request.path) else {
      return nil
    }
    return route.admits(makeContext(RouteRequest(request: request, parameters: parameters)))
  }

  /// The body limit of the route for `method` and `path`; `nil` for a request no route
  /// takes (the server's own limit applies: it is answered 404 or 405 anyway).
  public func bodyLimit(method: String, path: String) -> Int? {
    route(method: method, path: path)?.bodyLimit.bytes
  }

  public func answer(_ request: HTTPRequest) -> HTTPAnswer {
    var next: @Sendable (HTTPRequest) -> HTTPAnswer = route
    for layer in middleware.reversed() {
      let inner = next
      next = { layer.answer($0, next: inner) }
    }
    return next(request)
  }

  /// The answer of the route for `request`, or 404 or 405.
  private func route(_ request: HTTPRequest) -> HTTPAnswer {
    switch match(method: request.method, path: request.path) {
    case .none:
      return .now(notFound(makeContext(RouteRequest(request: request, parameters: [:]))))
    case .otherMethods(let allowed):
      var response = methodNotAllowed(makeContext(RouteRequest(request: request, parameters: [:])), allowed)
      response.headers.append(("Allow", allowed))
      return .now(response)
    case .route(let route, let parameters):
      return route.answer(makeContext(RouteRequest(request: request, parameters: parameters)))
    }
  }

  /// What the table has for a method and a path.
  enum Match {
    /// The route, with the path's named parts.
    case route(Route<Context>, parameters: [String: String])
    /// Routes of the path, for other methods: the `Allow` value.
    case otherMethods(allowed: String)
    /// No route has the path.
    case none
  }

  /// The route for `method` and `path`: of every route whose pattern matches, those of the
  /// most specific pattern (the path belongs to it, whatever the method), then the one of
  /// the method (`HEAD` is `GET`'s). Asked twice a request (its body limit, its answer), so
  /// only the chosen route's named parts are collected, and specificity is worked out once.
  func match(method: String, path: String) -> Match {
    let segments = Self.segments(path)
    let method = method == "HEAD" ? "GET" : method
    var best: [Int]?
    var chosen: Route<Context>?
    var allowed: [HTTPMethod] = []
    for route in routes where route.pattern.matches(segments) {
      let specificity = route.pattern.specificity
      if let current = best, specificity != current {
        guard current.lexicographicallyPrecedes(specificity) else { continue }
        chosen = nil
        allowed.removeAll()
      }
      best = specificity
      allowed.append(route.method)
      if chosen == nil, route.method.rawValue == method { chosen = route }
    }
    guard best != nil else { return .none }
    guard let chosen else { return .otherMethods(allowed: Self.allowed(allowed)) }
    return .route(chosen, parameters: chosen.pattern.match(segments) ?? [:])
  }

  /// The `Allow` value for routes of `methods`: `GET` brings `HEAD`.
  static func allowed(_ methods: [HTTPMethod]) -> String {
    var names: [String] = []
    for method in HTTPMethod.allCases where methods.contains(method) {
      names.append(method.rawValue)
      if method == .get { names.append("HEAD") }
    }
    return names.joined(separator: ", ")
  }

  /// A path's segments: `/t/Social.json` → `t`, `Social.json`; `/` → none. Empty segments
  /// are kept (`/t//x` matches nothing meant for `/t/{name}`).
  static func segments(_ path: String) -> [Substring] {
    guard path != "/" else { return [] }
    return Array(path.split(separator: "/", omittingEmptySubsequences: false).dropFirst())
  }
}

extension Router where Context == RouteRequest {
  /// A router with no routes, whose handlers get the ``RouteRequest`` itself.
  public init() {
    self.init(context: { $0 })
  }
}
