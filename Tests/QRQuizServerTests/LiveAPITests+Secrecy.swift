import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizServer

/// The answer key kept from students while a live game runs, through a real server on
/// 127.0.0.1: every route of the table walked as a phone on the school's Wi-Fi would walk
/// it (a player's secret, no teacher's token), as `RouteAccessTests` walks it for access.
@Suite struct LiveSecrecyTests {
  let library: TemporaryDirectory
  let cache: TemporaryDirectory
  static let token = String(repeating: "5d", count: 16)
  static let teacher = ["Authorization": "Bearer \(token)"]

  init() throws {
    (library, cache) = try LiveLibrary.make()
  }

  func app(isPrivate: Bool = false) throws -> QuizWebApp {
    let app = QuizWebApp(
      topics: .library(TopicLibrary(directory: library.url)),
      configuration: .init(
        publicURL: "http://192.168.1.20:8080", teacherToken: Self.token, allowsEditing: true,
        imageCache: try ImageDiskCache(directory: cache.url), isPrivate: isPrivate),
      live: LiveGames(store: nil, runsTicker: false))
    app.reload()
    return app
  }

  func string(_ value: JSONValue?) -> String { if case .string(let text)? = value { text } else { "" } }

  /// Something of the answer key: a JSON member the topic format gives it.
  static func revealsAnswerKey(_ text: String) -> Bool {
    text.contains(#""correct":"#) || text.contains(#""correctAnswers""#)
  }

  /// `pattern` with its parts filled with things that exist.
  static func path(_ pattern: RoutePattern, pin: String, play: String) -> String {
    var path = pattern.description
    let values = ["pin": pin, "name": "Capitals", "file": "style.css", "key": "0", "set": "1"]
    for (name, value) in values { path = path.replacingOccurrences(of: "{\(name)}", with: value) }
    return path.replacingOccurrences(of: "{id}", with: pattern.description.hasPrefix("/game/") ? play : "1")
  }

  /// A game of Capitals made by the teacher, with a player: PIN, host's and player's secrets.
  func startGame(on server: HTTPServer) throws -> (pin: String, host: String, player: String) {
    let made = try HTTPProbe.request(
      port: server.port, method: "POST", path: "/api/live",
      headers: Self.teacher.merging(["Content-Type": "application/json"]) { $1 },
      body: Array(#"{"topic":"Capitals","set":1}"#.utf8))
    #expect(made.status == 201, "\(made.text)")
    let game = try JSONParser.parse(made.body)
    let pin = string(game["pin"])
    let joined = try HTTPProbe.request(
      port: server.port, method: "POST", path: "/api/live/\(pin)/players", body: Array(#"{"name":"Ada"}"#.utf8))
    #expect(joined.status == 201, "\(joined.text)")
    return (pin, string(game["host"]), string(try JSONParser.parse(joined.body)["secret"]))
  }

  /// A play of Capitals in the browser, started before the game: its id.
  func startPlay(on server: HTTPServer) throws -> String {
    let started = try HTTPProbe.request(port: server.port, method: "GET", path: "/play/Capitals/1")
    let location = started.headers["location"] ?? ""
    #expect(started.status == 303 && location.hasPrefix("/game/"), "\(started.status) \(location)")
    return String(location.dropFirst("/game/".count))
  }

  /// Every route of the table but the player's own event stream (endless; what it carries
  /// is the game's, `LiveGameTests`), as a phone sends it: the player's secret in the query
  /// and the body, no teacher's token.
  func walkAsAPhone(
    _ app: QuizWebApp, _ server: HTTPServer, pin: String, player: String, play: String
  ) throws -> [(route: String, status: Int, text: String)] {
    var answers: [(route: String, status: Int, text: String)] = []
    for route in app.routes where !route.pattern.description.hasSuffix("/events") {
      let target = Self.path(route.pattern, pin: pin, play: play)
      let body = route.method == .get ? [] : Array(#"{"secret":"\#(player)","question":0,"answers":[0]}"#.utf8)
      let response = try HTTPProbe.request(
        port: server.port, method: route.method.rawValue, path: target + "?secret=\(player)",
        headers: ["Content-Type": "application/json"], body: body)
      answers.append(("\(route.method.rawValue) \(route.pattern)", response.status, response.text))
    }
    return answers
  }

  @Test func aPhoneGetsNoAnswerKeyFromAnyRouteWhileTheGameRunsAndTheTeacherStillDoes() throws {
    let app = try app()
    let server = try HTTPServer(configuration: .init(port: 0), responder: app)
    defer { server.stop(timeout: 1) }
    let before = try HTTPProbe.request(port: server.port, method: "GET", path: "/t/Capitals.json")
    #expect(before.status == 200 && Self.revealsAnswerKey(before.text), "the key is public before the game")
    let play = try startPlay(on: server)
    let (pin, host, player) = try startGame(on: server)

    let answers = try walkAsAPhone(app, server, pin: pin, player: player, play: play)
    #expect(answers.count >= 40, "\(answers.count) routes walked")
    for answer in answers {
      #expect(!Self.revealsAnswerKey(answer.text), "\(answer.route) shows a phone the answer key: \(answer.status)")
      let namesTheTopic = answer.route.contains("{name}") || answer.route.contains("/game/")
      if namesTheTopic, !answer.route.hasPrefix("PUT"), !answer.route.hasPrefix("DELETE") {
        #expect([401, 403, 404].contains(answer.status), "\(answer.route) answers a phone \(answer.status)")
      }
      #expect(!answer.text.contains("/t/Capitals") && !answer.text.contains(#""Capitals""#), "\(answer.route) lists it")
    }
    // The teacher, by token or cookie, still has all of it.
    for headers in [Self.teacher, ["Cookie": "\(Credentials.teacherCookie)=\(Self.token)"]] {
      for path in ["/t/Capitals.json", "/api/topics/Capitals", "/game/\(play)", "/t/Capitals", "/t/Capitals/qr.png"] {
        let seen = try HTTPProbe.request(port: server.port, method: "GET", path: path, headers: headers)
        #expect(seen.status == 200, "the teacher gets \(seen.status) for \(path)")
      }
      let listed = try HTTPProbe.request(port: server.port, method: "GET", path: "/", headers: headers)
      #expect(listed.text.contains("/t/Capitals"))
    }

    // The game ends: the topic is public again, and the play goes on.
    let ended = try HTTPProbe.request(
      port: server.port, method: "POST", path: "/api/live/\(pin)/end", body: Array(#"{"secret":"\#(host)"}"#.utf8))
    #expect(ended.status == 200, "\(ended.text)")
    let after = try HTTPProbe.request(port: server.port, method: "GET", path: "/t/Capitals.json")
    #expect(after.status == 200 && Self.revealsAnswerKey(after.text))
    #expect(try HTTPProbe.request(port: server.port, method: "GET", path: "/game/\(play)").status == 200)
    #expect(try HTTPProbe.request(port: server.port, method: "GET", path: "/").text.contains("/t/Capitals"))
    #expect(try HTTPProbe.request(port: server.port, method: "GET", path: "/api/topics").text.contains("Capitals"))
  }

  /// A private server (`qrquiz live`, `serve --private`): a visitor reaches the games by PIN
  /// and nothing of the library, whatever the route; the teacher everything.
  @Test func aPrivateServerShowsAVisitorOnlyTheGames() throws {
    let app = try app(isPrivate: true)
    let server = try HTTPServer(configuration: .init(port: 0), responder: app)
    defer { server.stop(timeout: 1) }
    let (pin, _, player) = try startGame(on: server)
    let answers = try walkAsAPhone(app, server, pin: pin, player: player, play: "0")
    for answer in answers {
      #expect(!Self.revealsAnswerKey(answer.text), "\(answer.route) shows a visitor an answer key")
      for name in ["Capitals", "Social", "People"] {
        #expect(
          !answer.text.contains("/t/\(name)") && !answer.text.contains(#""\#(name)""#), "\(answer.route): \(name)")
      }
      let pattern = String(answer.route.split(separator: " ")[1])
      if !QuizWebApp.isOpenOnPrivateServer(RoutePattern(stringLiteral: pattern)) {
        #expect([303, 401, 403, 404].contains(answer.status), "\(answer.route) answers a visitor \(answer.status)")
      }
    }
    let home = try HTTPProbe.request(port: server.port, method: "GET", path: "/")
    #expect(
      home.status == 303 && home.headers["location"] == "/j", "the library's address sends a phone to the PIN form")
    #expect(try HTTPProbe.request(port: server.port, method: "GET", path: "/j/\(pin)").status == 200)
    let teacher = try HTTPProbe.request(port: server.port, method: "GET", path: "/", headers: Self.teacher)
    #expect(teacher.status == 200 && teacher.text.contains("/t/Social"))
    let signIn = try HTTPProbe.request(port: server.port, method: "GET", path: "/?token=\(Self.token)")
    #expect(signIn.status == 303 && signIn.cookies.contains { $0.hasPrefix(Credentials.teacherCookie + "=") })
  }
}
