import QRQuiz
import QRQuizClassroom
import QRQuizLocking

/// Which teacher a request comes from. On the laptop (no account made) it is the single
/// teacher of `qrquiz serve`'s token, who owns everything; on a school's server (once
/// `qrquiz admin teacher add` made an account) it is the account whose personal API token
/// the request carries, who owns only their own classes, games and homework, and the
/// single token opens nothing any more (it would see every teacher's).
extension Site {
  /// The teacher `credentials` prove: the single token's on the laptop, an account's on a
  /// school's server; `nil` for anyone else (a token revoked, a disabled teacher's, a
  /// wrong one, none).
  func teacher(_ credentials: Credentials) -> Teacher? {
    guard let offered = credentials.bearer ?? credentials.teacherCookie else { return nil }
    if let accounts = usedAccounts() {
      // A script's personal token, or a browser's session (its cookie, made by logging in).
      // A lost database lets nobody in: the teacher is asked again, never taken for another.
      let now = live.clock.now()
      let account =
        credentials.bearer != nil
        ? try? accounts.teacher(bearer: offered, at: now) : try? accounts.teacher(session: offered, at: now)
      return account.map { Teacher(account: $0.id) }
    }
    guard let token = configuration.teacherToken, Secret.matches(offered, token) else { return nil }
    return Teacher(account: nil)
  }

  /// The accounts, once the records hold one: the server is a school's from then on (no
  /// account is ever deleted, so once seen it is remembered without asking again).
  func usedAccounts() -> TeacherAccountStore? {
    guard let accounts = configuration.teacherAccounts else { return nil }
    if accountsSeen.withLock({ $0 }) { return accounts }
    guard (try? accounts.hasAccounts()) == true else { return nil }
    accountsSeen.withLock { $0 = true }
    return accounts
  }
}

extension Teacher {
  /// Whether what `owner` (an account's id, `nil` for none) holds is this teacher's: the
  /// laptop's teacher owns what no account does, an account what is its own.
  func owns(_ owner: Int64?) -> Bool { account == owner }
}
