import QRQuiz
import QRQuizHTTP

/// A request as the site's handlers see it: the request, its path's named parts, its
/// credentials, whether it comes from the teacher, and the language of the pages and
/// messages (the visitor's choice, a cookie, else the browser's `Accept-Language`).
struct RequestContext: Sendable {
  /// The request.
  let request: HTTPRequest
  /// The path's named parts: `name` for `/t/{name}`.
  let parameters: [String: String]
  /// The credentials it carries.
  let credentials: Credentials
  /// The teacher whose token it carries (public pages show a teacher more: Edit and
  /// Delete, the form that hosts a live game).
  let teacher: Teacher?
  /// The language of the pages and messages.
  let language: Language

  /// The cookie that keeps a visitor's choice of language.
  static let languageCookie = "qrquiz_lang"

  /// The context of a request the router found, on `site`.
  init(_ routed: RouteRequest, site: Site) {
    request = routed.request
    parameters = routed.parameters
    credentials = Credentials(routed.request)
    teacher = site.teacher(credentials)
    language =
      routed.request.cookies[Self.languageCookie].flatMap(Language.init(tag:))
      ?? Language.preferred(acceptLanguage: routed.request.header("accept-language"))
  }

  /// Whether it carries a teacher's token.
  var isTeacher: Bool { teacher != nil }

  /// The named part `name` of the path (the pattern guarantees it).
  subscript(parameter name: String) -> String { parameters[name] ?? "" }
}
