/// The methods routes answer. A `GET` route answers `HEAD` too.
public enum HTTPMethod: String, Sendable, CaseIterable {
  case get = "GET"
  case post = "POST"
  case put = "PUT"
  case delete = "DELETE"
}

/// One entry of a ``Router``'s table: a method, a path pattern, what the route is for, who
/// may call it (its ``Access``), the body it takes, and its handler, which gets the
/// request as the router's `Context` with the identity the access proved.
public struct Route<Context: Sendable>: Sendable {
  /// The method it answers.
  public let method: HTTPMethod
  /// The path it answers: `/t/{name}.json`.
  public let pattern: RoutePattern
  /// What it is for, in the route documentation (``Router/documentation``).
  public let summary: String
  /// Who may call it, as the route documentation says it.
  public let access: String
  /// Whether anyone may call it: no credential is asked.
  public let isPublic: Bool
  /// The name of the identity its access proves (`Anyone` for a public route), for the
  /// tests that walk the table.
  package let identity: String
  /// The most bytes of body it takes.
  public let bodyLimit: BodyLimit
  /// Where its answer is made, for the route documentation.
  let whereAnswered: String
  /// Its answer to a request: the access checked, then the handler.
  let answer: @Sendable (Context) -> HTTPAnswer
  /// Whether its access admits a request, the handler not run (a sign-in's redirect is
  /// not an admission).
  let admits: @Sendable (Context) -> Bool

  init<Identity>(
    method: HTTPMethod, pattern: RoutePattern, summary: String, access: Access<Context, Identity>,
    bodyLimit: BodyLimit, handler: RouteHandler<Context, Identity>
  ) {
    self.method = method
    self.pattern = pattern
    self.summary = summary
    self.access = access.name
    isPublic = access.isPublic
    identity = String(describing: Identity.self)
    self.bodyLimit = bodyLimit
    whereAnswered = handler.whereAnswered
    answer = { context in handler.answer(context, admittedBy: access) }
    admits = { context in
      guard case .admitted = access.admit(context) else { return false }
      return true
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
