import Foundation
import QRQuiz
import Testing

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

  init() throws {
    (library, cache) = try LiveLibrary.make()
    app = QuizWebApp(
      topics: .library(TopicLibrary(directory: library.url)),
      configuration: .init(
        publicURL: "http://192.168.1.20:8080", teacherToken: Self.token, allowsEditing: true,
        imageCache: try ImageDiskCache(directory: cache.url)),
      live: LiveGames(archive: nil, runsTicker: false))
    app.reload()
    client = WebAppClient(app: app)
  }

  /// A game of Capitals with one player: its PIN, the host's secret and the player's.
  func game() async throws -> (pin: String, host: String, player: String) {
    let game = try app.startLiveGame(topic: "Capitals", set: 1)
    let joined = await client.request(
      "POST", "/api/live/\(game.pin)/players", body: Array(#"{"name":"Ada"}"#.utf8))
    guard case .string(let secret)? = try JSONParser.parse(joined.body)["secret"] else {
      throw CocoaError(.coderInvalidValue)
    }
    return (game.pin, game.hostSecret, secret)
  }

  /// `pattern` with its parts filled with things that exist.
  func path(_ pattern: RoutePattern, pin: String) -> String {
    var path = pattern.description
    for (name, value) in ["pin": pin, "name": "Capitals", "id": "1", "file": "style.css", "key": "0"] {
      path = path.replacingOccurrences(of: "{\(name)}", with: value)
    }
    return path
  }

  /// The credentials a route may ask for, each as the request that carries it.
  struct Credential {
    var query = ""
    var headers: [String: String] = [:]
    var body = ""
  }

  func credentials(pin: String, host: String, player: String) async -> [Credential] {
    let teacherCookie = "\(Credentials.teacherCookie)=\(Self.token)"
    let page = await client.request("GET", "/t/Capitals", headers: ["Cookie": teacherCookie])
    let csrf = page.text.components(separatedBy: #"name="csrf" value=""#).dropFirst().first?.prefix(32) ?? ""
    return [
      Credential(headers: ["Authorization": "Bearer \(Self.token)"], body: "{}"),
      Credential(headers: ["Cookie": teacherCookie], body: "csrf=\(csrf)&topic=Capitals"),
      Credential(body: #"{"secret":"\#(host)"}"#),
      Credential(headers: ["Authorization": "Bearer \(host)"]),
      Credential(headers: ["Cookie": "\(Credentials.hostCookie(pin))=\(host)"]),
      Credential(query: "?secret=\(player)"),
      Credential(body: #"{"secret":"\#(player)","question":0,"answers":[0]}"#),
    ]
  }

  @Test func everyRouteThatIsNotPublicRefusesWithoutItsCredentialAndAdmitsWithIt() async throws {
    let (pin, host, player) = try await game()
    let credentials = await credentials(pin: pin, host: host, player: player)
    let guarded = app.routes.filter { !$0.isPublic }
    #expect(guarded.count >= 19, "\(guarded.count) routes ask for a credential")
    // The game ends last: the host's other moves need it going.
    let ending = guarded.filter { $0.pattern.description.hasSuffix("/end") }
    for route in guarded.filter({ !$0.pattern.description.hasSuffix("/end") }) + ending {
      let target = path(route.pattern, pin: pin)
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

  @Test func theRouteTableShowsEachRoutesAccessAndBodyLimit() {
    let table = app.routeDocumentation
    #expect(table.contains("| PUT | `/api/topics/{name}` |"))
    #expect(table.contains("| the teacher, editing on: Bearer, or the cookie with `X-Form-Token` | 4 MiB |"))
    #expect(table.contains("| POST | `/api/live/{pin}/next` | start, close the question, next, podium | the host: "))
    #expect(
      app.routes.filter(\.isPublic).allSatisfy { $0.access.hasPrefix("anyone") || $0.access.hasPrefix("whoever") })
  }
}
