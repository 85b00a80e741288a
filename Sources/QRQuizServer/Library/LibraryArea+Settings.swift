import QRQuiz
import QRQuizHTTP

/// The visitor's choices, kept in cookies: the theme (the system's, light or dark) and the
/// language (the browser's, English or Spanish). Links on every page set them; no script is
/// needed, and the Content-Security-Policy stays as it is.
extension LibraryArea {
  /// GET `/settings?theme=auto|light|dark&lang=auto|en|es&back=PATH`: keeps the choice and
  /// goes back to the page it was made on (a path of this site only).
  func settings(_ context: RequestContext) -> HTTPResponse {
    let query = context.request.query
    var headers: [(name: String, value: String)] = []
    if let theme = query["theme"] {
      headers.append(("Set-Cookie", preference(Theme.cookie, Theme(rawValue: theme)?.rawValue)))
    }
    if let language = query["lang"] {
      headers.append(("Set-Cookie", preference(RequestContext.languageCookie, Language(tag: language)?.rawValue)))
    }
    return .redirect(to: SitePath.back(query["back"]), headers: headers)
  }

  /// A preference cookie for a year, or its removal (`nil`: the system's or browser's own).
  private func preference(_ name: String, _ value: String?) -> String {
    let secure = site.configuration.isSecure ? "; Secure" : ""
    guard let value else { return "\(name)=; Path=/; Max-Age=0; SameSite=Lax\(secure)" }
    return "\(name)=\(value); Path=/; Max-Age=31536000; SameSite=Lax\(secure)"
  }
}

/// A colour scheme chosen over the system's.
enum Theme: String, Sendable {
  case light, dark

  /// The cookie that keeps the choice.
  static let cookie = "qrquiz_theme"

  /// The theme the request's cookie chose; `nil` follows the system (`prefers-color-scheme`).
  init?(cookies: [String: String]) {
    guard let chosen = cookies[Self.cookie].flatMap(Theme.init(rawValue:)) else { return nil }
    self = chosen
  }
}

extension SitePath {
  static let settings = SitePath.segments("settings")
}
