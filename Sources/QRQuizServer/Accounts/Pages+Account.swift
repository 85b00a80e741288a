import QRQuiz
import QRQuizHTTP

/// The account pages of a school's server: logging in (and out), and setting a password
/// from the admin's one-time link.
extension Pages {
  /// A phrase of the account pages, as markup.
  func say(_ phrase: AccountPhrase, _ arguments: [String: MessageArgument] = [:]) -> HTML {
    HTML.phrase(phrase, in: language, arguments)
  }

  /// What the log-in page says above its form.
  enum LogInNote {
    case refused, tooMany, busy, loggedOut, passwordSet
  }

  /// `/login`: the form (`login`, a name or an address, and its password); `note` above
  /// it; `signedInAs` a teacher already logged in, with the form that logs out.
  func logIn(csrf: String, back: String, login: String, note: LogInNote?, signedInAs: String?) -> HTML {
    let problem: HTML? = note.map { note -> HTML in
      switch note {
      case .refused: "<p class=\"problems\" role=\"alert\">\(say(AccountPhrase.logInRefused))</p>"
      case .tooMany: "<p class=\"problems\" role=\"alert\">\(say(AccountPhrase.logInTooMany))</p>"
      case .busy: "<p class=\"problems\" role=\"alert\">\(say(AccountPhrase.logInBusy))</p>"
      case .loggedOut: "<p role=\"status\">\(say(AccountPhrase.loggedOut))</p>"
      case .passwordSet: "<p role=\"status\">\(say(AccountPhrase.passwordSetNotice))</p>"
      }
    }
    let signedIn: HTML? = signedInAs.map { name -> HTML in
      """
      <p>\(say(AccountPhrase.signedInAs, ["name": .text(name)]))</p>
      <form method="post" action="\(SitePath.logOut)">
      <input type="hidden" name="csrf" value="\(csrf)">
      <button type="submit">\(say(AccountPhrase.logOutButton))</button>
      </form>
      """
    }
    return page(
      title: AccountPhrase.logInTitle.text(in: language),
      """
      <section class="card account" aria-labelledby="login-heading">
      <h1 id="login-heading">\(say(AccountPhrase.logInHeading))</h1>
      \(problem)\(signedIn)
      <form method="post" action="\(SitePath.logIn)">
      <input type="hidden" name="csrf" value="\(csrf)">
      <input type="hidden" name="back" value="\(back)">
      <label for="login">\(say(AccountPhrase.loginLabel))</label>
      <input id="login" name="login" type="text" maxlength="254" autocomplete="username" autocapitalize="none" spellcheck="false" required value="\(login)">
      <label for="password">\(say(AccountPhrase.passwordLabel))</label>
      <input id="password" name="password" type="password" maxlength="256" autocomplete="current-password" required>
      <div class="row"><button type="submit">\(say(AccountPhrase.logInButton))</button></div>
      </form>
      </section>
      """)
  }

  /// `/account/password?code=…`: the new password, twice; `problem` above the form;
  /// `account` the link's account's email address (for the browser's password manager).
  func setPassword(code: String, csrf: String, problem: AccountPhrase?, account: String?) -> HTML {
    let shown: HTML? = problem.map { "<p class=\"problems\" role=\"alert\">\(say($0))</p>" }
    return page(
      title: AccountPhrase.setPasswordTitle.text(in: language),
      """
      <section class="card account" aria-labelledby="password-heading">
      <h1 id="password-heading">\(say(AccountPhrase.setPasswordHeading))</h1>
      \(shown)
      <form method="post" action="\(SitePath.setPassword)">
      <input type="hidden" name="csrf" value="\(csrf)">
      <input type="hidden" name="code" value="\(code)">
      <input type="text" name="username" autocomplete="username" value="\(account ?? "")" hidden>
      <label for="new-password">\(say(AccountPhrase.newPasswordLabel))</label>
      <input id="new-password" name="password" type="password" minlength="10" maxlength="256" autocomplete="new-password" required aria-describedby="password-rule">
      <p class="muted" id="password-rule">\(say(AccountPhrase.passwordRule))</p>
      <label for="repeat-password">\(say(AccountPhrase.repeatPasswordLabel))</label>
      <input id="repeat-password" name="again" type="password" minlength="10" maxlength="256" autocomplete="new-password" required>
      <div class="row"><button type="submit">\(say(AccountPhrase.setPasswordButton))</button></div>
      </form>
      </section>
      """)
  }
}

extension SitePath {
  /// The log-in page, and where its form posts.
  static let logIn = SitePath.segments("login")
  /// Where the log-out form posts.
  static let logOut = SitePath.segments("logout")
  /// The page the admin's one-time link opens (`?code=`), and where its form posts.
  static let setPassword = SitePath.segments("account", "password")
}
