extension TeacherAccountStore {
  /// Why an account could not be made, found, changed or opened.
  public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// No teacher has this name.
    case notFound(String)
    /// A teacher of this name (compared without case, accents or spacing) exists already.
    case nameTaken(String)
    /// A teacher with this address exists already.
    case emailTaken(String)
    /// The name cannot be an account's: empty, too long, with an `@` (addresses log in too)
    /// or with control characters.
    case invalidName(String)
    /// The address is not one: one `@` with text on both sides, no spaces, 254 bytes at most.
    case invalidEmail(String)
    /// The link to set a password is unknown, used already, or expired (one answer for the
    /// three: a guesser learns nothing).
    case linkNotValid
    /// The password is shorter than ``TeacherAccountStore/passwordLength``'s lower bound, or
    /// longer than its upper bound.
    case passwordLength(Int)
    /// The account is disabled.
    case disabled(String)
    /// libsodium cannot be loaded.
    case cryptography(String)
    /// The records could not be read or written.
    case records(DatabaseError)

    public var description: String {
      switch self {
      case .notFound(let name): "no teacher named '\(name)'"
      case .nameTaken(let name): "a teacher named '\(name)' exists already"
      case .emailTaken(let email): "a teacher with the address '\(email)' exists already"
      case .invalidName(let name):
        "'\(name)' cannot be a teacher's name: 1 to 100 characters, no @ or control characters"
      case .invalidEmail(let email): "'\(email)' is not an email address"
      case .linkNotValid: "this link is not valid (used already, expired, or mistyped): ask for a new one"
      case .passwordLength(let count):
        "a password needs \(TeacherAccountStore.passwordLength.lowerBound) to "
          + "\(TeacherAccountStore.passwordLength.upperBound) characters, not \(count)"
      case .disabled(let name): "the account of '\(name)' is disabled"
      case .cryptography(let reason): "teachers' accounts: \(reason)"
      case .records(let error): "teachers' accounts: \(error)"
      }
    }
  }
}
