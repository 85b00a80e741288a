import Foundation
import QRQuiz

/// The games in progress, as a server finds them when it starts.
extension LiveGameStore {
  /// A game in progress found again: its moves replayed, its log open to append to.
  public struct Unfinished: Sendable {
    /// The game the moves make; a question open when it stopped whose time is up since,
    /// closed now.
    public var game: LiveGame
    public var log: LiveMoveLog
  }

  /// What ``resumeUnfinished(at:)`` found.
  public struct Resumption: Sendable {
    public var games: [Unfinished]
    /// A line for each game not resumed: its moves do not make a game (kept in the
    /// records, marked damaged, its PIN free again), or the records could not be read.
    public var problems: [String]
  }

  /// The games not finished (their server stopped or crashed), each replayed from its
  /// moves; a question open when the server stopped, whose time is up since, closed at
  /// `now` with the answers it had.
  public func resumeUnfinished(at now: QuizClock.Instant) -> Resumption {
    let found: [(id: Int64, pin: String, setup: String, moves: [String])]
    do {
      found = try records.read { database throws(DatabaseError) in
        let games = try database.rows("SELECT id, pin, setup FROM live_games WHERE finished IS NULL ORDER BY id")
        return try games.map { row throws(DatabaseError) in
          let id = row.get(0, as: Int64.self) ?? 0
          let moves = try database.rows("SELECT move FROM live_moves WHERE game_id = \(id) ORDER BY sequence")
          return (id, row.get(1) ?? "", row.get(2) ?? "", moves.map { $0.get(0) ?? "" })
        }
      }
    } catch {
      return Resumption(games: [], problems: ["live games not resumed: \(error)"])
    }
    var resumption = Resumption(games: [], problems: [])
    for game in found {
      let setup: LiveGame.Setup
      let entries: [LiveGame.Entry]
      do throws(LiveMoves.Damage) {
        (setup, entries) = try LiveMoves.replay(setup: Array(game.setup.utf8), moves: game.moves.map { Array($0.utf8) })
      } catch {
        let place = error.move == 0 ? "its setup" : "move \(error.move)"
        resumption.problems.append(
          "live game \(game.pin) not resumed: \(place): \(error.reason); kept in \(records.file.path)")
        markDamaged(game.id, reason: "\(place): \(error.reason)", at: now)
        continue
      }
      let log = LiveMoveLog(records: records, gameID: game.id, setup: setup, entries: entries)
      var replayed = LiveGame(setup: setup, entries: entries)
      // A question whose time is not up stays open (the students who had not answered still
      // may); one whose time ran out while the server was down is closed now.
      if case .open(let index, _) = replayed.phase, let deadline = replayed.deadline, now >= deadline {
        let entry = LiveGame.Entry.closed(question: index, at: now)
        replayed.apply(entry)
        log.append([entry])
      }
      resumption.games.append(Unfinished(game: replayed, log: log))
    }
    return resumption
  }

  /// Sets a game whose moves do not replay aside: finished (its PIN free), its rows kept.
  private func markDamaged(_ id: Int64, reason: String, at now: QuizClock.Instant) {
    _ = try? records.write { database throws(DatabaseError) in
      try database.execute(
        "UPDATE live_games SET finished = \(now.microsecondsSince1970), damaged = \(reason) WHERE id = \(id)")
    }
  }
}

extension LiveGameStore {
  /// The game row `id`'s moves make, as the records hold them now.
  ///
  /// - Throws: ``DatabaseError``, or `nil` when its rows do not make a game.
  public func game(id: Int64) throws(DatabaseError) -> LiveGame? {
    let (setup, moves) = try records.read { database throws(DatabaseError) in
      let setup = try database.value("SELECT setup FROM live_games WHERE id = \(id)", as: String.self)
      let moves = try database.rows("SELECT move FROM live_moves WHERE game_id = \(id) ORDER BY sequence")
      return (setup, moves.map { Array(($0.get(0, as: String.self) ?? "").utf8) })
    }
    guard let setup, let (replayedSetup, entries) = try? LiveMoves.replay(setup: Array(setup.utf8), moves: moves)
    else { return nil }
    return LiveGame(setup: replayedSetup, entries: entries)
  }
}
