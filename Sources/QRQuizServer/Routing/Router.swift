import QRQuiz

/// Answers requests from a table of routes (method, path pattern, handler), as
/// Hummingbird's router does: the table is the whole of what a server answers, and its
/// ``documentation``. What every answer needs is done once, here and in the
/// ``HTTPMiddleware`` around it: a path no route has gets 404, a method its routes do not
/// take gets 405 with `Allow`, `HEAD` is answered as `GET` (libmicrohttpd sends the
/// headers without the body).
///
/// When two patterns match one path, the more specific wins, segment by segment (a
/// literal over `{name}.json` over `{name}`), whatever their order in the table.
///
/// ```swift
/// var router = Router()
/// router.add(
///   .get, "/hello/{name}", "a greeting",
///   .immediate { context in
///     .html("<p>Hello, \(context[parameter: "name"])!</p>")
///   })
/// let server = try HTTPServer(configuration: .init(port: 0), responder: router)
/// ```
public struct Router: HTTPResponder {
  /// The routes, in the order added.
  public private(set) var routes: [Route] = []
  /// What wraps every answer, outermost first.
  public var middleware: [any HTTPMiddleware] = []
  /// The language of a request's pages and messages.
  public var language: @Sendable (HTTPRequest) -> Language = {
    Language.preferred(acceptLanguage: $0.header("accept-language"))
  }
  /// The answer to a path no route has.
  public var notFound: @Sendable (RequestContext) -> HTTPResponse = { _ in
    HTTPResponse(status: 404, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array("not found\n".utf8))
  }
  /// The answer to a method the path's routes do not take (the router adds `Allow`).
  public var methodNotAllowed: @Sendable (RequestContext, _ allowed: String) -> HTTPResponse = { _, allowed in
    HTTPResponse(
      status: 405, headers: [("Content-Type", "text/plain; charset=utf-8")],
      body: Array("this address answers \(allowed)\n".utf8))
  }

  /// A router with no routes.
  public init() {}

  /// Adds a route.
  public mutating func add(_ method: Route.Method, _ pattern: RoutePattern, _ summary: String, _ handler: Route.Handler)
  {
    routes.append(Route(method: method, pattern: pattern, summary: summary, handler: handler))
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
    let path = Self.segments(request.path)
    let language = language(request)
    // Every route whose pattern matches, then those of the most specific pattern: the
    // path belongs to it, whatever the method.
    var matches: [(route: Route, parameters: [String: String])] = []
    for route in routes {
      if let parameters = route.pattern.match(path) { matches.append((route, parameters)) }
    }
    guard let best = matches.map(\.route.pattern.specificity).max(by: { $0.lexicographicallyPrecedes($1) }) else {
      return .now(notFound(RequestContext(request: request, parameters: [:], language: language)))
    }
    matches.removeAll { $0.route.pattern.specificity != best }
    let method = request.method == "HEAD" ? "GET" : request.method
    guard let match = matches.first(where: { $0.route.method.rawValue == method }) else {
      let allowed = Self.allowed(matches.map(\.route.method))
      var response = methodNotAllowed(RequestContext(request: request, parameters: [:], language: language), allowed)
      response.headers.append(("Allow", allowed))
      return .now(response)
    }
    let context = RequestContext(request: request, parameters: match.parameters, language: language)
    switch match.route.handler {
    case .immediate(let handler): return .now(handler(context))
    case .deferred(let handler): return .later { await handler(context) }
    case .either(let handler): return handler(context)
    }
  }

  /// The `Allow` value for routes of `methods`: `GET` brings `HEAD`.
  static func allowed(_ methods: [Route.Method]) -> String {
    var names: [String] = []
    for method in Route.Method.allCases where methods.contains(method) {
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

  /// The route table as a Markdown table: method, path, what it is for, and whether it is
  /// answered at once or on the responder threads.
  public var documentation: String {
    var lines = ["| method | path | what | answered |", "|---|---|---|---|"]
    for route in routes {
      let methods = route.method == .get ? "GET, HEAD" : route.method.rawValue
      lines.append("| \(methods) | `\(route.pattern)` | \(route.summary) | \(route.whereAnswered) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

/// Work every answer of a ``Router`` goes through (security headers, logging): it gets
/// the request and the rest of the chain, and returns the answer, changed or not.
public protocol HTTPMiddleware: Sendable {
  /// The answer to `request`: usually `next(request)`, transformed.
  func answer(_ request: HTTPRequest, next: @Sendable (HTTPRequest) -> HTTPAnswer) -> HTTPAnswer
}
