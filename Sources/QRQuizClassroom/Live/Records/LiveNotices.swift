import Foundation
import QRQuiz
import Synchronization

/// Records on PostgreSQL shared by several servers: each server hears, through
/// PostgreSQL's `LISTEN/NOTIFY`, which games another server moved (a notification on
/// ``channel`` with the game's PIN, sent by the transaction that stored the moves, so it
/// arrives once they are committed), and replays their new moves into its own room of
/// the game (``LiveMoveLog/takeTurn(locked:_:failed:)``).
///
/// One connection of its own, on a thread of its own, woken by the connection's socket: no
/// polling of the server. A connection lost is made again every second; each time it is
/// (and at the start), the owner is told `nil`: whatever was said meanwhile was missed, so
/// every game is to catch up.
public final class LiveNotices: Sendable {
  /// The channel the moves of every live game are announced on, the game's PIN as payload.
  public static let channel = "qrquiz_live"

  private let stopped = StopFlag()
  private let offset = Measure()

  /// The database server's clock less this machine's, in microseconds, as last measured
  /// (at each connection, then every 10 seconds): live games on several
  /// servers keep the database's time, whatever each machine's clock says.
  public var clockOffset: Int64 { offset.value.withLock { $0 } }

  /// How often the database's clock is measured again (seconds).
  static let clockInterval = 10.0

  /// The clock's offset, written by the listener's thread.
  private final class Measure: Sendable {
    let value = Mutex<Int64>(0)
  }

  /// Set once, read by the listener's thread.
  private final class StopFlag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
  }

  /// Starts listening on `records`' server (nothing for records in an SQLite file).
  /// `heard` is called on the listener's thread with a game's PIN, or `nil` when every
  /// game should catch up.
  public init?(records: RecordStore, heard: @escaping @Sendable (_ pin: String?) -> Void) {
    guard let address = records.address else { return nil }
    let thread = Thread { [stopped, offset] in
      while !stopped.isSet {
        Self.listen(address, stopped: stopped, offset: offset, heard: heard)
        if !stopped.isSet { Thread.sleep(forTimeInterval: 1) }
      }
    }
    thread.name = "qrquiz-live-notices"
    thread.start()
  }

  deinit { stop() }

  /// Stops listening (within a second).
  public func stop() { stopped.set() }

  /// One connection's life: LISTEN, then the notifications as they come, until it is lost
  /// or the listener stopped.
  private static func listen(
    _ address: PostgreSQLAddress, stopped: StopFlag, offset: Measure,
    heard: @Sendable (String?) -> Void
  ) {
    guard let database = try? Database(address), case .postgreSQL(let connection) = database.engine,
      (try? connection.execute("LISTEN qrquiz_live")) != nil
    else { return }
    var measured = QuizClock.Instant(microsecondsSince1970: 0)
    heard(nil)
    while !stopped.isSet {
      if QuizClock.now.seconds(since: measured) >= clockInterval {
        guard let measure = clockOffset(on: database) else { return }
        offset.value.withLock { $0 = measure }
        measured = QuizClock.now
      }
      guard let payloads = connection.notifications(waitingAtMost: 1) else { return }
      // This server's own are news to no one here: its rooms made those moves.
      for pin in Set(payloads.compactMap(othersPIN)) { heard(pin) }
    }
  }

  /// A notification's payload: the game's PIN and the process that moved it.
  static func payload(_ pin: String) -> String { "\(pin) \(ownProcess)" }

  /// The PIN of a notification another process sent; `nil` for this process's own.
  static func othersPIN(_ payload: String) -> String? {
    let parts = payload.split(separator: " ")
    guard let pin = parts.first, parts.count < 2 || parts[1] != ownProcess else { return nil }
    return String(pin)
  }

  /// This process, as its notifications name it: a random name of its own (processes on
  /// two machines may have the same id).
  private static let ownProcess = String(UInt64.random(in: 1...UInt64.max), radix: 36)

  /// The database's clock less this machine's, measured at the middle of a round trip.
  private static func clockOffset(on database: Database) -> Int64? {
    let before = QuizClock.now.microsecondsSince1970
    guard
      let server = try? database.value(
        "SELECT CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000000 AS BIGINT)", as: Int64.self)
    else { return nil }
    let after = QuizClock.now.microsecondsSince1970
    return server - (before + after) / 2
  }
}
