import Foundation
import QRQuiz

/// The topic creator, `/new`: off unless the server was given an edit token. The token
/// arrives once in the address printed at start-up (`/new?token=…`) and is then kept in
/// a cookie the browser sends only to this site's own pages (SameSite=Strict, HttpOnly);
/// every form also carries a second token back (against requests forged by other pages).
extension QuizWebApp {
  static let editCookie = "qrquiz_edit"

  func creatorRoute(_ path: String, _ request: HTTPRequest) -> HTTPResponse {
    guard request.method == "GET" || request.method == "HEAD" else { return Reply.methodNotAllowed("GET, HEAD, POST") }
    guard let token = configuration.editToken else { return editingOff() }
    if path == "/new", let offered = request.query["token"] {
      guard Self.sameSecret(offered, token) else { return notAllowed() }
      let secure = configuration.isSecure ? "; Secure" : ""
      return Reply.redirect(
        "/new", headers: [("Set-Cookie", "\(Self.editCookie)=\(token); Path=/; HttpOnly; SameSite=Strict\(secure)")])
    }
    guard isEditor(request) else { return notAllowed() }
    switch path {
    case "/new": return Reply.html(Pages.creatorStart())
    case "/new/form":
      return Reply.html(Pages.creatorForm(CreatorForm(fields: request.query), csrf: formToken, problems: []))
    default: return Reply.notFound("There is nothing at this address.")
    }
  }

  /// POST `/new`: the topic saved, or the form again with every problem.
  func createTopic(_ request: HTTPRequest) -> HTTPResponse {
    guard configuration.editToken != nil else { return editingOff() }
    guard isEditor(request) else { return notAllowed() }
    let fields = FormBody.parse(request.body)
    guard let csrf = fields["csrf"], Self.sameSecret(csrf, formToken) else {
      return Reply.error(403, "Form refused", "The form did not come from this server's page: open /new again.")
    }
    let form = CreatorForm(fields: fields)
    switch form.topic() {
    case .failure(let problems):
      return Reply.html(Pages.creatorForm(form, csrf: formToken, problems: problems.messages), status: 422)
    case .success(let topic):
      do {
        let name = try shelf.save(topic)
        return Reply.redirect("/t/" + HTML.pathSegment(name))
      } catch {
        return Reply.html(Pages.creatorForm(form, csrf: formToken, problems: ["\(error)"]), status: 409)
      }
    }
  }

  private func isEditor(_ request: HTTPRequest) -> Bool {
    guard let token = configuration.editToken, let cookie = request.cookies[Self.editCookie] else { return false }
    return Self.sameSecret(cookie, token)
  }

  private func editingOff() -> HTTPResponse {
    Reply.error(403, "Editing is off", "Start the server with qrquiz serve --allow-edit to create topics here.")
  }

  private func notAllowed() -> HTTPResponse {
    Reply.error(403, "Not allowed", "Creating topics needs the edit address qrquiz serve printed when it started.")
  }

  /// Compares secrets in time that does not depend on where they differ.
  static func sameSecret(_ given: String, _ secret: String) -> Bool {
    let a = Array(given.utf8)
    let b = Array(secret.utf8)
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for index in a.indices { difference |= a[index] ^ b[index] }
    return difference == 0
  }
}
