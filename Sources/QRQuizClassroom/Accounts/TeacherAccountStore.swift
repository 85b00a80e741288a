import Foundation
import QRQuiz

/// The teachers of a school's server, in the records (`teachers`, `teacher_secrets`): made
/// by the admin (`qrquiz admin teacher add`), each with a one-time link to set a password
/// (argon2id through libsodium), personal API tokens for their scripts, and disabled at
/// once when they leave (every token, session and link of theirs goes in the same
/// transaction). The records keep only digests of what is handed out, never a secret.
///
/// Slow work (argon2id takes a good part of a second and 64 MiB) runs before the writer's
/// transaction, never inside it: a teacher setting a password does not hold up a game's moves.
///
/// ```swift
/// let teachers = TeacherAccountStore(records: records)
/// let link = try teachers.add(name: "Ada Lovelace", email: "ada@school.example", at: QuizClock.now)
/// print("https://quiz.school.example" + link.path)
/// let token = try teachers.issueToken(for: "ada lovelace", at: QuizClock.now)
/// print(try teachers.teacher(bearer: token, at: QuizClock.now)?.name ?? "nobody")  // Ada Lovelace
/// ```
public struct TeacherAccountStore: Sendable {
  public let records: RecordStore

  public init(records: RecordStore) { self.records = records }

  /// How long a link to set a password works: three days, time for a new colleague to find
  /// the message, short enough that an old message found later opens nothing.
  public static let linkLifetime: Duration = .seconds(72 * 3600)
  /// Passwords' length, in characters: long enough to resist guessing behind the log-in
  /// limits, bounded so that nobody makes the server hash a megabyte.
  public static let passwordLength = 10...256

  /// Makes the account `name` (`email` its address) and its link to set a password.
  ///
  /// - Throws: ``Error``: `.invalidName`, `.invalidEmail`, `.nameTaken`, `.emailTaken`,
  ///   `.cryptography`, `.records`.
  public func add(name: String, email: String, at now: QuizClock.Instant) throws(Error) -> PasswordLink {
    let name = name.trimmingCharacters(in: .whitespaces)
    let email = email.trimmingCharacters(in: .whitespaces)
    guard Self.isValidName(name) else { throw .invalidName(name) }
    guard Self.isValidEmail(email) else { throw .invalidEmail(email) }
    let (code, digest) = try Self.newSecret()
    let expires = now.advanced(by: Self.linkLifetime)
    let nameKey = Self.key(name)
    let emailKey = email.lowercased()
    let outcome = try write { database throws(DatabaseError) -> Error? in
      if try database.row("SELECT 1 FROM teachers WHERE name_key = \(nameKey)") != nil { return .nameTaken(name) }
      if try database.row("SELECT 1 FROM teachers WHERE email_key = \(emailKey)") != nil { return .emailTaken(email) }
      let created = now.microsecondsSince1970
      guard
        let id = try database.value(
          """
          INSERT INTO teachers (name, name_key, email, email_key, created)
          VALUES (\(name), \(nameKey), \(email), \(emailKey), \(created)) RETURNING id
          """, as: Int64.self)
      else { throw DatabaseError(kind: .other, path: database.path, message: "a teacher's row was not made") }
      try Self.insertSecret(digest, kind: .passwordLink, teacher: id, at: now, expires: expires, in: database)
      return nil
    }
    if let outcome { throw outcome }
    return PasswordLink(teacher: name, code: code, expires: expires)
  }

  /// A new link to set `name`'s password (the last one lost, or expired); the older links
  /// stop working.
  ///
  /// - Throws: ``Error``: `.notFound`, `.disabled`, `.cryptography`, `.records`.
  public func newPasswordLink(for name: String, at now: QuizClock.Instant) throws(Error) -> PasswordLink {
    let (code, digest) = try Self.newSecret()
    let expires = now.advanced(by: Self.linkLifetime)
    let account = try write { database throws(DatabaseError) -> Result<TeacherAccount, Error> in
      guard let account = try Self.account(named: name, in: database) else { return .failure(.notFound(name)) }
      guard !account.isDisabled else { return .failure(.disabled(account.name)) }
      try database.execute(
        "DELETE FROM teacher_secrets WHERE teacher_id = \(account.id) AND kind = \(SecretKind.passwordLink.rawValue)")
      try Self.insertSecret(digest, kind: .passwordLink, teacher: account.id, at: now, expires: expires, in: database)
      return .success(account)
    }.get()
    return PasswordLink(teacher: account.name, code: code, expires: expires)
  }

  /// Sets the password of the account the link `code` is for, and uses the link up; the
  /// teacher's sessions end (a new password after a leak shuts out whoever had the old one).
  ///
  /// - Returns: the account.
  /// - Throws: ``Error``: `.passwordLength`, `.linkNotValid` (unknown, used, expired, or
  ///   the account disabled since), `.cryptography`, `.records`.
  @discardableResult
  public func setPassword(code: String, password: String, at now: QuizClock.Instant) throws(Error)
    -> TeacherAccount
  {
    guard Self.passwordLength.contains(password.count) else { throw .passwordLength(password.count) }
    let digest = try Self.digest(code)
    // Hashed before the transaction: argon2id is slow on purpose.
    let hash = try Self.hashPassword(password)
    let instant = now.microsecondsSince1970
    let account = try write { database throws(DatabaseError) -> TeacherAccount? in
      // Deleted whether or not it is still good: a link is tried once.
      guard
        let row = try database.row(
          """
          DELETE FROM teacher_secrets WHERE digest = \(digest) AND kind = \(SecretKind.passwordLink.rawValue)
          RETURNING teacher_id, expires
          """),
        let id = row.get(0, as: Int64.self), let expires = row.get(1, as: Int64.self), expires > instant
      else { return nil }
      try database.execute("UPDATE teachers SET password_hash = \(hash) WHERE id = \(id) AND disabled = 0")
      try database.execute(
        "DELETE FROM teacher_secrets WHERE teacher_id = \(id) AND kind = \(SecretKind.session.rawValue)")
      return try Self.account(id: id, in: database)
    }
    guard let account, !account.isDisabled else { throw .linkNotValid }
    return account
  }

  /// Every account, by name.
  ///
  /// - Throws: ``Error/records(_:)``.
  public func list() throws(Error) -> [TeacherAccount] {
    let accounts = try read { database throws(DatabaseError) in try Self.accounts(where: nil, in: database) }
    return accounts.sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
  }

  /// The account `name` names, as a person types it (without regard to case, accents or
  /// spacing), or its email address.
  ///
  /// - Throws: ``Error``: `.notFound`, `.records`.
  public func account(named name: String) throws(Error) -> TeacherAccount {
    guard let account = try read({ database throws(DatabaseError) in try Self.account(named: name, in: database) })
    else { throw .notFound(name) }
    return account
  }

  /// Disables `name`'s account and ends everything it opened: its tokens, its sessions,
  /// its link, all in one transaction, so the next request of theirs is refused.
  ///
  /// - Returns: the account, disabled.
  /// - Throws: ``Error``: `.notFound`, `.records`.
  @discardableResult
  public func disable(_ name: String) throws(Error) -> TeacherAccount {
    try setDisabled(name, true)
  }

  /// Lets `name`'s account in again; it gets nothing back (a new token, or a new link, is
  /// the admin's to hand out).
  ///
  /// - Throws: ``Error``: `.notFound`, `.records`.
  @discardableResult
  public func enable(_ name: String) throws(Error) -> TeacherAccount {
    try setDisabled(name, false)
  }

  private func setDisabled(_ name: String, _ disabled: Bool) throws(Error) -> TeacherAccount {
    try write { database throws(DatabaseError) -> Result<TeacherAccount, Error> in
      guard let account = try Self.account(named: name, in: database) else { return .failure(.notFound(name)) }
      try database.execute("UPDATE teachers SET disabled = \(disabled) WHERE id = \(account.id)")
      if disabled { try database.execute("DELETE FROM teacher_secrets WHERE teacher_id = \(account.id)") }
      return .success(try Self.account(id: account.id, in: database) ?? account)
    }.get()
  }

  /// Whether the records hold any account: a server without one is the laptop's, its
  /// single token the only teacher.
  ///
  /// - Throws: ``Error/records(_:)``.
  public func hasAccounts() throws(Error) -> Bool {
    try read { database throws(DatabaseError) in try database.row("SELECT 1 FROM teachers LIMIT 1") != nil }
  }

  // MARK: - The store's own

  func read<T>(_ body: (Database) throws(DatabaseError) -> T) throws(Error) -> T {
    do { return try records.read(body) } catch { throw .records(error) }
  }

  func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws(DatabaseError) -> T) throws(Error) -> T {
    do { return try records.write(body) } catch { throw .records(error) }
  }

  /// A name's key: folded as every name of the classroom is.
  static func key(_ name: String) -> String { NameFolding.key(name) }

  static func isValidName(_ name: String) -> Bool {
    // No @: a log-in names an account by its name or its address, never ambiguously.
    (1...100).contains(name.count) && !name.contains("@")
      && !name.unicodeScalars.contains { $0.properties.generalCategory == .control }
  }

  static func isValidEmail(_ email: String) -> Bool {
    let parts = email.split(separator: "@", omittingEmptySubsequences: false)
    return email.utf8.count <= 254 && parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty
      && !email.unicodeScalars.contains { $0.properties.isWhitespace || $0.properties.generalCategory == .control }
  }
}
