import Foundation
import QRQuizLocking
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom
@testable import QRQuizServer

/// A live game's event streams on the room itself, with the time given by the test: how
/// many a player and the host hold (a newer one ends the oldest), the game's bound by its
/// players, and how soon the news held back (joins, answers) reaches the projector.
@Suite struct LiveStreamTests {
  let start = LiveGameFixtures.t(0)

  /// A room of LiveGameTests' game, kept in memory only; `woken` counts its calls for the
  /// ticker.
  func room(woken: Locked<Int> = Locked(0)) -> LiveRoom {
    LiveRoom(
      game: LiveGame(setup: LiveGameFixtures.setup()), log: nil, joinURL: "http://192.168.1.20:8080/j/123456",
      now: start, imageSource: { _ in nil }, newsPending: { woken.withLock { $0 += 1 } })
  }

  func join(_ room: LiveRoom, _ name: String, at now: QuizClock.Instant) throws -> LiveGame.Player {
    guard case .success(let (player, _)) = room.join(name: name, browser: nil, at: now) else {
      throw JoinFailed()
    }
    return player
  }

  struct JoinFailed: Error {}

  @Test func aNewerStreamEndsTheOldestAndAGameHoldsNoMoreThanItsPlayersNeed() throws {
    let room = room()
    let ada = try join(room, "Ada", at: start)
    let phones = (0..<5).map { _ in RecordedStream() }
    for phone in phones { room.subscribe(phone, as: .player(ada.id), at: start) }
    // Two at most: every newer stream ended the oldest then open, and got the state.
    #expect(phones.map(\.isClosed) == [true, true, true, false, false])
    #expect(phones.allSatisfy { $0.events.first?.name == "lobby" })
    let projectors = (0..<6).map { _ in RecordedStream() }
    for projector in projectors { room.subscribe(projector, as: .host, at: start) }
    #expect(projectors.map(\.isClosed) == [true, true, false, false, false, false])
    // One player, the host: 2 + 4 streams, whatever was opened.
    #expect(room.streamCount == LiveStreams.perPlayer + LiveStreams.ofTheHost)
    #expect(room.streamCount == room.streamLimit)
    _ = try join(room, "Bob", at: start)
    #expect(room.streamLimit == 2 * LiveStreams.perPlayer + LiveStreams.ofTheHost)
  }

  /// Runs the room as the ticker thread does, without a thread or a wall clock: a pass,
  /// then the clock moved to the time the pass asked to be woken at, unless news woke it
  /// first (then the next pass is at once). Returns how long, on the game's clock, until
  /// `done` holds, or nil when it did not within `passes` passes.
  func ticking(
    _ room: LiveRoom, woken: Locked<Int>, from now: QuizClock.Instant, passes: Int = 50, until done: () -> Bool
  ) -> Double? {
    var time = now
    var wake = room.tick(at: time)
    for _ in 0..<passes {
      if done() { return time.seconds(since: now) }
      let wasWoken = woken.withLock { count in
        defer { count = 0 }
        return count > 0
      }
      if !wasWoken { time = max(time, wake) }
      wake = room.tick(at: time)
    }
    return nil
  }

  @Test func aJoinAndTheAnsweredCountReachTheProjectorWithinAQuarterSecond() throws {
    let woken = Locked(0)
    let room = room(woken: woken)
    let projector = RecordedStream()
    room.subscribe(projector, as: .host, at: start)
    // The ticker sleeps until the next keep-alive: 10 s away.
    #expect(room.tick(at: start) == start + .seconds(10))
    func names() -> [JSONValue] {
      projector.events.last { $0.name == "lobby" }.flatMap { $0.data["names"]?.arrayValue } ?? []
    }
    _ = try join(room, "Ada", at: start + .seconds(1))
    // Before, nothing woke the ticker: the name showed at the keep-alive, 9 s later.
    let first = try #require(ticking(room, woken: woken, from: start + .seconds(1)) { names().count == 1 })
    #expect(first <= LiveRoom.coalescingInterval)
    // A class joining at once: batched, one lobby event for the lot, within the interval.
    let lobbiesBefore = projector.events.count { $0.name == "lobby" }
    var players: [LiveGame.Player] = []
    for number in 0..<30 { players.append(try join(room, "P\(number)", at: start + .seconds(1))) }
    let burst = try #require(ticking(room, woken: woken, from: start + .seconds(1)) { names().count == 31 })
    #expect(burst <= LiveRoom.coalescingInterval + 0.001)
    #expect(projector.events.count { $0.name == "lobby" } == lobbiesBefore + 1)

    // The answered count, likewise.
    let opened = start + .seconds(2)
    guard case .success = room.next(at: opened) else { throw JoinFailed() }
    func answered() -> JSONValue? { projector.events.last { $0.name == "answered" }?.data["answered"] }
    _ = ticking(room, woken: woken, from: opened, passes: 1) { false }
    let answerTime = opened + .seconds(3)
    _ = room.answer(secret: players[0].secret, question: 0, picks: [0], at: answerTime)
    let counted = try #require(ticking(room, woken: woken, from: answerTime) { answered() == .number(1) })
    #expect(counted <= LiveRoom.coalescingInterval)
  }
}

extension JSONValue {
  fileprivate var arrayValue: [JSONValue]? { if case .array(let items) = self { items } else { nil } }
}

extension LiveStreamTests {
  /// A stream that counts how often the room asks whether its client is gone: the work a
  /// subscription does on the other streams.
  final class CountedStream: EventSink, Sendable {
    let asked: Locked<Int>
    private let closed = Locked(false)
    init(asked: Locked<Int>) { self.asked = asked }
    func send(_ bytes: [UInt8]) -> Bool { !closed.withLock { $0 } }
    func close() { closed.withLock { $0 = true } }
    var isFinished: Bool {
      asked.withLock { $0 += 1 }
      return closed.withLock { $0 }
    }
  }

  /// Issue 50, item 15: thousands of phones reconnecting their streams (each a third
  /// stream that ends its player's oldest) took a scan of every stream each, under the
  /// game's lock, which a new player's join then waited for. A subscription now touches
  /// its own audience's streams only: the work is counted, not timed.
  @Test func aReconnectingStreamTouchesItsOwnPlayersStreamsOnly() throws {
    let room = room()
    let asked = Locked(0)
    let players = try (1...900).map { try join(room, "Player \($0)", at: start) }
    for player in players {
      for _ in 0..<2 { room.subscribe(CountedStream(asked: asked), as: .player(player.id), at: start) }
    }
    #expect(room.streamCount == 1800)
    asked.withLock { $0 = 0 }
    // Every phone reconnects once: a third stream each, which ends the oldest.
    for player in players { room.subscribe(CountedStream(asked: asked), as: .player(player.id), at: start) }
    #expect(room.streamCount == 1800)
    let perSubscription = Double(asked.withLock { $0 }) / Double(players.count)
    // Before: 1,800 streams asked per subscription (1.6 million in all).
    #expect(perSubscription <= 4, "\(perSubscription) streams asked per subscription")
    // And a join is published to the streams still open, the ended ones left out.
    _ = try join(room, "Newcomer", at: start)
    #expect(room.streamCount == 1800)
  }
}
