import QRQuiz
import QRQuizHTTP

/// The visitor's choices, kept in cookies: the theme (the system's, light or dark) and the
/// language (the browser's, English or Spanish). Links on every page set them; no script is
/// needed, and the Content-Security-Policy stays as it is.
extension QuizWebApp {
  static let themeCookie = "qrquiz_theme"

  /// GET `/settings?theme=auto|light|dark&lang=auto|en|es&back=PATH`: keeps the choice and
  /// goes back to the page it was made on (a path of this site only).
  func settings(_ context: RequestContext) -> HTTPResponse {
    let query = context.request.query
    var headers: [(name: String, value: String)] = []
    if let theme = query["theme"] {
      headers.append(("Set-Cookie", preference(Self.themeCookie, Theme(rawValue: theme)?.rawValue)))
    }
    if let language = query["lang"] {
      headers.append(("Set-Cookie", preference(RequestContext.languageCookie, Language(tag: language)?.rawValue)))
    }
    return .redirect(to: SitePath.back(query["back"]), headers: headers)
  }

  /// A preference cookie for a year, or its removal (`nil`: the system's or browser's own).
  private func preference(_ name: String, _ value: String?) -> String {
    let secure = configuration.isSecure ? "; Secure" : ""
    guard let value else { return "\(name)=; Path=/; Max-Age=0; SameSite=Lax\(secure)" }
    return "\(name)=\(value); Path=/; Max-Age=31536000; SameSite=Lax\(secure)"
  }

  /// The theme a request's cookie chose; `nil` follows the system (`prefers-color-scheme`).
  func theme(_ request: HTTPRequest) -> Theme? {
    request.cookies[Self.themeCookie].flatMap(Theme.init(rawValue:))
  }
}

/// A colour scheme chosen over the system's.
enum Theme: String, Sendable {
  case light, dark
}

extension SitePath {
  static let settings = SitePath.segments("settings")
}
