import Foundation
import QRQuiz

/// What an account hands out — links, tokens, sessions — and how the records keep it: a
/// digest of each (`teacher_secrets`), found again by the digest of what a request offers.
extension TeacherAccountStore {
  /// The kinds of secret in `teacher_secrets.kind`.
  enum SecretKind: String {
    /// A link to set the password: single use, expiring.
    case passwordLink = "password-link"
    /// A personal API token (`Authorization: Bearer`): until revoked.
    case token
    /// A signed-in browser's session: expiring, ended by logging out.
    case session
  }

  /// Makes a personal API token for `name`'s scripts (`Authorization: Bearer TOKEN`),
  /// shown once: the records keep its digest. Tokens made before keep working until
  /// revoked (``revokeTokens(of:)``).
  ///
  /// - Throws: ``Error``: `.notFound`, `.disabled`, `.cryptography`, `.records`.
  public func issueToken(for name: String, at now: QuizClock.Instant) throws(Error) -> String {
    let (token, digest) = try Self.newSecret()
    _ = try write { database throws(DatabaseError) -> Result<Bool, Error> in
      guard let account = try Self.account(named: name, in: database) else { return .failure(.notFound(name)) }
      guard !account.isDisabled else { return .failure(.disabled(account.name)) }
      try Self.insertSecret(digest, kind: .token, teacher: account.id, at: now, expires: nil, in: database)
      return .success(true)
    }.get()
    return token
  }

  /// Revokes every personal API token of `name`'s: the next request with one is refused.
  ///
  /// - Returns: how many were revoked.
  /// - Throws: ``Error``: `.notFound`, `.records`.
  @discardableResult
  public func revokeTokens(of name: String) throws(Error) -> Int {
    try write { database throws(DatabaseError) -> Result<Int, Error> in
      guard let account = try Self.account(named: name, in: database) else { return .failure(.notFound(name)) }
      let revoked = try database.rows(
        """
        DELETE FROM teacher_secrets WHERE teacher_id = \(account.id) AND kind = \(SecretKind.token.rawValue)
        RETURNING digest
        """)
      return .success(revoked.count)
    }.get()
  }

  /// The account whose personal token `token` is, when it is one in force and the account
  /// is not disabled; `nil` otherwise (no difference told between a token never made, one
  /// revoked and a disabled teacher's).
  ///
  /// - Throws: ``Error``: `.cryptography`, `.records`.
  public func teacher(bearer token: String, at now: QuizClock.Instant) throws(Error) -> TeacherAccount? {
    try teacher(holding: token, kind: .token, at: now)
  }

  /// The account holding the secret `secret` of `kind`, in force at `now`, not disabled.
  func teacher(holding secret: String, kind: SecretKind, at now: QuizClock.Instant) throws(Error) -> TeacherAccount? {
    // Only secrets of the length this store makes are looked up: anything else is nobody's.
    guard secret.utf8.count == 64, secret.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
    else { return nil }
    let digest = try Self.digest(secret)
    let instant = now.microsecondsSince1970
    return try read { database throws(DatabaseError) -> TeacherAccount? in
      guard
        let id = try database.value(
          """
          SELECT teacher_secrets.teacher_id FROM teacher_secrets
          JOIN teachers ON teachers.id = teacher_secrets.teacher_id
          WHERE digest = \(digest) AND kind = \(kind.rawValue) AND teachers.disabled = 0
            AND (expires IS NULL OR expires > \(instant))
          """, as: Int64.self)
      else { return nil }
      return try Self.account(id: id, in: database)
    }
  }

  /// A new secret (256 random bits in hex) and the digest the records keep of it.
  static func newSecret() throws(Error) -> (secret: String, digest: String) {
    let secret = Secret.randomHex(bytes: 32)
    return (secret, try digest(secret))
  }

  /// What the records keep of `secret`.
  static func digest(_ secret: String) throws(Error) -> String {
    do { return try Sodium.digest(secret) } catch { throw .cryptography(error.description) }
  }

  /// `password`'s argon2id hash.
  static func hashPassword(_ password: String) throws(Error) -> String {
    let hash: String?
    do { hash = try Sodium.hashPassword(password) } catch { throw .cryptography(error.description) }
    guard let hash else { throw .cryptography("argon2id ran out of memory") }
    return hash
  }

  static func insertSecret(
    _ digest: String, kind: SecretKind, teacher id: Int64, at now: QuizClock.Instant, expires: QuizClock.Instant?,
    in database: Database
  ) throws(DatabaseError) {
    try database.execute(
      """
      INSERT INTO teacher_secrets (digest, teacher_id, kind, created, expires)
      VALUES (\(digest), \(id), \(kind.rawValue), \(now.microsecondsSince1970), \(expires?.microsecondsSince1970))
      """)
  }

  // MARK: - Reading accounts

  /// The account `name` names (its name folded, or its address), in `database`.
  static func account(named name: String, in database: Database) throws(DatabaseError) -> TeacherAccount? {
    let trimmed = name.trimmingCharacters(in: .whitespaces)
    if let account = try accounts(where: "name_key = \(key(trimmed))", in: database).first { return account }
    return try accounts(where: "email_key = \(trimmed.lowercased())", in: database).first
  }

  static func account(id: Int64, in database: Database) throws(DatabaseError) -> TeacherAccount? {
    try accounts(where: "id = \(id)", in: database).first
  }

  static func accounts(where condition: SQL?, in database: Database) throws(DatabaseError) -> [TeacherAccount] {
    let columns: SQL = """
      SELECT id, name, email, password_hash IS NOT NULL, disabled, created,
        (SELECT count(*) FROM teacher_secrets WHERE teacher_id = teachers.id AND kind = 'token')
      FROM teachers
      """
    let query: SQL = condition.map { "\(sql: columns) WHERE \(sql: $0)" } ?? columns
    return try database.rows(query).compactMap { row in
      guard let id = row.get(0, as: Int64.self), let name = row.get(1, as: String.self),
        let email = row.get(2, as: String.self), let created = row.get(5, as: Int64.self)
      else { return nil }
      return TeacherAccount(
        id: id, name: name, email: email, hasPassword: row.get(3, as: Bool.self) ?? false,
        isDisabled: row.get(4, as: Bool.self) ?? false, tokens: row.get(6, as: Int.self) ?? 0,
        created: QuizClock.Instant(microsecondsSince1970: created))
    }
  }
}
