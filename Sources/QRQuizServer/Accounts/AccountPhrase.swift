import QRQuiz

/// The words of a school's server's account pages: logging in, setting a password from
/// the admin's link, logging out (Spanish in `AccountPhrase+Spanish.swift`).
public enum AccountPhrase: String, PhraseBook {
  case logInTitle, logInHeading, loginLabel, passwordLabel, logInButton, logInRefused, logInTooMany, logInBusy
  case signedInAs, logOutButton, loggedOut, passwordSetNotice
  case setPasswordTitle, setPasswordHeading, newPasswordLabel, repeatPasswordLabel, passwordRule, setPasswordButton
  case passwordsDiffer, passwordLengthWrong, linkNotValid, navAccount

  public static func catalogue(_ language: Language) -> [AccountPhrase: String] {
    switch language {
    case .english: english
    case .spanish: spanish
    }
  }

  static let english: [AccountPhrase: String] = [
    .logInTitle: "Log in",
    .logInHeading: "Log in",
    .loginLabel: "Your name or email address",
    .passwordLabel: "Password",
    .logInButton: "Log in",
    .logInRefused: "This name or email address and this password do not go together.",
    .logInTooMany: "Too many tries: wait a few minutes, then try again.",
    .logInBusy: "The server is busy: try again in a moment.",
    .signedInAs: "You are logged in as {name}.",
    .logOutButton: "Log out",
    .loggedOut: "You are logged out.",
    .passwordSetNotice: "Your password is set: log in with it.",
    .setPasswordTitle: "Set your password",
    .setPasswordHeading: "Set your password",
    .newPasswordLabel: "New password",
    .repeatPasswordLabel: "The same password again",
    .passwordRule: "10 to 256 characters: a few words you will remember are good.",
    .setPasswordButton: "Set the password",
    .passwordsDiffer: "The two passwords differ: type the same one twice.",
    .passwordLengthWrong: "A password has 10 to 256 characters.",
    .linkNotValid: "This link is not valid (used already, expired, or mistyped): ask for a new one.",
    .navAccount: "Account",
  ]
}
