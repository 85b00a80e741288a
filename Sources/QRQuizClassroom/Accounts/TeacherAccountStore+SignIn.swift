import Foundation
import QRQuiz
import QRQuizLocking

/// Logging in with a password, and the sessions it opens: a secret for the browser's
/// cookie, kept in the records as a digest, expiring, ended by logging out, by a new
/// password, or by the account being disabled.
extension TeacherAccountStore {
  /// How long a session lasts from logging in: a school day and its evening's marking;
  /// the next morning starts with the password again.
  public static let sessionLifetime: Duration = .seconds(14 * 3600)

  /// A signed-in browser's session: the secret its cookie carries, and when it ends.
  public struct Session: Sendable, Hashable {
    /// The account.
    public var teacher: TeacherAccount
    /// The cookie's value (256 random bits in hex); the records keep its digest.
    public var secret: String
    /// When it stops working.
    public var expires: QuizClock.Instant
  }

  /// Opens a session for the teacher `login` names (their name or address) when
  /// `password` is theirs; `nil` otherwise — one answer for an unknown account, an
  /// account with no password yet, a disabled one and a wrong password, and about the same
  /// time for each: a password is checked against a hash every time (a stand-in hash of
  /// the same cost when there is no account's to check).
  ///
  /// - Throws: ``Error``: `.cryptography`, `.records`.
  public func signIn(_ login: String, password: String, at now: QuizClock.Instant) throws(Error) -> Session? {
    let found = try read { database throws(DatabaseError) -> (TeacherAccount, String?)? in
      guard let account = try Self.account(named: login, in: database) else { return nil }
      let hash = try database.value("SELECT password_hash FROM teachers WHERE id = \(account.id)", as: String.self)
      return (account, hash)
    }
    // No account, or no password set yet: the stand-in, so the check costs the same.
    let hash: String
    if let stored = found?.1 { hash = stored } else { hash = try Self.standInHash() }
    // Checked even when the answer is known to be no: the time says nothing.
    let matches: Bool
    do {
      let verified = try Sodium.verifyPassword(password, hash: hash)
      matches = verified && Self.passwordLength.contains(password.count)
    } catch {
      throw .cryptography(error.description)
    }
    guard matches, let found, found.1 != nil, !found.0.isDisabled else { return nil }
    let account = found.0
    let (secret, digest) = try Self.newSecret()
    let expires = now.advanced(by: Self.sessionLifetime)
    let opened = try write { database throws(DatabaseError) -> Bool in
      // Disabled between the read and now: no session.
      guard try database.row("SELECT 1 FROM teachers WHERE id = \(account.id) AND disabled = 0") != nil else {
        return false
      }
      try Self.insertSecret(digest, kind: .session, teacher: account.id, at: now, expires: expires, in: database)
      return true
    }
    return opened ? Session(teacher: account, secret: secret, expires: expires) : nil
  }

  /// The account whose session `secret` is, while it lasts and the account is not
  /// disabled; `nil` otherwise.
  ///
  /// - Throws: ``Error``: `.cryptography`, `.records`.
  public func teacher(session secret: String, at now: QuizClock.Instant) throws(Error) -> TeacherAccount? {
    try teacher(holding: secret, kind: .session, at: now)
  }

  /// The account whose link to set a password `code` is, while the link works (its page
  /// names the account, for the browser's password manager); the link is not used up.
  ///
  /// - Throws: ``Error``: `.cryptography`, `.records`.
  public func teacher(passwordLink code: String, at now: QuizClock.Instant) throws(Error) -> TeacherAccount? {
    try teacher(holding: code, kind: .passwordLink, at: now)
  }

  /// Ends the session `secret` (logging out); nothing for one that is not.
  ///
  /// - Throws: ``Error``: `.cryptography`, `.records`.
  public func endSession(_ secret: String) throws(Error) {
    let digest = try Self.digest(secret)
    try write { database throws(DatabaseError) in
      try database.execute(
        "DELETE FROM teacher_secrets WHERE digest = \(digest) AND kind = \(SecretKind.session.rawValue)")
    }
  }

  /// Removes the sessions and links that have expired (they open nothing already; this
  /// keeps the table small).
  ///
  /// - Returns: how many were removed.
  /// - Throws: ``Error/records(_:)``.
  @discardableResult
  public func removeExpired(at now: QuizClock.Instant) throws(Error) -> Int {
    let instant = now.microsecondsSince1970
    return try write { database throws(DatabaseError) in
      try database.rows("DELETE FROM teacher_secrets WHERE expires <= \(instant) RETURNING digest").count
    }
  }

  /// A hash of the same cost as a teacher's, of a password nobody knows: what a log-in
  /// with no account's hash to check is checked against. Made once per process.
  static func standInHash() throws(Error) -> String {
    let made = standIn.withLock { hash -> Result<String, Error> in
      if let hash { return .success(hash) }
      do throws(Error) {
        let fresh = try hashPassword(Secret.randomHex(bytes: 32))
        hash = fresh
        return .success(fresh)
      } catch {
        return .failure(error)
      }
    }
    return try made.get()
  }

  private static let standIn = Locked<String?>(nil)
}
