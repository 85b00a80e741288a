import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizServer

/// The teacher never loses the host screen: the running games listed (`GET /api/live`, the
/// library page), each opened as host from another browser with the teacher's cookie
/// alone, and refusals that say what was refused.
extension LiveAPITests {
  static let teacherCookie = ["Cookie": "\(Credentials.teacherCookie)=\(token)"]

  @Test func theTeacherListsTheRunningGamesAndNobodyElseDoes() async throws {
    let (pin, host) = try await makeGame()
    let player = try await join(pin, "Ada")
    let second = try await makeGame()
    _ = await post("/api/live/\(second.pin)/end", #"{"secret":"\#(second.host)"}"#)

    for headers in [Self.teacher, Self.teacherCookie] {
      let listed = await client.request("GET", "/api/live", headers: headers)
      #expect(listed.status == 200, "\(listed.text)")
      guard case .array(let games) = try object(listed) else {
        Issue.record("not a list: \(listed.text)")
        continue
      }
      // The game that is over is not running.
      #expect(games.count == 1)
      let game = try #require(games.first)
      #expect(string(game["pin"]) == pin && string(game["topic"]) == "Capitals" && string(game["title"]) == "Capitals")
      #expect(string(game["phase"]) == "lobby" && game["players"] == .number(1))
      let started = try #require(ISO8601DateFormatter().date(from: string(game["started"])), "\(listed.text)")
      #expect(abs(started.timeIntervalSince(clock.clock.now().date)) < 1)
      #expect(string(game["host_page"]).hasSuffix("/host/\(pin)?secret=\(host)"))
    }
    _ = await post("/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#)
    guard case .array(let open) = try object(await client.request("GET", "/api/live", headers: Self.teacher)) else {
      Issue.record("not a list")
      return
    }
    #expect(string(open.first?["phase"]) == "question" && open.first?["question"] == .number(0))

    // A phone, the host's secret, a wrong token: no list.
    #expect(await client.request("GET", "/api/live").status == 401)
    #expect(await client.request("GET", "/api/live?secret=\(player.secret)").status == 401)
    #expect(await client.request("GET", "/api/live", headers: ["Authorization": "Bearer \(host)"]).status == 403)
  }

  @Test func theTeacherOpensAnyGameAsHostFromAnotherBrowserAndMovesIt() async throws {
    let (pin, host) = try await makeGame()
    _ = try await join(pin, "Ada")
    // The library page of the teacher lists the game with its host screen; a phone's does not.
    let library = await client.request("GET", "/", headers: Self.teacherCookie)
    #expect(library.text.contains("href=\"/host/\(pin)\""), "\(library.text)")
    #expect(library.text.contains("PIN \(pin)") && library.text.contains("1 player"))
    #expect(!(await client.request("GET", "/").text.contains("/host/\(pin)")))
    let spanish = await client.request(
      "GET", "/", headers: ["Cookie": "\(Credentials.teacherCookie)=\(Self.token); qrquiz_lang=es"])
    #expect(spanish.text.contains("Juegos en vivo en curso") && spanish.text.contains("1 jugador"))

    // Another browser: the teacher's cookie, no host cookie, no secret in the address.
    let screen = await client.request("GET", "/host/\(pin)", headers: Self.teacherCookie)
    #expect(screen.status == 200, "\(screen.text)")
    #expect(screen.text.contains("data-secret=\"\(host)\""), "the page can move the game")
    let moved = await post("/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#, headers: Self.teacherCookie)
    #expect(moved.status == 200)
    // The teacher's token moves it too, and downloads the results.
    let closed = await post("/api/live/\(pin)/next", "{}", headers: Self.teacher)
    let phase = string(try object(closed)["phase"])
    #expect(closed.status == 200 && phase == "closed", "\(closed.text)")
    #expect(await client.request("GET", "/api/live/\(pin)/results.csv", headers: Self.teacherCookie).status == 200)
    // The cookie alone, without JSON (a form of another site), moves nothing.
    let form = await client.request(
      "POST", "/api/live/\(pin)/next", headers: Self.teacherCookie.merging(["Content-Type": "text/plain"]) { $1 },
      body: Array("x".utf8))
    #expect([400, 403, 415].contains(form.status), "\(form.status) \(form.text)")
  }

  @Test func aRefusalSaysWhatWasRefused() async throws {
    let (pin, _) = try await makeGame()
    let screen = await client.request("GET", "/host/\(pin)")
    #expect(screen.status == 403)
    #expect(screen.text.contains("host screen") && !screen.text.contains("Creating topics"), "\(screen.text)")
    let wrong = await client.request("GET", "/host/\(pin)?secret=\(String(repeating: "0", count: 32))")
    #expect(wrong.status == 403 && wrong.text.contains("host screen"))
    let spanish = await client.request("GET", "/host/\(pin)", headers: ["Cookie": "qrquiz_lang=es"])
    #expect(spanish.text.contains("Solo el anfitrión"))
    let form = await client.request("POST", "/live", body: Array("topic=Capitals".utf8))
    #expect(form.status == 403 && form.text.contains("host a live game"), "\(form.text)")
    let signIn = await client.request("GET", "/?token=\(String(repeating: "1", count: 32))")
    #expect(signIn.status == 403 && signIn.text.contains("not this server"), "\(signIn.text)")
  }
}
