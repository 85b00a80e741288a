import Foundation
import QRQuiz
import QRQuizTestSupport
import Testing

@testable import QRQuizClassroom

/// Logging in and sessions, on both engines: one answer (and one argon2id check) for an
/// unknown account, a wrong password, no password yet and a disabled account; a session
/// works until it expires, the teacher logs out, sets a new password or is disabled.
@Suite struct TeacherSignInTests {
  let start = QuizClock.Instant(microsecondsSince1970: 1_796_000_000_000_000)

  func teacherWithPassword(_ teachers: TeacherAccountStore) throws {
    let link = try teachers.add(name: "Ada Lovelace", email: "ada@school.example", at: start)
    try teachers.setPassword(code: link.code, password: "correct horse", at: start)
  }

  @Test(arguments: RecordEngine.allCases)
  func everyRefusalIsOneAnswerAfterOneCheck(engine: RecordEngine) throws {
    let directory = try TestRecords(engine)
    let teachers = TeacherAccountStore(records: try directory.open())
    try teacherWithPassword(teachers)
    _ = try teachers.add(name: "Alan Turing", email: "alan@school.example", at: start)  // no password yet
    _ = try TeacherAccountStore.standInHash()
    for (login, password) in [
      ("Ada Lovelace", "wrong horse!"), ("Nobody", "correct horse"), ("Alan Turing", "correct horse"),
      ("ada lovelace", "short"), ("Ada Lovelace", ""),
    ] {
      let checks = Sodium.Checks()
      let session = try Sodium.$checks.withValue(checks) {
        try teachers.signIn(login, password: password, at: start)
      }
      #expect(session == nil, "\(login)")
      #expect(checks.total == 1, "\(login): one argon2id check, whatever the account")
    }
    let session = try #require(try teachers.signIn("ADA@school.example", password: "correct horse", at: start))
    #expect(session.teacher.name == "Ada Lovelace" && session.expires == start.advanced(by: .seconds(14 * 3600)))
    try teachers.disable("Ada Lovelace")
    try teachers.enable("Ada Lovelace")
    #expect(try teachers.teacher(session: session.secret, at: start) == nil, "disabling ended it")
    try teachers.disable("Ada Lovelace")
    let checks = Sodium.Checks()
    let refused = try Sodium.$checks.withValue(checks) {
      try teachers.signIn("Ada Lovelace", password: "correct horse", at: start)
    }
    #expect(refused == nil)
    #expect(checks.total == 1, "a disabled account: one check too")
  }

  @Test(arguments: RecordEngine.allCases)
  func aSessionEndsWhenItExpiresOnLogOutAndOnANewPassword(engine: RecordEngine) throws {
    let directory = try TestRecords(engine)
    let teachers = TeacherAccountStore(records: try directory.open())
    try teacherWithPassword(teachers)
    let first = try #require(try teachers.signIn("Ada Lovelace", password: "correct horse", at: start))
    let second = try #require(try teachers.signIn("Ada Lovelace", password: "correct horse", at: start))
    let elsewhere = TeacherAccountStore(records: try directory.open())
    #expect(try elsewhere.teacher(session: first.secret, at: start)?.name == "Ada Lovelace")
    #expect(try elsewhere.teacher(session: first.secret, at: first.expires) == nil, "expired")
    // A session is not a token, nor a token a session.
    #expect(try elsewhere.teacher(bearer: first.secret, at: start) == nil)
    let token = try teachers.issueToken(for: "Ada Lovelace", at: start)
    #expect(try elsewhere.teacher(session: token, at: start) == nil)

    try teachers.endSession(first.secret)
    #expect(try elsewhere.teacher(session: first.secret, at: start) == nil, "logged out")
    #expect(try elsewhere.teacher(session: second.secret, at: start) != nil, "the other browser stays")
    #expect(try teachers.removeExpired(at: second.expires) == 1)

    let third = try #require(try teachers.signIn("Ada Lovelace", password: "correct horse", at: start))
    let link = try teachers.newPasswordLink(for: "Ada Lovelace", at: start)
    try teachers.setPassword(code: link.code, password: "battery staple", at: start)
    #expect(try elsewhere.teacher(session: third.secret, at: start) == nil, "a new password ends the sessions")
    #expect(try teachers.signIn("Ada Lovelace", password: "correct horse", at: start) == nil)
    #expect(try teachers.signIn("Ada Lovelace", password: "battery staple", at: start) != nil)
    #expect(try teachers.teacher(bearer: token, at: start) != nil, "tokens are the scripts', kept")
  }

  @Test func limitsCountFailuresPerAddressAndPerAccount() {
    var limits = SignInLimits()
    // One account tried from many addresses: stopped after its limit, others not.
    for index in 0..<SignInLimits.perAccount {
      #expect(limits.allows(address: "10.0.0.\(index)", login: "Ada", at: start))
      limits.recordFailure(address: "10.0.0.\(index)", login: "Ada", at: start)
    }
    #expect(!limits.allows(address: "10.0.1.1", login: "ADA", at: start))
    #expect(limits.allows(address: "10.0.1.1", login: "Alan", at: start))
    // The window passes: allowed again.
    #expect(limits.allows(address: "10.0.1.1", login: "Ada", at: start.advanced(by: SignInLimits.window)))

    // One address trying many accounts: stopped after its limit.
    var fromOne = SignInLimits()
    for index in 0..<SignInLimits.perAddress {
      #expect(fromOne.allows(address: "10.9.9.9", login: "teacher \(index)", at: start))
      fromOne.recordFailure(address: "10.9.9.9", login: "teacher \(index)", at: start)
    }
    #expect(!fromOne.allows(address: "10.9.9.9", login: "someone else", at: start))
    #expect(fromOne.allows(address: "10.9.9.8", login: "someone else", at: start))
    // A success forgives the account, not the address.
    fromOne.recordSuccess(login: "teacher 0")
    #expect(!fromOne.allows(address: "10.9.9.9", login: "teacher 0", at: start))
    #expect(fromOne.allows(address: "10.9.9.8", login: "teacher 0", at: start))
  }
}
