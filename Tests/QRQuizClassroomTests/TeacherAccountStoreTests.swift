import Foundation
import QRQuiz
import QRQuizTestSupport
import Testing

@testable import QRQuizClassroom

/// Teachers' accounts in the records, on both engines: a link to set the password works
/// once and not after it expires, passwords are kept as argon2id hashes and secrets as
/// digests, tokens work until revoked, and a disabled account opens nothing at once.
@Suite struct TeacherAccountStoreTests {
  let start = QuizClock.Instant(microsecondsSince1970: 1_796_000_000_000_000)

  @Test(arguments: RecordEngine.allCases)
  func aLinkSetsThePasswordOnceAndOnlyBeforeItExpires(engine: RecordEngine) throws {
    let directory = try TestRecords(engine)
    let records = try directory.open()
    let teachers = TeacherAccountStore(records: records)
    let link = try teachers.add(name: "Ada Lovelace", email: "Ada@School.example", at: start)
    #expect(link.teacher == "Ada Lovelace" && link.expires == start.advanced(by: TeacherAccountStore.linkLifetime))
    #expect(link.path == "/account/password?code=\(link.code)" && link.code.count == 64)
    #expect(try teachers.account(named: "ada lovelace").hasPassword == false)

    // A code never made, and the right one too late: one answer, and the late try uses it up.
    #expect(throws: TeacherAccountStore.Error.linkNotValid) {
      try teachers.setPassword(code: String(repeating: "0", count: 64), password: "correct horse", at: start)
    }
    #expect(throws: TeacherAccountStore.Error.passwordLength(5)) {
      try teachers.setPassword(code: link.code, password: "short", at: start)
    }
    let late = start.advanced(by: TeacherAccountStore.linkLifetime + .seconds(1))
    #expect(throws: TeacherAccountStore.Error.linkNotValid) {
      try teachers.setPassword(code: link.code, password: "correct horse", at: late)
    }
    #expect(throws: TeacherAccountStore.Error.linkNotValid) {
      try teachers.setPassword(code: link.code, password: "correct horse", at: start)
    }

    // A new link, used once: the password is set, the link gone.
    let fresh = try teachers.newPasswordLink(for: "ada@school.example", at: start)
    #expect(fresh.code != link.code)
    let account = try teachers.setPassword(code: fresh.code, password: "correct horse", at: start + .seconds(60))
    #expect(account.name == "Ada Lovelace" && account.hasPassword)
    #expect(throws: TeacherAccountStore.Error.linkNotValid) {
      try teachers.setPassword(code: fresh.code, password: "another password", at: start + .seconds(61))
    }

    // The records hold an argon2id hash and digests, never the password or a code.
    let (hash, secrets) = try records.read { database throws(DatabaseError) in
      (
        try database.value("SELECT password_hash FROM teachers", as: String.self),
        try database.rows("SELECT digest FROM teacher_secrets").compactMap { $0.get(0, as: String.self) }
      )
    }
    let stored = try #require(hash)
    #expect(stored.hasPrefix("$argon2id$") && !stored.contains("correct horse"))
    #expect(try Sodium.verifyPassword("correct horse", hash: stored))
    #expect(try !Sodium.verifyPassword("correct horsf", hash: stored))
    #expect(!secrets.contains(fresh.code) && !secrets.contains(link.code))
  }

  @Test(arguments: RecordEngine.allCases)
  func tokensWorkUntilRevokedAndADisabledAccountOpensNothing(engine: RecordEngine) throws {
    let directory = try TestRecords(engine)
    let records = try directory.open()
    let teachers = TeacherAccountStore(records: records)
    #expect(try !teachers.hasAccounts())
    let adaLink = try teachers.add(name: "Ada Lovelace", email: "ada@school.example", at: start)
    _ = try teachers.add(name: "Alan Turing", email: "alan@school.example", at: start)
    #expect(try teachers.hasAccounts())

    let first = try teachers.issueToken(for: "Ada Lovelace", at: start)
    let second = try teachers.issueToken(for: "ADA LOVELACE", at: start)
    let alans = try teachers.issueToken(for: "alan@school.example", at: start)
    #expect(Set([first, second, alans]).count == 3)
    #expect(try teachers.teacher(bearer: first, at: start)?.name == "Ada Lovelace")
    #expect(try teachers.teacher(bearer: second, at: start)?.name == "Ada Lovelace")
    #expect(try teachers.teacher(bearer: alans, at: start)?.name == "Alan Turing")
    #expect(try teachers.account(named: "Ada Lovelace").tokens == 2)
    // Not a token: a link's code, a digest, nonsense.
    #expect(try teachers.teacher(bearer: adaLink.code, at: start) == nil)
    #expect(try teachers.teacher(bearer: "' OR 1=1 --", at: start) == nil)

    // Revoked: both of Ada's stop, Alan's does not; a second store (another process) agrees.
    #expect(try teachers.revokeTokens(of: "ada lovelace") == 2)
    let elsewhere = TeacherAccountStore(records: try directory.open())
    #expect(try elsewhere.teacher(bearer: first, at: start) == nil)
    #expect(try elsewhere.teacher(bearer: second, at: start) == nil)
    #expect(try elsewhere.teacher(bearer: alans, at: start)?.name == "Alan Turing")

    // Disabled: the token stops at once, and so does the link; nothing new is handed out.
    let third = try teachers.issueToken(for: "Ada Lovelace", at: start)
    #expect(try teachers.disable("Ada Lovelace").isDisabled)
    #expect(try elsewhere.teacher(bearer: third, at: start) == nil)
    #expect(throws: TeacherAccountStore.Error.linkNotValid) {
      try teachers.setPassword(code: adaLink.code, password: "correct horse", at: start)
    }
    #expect(throws: TeacherAccountStore.Error.disabled("Ada Lovelace")) {
      try teachers.issueToken(for: "Ada Lovelace", at: start)
    }
    #expect(throws: TeacherAccountStore.Error.disabled("Ada Lovelace")) {
      try teachers.newPasswordLink(for: "Ada Lovelace", at: start)
    }
    // Enabled again: the old token stays dead, a new one works.
    #expect(try !teachers.enable("ada lovelace").isDisabled)
    #expect(try teachers.teacher(bearer: third, at: start) == nil)
    let fourth = try teachers.issueToken(for: "Ada Lovelace", at: start)
    #expect(try teachers.teacher(bearer: fourth, at: start)?.name == "Ada Lovelace")

    let listed = try teachers.list()
    #expect(listed.map(\.name) == ["Ada Lovelace", "Alan Turing"])
    #expect(listed.map(\.tokens) == [1, 1] && listed.allSatisfy { !$0.hasPassword && !$0.isDisabled })
  }

  @Test(arguments: RecordEngine.allCases)
  func namesAndAddressesAreOneEachAndStrangersTextIsKeptAsGiven(engine: RecordEngine) throws {
    let directory = try TestRecords(engine)
    let teachers = TeacherAccountStore(records: try directory.open())
    let odd = "Ró'bert\"); DROP TABLE teachers; --"
    _ = try teachers.add(name: odd, email: "rob@school.example", at: start)
    #expect(try teachers.account(named: "ro'bert\"); drop table teachers; --").name == odd)
    #expect(throws: TeacherAccountStore.Error.nameTaken("RÓ'BERT\"); DROP TABLE TEACHERS; --")) {
      try teachers.add(name: "RÓ'BERT\"); DROP TABLE TEACHERS; --", email: "other@school.example", at: start)
    }
    #expect(throws: TeacherAccountStore.Error.emailTaken("ROB@school.example")) {
      try teachers.add(name: "Robert B", email: "ROB@school.example", at: start)
    }
    for email in ["", "no-at-sign", "two@@signs", "@school.example", "a b@school.example", "ada@"] {
      #expect(throws: TeacherAccountStore.Error.invalidEmail(email)) {
        try teachers.add(name: "Someone", email: email, at: start)
      }
    }
    for name in ["", String(repeating: "x", count: 101), "tab\there", "bob@school.example"] {
      #expect(throws: TeacherAccountStore.Error.invalidName(name)) {
        try teachers.add(name: name, email: "someone@school.example", at: start)
      }
    }
    #expect(throws: TeacherAccountStore.Error.notFound("Nobody")) { try teachers.issueToken(for: "Nobody", at: start) }
    #expect(throws: TeacherAccountStore.Error.notFound("Nobody")) { try teachers.disable("Nobody") }
    #expect(try teachers.list().count == 1)
  }
}
