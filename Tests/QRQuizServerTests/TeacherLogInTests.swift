import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom
@testable import QRQuizServer

/// Logging in on a school's server, in process, on both engines: the one-time link's page
/// sets a password, the log-in page opens a session (HttpOnly, SameSite=Strict, expiring;
/// Secure behind an https address), logging out and disabling end it at once; a wrong
/// password and an unknown account are one answer after one argon2id check each; log-ins
/// are limited per account and per address, and checks past the queue get 503.
@Suite struct TeacherLogInTests {
  let library: TemporaryDirectory
  let records: TestRecords
  let teachers: TeacherAccountStore
  let clock = ManualClock()
  let app: QuizWebApp
  let client: WebAppClient
  let code: String

  init(engine: RecordEngine, publicURL: String = "http://192.168.1.20:8080", allowsEditing: Bool = false) throws {
    (library, _) = try LiveLibrary.make()
    records = try TestRecords(engine)
    let store = try records.open()
    teachers = TeacherAccountStore(records: store)
    code = try teachers.add(name: "Ada Lovelace", email: "ada@school.example", at: clock.clock.now()).code
    let classes = ClassRosterStore(records: store)
    app = QuizWebApp(
      topics: .library(TopicLibrary(directory: library.url)),
      configuration: .init(
        publicURL: publicURL, teacherToken: String(repeating: "3c", count: 16), allowsEditing: allowsEditing,
        assignmentStore: AssignmentStore(records: store), classes: classes, teacherAccounts: teachers),
      live: LiveGames(store: nil, clock: clock.clock, runsTicker: false))
    app.reload()
    client = WebAppClient(app: app)
  }

  var csrf: String { app.site.formToken }

  func post(_ path: String, _ fields: [String: String], cookie: String? = nil, from address: String = "127.0.0.1")
    async -> WebAppClient.Response
  {
    let body = fields.map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }
      .joined(separator: "&")
    var headers = ["Content-Type": "application/x-www-form-urlencoded"]
    if let cookie { headers["Cookie"] = "qrquiz_teacher=\(cookie)" }
    return await client.request("POST", path, headers: headers, body: Array(body.utf8), from: address)
  }

  func logIn(_ login: String, _ password: String, from address: String = "127.0.0.1") async -> WebAppClient.Response {
    await post("/login", ["login": login, "password": password, "csrf": csrf], from: address)
  }

  func setPassword() async throws {
    let set = await post(
      "/account/password", ["code": code, "password": "correct horse", "again": "correct horse", "csrf": csrf])
    try #require(set.status == 303 && set.headers["location"] == "/login?set=1", "\(set.text)")
  }

  /// The session's secret in a response's `Set-Cookie`.
  static func session(_ response: WebAppClient.Response) -> String? {
    response.cookies.first { $0.hasPrefix("qrquiz_teacher=") }.map {
      String($0.dropFirst("qrquiz_teacher=".count).prefix { $0 != ";" })
    }
  }

  func classes(_ secret: String) async -> Int {
    await client.request("GET", "/classes", headers: ["Cookie": "qrquiz_teacher=\(secret)"]).status
  }

  @Test(arguments: RecordEngine.allCases)
  static func theLinkSetsAPasswordOnce(engine: RecordEngine) async throws {
    let test = try TeacherLogInTests(engine: engine)
    let page = await test.client.request("GET", "/account/password?code=\(test.code)")
    #expect(page.status == 200 && page.headers["referrer-policy"] == "no-referrer")
    #expect(page.text.contains("autocomplete=\"new-password\"") && page.text.contains(test.code))
    #expect(page.text.contains("value=\"ada@school.example\" hidden"), "the password manager's account")
    let differ = await test.post(
      "/account/password",
      ["code": test.code, "password": "correct horse", "again": "correct horsf", "csrf": test.csrf])
    #expect(differ.status == 422 && differ.text.contains("The two passwords differ"))
    let short = await test.post(
      "/account/password", ["code": test.code, "password": "short", "again": "short", "csrf": test.csrf])
    #expect(short.status == 422)
    try await test.setPassword()
    let again = await test.post(
      "/account/password", ["code": test.code, "password": "other horse!", "again": "other horse!", "csrf": test.csrf])
    #expect(again.status == 400 && again.text.contains("This link is not valid"))
    let noForm = await test.post(
      "/account/password", ["code": test.code, "password": "other horse!", "again": "other horse!"])
    #expect(noForm.status == 403)
  }

  @Test(arguments: RecordEngine.allCases)
  static func aSessionIsTheTeachersUntilLoggedOutOrDisabled(engine: RecordEngine) async throws {
    let test = try TeacherLogInTests(engine: engine)
    try await test.setPassword()
    // Not logged in: the teacher's pages send to the log-in page, coming back after.
    let away = await test.client.request("GET", "/classes")
    #expect(away.status == 303 && away.headers["location"] == "/login?back=%2Fclasses", "\(away.headers)")

    let loggedIn = await test.post(
      "/login", ["login": "ADA@school.example", "password": "correct horse", "csrf": test.csrf, "back": "/classes"])
    #expect(loggedIn.status == 303 && loggedIn.headers["location"] == "/classes")
    let cookie = try #require(loggedIn.cookies.first, "\(loggedIn.headers)")
    #expect(cookie.contains("; HttpOnly") && cookie.contains("; SameSite=Strict") && cookie.contains("; Path=/"))
    #expect(cookie.contains("; Max-Age=50400") && !cookie.contains("Secure"), "\(cookie)")
    let secret = try #require(Self.session(loggedIn))
    #expect(await test.classes(secret) == 200)
    let page = await test.client.request("GET", "/login", headers: ["Cookie": "qrquiz_teacher=\(secret)"])
    #expect(page.text.contains("You are logged in as Ada Lovelace."))
    let classesPage = await test.client.request("GET", "/classes", headers: ["Cookie": "qrquiz_teacher=\(secret)"])
    #expect(classesPage.text.contains("<a href=\"/login\">Account</a>"), "the header links the account's page")

    // Logging out ends it in the records: the same cookie opens nothing after.
    let out = await test.post("/logout", ["csrf": test.csrf], cookie: secret)
    #expect(out.status == 303 && out.headers["location"] == "/login?out=1")
    #expect(
      out.cookies.first?.hasPrefix("qrquiz_teacher=; ") == true && out.cookies.first?.contains("Max-Age=0") == true)
    #expect(await test.classes(secret) == 303)

    // Disabling the account ends every session of it at once.
    let second = try #require(Self.session(await test.logIn("Ada Lovelace", "correct horse")))
    #expect(await test.classes(second) == 200)
    try test.teachers.disable("Ada Lovelace")
    #expect(await test.classes(second) == 303)
    // A session expires with the clock too.
    try test.teachers.enable("Ada Lovelace")
    try test.teachers.setPassword(
      code: try test.teachers.newPasswordLink(for: "Ada Lovelace", at: test.clock.clock.now()).code,
      password: "correct horse", at: test.clock.clock.now())
    let third = try #require(Self.session(await test.logIn("Ada Lovelace", "correct horse")))
    test.clock.advance(by: 14 * 3600)
    #expect(await test.classes(third) == 303)
  }

  @Test(arguments: RecordEngine.allCases)
  static func noAccountIsToldApartFromAWrongPassword(engine: RecordEngine) async throws {
    let test = try TeacherLogInTests(engine: engine)
    try await test.setPassword()
    _ = try TeacherAccountStore.standInHash()
    var pages: [String] = []
    for (login, password) in [("Ada Lovelace", "wrong horse!"), ("Nobody Here", "correct horse")] {
      let checks = Sodium.Checks()
      let refused = await Sodium.$checks.withValue(checks) { await test.logIn(login, password) }
      #expect(refused.status == 403 && refused.cookies.isEmpty)
      #expect(checks.total == 1, "\(login): one argon2id check, whatever the account")
      pages.append(refused.text.replacingOccurrences(of: login, with: "LOGIN"))
    }
    #expect(pages[0] == pages[1], "the same words for both")
    #expect(pages[0].contains("This name or email address and this password do not go together."))
  }

  @Test(arguments: RecordEngine.allCases)
  static func logInsAreLimitedPerAccountAndPerAddress(engine: RecordEngine) async throws {
    let test = try TeacherLogInTests(engine: engine)
    try await test.setPassword()
    // Ten failures on one account, each from an address of its own: the account rests.
    for index in 0..<SignInLimits.perAccount {
      #expect(await test.logIn("Ada Lovelace", "wrong horse!", from: "10.0.0.\(index + 1)").status == 403)
    }
    let resting = await test.logIn("ada lovelace", "correct horse", from: "10.0.1.1")
    #expect(resting.status == 429 && resting.headers["retry-after"] == "300" && resting.cookies.isEmpty)
    #expect(resting.text.contains("Too many tries"))
    // Twenty failures from one address, on accounts nobody has: the address rests.
    for index in 0..<SignInLimits.perAddress {
      #expect(await test.logIn("Nobody \(index)", "wrong horse!", from: "10.0.2.1").status == 403)
    }
    #expect(await test.logIn("Somebody", "wrong horse!", from: "10.0.2.1").status == 429)
    #expect(await test.logIn("Somebody", "wrong horse!", from: "10.0.2.2").status == 403)
    // The window passes: Ada logs in.
    test.clock.advance(by: 15 * 60 + 1)
    #expect(await test.logIn("Ada Lovelace", "correct horse", from: "10.0.1.1").status == 303)
  }

  @Test(arguments: RecordEngine.allCases)
  static func checksPastTheQueueAreRefusedAtOnce(engine: RecordEngine) async throws {
    let test = try TeacherLogInTests(engine: engine)
    try await test.setPassword()
    let checks = test.app.accounts.checks
    // Every place taken, and the queue full, by holders of the test's own.
    let holders = (0..<(checks.running + checks.waiting)).map { _ in Task { await checks.enter() } }
    // Waited for as it happens (the holders' tasks run when they run), bounded by a hang.
    let deadline = ContinuousClock.now + .seconds(HangLimit.inProcessSeconds)
    while checks.load != (checks.running, checks.waiting), ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(5))
    }
    try #require(checks.load == (checks.running, checks.waiting), "the places were not all taken: \(checks.load)")
    let refused = await test.logIn("Ada Lovelace", "correct horse")
    #expect(refused.status == 503 && refused.headers["retry-after"] == "1" && refused.cookies.isEmpty)
    #expect(refused.text.contains("The server is busy"))
    for _ in holders { checks.leave() }
    for holder in holders { #expect(await holder.value) }
    #expect(await test.logIn("Ada Lovelace", "correct horse").status == 303)
  }

  @Test static func theCookieIsSecureBehindAnHTTPSAddress() async throws {
    let test = try TeacherLogInTests(engine: .sqlite, publicURL: "https://quiz.school.example")
    try await test.setPassword()
    let loggedIn = await test.logIn("Ada Lovelace", "correct horse")
    #expect(loggedIn.cookies.first?.hasSuffix("; Secure") == true, "\(loggedIn.cookies)")
  }

  @Test static func theLaptopHasNoLogInPage() async throws {
    let (library, _) = try LiveLibrary.make()
    let app = QuizWebApp(
      topics: .library(TopicLibrary(directory: library.url)),
      configuration: .init(publicURL: "http://127.0.0.1:8080", teacherToken: String(repeating: "3c", count: 16)))
    #expect(await WebAppClient(app: app).request("GET", "/login").status == 404)
  }

  @Test static func theEditorSendsToTheLogInPageToo() async throws {
    let test = try TeacherLogInTests(engine: .sqlite, allowsEditing: true)
    let away = await test.client.request("GET", "/new")
    #expect(away.status == 303 && away.headers["location"] == "/login?back=%2Fnew", "\(away.headers)")
    try await test.setPassword()
    let secret = try #require(Self.session(await test.logIn("Ada Lovelace", "correct horse")))
    #expect(await test.client.request("GET", "/new", headers: ["Cookie": "qrquiz_teacher=\(secret)"]).status == 200)
  }
}
