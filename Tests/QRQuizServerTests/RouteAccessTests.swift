import Foundation
import QRQuiz
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuizClassroom
@testable import QRQuizServer

/// The route table's access, walked route by route in process: every route that is not
/// public refuses a request without its credential (401 or 403, its handler never run),
/// and lets one through with it.
@Suite struct RouteAccessTests {
  let library: TemporaryDirectory
  let cache: TemporaryDirectory
  let app: QuizWebApp
  let client: WebAppClient
  static let token = String(repeating: "3c", count: 16)
  static let wrongSecret = String(repeating: "0", count: 32)

  let classes: TemporaryDirectory

  init() throws {
    (library, cache) = try LiveLibrary.make()
    classes = try TemporaryDirectory()
    let store = ClassRosterStore(records: try classes.records())
    try store.create(try ClassRoster(name: "7B", students: ["Grace", "Alan"]))
    app = QuizWebApp(
      topics: .library(TopicLibrary(directory: library.url)),
      configuration: .init(
        publicURL: "http://192.168.1.20:8080", teacherToken: Self.token, allowsEditing: true,
        imageCache: try ImageDiskCache(directory: cache.url), classes: store),
      // Not a test of the limits: the wrong credentials walked here would spend a budget.
      live: LiveGames(store: nil, joinBurst: 100_000, runsTicker: false))
    app.reload()
    client = WebAppClient(app: app)
  }

  /// A game of Capitals with a class answering by card and one player: its PIN, the
  /// host's secret, the player's (the class's first student, on a phone) and the card
  /// scanners'.
  func game() async throws -> (pin: String, host: String, player: String, scanner: String) {
    let game = try app.startLiveGame(topic: "Capitals", set: 1, className: "7B")
    let joined = await client.request(
      "POST", "/api/live/\(game.pin)/players", body: Array(#"{"student":1}"#.utf8))
    guard case .string(let secret)? = try JSONParser.parse(joined.body)["secret"] else {
      throw CocoaError(.coderInvalidValue)
    }
    return (game.pin, game.hostSecret, secret, try #require(game.setup.scannerSecret))
  }

  /// An assignment of Capitals with one student: its code and the student's secret.
  func assignment() async throws -> (code: String, student: String) {
    let due = Assignment.timestamp(QuizClock.now + .seconds(3600))
    let made = await client.request(
      "POST", "/api/assignments", headers: ["Authorization": "Bearer \(Self.token)"],
      body: Array(#"{"topic":"Capitals","set":1,"due":"\#(due)"}"#.utf8))
    guard case .string(let code)? = try JSONParser.parse(made.body)["code"] else {
      throw CocoaError(.coderInvalidValue)
    }
    let joined = await client.request(
      "POST", "/api/assignments/\(code)/students", body: Array(#"{"name":"Ada"}"#.utf8))
    guard case .string(let secret)? = try JSONParser.parse(joined.body)["secret"] else {
      throw CocoaError(.coderInvalidValue)
    }
    return (code, secret)
  }

  /// `pattern` with its parts filled with things that exist.
  func path(_ pattern: RoutePattern, pin: String, code: String = "") -> String {
    var path = pattern.description
    let parts = ["pin": pin, "code": code, "name": "Capitals", "id": "1", "file": "style.css", "key": "0"]
    for (name, value) in parts {
      path = path.replacingOccurrences(of: "{\(name)}", with: value)
    }
    return path
  }

  /// Who a credential proves.
  enum Kind: CaseIterable {
    case teacher, host, player, scanner, student
  }

  /// The credentials a route may ask for, each as the request that carries it.
  struct Credential {
    var kind: Kind
    var query = ""
    var headers: [String: String] = [:]
    var body = ""
  }

  /// Whom the routes whose access proves `identity` are for. A new identity must be named
  /// here, with its credentials above.
  static func kinds(ofIdentity identity: String) -> Set<Kind>? {
    switch identity {
    case "Teacher", "Editor", "GameTeacher": [.teacher]
    case "Host": [.host, .teacher]
    case "Player": [.player]
    case "GameMember": [.host, .player]
    case "CardScanner": [.host, .teacher, .scanner]
    case "Student": [.student]
    default: nil
    }
  }

  func credentials(pin: String, host: String, player: String, scanner: String, student: String) async -> [Credential] {
    let teacherCookie = "\(Credentials.teacherCookie)=\(Self.token)"
    let page = await client.request("GET", "/t/Capitals", headers: ["Cookie": teacherCookie])
    let csrf = page.text.components(separatedBy: #"name="csrf" value=""#).dropFirst().first?.prefix(32) ?? ""
    return [
      Credential(kind: .teacher, headers: ["Authorization": "Bearer \(Self.token)"], body: "{}"),
      Credential(kind: .teacher, headers: ["Cookie": teacherCookie], body: "csrf=\(csrf)&topic=Capitals"),
      Credential(
        kind: .teacher, headers: ["Cookie": teacherCookie, "Content-Type": "application/json"], body: "{}"),
      Credential(kind: .host, body: #"{"secret":"\#(host)"}"#),
      Credential(kind: .host, headers: ["Authorization": "Bearer \(host)"]),
      Credential(kind: .host, headers: ["Cookie": "\(Credentials.hostCookie(pin))=\(host)"]),
      Credential(kind: .host, query: "?secret=\(host)"),
      Credential(kind: .player, query: "?secret=\(player)"),
      Credential(kind: .player, body: #"{"secret":"\#(player)","question":0,"answers":[0]}"#),
      Credential(kind: .scanner, query: "?secret=\(scanner)"),
      Credential(kind: .scanner, headers: ["Cookie": "\(Credentials.scannerCookie(pin))=\(scanner)"]),
      Credential(kind: .student, query: "?secret=\(student)"),
      Credential(kind: .student, body: #"{"secret":"\#(student)","index":0,"answers":[0]}"#),
    ]
  }

  @Test func everyRouteThatIsNotPublicRefusesWithoutItsCredentialAndAdmitsWithIt() async throws {
    let (pin, host, player, scanner) = try await game()
    let (code, student) = try await assignment()
    let credentials = await credentials(pin: pin, host: host, player: player, scanner: scanner, student: student)
    let guarded = app.routes.filter { !$0.isPublic }
    #expect(guarded.count >= 19, "\(guarded.count) routes ask for a credential")
    // The game ends last: the host's other moves need it going.
    let ending = guarded.filter { $0.pattern.description.hasSuffix("/end") }
    for route in guarded.filter({ !$0.pattern.description.hasSuffix("/end") }) + ending {
      let target = path(route.pattern, pin: pin, code: code)
      let method = route.method.rawValue
      let refused = await client.request(
        method, target + "?secret=\(Self.wrongSecret)", body: Array(#"{"secret":"\#(Self.wrongSecret)"}"#.utf8))
      #expect([401, 403].contains(refused.status), "\(method) \(target) without its credential: \(refused.status)")
      var admitted: [Int] = []
      for credential in credentials {
        let response = await client.request(
          method, target + credential.query, headers: credential.headers, body: Array(credential.body.utf8))
        admitted.append(response.status)
      }
      #expect(
        admitted.contains { ![401, 403].contains($0) }, "\(method) \(target) admits no credential: \(admitted)")
    }
  }

  /// The access checks alone (the handlers not run), route by route: each credential opens
  /// the routes of whom it proves, and none of another's: a player's secret no host's
  /// move, a host's secret nothing of the teacher's.
  @Test func eachCredentialOpensTheRoutesOfWhomItProvesAndNoOthers() async throws {
    let (pin, host, player, scanner) = try await game()
    let (code, student) = try await assignment()
    let credentials = await credentials(pin: pin, host: host, player: player, scanner: scanner, student: student)
    for route in app.routes where !route.isPublic {
      let target = path(route.pattern, pin: pin, code: code)
      let method = route.method.rawValue
      let kinds = try #require(Self.kinds(ofIdentity: route.identity), "\(method) \(target) proves \(route.identity)")
      var opened: Set<Kind> = []
      for credential in credentials {
        let request = HTTPRequest(
          method: method, path: target, headers: credential.headers, query: query(credential.query),
          cookies: cookies(credential.headers["Cookie"]), body: Array(credential.body.utf8))
        let admitted = app.routeAdmits(request)
        #expect(admitted != nil, "no route takes \(method) \(target)")
        if admitted == true { opened.insert(credential.kind) }
      }
      #expect(opened == kinds, "\(method) \(target), for \(kinds), is opened by \(opened)")
    }
  }

  /// `?a=b&c=d` as the server decodes it.
  func query(_ text: String) -> [String: String] {
    var query: [String: String] = [:]
    for pair in text.dropFirst().split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
      query[parts[0]] = parts.count > 1 ? parts[1] : ""
    }
    return query
  }

  /// A `Cookie` header's cookies.
  func cookies(_ header: String?) -> [String: String] {
    var cookies: [String: String] = [:]
    for item in (header ?? "").split(separator: ";") {
      let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      if parts.count == 2 { cookies[parts[0]] = parts[1] }
    }
    return cookies
  }

  @Test func theRouteTableShowsEachRoutesAccessAndBodyLimit() {
    let table = app.routeDocumentation
    #expect(table.contains("| PUT | `/api/topics/{name}` |"))
    #expect(table.contains("| the teacher, editing on: Bearer, or the cookie with `X-Form-Token` | 4 MiB |"))
    #expect(table.contains("| POST | `/api/live/{pin}/next` | start, close the question, next, podium | the host: "))
    #expect(
      app.routes.filter(\.isPublic).allSatisfy { $0.access.hasPrefix("anyone") || $0.access.hasPrefix("whoever") })
  }

  /// The teacher's token in a cookie crosses the network only over https when the public
  /// address is https (a proxy in front serving it): an IT trial saw it sent in clear by a
  /// browser typing the http:// address before nginx's redirect.
  @Test func theTeachersCookieIsSecureBehindAnHTTPSAddress() async throws {
    let signedIn = await client.request("GET", "/?token=\(Self.token)")
    #expect(signedIn.cookies.count == 1 && !signedIn.cookies[0].contains("Secure"), "\(signedIn.cookies)")
    let school = QuizWebApp(
      topics: .library(TopicLibrary(directory: library.url)),
      configuration: .init(publicURL: "https://quiz.school.example", teacherToken: Self.token))
    school.reload()
    let secure = await WebAppClient(app: school).request("GET", "/?token=\(Self.token)")
    #expect(secure.cookies.count == 1 && secure.cookies[0].hasSuffix("; Secure"), "\(secure.cookies)")
  }
}
