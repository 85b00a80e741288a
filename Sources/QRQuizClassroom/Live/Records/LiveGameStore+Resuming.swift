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
    /// When a server was last known to serve it: its heartbeat, or its last move.
    public var alive: QuizClock.Instant
  }

  /// What ``resumeUnfinished(at:resuming:)`` found.
  public struct Resumption: Sendable {
    public var games: [Unfinished]
    /// A line for each game not resumed: its moves do not make a game (kept in the
    /// records, marked damaged, its PIN free again), or the records could not be read.
    public var problems: [String]
  }

  /// The games not finished (their server stopped or crashed), each replayed from its
  /// moves. A question open when the server stopped gets the time it had left then: its
  /// time moves on by the time the server was down, from the last moment it was known
  /// alive (its heartbeat, or its last move) to `now`; one whose time was up by then is
  /// closed at `now` with the answers it had.
  ///
  /// With `resuming` false (records shared by several servers), the question's time is left
  /// as the moves say: another server may be serving it; the caller decides, in the game's
  /// turn (``LiveMoveLog/takeTurn(locked:_:failed:)``).
  public func resumeUnfinished(at now: QuizClock.Instant, resuming: Bool = true) -> Resumption {
    let found: [(id: Int64, pin: String, setup: String, alive: Int64?, moves: [String])]
    do {
      found = try records.read { database throws(DatabaseError) in
        let games = try database.rows(
          "SELECT id, pin, setup, alive_at FROM live_games WHERE finished IS NULL ORDER BY id")
        return try games.map { row throws(DatabaseError) in
          let id = row.get(0, as: Int64.self) ?? 0
          let moves = try database.rows("SELECT move FROM live_moves WHERE game_id = \(id) ORDER BY sequence")
          return (id, row.get(1) ?? "", row.get(2) ?? "", row.get(3, as: Int64.self), moves.map { $0.get(0) ?? "" })
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
          "live game \(game.pin) not resumed: \(place): \(error.reason); kept in \(records.location)")
        markDamaged(game.id, reason: "\(place): \(error.reason)", at: now)
        continue
      }
      let log = LiveMoveLog(records: records, gameID: game.id, setup: setup, entries: entries)
      var replayed = LiveGame(setup: setup, entries: entries)
      let alive = QuizClock.Instant(
        microsecondsSince1970: max(game.alive ?? 0, entries.last?.time.microsecondsSince1970 ?? 0))
      if resuming, let entry = Self.resumption(of: &replayed, stopped: alive, at: now) { log.append([entry]) }
      resumption.games.append(Unfinished(game: replayed, log: log, alive: alive))
    }
    // The resumptions in the records before any request: a server killed again at once must
    // not lose this downtime (its questions' time, its answers' speed). The writer takes jobs
    // in order, so once this empty one is in, they are (or failed: ``LiveMoveLog/rollBack()``
    // applies them again).
    if !resumption.games.isEmpty { _ = try? records.write { _ throws(DatabaseError) in } }
    return resumption
  }

  /// What taking up `game` again `now` does to the question it had open, if any, when
  /// its server was last known alive at `stopped`: it keeps the time it had left then (the
  /// students who had not answered still may, and the countdown goes on where it was), or,
  /// when its time was up by then, it closes now. The entry applied, to store.
  public static func resumption(
    of game: inout LiveGame, stopped: QuizClock.Instant, at now: QuizClock.Instant
  ) -> LiveGame.Entry? {
    guard case .open(let index, _) = game.phase, let deadline = game.deadline else { return nil }
    let entry: LiveGame.Entry
    if deadline <= stopped {
      entry = .closed(question: index, at: now)
    } else if stopped < now {
      entry = .resumed(question: index, stopped: stopped, at: now)
    } else {
      return nil  // no time passed (or a clock that went back): as it was
    }
    game.apply(entry)
    return entry
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
  /// Records shared by several servers: the unfinished game of PIN `pin` that another
  /// server made or took up, replayed from its moves with its log open to append to (its
  /// question's time as the moves say: ``resumeUnfinished(at:resuming:)``); `nil` when no
  /// unfinished game has this PIN, or its rows do not make a game.
  public func unfinished(pin: String) throws(DatabaseError) -> Unfinished? {
    let found = try records.read { database throws(DatabaseError) -> (Int64, String, Int64?, [String])? in
      guard
        let row = try database.row(
          "SELECT id, setup, alive_at FROM live_games WHERE pin = \(pin) AND finished IS NULL ORDER BY id DESC LIMIT 1"),
        let id = row.get(0, as: Int64.self)
      else { return nil }
      let moves = try database.rows("SELECT move FROM live_moves WHERE game_id = \(id) ORDER BY sequence")
      return (id, row.get(1) ?? "", row.get(2, as: Int64.self), moves.map { $0.get(0) ?? "" })
    }
    guard let (id, setupJSON, aliveAt, moves) = found,
      let (setup, entries) = try? LiveMoves.replay(setup: Array(setupJSON.utf8), moves: moves.map { Array($0.utf8) })
    else { return nil }
    let alive = QuizClock.Instant(
      microsecondsSince1970: max(aliveAt ?? 0, entries.last?.time.microsecondsSince1970 ?? 0))
    return Unfinished(
      game: LiveGame(setup: setup, entries: entries),
      log: LiveMoveLog(records: records, gameID: id, setup: setup, entries: entries), alive: alive)
  }

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

extension LiveGame {
  /// After a failed write: the resumptions among `lost` (the moves not written) that still
  /// fit, applied again; those applied, to queue again. A resumption is the server's
  /// downtime, no player's move to refuse: lost, the question open since would count the
  /// downtime in its deadline and in every answer's time.
  mutating func restoringResumptions(_ lost: [Entry]) -> [Entry] {
    var restored: [Entry] = []
    for entry in lost {
      guard case .resumed = entry, accepts(entry) else { continue }
      apply(entry)
      restored.append(entry)
    }
    return restored
  }
}
