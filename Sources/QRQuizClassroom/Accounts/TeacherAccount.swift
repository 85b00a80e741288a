import QRQuiz

/// A teacher's account on a school's server, as the admin lists it: never the password's
/// hash nor any secret, only whether there is one.
public struct TeacherAccount: Sendable, Hashable, Codable {
  /// The account's number in the records.
  public var id: Int64
  /// The name the admin gave (`qrquiz admin teacher add NAME`), as given.
  public var name: String
  /// The teacher's address, as given.
  public var email: String
  /// Whether the teacher has set a password (through the link they were given).
  public var hasPassword: Bool
  /// Whether the admin disabled the account: nothing of theirs opens anything.
  public var isDisabled: Bool
  /// Personal API tokens in force.
  public var tokens: Int
  /// When the account was made.
  public var created: QuizClock.Instant

  public init(
    id: Int64, name: String, email: String, hasPassword: Bool, isDisabled: Bool, tokens: Int,
    created: QuizClock.Instant
  ) {
    self.id = id
    self.name = name
    self.email = email
    self.hasPassword = hasPassword
    self.isDisabled = isDisabled
    self.tokens = tokens
    self.created = created
  }
}

/// The one-time link that lets a new teacher set their password: the code is shown once
/// (the records keep its digest), used once, and stops working at `expires`.
public struct PasswordLink: Sendable, Hashable {
  /// The account it is for.
  public var teacher: String
  /// The secret the link carries (256 random bits in hex).
  public var code: String
  /// When it stops working.
  public var expires: QuizClock.Instant

  /// The path the link opens on the server, `/account/password?code=…`.
  public var path: String { "/account/password?code=\(code)" }
}
