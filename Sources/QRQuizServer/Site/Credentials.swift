/// The credentials requests carry, and where they travel.
struct Credentials {
  /// The cookie that keeps the teacher's token, for this site's own pages only
  /// (SameSite=Strict, HttpOnly).
  static let teacherCookie = "qrquiz_teacher"
  /// The header the editor's page sends its form token in.
  static let formTokenHeader = "X-Form-Token"
  /// The cookie that keeps a browser's identity for live games (a banned player's browser
  /// stays out).
  static let browserCookie = "qrquiz_browser"

  /// The cookie that keeps the host screen's secret for game `pin`.
  static func hostCookie(_ pin: String) -> String { "qrquiz_host_\(pin)" }
}
