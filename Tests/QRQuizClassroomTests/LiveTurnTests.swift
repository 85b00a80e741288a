import Foundation
import QRQuizTestSupport
import Synchronization
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom

/// One game's moves taken by two servers on one PostgreSQL database (two record stores
/// here, each with its writer, as two processes have): each turn first replays what the
/// other stored, so both agree on every move and its sequence, and a move that no longer
/// fits the game as the records hold it (a name taken on the other) is refused.
@Suite struct LiveTurnTests {
  typealias Game = LiveGameFixtures

  /// A server's game and its log: `move` made in the game's turn; the entries appended.
  final class Server: Sendable {
    let log: LiveMoveLog
    let game: Mutex<LiveGame>

    init(log: LiveMoveLog, game: LiveGame) {
      self.log = log
      self.game = Mutex(game)
    }

    /// Makes `move` in the game's turn and waits until it is stored: what the turn
    /// replayed from the other server first, and the move's refusal if any.
    func turn(
      locked: Bool = true, _ move: @escaping @Sendable (inout LiveGame) throws -> [LiveGame.Entry]
    ) async throws -> (others: [LiveGame.Entry], refusal: (any Error)?) {
      let (ticket, others, refusal) = try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<(Int?, [LiveGame.Entry], (any Error)?), any Error>) in
        log.takeTurn(
          locked: locked,
          { [self] others in
            game.withLock { game in
              for entry in others { game.apply(entry) }
              do {
                let entries = try move(&game)
                continuation.resume(returning: (entries.isEmpty ? nil : log.append(entries), others, nil))
              } catch {
                continuation.resume(returning: (nil, others, error))
              }
            }
          }, failed: { continuation.resume(throwing: $0) })
      }
      if let ticket { try await log.waitUntilDurable(ticket) }
      return (others, refusal)
    }
  }

  @Test func twoServersTakeTurnsAndAgreeOnEveryMove() async throws {
    let database = try TestRecords(.postgreSQL)
    let folder = try TemporaryDirectory()
    let storeA = LiveGameStore(records: try database.open(), directory: folder.url.appendingPathComponent("a"))
    let storeB = LiveGameStore(records: try database.open(), directory: folder.url.appendingPathComponent("b"))
    let setup = Game.setup()
    let a = Server(log: try storeA.start(setup), game: LiveGame(setup: setup))
    let taken = try #require(try storeB.unfinished(pin: setup.pin))
    let b = Server(log: taken.log, game: taken.game)
    #expect(a.log.isShared && b.log.isShared)

    _ = try await a.turn { game in [try game.join(name: "Ada", browser: nil, secret: Game.secret(1), at: Game.t(0)).0] }
    // B replays Ada's join before its own move: the name is taken.
    let refused = try await b.turn { game in
      [try game.join(name: "ada", browser: nil, secret: Game.secret(2), at: Game.t(1)).0]
    }
    #expect(refused.others.count == 1)
    #expect(refused.refusal as? LiveGame.JoinRefusal == .nameTaken)
    _ = try await b.turn { game in [try game.join(name: "Bob", browser: nil, secret: Game.secret(3), at: Game.t(1)).0] }
    // The host opens the question on A (having heard of Bob), both answer on their own.
    let opened = try await a.turn { game in [try game.next(at: Game.t(2))] }
    #expect(opened.others.count == 1)
    _ = try await b.turn { game in try game.answer(secret: Game.secret(3), question: 0, picks: [0], at: Game.t(3)) }
    _ = try await a.turn { game in try game.answer(secret: Game.secret(1), question: 0, picks: [0], at: Game.t(4)) }
    // A notification's catch-up (no lock): B hears Ada's answer.
    let heard = try await b.turn(locked: false) { _ in [] }
    #expect(heard.others.count >= 1)

    // Both servers hold the game the records hold, move for move.
    let stored = try #require(try storeA.game(id: a.log.gameID))
    #expect(a.game.withLock { $0 } == stored)
    #expect(b.game.withLock { $0 } == stored)
    let sequences = try storeA.records.read { database throws(DatabaseError) in
      try database.rows("SELECT sequence FROM live_moves WHERE game_id = \(a.log.gameID) ORDER BY sequence")
        .compactMap { $0.get(0, as: Int64.self) }
    }
    #expect(sequences == Array(1...Int64(sequences.count)) && sequences.count >= 5, "\(sequences)")
    let bob = try #require(stored.players.first { $0.name.text == "Bob" })
    let ada = try #require(stored.players.first { $0.name.text == "Ada" })
    // Bob answered first (t 3 against t 4): speed scoring gives him more.
    #expect(bob.score > ada.score && ada.score > 0)
  }
}
