import Foundation
import QRQuiz
import QRQuizClassroom
import QRQuizFiles
import QRQuizHTTP

/// A live game being played on this server: the ``LiveGame`` behind a lock, its move log,
/// and the event streams of its host and players.
///
/// Every move runs under the lock: checked and applied by the game, queued in the log
/// in the same order, and published to the streams that need it (an event stream's write
/// only copies bytes to its connection: nothing here waits for a client). The caller then
/// waits, without the lock, for the log to make the move durable before it answers.
/// News that comes in bursts (players joining, answers arriving) is sent by the ticker
/// (``tick(at:)``), woken as soon as there is some: at most ``coalescingInterval`` after it
/// happened, and at most that often.
final class LiveRoom: @unchecked Sendable {
  // `game`, `streams` and the fields below them are touched only under `lock`.
  private let lock = NSLock()
  private var game: LiveGame
  private let log: LiveMoveLog?
  /// The event streams of the host and the players, and the news held back for them.
  private var streams: LiveStreams
  private var lobbyChanged = false
  private var answersChanged = false
  private var lastCoalescedSend: QuizClock.Instant
  private var lastActivity: QuizClock.Instant
  /// When the game's heartbeat was last queued while a question was open.
  private var lastHeartbeat: QuizClock.Instant?
  private var scanning: Set<ScannerRole> = []
  /// Devices asking to continue as a player (a flat battery), by their ticket: the host
  /// allows each (``approveRejoin(name:at:)``) or declines it (``declineRejoin(name:at:)``).
  private var rejoins = LiveRejoins()
  /// The host's camera left on between questions sees the cards still up from the last one.
  private var camera = LiveCameraRule()
  /// Records shared by several servers: the ticker asked for the open question's close in
  /// the game's turn, not taken yet (``tick(at:)``).
  private var closeAsked = false
  /// The address phones join at (`http://ADDRESS:PORT/j/PIN`).
  let joinURL: String
  /// The site's address of a question's image, when it is served (from the image cache).
  private let imageSource: @Sendable (String?) -> String?

  let pin: String
  /// The topic's name in the site's addresses (the setup never changes: read without the lock).
  let topicName: String
  private let hostSecret: String

  /// News that comes in bursts is sent at most this often (seconds).
  static let coalescingInterval = 0.25
  /// While a question is open, the records learn this often (seconds) that the server is
  /// alive: a restart after a crash gives the question back the time it had left, to
  /// within this.
  static let heartbeatInterval = 1.0
  /// A comment line goes to every stream after this long without a write (seconds), to
  /// keep proxies and phones from closing it and to find clients that are gone (a
  /// suspended connection notices nothing until it is written to).
  let keepAliveInterval: Double

  /// Called (without the lock) when news is held back for the ticker: it wakes the ticker,
  /// which sends it within ``coalescingInterval`` instead of at its next timed pass.
  private let newsPending: @Sendable () -> Void

  init(
    game: LiveGame, log: LiveMoveLog?, joinURL: String, now: QuizClock.Instant, keepAliveInterval: Double = 10,
    imageSource: @escaping @Sendable (String?) -> String?, newsPending: @escaping @Sendable () -> Void = {}
  ) {
    self.newsPending = newsPending
    self.keepAliveInterval = keepAliveInterval
    self.game = game
    self.log = log
    self.joinURL = joinURL
    self.imageSource = imageSource
    pin = game.setup.pin
    topicName = game.setup.topicName
    hostSecret = game.setup.hostSecret
    streams = LiveStreams(now: now)
    lastActivity = now
    lastCoalescedSend = now - .seconds(Self.coalescingInterval)
  }

  /// A copy of the game as it is now.
  var snapshot: LiveGame { lock.withLock { game } }

  var isOver: Bool { lock.withLock { game.phase == .over } }

  var phase: LiveGame.Phase { lock.withLock { game.phase } }

  /// Whether the game is over and when it last moved (a join, an answer, a host's move),
  /// read together under the lock: what the server's housekeeping decides by.
  var activity: (isOver: Bool, lastMove: QuizClock.Instant) { lock.withLock { (game.phase == .over, lastActivity) } }

  /// The game's setup (fixed for its life).
  var setup: LiveGame.Setup { lock.withLock { game.setup } }

  func isHost(_ secret: String) -> Bool { Secret.matches(secret, hostSecret) }

  /// Whether `secret` is the game's card scanners'.
  func isScanner(_ secret: String) -> Bool { setup.scannerSecret.map { Secret.matches(secret, $0) } ?? false }

  /// The player holding `secret`, unless kicked.
  func player(secret: String) -> LiveGame.Player? { lock.withLock { game.player(secret: secret) } }

  // MARK: Moves

  /// A durable-once-waited-for move: the log's ticket.
  struct Ticket {
    fileprivate let number: Int?
  }

  /// Waits until the move of `ticket` is in the records on disk. When the log could not
  /// write it (a full disk), the game goes back to what the records hold before the error
  /// is thrown, undoing this move and any queued behind it: a refused move changes
  /// nothing, and the log writes again once there is room.
  func waitUntilDurable(_ ticket: Ticket, clock: LiveClock) async throws(DatabaseError) {
    guard let log, let number = ticket.number else { return }
    do {
      try await log.waitUntilDurable(number)
    } catch {
      // Shared records: the game goes back in a turn, on the writer's thread (a turn
      // waiting for this lock there would never let the log's moves settle).
      if takesTurns {
        catchUp(clock: clock)
      } else {
        lock.withLock { _ = rollBackIfTheLogFailed(at: clock.now()) }
      }
      throw error
    }
  }

  /// Under the lock: the game of the log's durable moves, if a write failed, sent to every
  /// stream. Whether it went back.
  @discardableResult
  private func rollBackIfTheLogFailed(at now: QuizClock.Instant) -> Bool {
    guard let rollback = log?.rollBack() else { return false }
    game = rollback.game
    publishState(at: now)
    return true
  }

  /// Who a phone joins as: a name typed (or picked), or a student of the class by card.
  enum Joining {
    case name(String)
    case student(Int)
  }

  /// Why a join is refused: the game's refusal, or a name already playing, which the
  /// device may ask the host to continue as (`ticket`, ``LiveRejoins``).
  enum JoinFailure: Error {
    case refused(LiveGame.JoinRefusal)
    case playing(ticket: String)
  }

  func join(
    _ joining: Joining, browser: String?, at now: QuizClock.Instant
  ) -> Result<(LiveGame.Player, Ticket), JoinFailure> {
    let result: Result<(LiveGame.Player, Ticket), JoinFailure> = lock.withLock {
      do throws(LiveGame.JoinRefusal) {
        let secret = Secret.make()
        let (entry, player) =
          switch joining {
          case .name(let name): try game.join(name: name, browser: browser, secret: secret, at: now)
          case .student(let card): try game.join(student: card, browser: browser, secret: secret, at: now)
          }
        lastActivity = now
        lobbyChanged = true
        return .success((player, record([entry])))
      } catch {
        guard error == .nameTaken, let playing = playing(joining) else { return .failure(.refused(error)) }
        let ticket = rejoins.ask(player: playing.id, browser: browser)
        publishState(at: now)
        return .failure(.playing(ticket: ticket))
      }
    }
    if case .success = result { newsPending() }
    return result
  }

  func join(
    name: String, browser: String?, at now: QuizClock.Instant
  ) -> Result<(LiveGame.Player, Ticket), LiveGame.JoinRefusal> {
    join(.name(name), browser: browser, at: now).mapError { failure in
      if case .refused(let refusal) = failure { refusal } else { .nameTaken }
    }
  }

  /// The player already on a phone under the name (or student) a refused join asked for.
  private func playing(_ joining: Joining) -> LiveGame.Player? {
    switch joining {
    case .name(let name): return game.playerPlaying(name: name)
    case .student(let card):
      guard let player = game.player(card: card), !player.isRemoved, !player.secret.isEmpty else { return nil }
      return player
    }
  }

  // MARK: Another device

  /// Whether `ticket` is a device's asking to continue as a player.
  func isWaiting(_ ticket: String) -> Bool { lock.withLock { rejoins.request(ticket) != nil } }

  /// The host allows the device waiting as the player named `name` (compared as names
  /// are) to continue as them: it gets a new secret on its stream, the old device's
  /// streams are told `replaced` and end, and the old secret opens nothing.
  func approveRejoin(name: String, at now: QuizClock.Instant) -> Result<Ticket, LiveGame.RejoinRefusal> {
    lock.withLock {
      let key = NameFolding.key(name.trimmingCharacters(in: .whitespaces))
      guard let (ticket, request) = rejoins.pending.first(where: { game.players[$0.1.player - 1].name.key == key })
      else { return .failure(.notPlaying) }
      let secret = Secret.make()
      do throws(LiveGame.RejoinRefusal) {
        let entry = try game.rejoin(request.player, secret: secret, browser: request.browser, at: now)
        rejoins.approve(ticket, secret: secret)
        lastActivity = now
        let recorded = record([entry])
        // Delivered: the ticket has done its work. Else it keeps the secret for the
        // device's stream to come (``subscribe(_:as:at:)``).
        let name = game.players[request.player - 1].name.text
        if streams.replace(player: request.player, waiting: ticket, secret: secret, name: name, writer: writer(at: now))
        {
          rejoins.forget(ticket)
        }
        publishState(at: now)
        return .success(recorded)
      } catch {
        rejoins.forget(ticket)
        publishState(at: now)
        return .failure(error)
      }
    }
  }

  /// The host declines the device waiting as the player named `name` (a stray or a
  /// mistaken asking): its stream is told `declined` and ends, its ticket opens nothing,
  /// and the host's screen no longer shows it. No move of the game: the player plays on as
  /// they were. Whether a device waited for that name.
  func declineRejoin(name: String, at now: QuizClock.Instant) -> Bool {
    lock.withLock {
      let key = NameFolding.key(name.trimmingCharacters(in: .whitespaces))
      guard let (ticket, _) = rejoins.pending.first(where: { game.players[$0.1.player - 1].name.key == key })
      else { return false }
      rejoins.forget(ticket)
      streams.decline(waiting: ticket)
      publishState(at: now)
      return true
    }
  }

  /// A player's answer as sent: picks of the answers, or a number typed.
  enum Given: Sendable {
    case picks([Int])
    case number(Double)
  }

  /// A player's picks of the open question's answers.
  func answer(
    secret: String, question: Int, picks: [Int], at now: QuizClock.Instant
  ) -> Result<Ticket, LiveGame.AnswerRefusal> {
    answer(secret: secret, question: question, .picks(picks), at: now)
  }

  /// - Parameter asked: the asking of the question the answer was given to (the events'
  ///   `asked`), when the phone says: an answer to an earlier asking of a question asked
  ///   again is too late, as one to a closed question.
  func answer(
    secret: String, question: Int, _ given: Given, asked: Int? = nil, at now: QuizClock.Instant
  ) -> Result<Ticket, LiveGame.AnswerRefusal> {
    let result: (Result<Ticket, LiveGame.AnswerRefusal>, held: Bool) = lock.withLock {
      if let asked, game.timesAsked.indices.contains(question), game.timesAsked[question] != asked {
        return (.failure(.notOpen), false)
      }
      do throws(LiveGame.AnswerRefusal) {
        let entries =
          switch given {
          case .picks(let picks): try game.answer(secret: secret, question: question, picks: picks, at: now)
          case .number(let number): try game.answer(secret: secret, question: question, number: number, at: now)
          }
        lastActivity = now
        let ticket = record(entries)
        // The last answer closes the question: sent at once; else the count is held back.
        if entries.count > 1 { publishState(at: now) } else { answersChanged = true }
        return (.success(ticket), entries.count == 1)
      } catch {
        return (.failure(error), false)
      }
    }
    if result.held { newsPending() }
    return result.0
  }

  /// Who reads answer cards into the game: the host's screen (its webcam), or a phone
  /// with the scanners' secret. Each reads one frame at a time.
  enum ScannerRole: Hashable {
    case host
    case scanner
  }

  /// Takes `role`'s turn to read a frame; false while it is reading one.
  func beginScan(_ role: ScannerRole) -> Bool { lock.withLock { scanning.insert(role).inserted } }

  /// Ends `role`'s turn.
  func endScan(_ role: ScannerRole) { _ = lock.withLock { scanning.remove(role) } }

  /// Cards seen in one frame by `role`, each with the answer on top (0 for A): each taken
  /// by the game or refused, what changed queued in the log in that order. The host's
  /// camera keeps running between questions: a card it saw up before the question opened,
  /// with the same letter in every frame since, is an answer to the last question still up
  /// and is refused (``LiveGame/SightingRefusal/heldUpBefore``) until lowered or turned. A
  /// photo from the scanners' phone is taken as it is: the teacher took it for this question.
  func see(
    _ cards: [(card: Int, pick: Int)], by role: ScannerRole, at now: QuizClock.Instant
  ) -> (outcomes: [Result<LiveGame.Sighting, LiveGame.SightingRefusal>], ticket: Ticket) {
    let result: (outcomes: [Result<LiveGame.Sighting, LiveGame.SightingRefusal>], ticket: Ticket) = lock.withLock {
      var outcomes: [Result<LiveGame.Sighting, LiveGame.SightingRefusal>] = []
      let frame = Dictionary(cards.map { ($0.card, $0.pick) }, uniquingKeysWith: { first, _ in first })
      let stillUp = role == .host ? camera.frame(frame, at: now, questionOpen: game.currentIndex != nil) : []
      // A card seen at all says its student is here (the lobby's roster), questions open or not.
      let shown = cards.compactMap { game.noticeCard($0.card, at: now) }
      if !shown.isEmpty { lobbyChanged = true }
      for seen in cards {
        if stillUp.contains(seen.card), frame[seen.card] == seen.pick {
          outcomes.append(.failure(.heldUpBefore))
          continue
        }
        do throws(LiveGame.SightingRefusal) {
          outcomes.append(.success(try game.see(card: seen.card, pick: seen.pick, at: now)))
        } catch {
          outcomes.append(.failure(error))
        }
      }
      let entries = shown + outcomes.compactMap { try? $0.get().entry }
      if !entries.isEmpty {
        lastActivity = now
        answersChanged = true
      }
      return (outcomes, record(entries))
    }
    if result.ticket.number != nil { newsPending() }
    return result
  }

  /// The host's `next`; the phase it led to.
  func next(at now: QuizClock.Instant) -> Result<(LiveGame.Phase, Ticket), LiveGame.HostRefusal> {
    hostMove(at: now) { game throws(LiveGame.HostRefusal) in [try game.next(at: now)] }
  }

  /// The host ends the game now.
  func end(at now: QuizClock.Instant) -> Result<(LiveGame.Phase, Ticket), LiveGame.HostRefusal> {
    hostMove(at: now) { game throws(LiveGame.HostRefusal) in try game.end(at: now) }
  }

  func kick(
    name: String, ban: Bool, at now: QuizClock.Instant
  ) -> Result<(LiveGame.Phase, Ticket), LiveGame.HostRefusal> {
    hostMove(at: now) { game throws(LiveGame.HostRefusal) in [try game.kick(name: name, ban: ban, at: now)] }
  }

  /// The host merges the player named `from` into the one named `into`.
  func merge(from: String, into: String, at now: QuizClock.Instant)
    -> Result<(LiveGame.Phase, Ticket), LiveGame.HostRefusal>
  {
    hostMove(at: now) { game throws(LiveGame.HostRefusal) in [try game.merge(from: from, into: into, at: now)] }
  }

  func unban(name: String, at now: QuizClock.Instant) -> Result<(LiveGame.Phase, Ticket), LiveGame.HostRefusal> {
    hostMove(at: now) { game throws(LiveGame.HostRefusal) in [try game.unban(name: name, at: now)] }
  }

  /// The host locks the game to new players, hides the scores until the podium, or lets
  /// names not on the class's roster join as guests (or undoes any).
  func settings(locked: Bool?, scoresHidden: Bool?, guests: Bool? = nil, at now: QuizClock.Instant)
    -> Result<(LiveGame.Phase, Ticket), LiveGame.HostRefusal>
  {
    hostMove(at: now) { game throws(LiveGame.HostRefusal) in
      guard game.phase != .over else { throw .over }
      return (locked.map { [game.lock($0, at: now)] } ?? [])
        + (scoresHidden.map { [game.hideScores($0, at: now)] } ?? [])
        + (guests.map { [game.allowGuests($0, at: now)] } ?? [])
    }
  }

  /// The host asks question `question` again, with its full time.
  func reask(question: Int, at now: QuizClock.Instant) -> Result<(LiveGame.Phase, Ticket), LiveGame.ReaskRefusal> {
    lock.withLock {
      do throws(LiveGame.ReaskRefusal) {
        let entry = try game.reask(question: question, at: now)
        return .success((game.phase, applied([entry], at: now)))
      } catch {
        return .failure(error)
      }
    }
  }

  private func hostMove(
    at now: QuizClock.Instant, _ move: (inout LiveGame) throws(LiveGame.HostRefusal) -> [LiveGame.Entry]
  )
    -> Result<(LiveGame.Phase, Ticket), LiveGame.HostRefusal>
  {
    lock.withLock {
      do throws(LiveGame.HostRefusal) {
        let entries = try move(&game)
        return .success((game.phase, applied(entries, at: now)))
      } catch {
        return .failure(error)
      }
    }
  }

  /// Ends the game if no one has moved in it for more than `idleSeconds` before `now`: the
  /// check and the end under one hold of the lock, so a move that arrives meanwhile keeps
  /// the game going. Whether it ended.
  func endIfIdle(for idleSeconds: Double, at now: QuizClock.Instant) -> Bool {
    lock.withLock {
      // Shared records: each server sees only its own requests' activity (not ended here).
      guard !takesTurns, game.phase != .over, now.seconds(since: lastActivity) > idleSeconds,
        let entries = try? game.end(at: now)
      else { return false }
      _ = applied(entries, at: now)
      return true
    }
  }

  /// After a host's move (under the lock): the game active now, its entries queued in the
  /// log, kicked players' streams ended, the new state sent to every stream.
  private func applied(_ entries: [LiveGame.Entry], at now: QuizClock.Instant) -> Ticket {
    lastActivity = now
    if entries.contains(where: {
      switch $0 {
      case .opened, .reasked: true
      default: false
      }
    }) {
      camera.questionOpened(at: now)
    }
    let ticket = record(entries)
    for case .kicked(let id, _, _) in entries { streams.dismiss(player: id) }
    for case .merged(let id, _, _) in entries { streams.dismiss(player: id) }
    publishState(at: now)
    return ticket
  }

  /// Queues entries in the log (under the lock: the log's order is the game's).
  private func record(_ entries: [LiveGame.Entry]) -> Ticket {
    guard !entries.isEmpty else { return Ticket(number: nil) }
    return Ticket(number: log?.append(entries))
  }

  /// Stops the log once the game is over (its results are saved by the caller).
  func finishLog() { log?.finish() }

  // MARK: The ticker

  /// Closes the question whose time is up, sends news held back, keeps streams alive;
  /// returns when it next has something to do.
  func tick(at now: QuizClock.Instant) -> QuizClock.Instant {
    lock.withLock {
      // A close the ticker queued and nobody waited for may have failed to write (shared
      // records: the next turn sees to it).
      if !takesTurns { rollBackIfTheLogFailed(at: now) }
      if takesTurns {
        // Whichever server's ticker gets there first closes it, in the game's turn; the
        // others find it closed there and do nothing.
        if !closeAsked, let deadline = game.deadline, deadline <= now {
          closeAsked = true
          closeInTurn(at: now)
        }
      } else if let entry = game.closeIfDue(at: now) {
        _ = record([entry])
        publishState(at: now)
      }
      if lobbyChanged || answersChanged, now.seconds(since: lastCoalescedSend) >= Self.coalescingInterval {
        publishCoalesced(at: now)
      }
      if now.seconds(since: streams.lastWrite) >= keepAliveInterval { streams.keepAlive(at: now) }
      var wake = streams.lastWrite + .seconds(keepAliveInterval)
      if let deadline = game.deadline {
        // A close asked for is awaited, not asked again at once.
        wake = min(wake, closeAsked ? now + .seconds(Self.coalescingInterval) : deadline, beatHeart(at: now))
      }
      if lobbyChanged || answersChanged { wake = min(wake, lastCoalescedSend + .seconds(Self.coalescingInterval)) }
      return wake
    }
  }

  /// While a question is open (under the lock): the game's heartbeat queued when one is
  /// due; when the next is.
  private func beatHeart(at now: QuizClock.Instant) -> QuizClock.Instant {
    if let last = lastHeartbeat, now.seconds(since: last) < Self.heartbeatInterval {
      return last + .seconds(Self.heartbeatInterval)
    }
    log?.markAlive(at: now)
    lastHeartbeat = now
    return now + .seconds(Self.heartbeatInterval)
  }

  /// Adds a stream; its first event is the game's state as it is now, so a client that
  /// reconnects needs nothing else.
  func subscribe(_ sink: any EventSink, as audience: LiveStreams.Audience, at now: QuizClock.Instant) {
    lock.withLock {
      // A device the host allowed before its stream came gets its secret at once.
      if case .waiting(let ticket) = audience, let (key, request) = rejoins.entry(ticket), let secret = request.secret {
        let name = game.players[request.player - 1].name.text
        streams.subscribe(sink, as: .player(request.player), writer: writer(at: now), rejoined: (secret, name))
        rejoins.forget(key)
        return
      }
      streams.subscribe(sink, as: audience, writer: writer(at: now))
    }
  }

  /// What writes the game's events as it is now (under the lock).
  private func writer(at now: QuizClock.Instant) -> (UInt64) -> LiveRoom.EventWriter {
    let asking = rejoins.pending.map { game.players[$0.1.player - 1].name.text }
    return { [game, joinURL, imageSource] id in
      EventWriter(game: game, id: id, now: now, joinURL: joinURL, imageSource: imageSource, asking: asking)
    }
  }

  /// Sends every stream the state of the game (a question opened or closed, the podium).
  private func publishState(at now: QuizClock.Instant) {
    streams.publishState(writer(at: now), at: now)
    lobbyChanged = false
    answersChanged = false
  }

  /// Sends the news held back: the lobby's players, or how many have answered (the host).
  private func publishCoalesced(at now: QuizClock.Instant) {
    streams.publishNews(writer(at: now), lobby: game.phase == .lobby, at: now)
    lobbyChanged = false
    answersChanged = false
    lastCoalescedSend = now
  }

  /// Streams open now.
  var streamCount: Int { lock.withLock { streams.count } }

  /// The most streams the game holds: its players' (those not removed) and its host's.
  /// A removed player's streams are ended with the removal.
  var streamLimit: Int {
    lock.withLock { game.activeCount * LiveStreams.perPlayer + LiveStreams.ofTheHost }
  }

  /// Ends every stream (the server stops, or the game is forgotten).
  func closeStreams() { lock.withLock { streams.closeAll() } }

  // MARK: Several servers, one game

  /// Whether the game's records are shared by several servers (PostgreSQL): every move is
  /// then made in the game's turn (``inTurn(clock:_:)``).
  var takesTurns: Bool { log?.isShared ?? false }

  /// A server that has served a game within this many seconds still serves it: one that
  /// takes it up (a phone of a server killed reconnecting here) leaves its question's time
  /// as it is. Longer, and the question gets back the time nobody served it.
  static let unattendedAfter = 3 * heartbeatInterval

  /// Makes `move` in the game's turn when the records are shared by several servers: on the
  /// records' writer, holding the game's lock in the database, after the moves the other
  /// servers stored were replayed here (``LiveMoveLog/takeTurn(locked:_:failed:)``). At
  /// once otherwise (SQLite: one server per data folder).
  ///
  /// - Throws: `move`'s error; ``DatabaseError`` when the turn could not be taken.
  func inTurn<T: Sendable>(clock: LiveClock, _ move: @escaping @Sendable (LiveRoom) throws -> T) async throws -> T {
    guard let log, log.isShared else { return try move(self) }
    return try await withCheckedThrowingContinuation { continuation in
      log.takeTurn(
        { [self] others in
          caughtUp(others, at: clock.now())
          continuation.resume(with: Result { try move(self) })
        }, failed: { error in continuation.resume(throwing: error) })
    }
  }

  /// A notification heard from another server: the moves it stored, replayed here and sent
  /// to this server's streams (on the records' writer, without the game's lock).
  func catchUp(clock: LiveClock) {
    guard let log, log.isShared else { return }
    log.takeTurn(locked: false, { [self] others in caughtUp(others, at: clock.now()) }, failed: { _ in })
  }

  /// ``catchUp(clock:)``, waited for: a secret this server does not know may be a player's
  /// who joined on another server a moment ago.
  func catchUpNow(clock: LiveClock) {
    guard let log, log.isShared else { return }
    let done = DispatchSemaphore(value: 0)
    log.takeTurn(
      locked: false,
      { [self] others in
        caughtUp(others, at: clock.now())
        done.signal()
      }, failed: { _ in done.signal() })
    done.wait()
  }

  /// A game this server takes up from the shared records (at its start, or when a phone of
  /// a server killed reconnects here): when no server has served it since `alive` for
  /// longer than ``unattendedAfter``, its open question gets back the time nobody served
  /// it (or closes, its time up), as after a restart; in the game's turn.
  func resumeIfUnattended(since alive: QuizClock.Instant, clock: LiveClock) {
    guard let log, log.isShared else { return }
    log.takeTurn(
      { [self] others in
        let now = clock.now()
        caughtUp(others, at: now)
        lock.withLock {
          let stopped = max(alive, log.lastMoveTime ?? alive)
          guard now.seconds(since: stopped) > Self.unattendedAfter,
            let entry = LiveGameStore.resumption(of: &game, stopped: stopped, at: now)
          else { return }
          lastActivity = now
          _ = record([entry])
          publishState(at: now)
        }
      }, failed: { _ in })
  }

  /// Under the lock: the open question's close, asked for in the game's turn.
  private func closeInTurn(at now: QuizClock.Instant) {
    log?.takeTurn(
      { [self] others in
        caughtUp(others, at: now)
        lock.withLock {
          closeAsked = false
          if let entry = game.closeIfDue(at: now) {
            _ = record([entry])
            publishState(at: now)
          }
        }
      }, failed: { [self] _ in lock.withLock { closeAsked = false } })
  }

  /// A turn's first step: the moves other servers stored, replayed into the game and told
  /// to the streams as this server's own would be (joins and answers held back for the
  /// ticker, the rest sent at once).
  ///
  /// A write of this server's that failed first takes the game back to the records' moves
  /// (which hold `entries` already).
  private func caughtUp(_ entries: [LiveGame.Entry], at now: QuizClock.Instant) {
    let held: Bool = lock.withLock {
      guard !rollBackIfTheLogFailed(at: now), !entries.isEmpty else { return false }
      var sendNow = false
      for entry in entries {
        game.apply(entry)
        switch entry {
        case .joined, .cardShown: lobbyChanged = true
        case .answered, .typed, .seen: answersChanged = true
        case .opened, .reasked:
          camera.questionOpened(at: now)
          sendNow = true
        case .kicked(let id, _, _), .merged(let id, _, _):
          streams.dismiss(player: id)
          sendNow = true
        default: sendNow = true
        }
      }
      lastActivity = now
      if sendNow { publishState(at: now) }
      return !sendNow
    }
    if held { newsPending() }
  }
}
