import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizServer

/// PINs cannot be walked (issue 30 §3), on a real server on 127.0.0.1 with clients on
/// their own loopback addresses: every route that looks a game up by PIN spends the
/// address's budget on a miss (a wrong PIN, a wrong secret), and refuses it with 429 once
/// it is spent, long before the PIN space is covered; a player's own traffic is never
/// refused, and other addresses are untouched. Bounded by counting requests, not by time:
/// the budget's clock is the games' own, which only the test moves, so a walk that takes
/// longer than a minute on a busy machine earns nothing back.
@Suite struct LivePINWalkTests {
  let library: TemporaryDirectory
  let cache: TemporaryDirectory
  let clock = ManualClock()
  let app: QuizWebApp
  let server: HTTPServer
  static let token = String(repeating: "6a", count: 16)
  /// The budget: 100 at once (and 100 a minute after).
  static let burst = 100.0

  init() throws {
    (library, cache) = try LiveLibrary.make()
    app = QuizWebApp(
      topics: .library(TopicLibrary(directory: library.url)),
      configuration: .init(publicURL: "http://192.168.1.20:8080", teacherToken: Self.token),
      live: LiveGames(store: nil, clock: clock.clock, joinBurst: Self.burst, runsTicker: false))
    app.reload()
    server = try HTTPServer(configuration: .init(port: 0, connectionsPerAddress: 64), responder: app)
  }

  func request(_ method: String, _ path: String, body: String = "", from address: String) throws
    -> HTTPProbe.Response
  {
    try HTTPProbe.request(
      port: server.port, method: method, path: path, headers: ["Content-Type": "application/json"],
      body: Array(body.utf8), from: address)
  }

  /// A game with one player: PIN, host's secret, player's secret.
  func game() throws -> (pin: String, host: String, player: String) {
    let game = try app.startLiveGame(topic: "Capitals", set: 1)
    let joined = try request("POST", "/api/live/\(game.pin)/players", body: #"{"name":"Ada"}"#, from: "127.0.0.1")
    guard case .string(let secret)? = try JSONParser.parse(joined.body)["secret"] else {
      throw CocoaError(.coderInvalidValue)
    }
    return (game.pin, game.hostSecret, secret)
  }

  /// Sends `path(pin)` for PINs no game has, from `address`, until it is refused: how many
  /// were answered, and the refusal.
  func walk(
    _ method: String, _ path: (String) -> String, body: String, avoiding pin: String, from address: String
  ) throws -> (answered: Int, refusal: HTTPProbe.Response?) {
    var answered = 0
    var candidate = (Int(pin)! + 1) % 1_000_000
    // At most twice the budget: a walk of the PIN space is a million.
    while answered < Int(Self.burst) * 2 {
      let response = try request(method, path(String(format: "%06d", candidate)), body: body, from: address)
      if response.status == 429 { return (answered, response) }
      answered += 1
      candidate = (candidate + 7919) % 1_000_000
      if String(format: "%06d", candidate) == pin { candidate += 1 }
    }
    return (answered, nil)
  }

  @Test func everyRouteWithAPINRefusesAnAddressWalkingPINsAfterItsBudget() throws {
    let (pin, _, _) = try game()
    let routes = app.routes.filter { $0.pattern.description.contains("{pin}") }
    #expect(routes.count >= 14, "\(routes.count) routes look a game up by PIN")
    for (index, route) in routes.enumerated() {
      let address = "127.0.1.\(index + 1)"
      let method = route.method.rawValue
      let body = route.method == .get ? "" : #"{"secret":"\#(String(repeating: "0", count: 32))","name":"Bo"}"#
      let (answered, refusal) = try walk(
        method, { route.pattern.description.replacingOccurrences(of: "{pin}", with: $0) + "?secret=00" },
        body: body, avoiding: pin, from: address)
      let refused = try #require(refusal, "\(method) \(route.pattern): \(answered) wrong PINs answered, none refused")
      // The budget exactly: no time passes on the games' clock while the walk runs.
      #expect(answered == Int(Self.burst), "\(method) \(route.pattern): \(answered)")
      let retry = Int(refused.headers["retry-after"] ?? "") ?? 0
      #expect(
        retry >= 1 && retry <= 60, "\(method) \(route.pattern): Retry-After \(refused.headers["retry-after"] ?? "none")"
      )
      // Spent, the address learns nothing more: the game's own PIN is refused the same way.
      let real = try request(
        method, route.pattern.description.replacingOccurrences(of: "{pin}", with: pin) + "?secret=00", body: body,
        from: address)
      #expect(real.status == 429, "\(method) \(route.pattern) with the real PIN: \(real.status)")
      // After the Retry-After, the tries earned back in it (100 a minute) are answered, no more.
      clock.advance(by: Double(retry))
      let (again, _) = try walk(
        method, { route.pattern.description.replacingOccurrences(of: "{pin}", with: $0) + "?secret=00" },
        body: body, avoiding: pin, from: address)
      let earned = Int(Double(retry) * Self.burst / 60)
      #expect(earned >= 1 && again == earned, "\(method) \(route.pattern): \(again) answered after Retry-After")
    }
  }

  @Test func aWrongSecretCostsAsAWrongPINDoes() throws {
    let (pin, _, _) = try game()
    var answered = 0
    var last = 0
    while answered < Int(Self.burst) * 2 {
      last = try request(
        "GET", "/api/live/\(pin)/status?secret=\(String(repeating: "f", count: 32))", from: "127.0.2.1"
      )
      .status
      if last == 429 { break }
      #expect(last == 403)
      answered += 1
    }
    #expect(last == 429 && answered == Int(Self.burst), "\(answered) wrong secrets answered")
  }

  @Test func aPlayersOwnTrafficIsNeverRefusedAndOtherAddressesAreUntouched() throws {
    let (pin, host, _) = try game()
    // Ada plays from behind the school's NAT, 127.0.3.1, where a classmate walks PINs.
    let joined = try request("POST", "/api/live/\(pin)/players", body: #"{"name":"Bea"}"#, from: "127.0.3.1")
    guard case .string(let secret)? = try JSONParser.parse(joined.body)["secret"] else {
      Issue.record("no secret: \(joined.text)")
      return
    }
    let (_, refusal) = try walk(
      "GET", { "/api/live/\($0)/status?secret=\(secret)" }, body: "", avoiding: pin, from: "127.0.3.1")
    #expect(refusal?.status == 429)
    // Her reconnects and status checks, many more than the budget, all answered.
    for _ in 0..<Int(Self.burst) * 2 {
      let status = try request("GET", "/api/live/\(pin)/status?secret=\(secret)", from: "127.0.3.1")
      #expect(status.status == 200, "\(status.status) \(status.text)")
      if status.status != 200 { break }
    }
    for _ in 0..<3 {
      let stream = try EventStreamClient(
        port: server.port, path: "/api/live/\(pin)/events?secret=\(secret)", from: "127.0.3.1")
      #expect(stream.status == 200)
      try stream.waitForEvent { $0.name == "lobby" }
    }
    // The host's moves from the same network too.
    let next = try request("POST", "/api/live/\(pin)/next", body: #"{"secret":"\#(host)"}"#, from: "127.0.3.1")
    #expect(next.status == 200)
    let answer = try request(
      "POST", "/api/live/\(pin)/answers", body: #"{"secret":"\#(secret)","question":0,"answers":[0]}"#,
      from: "127.0.3.1")
    #expect(answer.status == 202, "\(answer.text)")
    // Another address: a wrong PIN is a 404, not a 429.
    for address in ["127.0.3.2", "127.0.3.3"] {
      #expect(try request("GET", "/api/live/000000/status?secret=x", from: address).status == 404)
      #expect(try request("GET", "/j/\(pin)", from: address).status == 200)
    }
  }
}
