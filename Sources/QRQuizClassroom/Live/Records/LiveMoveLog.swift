import Foundation
import QRQuiz

/// A game's moves as rows of the records (`live_moves`: game, sequence, time, move), written
/// by the store's one writer: a move is acknowledged once ``waitUntilDurable(_:)`` returns,
/// so what a player was told survives a crash of the process or the machine, and moves of
/// every game arriving together share one commit.
///
/// A write that fails (a full disk) loses every move not yet durable: those of its
/// transaction, those queued behind it, and those appended until the owner calls
/// ``rollBack()``, since each may follow from a lost one (an answer of a player whose
/// joining was lost). Their waiters get the error, so those moves are refused; ``rollBack()``
/// gives the owner the game of the durable moves to carry on from, and the log writes again,
/// so a game recovers as soon as space returns, and its state always equals its rows.
public final class LiveMoveLog: @unchecked Sendable {
  // @unchecked: everything mutable is touched only under `condition`'s lock.
  private let condition = NSCondition()
  private let records: RecordStore
  /// The game's row.
  public let gameID: Int64
  /// The game's setup.
  public let setup: LiveGame.Setup
  /// The moves written, in order.
  private var durableEntries: [LiveGame.Entry]
  /// Tickets handed out by ``append(_:)`` so far (each one move; never reused), and the
  /// last ticket whose fate is known: written, or lost.
  private var appended = 0
  private var settled = 0
  /// Tickets that were never written, with the error that lost them.
  private var lost: [(tickets: ClosedRange<Int>, error: DatabaseError)] = []
  /// Set when a write failed, until ``rollBack()``: every append is lost meanwhile.
  private var failure: (error: DatabaseError, entries: [LiveGame.Entry])?
  /// Bumped by each failure: a write queued before it finds it changed and refuses to
  /// write after a gap.
  private var generation = 0
  /// Moves queued for the writer and not yet settled.
  private var queuedCount = 0
  private var waiters: [(ticket: Int, continuation: CheckedContinuation<DatabaseError?, Never>)] = []
  private var finished = false
  /// During a turn (``takeTurn(locked:_:failed:)``, on the writer's thread): the moves
  /// appended, written by the turn itself in its transaction.
  fileprivate var turn: Turn?

  /// Whether the records may be shared by several servers (PostgreSQL): each move is then
  /// taken in a turn, never straight from a request (``takeTurn(locked:_:failed:)``).
  public let isShared: Bool

  init(records: RecordStore, gameID: Int64, setup: LiveGame.Setup, entries: [LiveGame.Entry]) {
    self.records = records
    self.gameID = gameID
    self.setup = setup
    durableEntries = entries
    isShared = records.address != nil
  }

  /// Queues `entries` to be written after those before; returns the ticket to wait for.
  /// Called under the game's lock, so the rows' order is the game's. While a failed write
  /// awaits ``rollBack()``, the entries are lost at once (their ticket's wait throws).
  @discardableResult
  public func append(_ entries: [LiveGame.Entry]) -> Int {
    condition.lock()
    defer { condition.unlock() }
    guard !entries.isEmpty else { return appended }
    let tickets = (appended + 1)...(appended + entries.count)
    appended = tickets.upperBound
    if let error = failure?.error ?? (finished ? closedError : nil) {
      failure?.entries += entries
      lose(tickets, error)
      return appended
    }
    // Sequences follow the durable moves and those queued: tickets lost were never queued.
    let firstSequence = durableEntries.count + queuedCount + 1
    queuedCount += entries.count
    let rows = entries.enumerated().map { offset, entry in
      (sequence: firstSequence + offset, at: entry.time.microsecondsSince1970, move: LiveMoves.encode(entry))
    }
    if var taken = turn {
      // In a turn: the turn writes them, in the transaction that holds the game's lock.
      taken.rows += rows
      taken.entries += entries
      taken.tickets = (taken.tickets?.lowerBound ?? tickets.lowerBound)...tickets.upperBound
      turn = taken
      return appended
    }
    let generation = generation
    let gameID = gameID
    records.enqueue(
      { [self] database throws(DatabaseError) in
        try refuseAfterAFailure(since: generation)
        do throws(DatabaseError) {
          for row in rows {
            try database.execute(
              """
              INSERT INTO live_moves (game_id, sequence, at, move)
              VALUES (\(gameID), \(row.sequence), \(row.at), \(row.move))
              """)
          }
        } catch {
          markFailed(error)
          throw error
        }
      },
      completion: { [self] error in settle(tickets, entries, error) })
    return appended
  }

  /// Queues the game's heartbeat: the server is alive `now` (while a question is open, so
  /// a restart knows how long it was down: ``LiveGameStore/resumeUnfinished(at:resuming:)``).
  /// Returns at once; a heartbeat that cannot be written is only a heartbeat lost.
  public func markAlive(at now: QuizClock.Instant) {
    guard !condition.withLock({ finished }) else { return }
    let gameID = gameID
    let time = now.microsecondsSince1970
    // Shared records: the game's row is written under the game's lock, as its moves are,
    // so two servers' heartbeats never lock rows in two orders.
    records.enqueue(
      lockKeys: isShared ? [lockKey] : [],
      { database throws(DatabaseError) in
        try database.execute(
          """
          UPDATE live_games SET alive_at = \(time)
          WHERE id = \(gameID) AND (alive_at IS NULL OR alive_at < \(time))
          """)
      }, completion: { _ in })
  }

  /// Waits until the moves up to `ticket` are in the records.
  ///
  /// - Throws: ``DatabaseError`` when they could not be written (a full disk): the move
  ///   must not be acknowledged, and the owner must ``rollBack()``.
  public func waitUntilDurable(_ ticket: Int) async throws(DatabaseError) {
    let error: DatabaseError? = await withCheckedContinuation { continuation in
      condition.lock()
      defer { condition.unlock() }
      if isKnown(ticket) {
        continuation.resume(returning: lostError(ticket))
      } else {
        waiters.append((ticket, continuation))
      }
    }
    if let error { throw error }
  }

  /// What a failed write undid, for the owner to undo it too.
  public struct Rollback: Sendable {
    /// Why the write failed.
    public var error: DatabaseError
    /// The game of the durable moves: the one to carry on from.
    public var game: LiveGame
    /// The moves that were not written, in the order appended (their moves were refused);
    /// a resumption lost with them is in ``game`` and queued again, not here.
    public var lostEntries: [LiveGame.Entry]
  }

  /// After a failed write: the game as the records hold it, and the moves lost; the log
  /// takes moves again. `nil` when no write failed since the last call. Call it under the
  /// game's lock, and replace the game by the rollback's before the next move.
  ///
  /// Shared records: call it only on the writer's thread, in a turn (the owner's move
  /// waits for the writer there): it then waits for nothing, and is `nil` while moves
  /// queued before the failure have not settled (they settle once the writer's
  /// transaction ends; the next turn rolls back).
  public func rollBack() -> Rollback? {
    condition.lock()
    // Moves queued before the failure settle (each refused) before the log writes again.
    if isShared, failure != nil, queuedCount > 0 {
      condition.unlock()
      return nil
    }
    while failure != nil, queuedCount > 0 { condition.wait() }
    guard let failure else {
      condition.unlock()
      return nil
    }
    self.failure = nil
    let entries = durableEntries
    condition.unlock()
    var game = LiveGame(setup: setup, entries: entries)
    // Shared records: nothing is appended outside a turn (another server may have moved
    // since); the downtime lost is a few seconds of one question's clock.
    if isShared { return Rollback(error: failure.error, game: game, lostEntries: failure.entries) }
    // The server's downtime is no player's move a failed write may refuse: without it the
    // open question would count the downtime again, in its deadline and in every later
    // answer's time (speed points). Applied again, and queued again for the records.
    let restored = game.restoringResumptions(failure.entries)
    if !restored.isEmpty { append(restored) }
    return Rollback(error: failure.error, game: game, lostEntries: failure.entries.filter { !restored.contains($0) })
  }

  /// The game of the moves in the records.
  public var game: LiveGame {
    LiveGame(setup: setup, entries: condition.withLock { durableEntries })
  }

  /// Waits for every move appended so far, then takes no more (they are lost at once).
  public func finish() {
    condition.lock()
    finished = true
    while queuedCount > 0 { condition.wait() }
    condition.unlock()
  }

  // MARK: - The writer's side

  /// In a write, on the writer's thread: refuses a write queued before a failure.
  private func refuseAfterAFailure(since queuedGeneration: Int) throws(DatabaseError) {
    let error: DatabaseError? = condition.withLock {
      generation == queuedGeneration ? nil : failure?.error ?? closedError
    }
    if let error { throw error }
  }

  /// In a write that failed, before the writer goes on to the next: later writes of this
  /// game queued already must not follow a gap.
  private func markFailed(_ error: DatabaseError) {
    condition.withLock {
      if failure == nil { failure = (error, []) }
      generation += 1
    }
  }

  /// On the writer's thread, once the fate of `tickets` is known.
  private func settle(_ tickets: ClosedRange<Int>, _ entries: [LiveGame.Entry], _ error: DatabaseError?) {
    condition.lock()
    queuedCount -= entries.count
    if let error {
      if failure == nil { failure = (error, []) }
      generation += 1
      failure?.entries += entries
      lose(tickets, failure?.error ?? error)
    } else {
      durableEntries += entries
      settled = tickets.upperBound
      advanceOverLost()
    }
    let ready = waiters.filter { isKnown($0.ticket) }
    waiters.removeAll { isKnown($0.ticket) }
    let outcomes = ready.map { ($0.continuation, lostError($0.ticket)) }
    condition.broadcast()
    condition.unlock()
    for (continuation, error) in outcomes { continuation.resume(returning: error) }
  }

  /// Marks `tickets` lost (under the lock); consecutive losses make one range. A lost
  /// ticket's fate is known at once, whatever came before it.
  private func lose(_ tickets: ClosedRange<Int>, _ error: DatabaseError) {
    if let last = lost.last, last.tickets.upperBound + 1 == tickets.lowerBound, last.error == error {
      lost[lost.count - 1].tickets = last.tickets.lowerBound...tickets.upperBound
    } else {
      lost.append((tickets, error))
    }
    advanceOverLost()
  }

  /// `settled` moved past the lost tickets that follow it: it counts the tickets whose
  /// fate is known without a gap, so a move is acknowledged only once everything before it
  /// is written.
  private func advanceOverLost() {
    while let range = lost.last(where: { $0.tickets.contains(settled + 1) }) { settled = range.tickets.upperBound }
  }

  /// Whether `ticket`'s fate is known: written with everything before it, or lost.
  private func isKnown(_ ticket: Int) -> Bool { ticket <= settled || lostError(ticket) != nil }

  /// The error that lost `ticket`, if it was lost (under the lock).
  private func lostError(_ ticket: Int) -> DatabaseError? {
    lost.last { $0.tickets.contains(ticket) }?.error
  }

  private var closedError: DatabaseError {
    DatabaseError(kind: .closed, path: records.location, message: "the game is over: its moves are saved")
  }
}

// MARK: - Turns: one game on several servers

extension LiveMoveLog {
  /// The moves one turn appended, for the turn to write.
  fileprivate struct Turn {
    var rows: [(sequence: Int, at: Int64, move: String)] = []
    var entries: [LiveGame.Entry] = []
    var tickets: ClosedRange<Int>?
  }

  /// What a turn did, from the writer's job to its completion.
  private final class TurnOutcome: @unchecked Sendable {
    // Touched on the writer's thread only (the job, then its completion).
    var ran = false
    var turn: Turn?
  }

  /// The game's PostgreSQL advisory lock: "QRLV" in its high half, the game's row below.
  var lockKey: Int64 { Int64(0x5152_4C56) << 32 | gameID }

  /// Shared records (PostgreSQL): takes the game's turn. On the records' writer, in a
  /// transaction holding the game's lock (with `locked`), the moves other servers stored
  /// since this one's last are read and given to `move`, which replays them into the game
  /// and then makes its own; what it appends is written in that same transaction, with a
  /// notification to the other servers (``LiveNotices``). So one game's moves are taken
  /// one at a time whichever server takes them, and every server agrees on their order
  /// (who answered first, every score).
  ///
  /// Without `locked`, only the catching up (a notification heard): `move` must append
  /// nothing. `failed` is called instead of `move` when the turn could not be taken (the
  /// server lost): the move is refused. The moves appended are durable, as any, once
  /// ``waitUntilDurable(_:)`` returns for their ticket.
  public func takeTurn(
    locked: Bool = true, _ move: @escaping @Sendable (_ others: [LiveGame.Entry]) -> Void,
    failed: @escaping @Sendable (DatabaseError) -> Void
  ) {
    let outcome = TurnOutcome()
    let gameID = gameID
    let pin = setup.pin
    records.enqueue(
      lockKeys: locked ? [lockKey] : [],
      { [self] database throws(DatabaseError) in
        // Moves of this game queued already were appended in this same transaction (a
        // transaction's moves settle before the writer's next): it has held the game's
        // lock since, so no other server moved meanwhile, and the notification is sent.
        let (known, queuedHere) = condition.withLock { (durableEntries.count + queuedCount, queuedCount > 0) }
        let rows =
          queuedHere
          ? []
          : try database.rows(
            """
            SELECT sequence, move FROM live_moves WHERE game_id = \(gameID) AND sequence > \(known)
            ORDER BY sequence
            """)
        let others = try decodeOthers(rows, after: known)
        condition.withLock {
          durableEntries += others
          turn = Turn()
        }
        outcome.ran = true
        move(others)
        let taken = condition.withLock {
          defer { turn = nil }
          return turn
        }
        outcome.turn = taken
        guard let taken, !taken.rows.isEmpty else { return }
        do throws(DatabaseError) {
          for row in taken.rows {
            try database.execute(
              """
              INSERT INTO live_moves (game_id, sequence, at, move)
              VALUES (\(gameID), \(row.sequence), \(row.at), \(row.move))
              """)
          }
          // Delivered at the commit, to every server listening: their rooms catch up.
          if !queuedHere { try database.execute("SELECT pg_notify('qrquiz_live', \(LiveNotices.payload(pin)))") }
        } catch {
          markFailed(error)
          throw error
        }
      },
      completion: { [self] error in
        if let taken = outcome.turn, let tickets = taken.tickets { settle(tickets, taken.entries, error) }
        if !outcome.ran, let error { failed(error) }
      })
  }

  /// The moves of `rows` (sequence, JSON), which must follow move `known` without a gap.
  private func decodeOthers(_ rows: [Row], after known: Int) throws(DatabaseError) -> [LiveGame.Entry] {
    let decoder = JSONDecoder()
    var others: [LiveGame.Entry] = []
    for (offset, row) in rows.enumerated() {
      let sequence = known + offset + 1
      guard row.get(0, as: Int64.self) == Int64(sequence),
        let entry = try? decoder.decode(LiveGame.Entry.self, from: Data((row.get(1, as: String.self) ?? "").utf8))
      else {
        throw DatabaseError(
          kind: .other, path: records.location, message: "live game \(setup.pin): move \(sequence) cannot be read")
      }
      others.append(entry)
    }
    // Moves of another server can only come before this one's queued moves, never between.
    if !others.isEmpty, condition.withLock({ queuedCount }) > 0 {
      throw DatabaseError(
        kind: .other, path: records.location, message: "live game \(setup.pin): moves stored by two servers at once")
    }
    return others
  }

  /// When the game last moved, as the records hold it (this server's moves and the others').
  public var lastMoveTime: QuizClock.Instant? { condition.withLock { durableEntries.last?.time } }
}
