import QRQuiz
import QRQuizHTTP

/// A request as the site's handlers see it: the request, its path's named parts, and the
/// language of the pages and messages (the visitor's choice, a cookie, else the browser's
/// `Accept-Language`).
struct RequestContext: Sendable {
  /// The request.
  let request: HTTPRequest
  /// The path's named parts: `name` for `/t/{name}`.
  let parameters: [String: String]
  /// The language of the pages and messages.
  let language: Language

  /// The cookie that keeps a visitor's choice of language.
  static let languageCookie = "qrquiz_lang"

  /// The context of a request the router found.
  init(_ routed: RouteRequest) {
    request = routed.request
    parameters = routed.parameters
    language =
      routed.request.cookies[Self.languageCookie].flatMap(Language.init(tag:))
      ?? Language.preferred(acceptLanguage: routed.request.header("accept-language"))
  }

  /// The named part `name` of the path (the pattern guarantees it).
  subscript(parameter name: String) -> String { parameters[name] ?? "" }
}
