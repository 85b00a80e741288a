import Foundation
import QRQuiz
import QRQuizClassroom
import QRQuizFiles
import QRQuizLocking

/// The live games of a server, by PIN: made by the teacher, found by players, resumed
/// from their moves in the records after a restart, and driven by one ticker thread that
/// closes questions at their deadlines and sends the news held back. No thread per player
/// or per game: every game's moves go to the records' one writer (``LiveMoveLog``).
/// `docs/CONCURRENCY.md`.
public final class LiveGames: Sendable {
  /// Games not over, at most: past it, a new one is refused until one ends.
  public let maximumGames: Int
  /// Where games' moves and results are kept; `nil` keeps them in memory only.
  public let store: LiveGameStore?
  let clock: LiveClock
  let joinLimiter: JoinLimiter
  /// Seconds without a write after which every stream gets a comment line.
  let keepAliveInterval: Double
  private let rooms: Locked<Rooms>
  private let ticker: Ticker?
  /// Records shared by several servers (PostgreSQL): what the others did to the games,
  /// heard as it happens (``LiveNotices``).
  private let notices: LiveNotices?
  /// How a game another server made is given a room here (the addresses of this site),
  /// once ``resume(joinURL:imageSource:)`` said them.
  private let roomAddresses = Locked<RoomAddresses?>(nil)

  private struct RoomAddresses {
    var joinURL: @Sendable (String) -> String
    var imageSource: @Sendable (String?) -> String?
  }

  /// The games by PIN, and the PINs of games being made.
  private struct Rooms {
    var rooms: [String: LiveRoom] = [:]
    var reserved: Set<String> = []
  }

  /// A finished game stays (its podium for reconnecting phones, its results for the
  /// host) this long, in seconds, unless room is needed.
  static let finishedGameLifetime = 4 * 3600.0
  /// A game nobody has touched for this long is ended (its results saved).
  static let idleGameLifetime = 12 * 3600.0

  /// Why a game cannot be made.
  public enum CreateError: Error, Sendable, CustomStringConvertible {
    case tooManyGames(Int)
    case records(DatabaseError)

    public var description: String {
      switch self {
      case .tooManyGames(let count): "\(count) live games are in progress: end one first"
      case .records(let error): "the game cannot be kept: \(error)"
      }
    }
  }

  /// - Parameters:
  ///   - store: where games are kept; `nil` keeps them in memory only.
  ///   - clock: the monotonic clock of deadlines and answer times; by default the system's,
  ///     or with records on PostgreSQL (which several servers may share) the database's.
  ///   - joinBurst: join attempts one address may make at once (and per minute).
  ///   - keepAliveInterval: seconds without news after which streams get a comment line.
  ///   - runsTicker: whether a thread closes questions at their deadlines (tests that
  ///     move their own clock call ``tick()`` instead).
  public init(
    store: LiveGameStore?, clock: LiveClock? = nil, maximumGames: Int = 64, joinBurst: Double = 100,
    keepAliveInterval: Double = 10, runsTicker: Bool = true
  ) {
    self.keepAliveInterval = keepAliveInterval
    self.store = store
    self.maximumGames = maximumGames
    joinLimiter = JoinLimiter(burst: joinBurst, refillPerSecond: joinBurst / 60)
    let rooms = Locked(Rooms())
    self.rooms = rooms
    // Each room hears of its game's moves on other servers: replayed here, sent to this
    // server's streams. `nil`: the listener connected (again): every room catches up.
    // The rooms' clock is read through a box: it is the listener's (the database's) once
    // there is one.
    let clockBox = Locked(clock ?? .system)
    let notices = store.flatMap { store in
      LiveNotices(records: store.records) { [rooms, clockBox] pin in
        let clock = clockBox.withLock { $0 }
        let heard = rooms.withLock { state in
          pin.map { state.rooms[$0].map { [$0] } ?? [] } ?? Array(state.rooms.values)
        }
        for room in heard { room.catchUp(clock: clock) }
      }
    }
    self.notices = notices
    // Several servers share the games: their clock is the database's (a test's own stays).
    if clock == nil, let notices {
      clockBox.withLock { $0 = .offset(.system) { notices.clockOffset } }
    }
    self.clock = clockBox.withLock { $0 }
    ticker = runsTicker ? Ticker() : nil
    ticker?.start(self)
  }

  deinit { notices?.stop() }

  /// Wakes the ticker: a game holds news back (joins, answers), to be sent within the
  /// rooms' coalescing interval rather than at the ticker's next timed pass.
  private var wakeTicker: @Sendable () -> Void { { [ticker] in ticker?.wake() } }

  /// The game with `pin`, over or not; with records shared by several servers, also a
  /// game not over that another server made or served (a phone of a server killed,
  /// reconnecting here), taken up from its moves.
  func room(_ pin: String) -> LiveRoom? {
    if let room = rooms.withLock({ $0.rooms[pin] }) { return room }
    return takeUp(pin)
  }

  /// Records shared by several servers: the unfinished game of `pin` in the records, given
  /// a room here; `nil` when there is none (or the records are this server's alone).
  private func takeUp(_ pin: String) -> LiveRoom? {
    guard notices != nil, let store, pin.count == 6, pin.allSatisfy(\.isASCII), pin.allSatisfy(\.isNumber),
      let addresses = roomAddresses.withLock({ $0 }),
      let unfinished = try? store.unfinished(pin: pin)
    else { return nil }
    let now = clock.now()
    let made = LiveRoom(
      game: unfinished.game, log: unfinished.log, joinURL: addresses.joinURL(pin), now: now,
      keepAliveInterval: keepAliveInterval, imageSource: addresses.imageSource, newsPending: wakeTicker)
    // Two requests taking it up at once: the first room stays.
    let room = rooms.withLock { state in
      if let first = state.rooms[pin] { return first }
      state.rooms[pin] = made
      return made
    }
    if room === made { made.resumeIfUnattended(since: unfinished.alive, clock: clock) }
    ticker?.wake()
    return room
  }

  /// Games not over.
  public var gamesInProgress: Int { rooms.withLock { $0.rooms.values.count { !$0.isOver } } }

  /// A game not over, as the teacher's list shows it (`GET /api/live`, the library page,
  /// `qrquiz live --games`, what `serve` says it resumed).
  public struct RunningGame: Sendable {
    /// Its PIN, six digits.
    public let pin: String
    /// The topic's name in the site's addresses.
    public let topicName: String
    /// The topic's title.
    public let title: String
    /// Lobby, a question open or closed.
    public let phase: LiveGame.Phase
    /// Players not kicked.
    public let players: Int
    /// When it was made.
    public let started: QuizClock.Instant
    /// Whether its class answers with cards: the teacher's own device is given the
    /// scanners' link for it.
    public let hasClass: Bool
    /// The teacher whose game it is (an account's id), `nil` for the laptop's.
    public let teacher: Int64?

    init(_ game: LiveGame) {
      pin = game.setup.pin
      topicName = game.setup.topicName
      title = game.setup.title
      phase = game.phase
      players = game.activeCount
      started = game.setup.created
      hasClass = game.setup.scannerSecret != nil
      teacher = game.setup.teacher
    }
  }

  /// The games not over, oldest first.
  public var running: [RunningGame] {
    let rooms = rooms.withLock { Array($0.rooms.values) }
    // Each room read once, under its own lock, with the games' lock not held (games → room).
    return rooms.map(\.snapshot).filter { $0.phase != .over }.map(RunningGame.init)
      .sorted { ($0.started, $0.pin) < ($1.started, $1.pin) }
  }

  /// The topics of the games not over (lobby, questions, until the podium): their answer
  /// keys are the teacher's alone meanwhile (`docs/SERVE.md`).
  ///
  /// Asked on every request for a topic: each room's lock taken once for its phase, no
  /// snapshot made and nothing sorted.
  var topicsInPlay: Set<String> {
    let rooms = rooms.withLock { Array($0.rooms.values) }
    return Set(rooms.filter { !$0.isOver }.map(\.topicName))
  }

  /// Makes a game: a fresh PIN and host secret, its row in the records, and its room.
  ///
  /// - Parameter setup: the game's setup for a PIN and a host secret.
  func create(
    joinURL: (String) -> String, imageSource: @escaping @Sendable (String?) -> String?,
    setup: (_ pin: String, _ hostSecret: String) -> LiveGame.Setup
  ) throws(CreateError) -> LiveRoom {
    let now = clock.now()
    forgetOldGames(at: now)
    // The PIN is taken under the lock (a reservation, so two games never share one); the
    // row is written without it, so no player's request waits for a new game's disk.
    let reserved: Result<String, CreateError> = rooms.withLock { state in
      let inProgress = state.rooms.values.count { !$0.isOver } + state.reserved.count
      guard inProgress < maximumGames else { return .failure(.tooManyGames(inProgress)) }
      var pin = ""
      do throws(DatabaseError) {
        // A PIN no game has, here or in the records.
        while true {
          pin = String(format: "%06d", Int.random(in: 0...999_999))
          if state.rooms[pin] == nil, !state.reserved.contains(pin), try !(store?.isTaken(pin: pin) ?? false) { break }
        }
      } catch {
        return .failure(.records(error))
      }
      state.reserved.insert(pin)
      return .success(pin)
    }
    let pin = try reserved.get()
    defer { rooms.withLock { _ = $0.reserved.remove(pin) } }
    let gameSetup = setup(pin, Secret.make())
    var log: LiveMoveLog?
    if let store {
      do throws(DatabaseError) {
        log = try store.start(gameSetup)
      } catch {
        throw .records(error)
      }
    }
    let room = LiveRoom(
      game: LiveGame(setup: gameSetup), log: log, joinURL: joinURL(pin), now: now,
      keepAliveInterval: keepAliveInterval, imageSource: imageSource, newsPending: wakeTicker)
    rooms.withLock { $0.rooms[pin] = room }
    ticker?.wake()
    return room
  }

  /// What ``resume(joinURL:imageSource:)`` did.
  public struct ResumeReport: Sendable {
    /// The games resumed that are not over, oldest first.
    public var resumed: [RunningGame] = []
    /// A line per game that could not be resumed (its moves do not replay: kept aside in
    /// the records).
    public var problems: [String] = []
  }

  /// Resumes the games the records hold unfinished (their server stopped or was
  /// killed): same PINs, secrets, scores and streaks; a question open when it stopped gets
  /// the time it had left then (its deadline moved on by the downtime, from the game's
  /// heartbeat: ``LiveRoom/heartbeatInterval``), or is closed with the answers received
  /// before when its time was up already.
  ///
  /// With records shared by several servers, a question another server serves keeps its
  /// time (``LiveRoom/resumeIfUnattended(since:clock:)``).
  public func resume(
    joinURL: @escaping @Sendable (String) -> String, imageSource: @escaping @Sendable (String?) -> String?
  ) -> ResumeReport {
    roomAddresses.withLock { $0 = RoomAddresses(joinURL: joinURL, imageSource: imageSource) }
    guard let store else { return ResumeReport() }
    let now = clock.now()
    let shared = notices != nil
    // Games whose moves do not replay are kept aside in the records, each said in `problems`.
    let found = store.resumeUnfinished(at: now, resuming: !shared)
    var resumed: [RunningGame] = []
    for unfinished in found.games {
      let pin = unfinished.game.setup.pin
      guard room(pin) == nil else {
        unfinished.log.finish()
        continue
      }
      let room = LiveRoom(
        game: unfinished.game, log: unfinished.log, joinURL: joinURL(pin), now: now,
        keepAliveInterval: keepAliveInterval, imageSource: imageSource, newsPending: wakeTicker)
      rooms.withLock { $0.rooms[pin] = room }
      if shared { room.resumeIfUnattended(since: unfinished.alive, clock: clock) }
      if unfinished.game.phase == .over {
        finish(room)
      } else {
        resumed.append(RunningGame(unfinished.game))
      }
    }
    ticker?.wake()
    return ResumeReport(
      resumed: resumed.sorted { ($0.started, $0.pin) < ($1.started, $1.pin) }, problems: found.problems)
  }

  /// Saves a finished game's results and stops its log; whether they were saved
  /// (`nil`: there is no store).
  @discardableResult
  func finish(_ room: LiveRoom) -> Bool? {
    let game = room.snapshot
    guard game.phase == .over else { return false }
    room.finishLog()
    guard let store else { return nil }
    return (try? store.saveResults(of: game)) != nil
  }

  /// One pass of the ticker: questions closed at their deadlines, news sent, streams kept
  /// alive, idle games ended. Returns when the next pass is due.
  @discardableResult
  public func tick() -> QuizClock.Instant {
    let now = clock.now()
    var wake = now + .seconds(keepAliveInterval)
    for room in rooms.withLock({ Array($0.rooms.values) }) {
      if room.endIfIdle(for: Self.idleGameLifetime, at: now) { finish(room) }
      wake = min(wake, room.tick(at: now))
    }
    return wake
  }

  /// Ends the streams of every game (the server is stopping).
  public func closeStreams() {
    for room in rooms.withLock({ Array($0.rooms.values) }) { room.closeStreams() }
  }

  /// Forgets finished games past their lifetime, and, when games are many, the oldest
  /// finished ones first.
  private func forgetOldGames(at now: QuizClock.Instant) {
    let forgotten: [LiveRoom] = rooms.withLock { state in
      // Each room's activity read once, under its own lock (games → room).
      let finished = state.rooms.values.compactMap { room in
        let activity = room.activity
        return activity.isOver ? (room: room, lastMove: activity.lastMove) : nil
      }
      let old = finished.filter { now.seconds(since: $0.lastMove) > Self.finishedGameLifetime }.map(\.room)
      for room in old { state.rooms[room.pin] = nil }
      var extra: [LiveRoom] = []
      if state.rooms.count >= maximumGames * 2 {
        let kept = finished.filter { state.rooms[$0.room.pin] != nil }.sorted { $0.lastMove < $1.lastMove }
        extra = kept.prefix(state.rooms.count - maximumGames * 2 + 1).map(\.room)
        for room in extra { state.rooms[room.pin] = nil }
      }
      return old + extra
    }
    for room in forgotten { room.closeStreams() }
  }
}

extension LiveGames {
  /// The thread that runs ``tick()`` when something is due: it sleeps until the nearest
  /// deadline or keep-alive, or until a new game wakes it; it holds the games only while
  /// ticking, so it ends with them.
  final class Ticker: @unchecked Sendable {
    // `woken` is touched only under `condition`'s lock.
    private let condition = NSCondition()
    private var woken = false

    func start(_ games: LiveGames) {
      let thread = Thread { [weak games, self] in
        while true {
          guard let games else { return }
          let clock = games.clock
          let wake = games.tick()
          sleep(until: wake, clock: clock)
        }
      }
      thread.name = "qrquiz-live-ticker"
      thread.start()
    }

    func wake() {
      condition.lock()
      woken = true
      condition.signal()
      condition.unlock()
    }

    /// Sleeps until `wake` on `clock` (at most a few seconds: the games may be gone), or
    /// until woken.
    private func sleep(until wake: QuizClock.Instant, clock: LiveClock) {
      condition.lock()
      defer { condition.unlock() }
      let seconds = min(max(wake.seconds(since: clock.now()), 0.001), 5)
      if !woken { _ = condition.wait(until: Date().addingTimeInterval(seconds)) }
      woken = false
    }
  }
}
