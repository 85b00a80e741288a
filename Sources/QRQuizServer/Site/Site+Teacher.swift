import QRQuiz
import QRQuizHTTP

/// The teacher: whoever holds the token `qrquiz serve` prints (in the teacher's address,
/// `/?token=…`). Pages keep it in a cookie the browser sends only to this site's own
/// pages (SameSite=Strict, HttpOnly); scripts send `Authorization: Bearer TOKEN`.
extension Site {
  /// Whether `request` comes from the teacher.
  func isTeacher(_ request: HTTPRequest) -> Bool {
    guard let token = configuration.teacherToken else { return false }
    if let offered = bearerToken(request) { return Secret.matches(offered, token) }
    return request.cookies[Credentials.teacherCookie].map { Secret.matches($0, token) } ?? false
  }

  /// The refusal for a request that is not the teacher's (`nil`: it is): 401 without a
  /// token, 403 with a wrong one. An API call that relies on the cookie must also say it
  /// sends JSON, which a form of another site cannot (no request is forged with the
  /// teacher's cookie).
  func teacherRefusal(_ request: HTTPRequest, api: Bool) -> HTTPResponse? {
    guard configuration.teacherToken != nil else {
      return .apiError(403, "this server has no teacher's token")
    }
    if bearerToken(request) == nil, request.cookies[Credentials.teacherCookie] == nil {
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
      let pages = self.pages(context)
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
    return .redirect(to: path, headers: [("Set-Cookie", cookie(Credentials.teacherCookie, token, strict: true))])
  }

  private func bearerToken(_ request: HTTPRequest) -> String? {
    guard let authorization = request.header("authorization"), authorization.hasPrefix("Bearer ") else { return nil }
    return String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces)
  }

  /// Why a write cannot be made.
  struct EditRefusal: Error {
    var response: HTTPResponse
  }

  /// The library a write goes to, when the request may write: editing on (`--allow-edit`),
  /// the teacher's (a Bearer token, or the page's cookie with its form token), and a
  /// library rather than files.
  func editableLibrary(_ request: HTTPRequest) -> Result<TopicLibrary, EditRefusal> {
    guard configuration.allowsEditing else {
      return .failure(EditRefusal(response: .apiError(403, "editing is off: start qrquiz serve with --allow-edit")))
    }
    if let refusal = teacherRefusal(request, api: false) { return .failure(EditRefusal(response: refusal)) }
    if request.header("authorization") == nil {
      // The page's cookie: the form token must come too (another site's page cannot know it).
      guard let token = request.header(Credentials.formTokenHeader), Secret.matches(token, formToken) else {
        return .failure(EditRefusal(response: .apiError(403, "the page is out of date: reload it")))
      }
    }
    guard case .library(let library) = topics.source else {
      return .failure(EditRefusal(response: .apiError(403, ServedTopics.ReadOnly().description)))
    }
    return .success(library)
  }
}
