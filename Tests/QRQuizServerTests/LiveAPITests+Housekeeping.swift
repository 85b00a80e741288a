import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizServer

/// The server's housekeeping of live games: games left idle are ended, finished ones
/// forgotten, and the ticker doing it while players move (run under
/// `scripts/sanitize thread`, which sees every read of a room's state outside its lock).
extension LiveAPITests {
  @Test func aGameLeftIdleIsEndedAndAFinishedOneForgottenLater() async throws {
    let idle = try await makeGame()
    let active = try await makeGame()
    clock.advance(by: LiveGames.idleGameLifetime - 60)
    #expect(try await join(active.pin, "Ada").status == 201)
    clock.advance(by: 120)
    app.live.tick()
    #expect(app.live.room(idle.pin)?.phase == .over)
    #expect(app.live.room(active.pin)?.phase == .lobby)
    #expect(app.live.gamesInProgress == 1)

    // Past a finished game's lifetime, making a game forgets it; the other stays.
    clock.advance(by: LiveGames.finishedGameLifetime + 1)
    _ = try await makeGame()
    #expect(app.live.room(idle.pin) == nil)
    #expect(app.live.room(active.pin)?.phase == .lobby)
  }

  @Test func theTickerRunsWhilePlayersJoinAndAnswer() async throws {
    let (pin, host) = try await makeGame()
    let names = (0..<24).map { "Player \($0)" }
    let ticking = Task.detached { [app] in
      while !Task.isCancelled {
        app.live.tick()
        await Task.yield()
      }
    }
    let client = client
    let secrets = await withTaskGroup(of: String.self) { group in
      for name in names {
        group.addTask {
          let joined = await client.request(
            "POST", "/api/live/\(pin)/players", body: Array(#"{"name":"\#(name)"}"#.utf8))
          guard joined.status == 201, case .string(let secret)? = try? JSONParser.parse(joined.body)["secret"] else {
            return ""
          }
          return secret
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(secrets.count == names.count && !secrets.contains(""))
    #expect(await post("/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#).status == 200)
    let statuses = await withTaskGroup(of: Int.self) { group in
      for secret in secrets {
        group.addTask {
          let body = #"{"secret":"\#(secret)","question":0,"answers":[0]}"#
          return await client.request("POST", "/api/live/\(pin)/answers", body: Array(body.utf8)).status
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    ticking.cancel()
    await ticking.value
    #expect(statuses == Array(repeating: 202, count: names.count))
    #expect(app.live.room(pin)?.snapshot.players.count == names.count)
  }
}
