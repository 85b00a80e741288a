import QRQuiz
import QRQuizHTTP

/// The teacher: whoever holds the token `qrquiz serve` prints (in the teacher's address,
/// `/?token=…`). Pages keep it in a cookie the browser sends only to this site's own
/// pages (SameSite=Strict, HttpOnly); scripts send `Authorization: Bearer TOKEN`.
extension QuizWebApp {
  static let teacherCookie = "qrquiz_teacher"

  /// Whether `request` comes from the teacher.
  func isTeacher(_ request: HTTPRequest) -> Bool {
    guard let token = configuration.teacherToken else { return false }
    if let offered = bearerToken(request) { return Secret.matches(offered, token) }
    return request.cookies[Self.teacherCookie].map { Secret.matches($0, token) } ?? false
  }

  /// The refusal for a request that is not the teacher's (`nil`: it is): 401 without a
  /// token, 403 with a wrong one. An API call that relies on the cookie must also say it
  /// sends JSON, which a form of another site cannot (no request is forged with the
  /// teacher's cookie).
  func teacherRefusal(_ request: HTTPRequest, api: Bool) -> HTTPResponse? {
    guard configuration.teacherToken != nil else {
      return .apiError(403, "this server has no teacher's token")
    }
    if bearerToken(request) == nil, request.cookies[Self.teacherCookie] == nil {
      return .apiError(401, "the teacher's token is needed", headers: [("WWW-Authenticate", "Bearer")])
    }
    guard isTeacher(request) else { return .apiError(403, "the teacher's token is not this server's") }
    if api, bearerToken(request) == nil,
      !(request.header("content-type")?.lowercased().hasPrefix("application/json") ?? false)
    {
      return .apiError(415, "send the body as application/json")
    }
    return nil
  }

  /// The 403 page for a form whose `csrf` field is not this server's form token (a form of
  /// another site, or a stale page); `nil` when it is.
  func formTokenRefusal(_ context: RequestContext, _ fields: [String: String]) -> HTTPResponse? {
    guard let csrf = fields["csrf"], Secret.matches(csrf, formToken) else {
      let pages = pages(context)
      return .html(
        pages.error(.formRefused, pages.say(.formRefusedDetail, ["address": .text(SitePath.library.value)])),
        status: 403)
    }
    return nil
  }

  /// For a request with `?token=`: the teacher's cookie set and a redirect to `path`
  /// (the token leaves the address bar, and the projector never shows it); a page saying
  /// no for a wrong token; `nil` without one.
  func teacherSignIn(_ context: RequestContext, returningTo path: SitePath) -> HTTPResponse? {
    guard let offered = context.request.query["token"] else { return nil }
    guard let token = configuration.teacherToken, Secret.matches(offered, token) else {
      return notAllowed(context)
    }
    return .redirect(to: path, headers: [("Set-Cookie", cookie(Self.teacherCookie, token, strict: true))])
  }

  /// A `Set-Cookie` value: this site only, never for scripts, kept for 30 days.
  func cookie(_ name: String, _ value: String, strict: Bool, path: String = "/") -> String {
    let secure = configuration.isSecure ? "; Secure" : ""
    return "\(name)=\(value); Path=\(path); Max-Age=2592000; HttpOnly; SameSite=\(strict ? "Strict" : "Lax")\(secure)"
  }

  private func bearerToken(_ request: HTTPRequest) -> String? {
    guard let authorization = request.header("authorization"), authorization.hasPrefix("Bearer ") else { return nil }
    return String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces)
  }
}
