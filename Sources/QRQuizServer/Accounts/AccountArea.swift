import Foundation
import QRQuiz
import QRQuizClassroom
import QRQuizHTTP
import QRQuizLocking

/// A school's server's accounts in the browser: logging in (a session in the teacher's
/// cookie: HttpOnly, SameSite=Strict, Secure when the public address is https, expiring
/// with the session), logging out, and the page the admin's one-time link opens to set a
/// password. Log-ins are limited per address and per account (``SignInLimits``), and
/// every password checked or hashed waits its turn in ``PasswordChecks`` (503 with
/// `Retry-After` past its queue). On the laptop (no account) these pages are not there.
final class AccountArea: Sendable {
  let site: Site
  let checks: PasswordChecks
  let limits = Locked(SignInLimits())

  /// How long a refused log-in is told to wait: a failure counts for the limits' window,
  /// and a few minutes free most of it.
  static let waitAfterTooMany = 300

  /// `Retry-After: seconds`.
  static func retryAfter(_ seconds: Int) -> (name: String, value: String) { ("Retry-After", String(seconds)) }

  init(site: Site, checks: PasswordChecks = PasswordChecks()) {
    self.site = site
    self.checks = checks
  }

  func addRoutes(to router: inout Router<RequestContext>) {
    router.add(
      .get, "/login", "a school's server: the teacher's log-in page", access: .anyone("anyone"),
      .deferred(logInPage))
    router.add(
      .post, "/login", "logs a teacher in: a session cookie; limited per address and per account",
      access: .anyone("anyone; limited per address and account"), bodyLimit: .kibibytes(4),
      .deferred(lane: .bulk, logIn))
    router.add(
      .post, "/logout", "ends the teacher's session",
      access: .anyone("anyone: the session's browser, with the form's token"),
      bodyLimit: .kibibytes(4), .deferred(logOut))
    router.add(
      .get, "/account/password", "the page of the admin's one-time link: the teacher sets a password",
      access: .anyone("whoever has the link"), .deferred(setPasswordPage))
    router.add(
      .post, "/account/password", "sets the password of the link's account (the link is used up)",
      access: .anyone("whoever has the link"), bodyLimit: .kibibytes(4), .deferred(lane: .bulk, setPassword))
  }

  // MARK: Logging in and out

  /// GET `/login` (`?back=` the page to go to after).
  func logInPage(_ context: RequestContext) async -> HTTPResponse {
    guard let accounts = site.usedAccounts() else { return site.notFound(context, .nothingHere) }
    let query = context.request.query
    let note: Pages.LogInNote? =
      query["out"] != nil ? .loggedOut : query["set"] != nil ? .passwordSet : nil
    let signedIn = context.credentials.teacherCookie.flatMap {
      try? accounts.teacher(session: $0, at: site.live.clock.now())
    }
    return page(context, login: "", note: note, signedInAs: signedIn?.name)
  }

  /// POST `/login`: `login`, `password`, `csrf`, `back`.
  func logIn(_ context: RequestContext) async -> HTTPResponse {
    guard let accounts = site.usedAccounts() else { return site.notFound(context, .nothingHere) }
    let fields = FormBody.parse(context.request.body)
    guard let csrf = fields["csrf"], Secret.matches(csrf, site.formToken) else { return formRefused(context) }
    let login = String((fields["login"] ?? "").prefix(254))
    let password = fields["password"] ?? ""
    let address = context.request.clientAddress
    let now = site.live.clock.now()
    guard limits.withLock({ $0.allows(address: address, login: login, at: now) }) else {
      return page(
        context, login: login, note: .tooMany, status: 429, headers: [Self.retryAfter(Self.waitAfterTooMany)])
    }
    guard await checks.enter() else {
      return page(context, login: login, note: .busy, status: 503, headers: [Self.retryAfter(1)])
    }
    let outcome: Result<TeacherAccountStore.Session?, TeacherAccountStore.Error>
    do {
      outcome = .success(try accounts.signIn(login, password: password, at: now))
    } catch {
      outcome = .failure(error)
    }
    checks.leave()
    switch outcome {
    case .failure:
      // The records or libsodium: no answer about the password either way.
      return page(context, login: login, note: .busy, status: 503, headers: [Self.retryAfter(5)])
    case .success(nil):
      limits.withLock { $0.recordFailure(address: address, login: login, at: now) }
      return page(context, login: login, note: .refused, status: 403)
    case .success(let session?):
      limits.withLock { $0.recordSuccess(login: login) }
      return .redirect(
        to: .back(fields["back"].flatMap { $0.isEmpty ? nil : $0 } ?? SitePath.classes.value),
        headers: [("Set-Cookie", sessionCookie(session.secret, seconds: Int(session.expires.seconds(since: now))))])
    }
  }

  /// POST `/logout`: `csrf`; the session ends in the records (on every process at once).
  func logOut(_ context: RequestContext) async -> HTTPResponse {
    guard let accounts = site.usedAccounts() else { return site.notFound(context, .nothingHere) }
    let fields = FormBody.parse(context.request.body)
    guard let csrf = fields["csrf"], Secret.matches(csrf, site.formToken) else { return formRefused(context) }
    if let secret = context.credentials.teacherCookie { try? accounts.endSession(secret) }
    return .redirect(to: SitePath.logIn.query("out", "1"), headers: [("Set-Cookie", sessionCookie("", seconds: 0))])
  }

  /// The teacher's cookie holding a session: this site's pages only, never scripts, sent
  /// over https only when the public address is https (behind a proxy that serves it too).
  func sessionCookie(_ secret: String, seconds: Int) -> String {
    let secure = site.configuration.isSecure || site.publicURL.lowercased().hasPrefix("https://")
    return "\(Credentials.teacherCookie)=\(secret); Path=/; Max-Age=\(max(0, seconds)); HttpOnly; SameSite=Strict"
      + (secure ? "; Secure" : "")
  }

  // MARK: Setting a password

  /// GET `/account/password?code=…`.
  func setPasswordPage(_ context: RequestContext) async -> HTTPResponse {
    guard let accounts = site.usedAccounts() else { return site.notFound(context, .nothingHere) }
    let code = context.request.query["code"] ?? ""
    let account = try? accounts.teacher(passwordLink: code, at: site.live.clock.now())
    return .html(
      site.pages(context).setPassword(code: code, csrf: site.formToken, problem: nil, account: account?.email),
      headers: [Self.noReferrer])
  }

  /// POST `/account/password`: `code`, `password`, `again`, `csrf`; the log-in page after.
  func setPassword(_ context: RequestContext) async -> HTTPResponse {
    guard let accounts = site.usedAccounts() else { return site.notFound(context, .nothingHere) }
    let fields = FormBody.parse(context.request.body)
    guard let csrf = fields["csrf"], Secret.matches(csrf, site.formToken) else { return formRefused(context) }
    let code = fields["code"] ?? ""
    let password = fields["password"] ?? ""
    func again(_ problem: AccountPhrase, status: Int, headers: [(name: String, value: String)] = []) -> HTTPResponse {
      .html(
        site.pages(context).setPassword(code: code, csrf: site.formToken, problem: problem, account: nil),
        status: status,
        headers: headers + [Self.noReferrer])
    }
    guard password == fields["again"] else { return again(.passwordsDiffer, status: 422) }
    guard TeacherAccountStore.passwordLength.contains(password.count) else {
      return again(.passwordLengthWrong, status: 422)
    }
    guard await checks.enter() else {
      return again(.logInBusy, status: 503, headers: [Self.retryAfter(1)])
    }
    let outcome: Result<TeacherAccount, TeacherAccountStore.Error>
    do {
      outcome = .success(try accounts.setPassword(code: code, password: password, at: site.live.clock.now()))
    } catch {
      outcome = .failure(error)
    }
    checks.leave()
    switch outcome {
    case .success: return .redirect(to: SitePath.logIn.query("set", "1"))
    case .failure(.linkNotValid): return again(.linkNotValid, status: 400)
    case .failure(.passwordLength): return again(.passwordLengthWrong, status: 422)
    case .failure: return again(.logInBusy, status: 503, headers: [Self.retryAfter(5)])
    }
  }

  // MARK: The pages

  /// The link's code is in the page's address: no other site is told it.
  static let noReferrer = (name: "Referrer-Policy", value: "no-referrer")

  private func page(
    _ context: RequestContext, login: String, note: Pages.LogInNote?, signedInAs: String? = nil, status: Int = 200,
    headers: [(name: String, value: String)] = []
  ) -> HTTPResponse {
    // After logging in: the page that sent here, else the teacher's classes.
    let given = context.request.query["back"] ?? FormBody.parse(context.request.body)["back"]
    let back = SitePath.back(given.flatMap { $0.isEmpty ? nil : $0 } ?? SitePath.classes.value).value
    return .html(
      site.pages(context).logIn(csrf: site.formToken, back: back, login: login, note: note, signedInAs: signedInAs),
      status: status, headers: headers)
  }

  private func formRefused(_ context: RequestContext) -> HTTPResponse {
    let pages = site.pages(context)
    return .html(
      pages.error(.formRefused, pages.say(.formRefusedDetail, ["address": .text(SitePath.logIn.value)])), status: 403)
  }
}
