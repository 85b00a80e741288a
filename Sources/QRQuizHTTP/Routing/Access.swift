/// What a route asks of a request before its handler runs, and the identity a request
/// that passes has proven: as Hummingbird's authenticator middleware leaves the identity
/// it proved in the request context, and its route groups keep routes that need one apart.
///
/// A route's handler takes the identity as an argument (``RouteHandler``), so a handler
/// that needs, say, the host of a game is called with the proof or not at all: an app
/// whose identity types only its access checks can make cannot write one that forgets
/// the check. The check runs where the handler runs (at once, or on a responder thread).
///
/// ```swift
/// struct Admin: Sendable { fileprivate init() {} }
/// let admin = Access<RouteRequest, Admin>("the administrator (Bearer)") { request in
///   request.request.header("authorization") == "Bearer s3cret"
///     ? .admitted(Admin()) : .answered(HTTPResponse(status: 401, headers: [("WWW-Authenticate", "Bearer")]))
/// }
/// var router = Router()
/// router.add(.post, "/reset", "starts afresh", access: admin, .immediate { _, _ in HTTPResponse(status: 204) })
/// ```
public struct Access<Context: Sendable, Identity: Sendable>: Sendable {
  /// Who may call, as the route documentation says it: "anyone", "the teacher (Bearer)".
  public let name: String
  /// Whether anyone may call: no credential is asked.
  public let isPublic: Bool
  private let check: @Sendable (Context) -> Admission<Identity>

  /// An access called `name` (for the route documentation) whose `check` proves who the
  /// request comes from, or answers it itself.
  public init(_ name: String, check: @escaping @Sendable (Context) -> Admission<Identity>) {
    self.name = name
    isPublic = false
    self.check = check
  }

  private init(public name: String, check: @escaping @Sendable (Context) -> Admission<Identity>) {
    self.name = name
    isPublic = true
    self.check = check
  }

  /// What `context`'s request proves.
  public func admit(_ context: Context) -> Admission<Identity> { check(context) }
}

extension Access where Identity == Anyone {
  /// Anyone: no credential is asked.
  public static var anyone: Access { Access(public: "anyone") { _ in .admitted(Anyone()) } }

  /// Anyone, documented as `name` (what the route does with a credential that comes anyway:
  /// "anyone; `?token=` signs the teacher in").
  public static func anyone(_ name: String) -> Access { Access(public: name) { _ in .admitted(Anyone()) } }
}

/// What an access check decided for a request.
public enum Admission<Identity: Sendable>: Sendable {
  /// The request proved `Identity`: the handler runs with it.
  case admitted(Identity)
  /// The check answered the request itself, and the handler does not run: a refusal (401,
  /// 403, a game that does not exist), or a sign-in's redirect.
  case answered(HTTPResponse)
}

/// The identity of a public route's request: nothing is proven.
public struct Anyone: Sendable {
  /// Nobody in particular.
  public init() {}
}
