import QRQuiz
import QRQuizHTTP

/// The credentials a request carries, read here and nowhere else: the teacher's token (a
/// Bearer token, the cookie of the teacher's pages, or `?token=` in the teacher's
/// address), the form token those pages send back (a header, or a form's `csrf` field),
/// a game's secret (a Bearer token, `?secret=`, a JSON body's `secret`, or the host
/// screen's cookie) and a browser's identity. Whether they are right is for the site's
/// access checks (`TeacherAccess.swift`, `GameAccess.swift`).
struct Credentials: Sendable {
  /// The cookie that keeps the teacher's token, for this site's own pages only
  /// (SameSite=Strict, HttpOnly).
  static let teacherCookie = "qrquiz_teacher"
  /// The header the editor's page sends its form token in.
  static let formTokenHeader = "X-Form-Token"
  /// The form field pages send their form token in.
  static let formTokenField = "csrf"
  /// The cookie that keeps a browser's identity for live games (a banned player's browser
  /// stays out).
  static let browserCookie = "qrquiz_browser"

  /// The cookie that keeps the host screen's secret for game `pin`.
  static func hostCookie(_ pin: String) -> String { "qrquiz_host_\(pin)" }

  /// The cookie that keeps the scan page's secret for game `pin`.
  static func scannerCookie(_ pin: String) -> String { "qrquiz_scan_\(pin)" }

  private let request: HTTPRequest

  init(_ request: HTTPRequest) { self.request = request }

  /// The token of `Authorization: Bearer TOKEN`.
  var bearer: String? {
    guard let authorization = request.header("authorization"), authorization.hasPrefix("Bearer ") else { return nil }
    return String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces)
  }

  /// Whether the request has an `Authorization` header at all (a script's call, which no
  /// other site's page can make with the teacher's cookie).
  var hasAuthorization: Bool { request.header("authorization") != nil }

  /// The teacher's cookie.
  var teacherCookie: String? { request.cookies[Self.teacherCookie] }

  /// The token of the teacher's address (`/?token=…`), which signs the teacher in.
  var signInToken: String? { request.query["token"] }

  /// The form token of an API call from the teacher's pages.
  var formTokenHeader: String? { request.header(Self.formTokenHeader) }

  /// The form token of a posted form (its `csrf` field).
  var formTokenField: String? { FormBody.parse(request.body)[Self.formTokenField] }

  /// Whether the body is declared JSON, which a form of another site cannot send.
  var sendsJSON: Bool { request.header("content-type")?.lowercased().hasPrefix("application/json") ?? false }

  /// A game's secret in the query (`?secret=`).
  var querySecret: String? { request.query["secret"] }

  /// The host screen's cookie of game `pin`.
  func hostCookie(pin: String) -> String? { request.cookies[Self.hostCookie(pin)] }

  /// The scan page's cookie of game `pin`.
  func scannerCookie(pin: String) -> String? { request.cookies[Self.scannerCookie(pin)] }

  /// A game's secret in a JSON body's `secret`.
  ///
  /// - Throws: ``JSONBody/Problem``: not JSON (400), no `secret` or not a string (422).
  func bodySecret() throws(JSONBody.Problem) -> String {
    let body = try JSONBody(request.body)
    return try body.required("secret", body.string)
  }

  /// A game's secret for a download: a Bearer token, `?secret=`, or the host screen's cookie.
  func downloadSecret(pin: String) -> String? { bearer ?? querySecret ?? hostCookie(pin: pin) }

  /// The browser's identity for live games, when its cookie holds one of our secrets.
  var browser: String? { request.cookies[Self.browserCookie].flatMap { Secret.looksLikeOne($0) ? $0 : nil } }
}

extension Secret {
  /// Whether `text` looks like one of our secrets (32 hex digits): a cookie of any other
  /// shape is ignored.
  static func looksLikeOne(_ text: String) -> Bool { text.utf8.count == 32 && text.allSatisfy(\.isHexDigit) }
}
