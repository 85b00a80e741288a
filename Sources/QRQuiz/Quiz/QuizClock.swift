import Foundation

/// The one clock of everything that decides by time: a ``QuizSession``'s countdown, a
/// `LiveGame`'s deadlines and answer times. Those values never read it: they take its
/// ``Instant`` as an argument (`at:`), and only the edges read it (the terminal player, the
/// server's live clock). Tests pass instants of their own.
///
/// An instant counts microseconds since 1970-01-01 00:00 UTC: the wall clock read once per
/// process, then advanced by the monotonic clock (`ContinuousClock`, which also counts
/// while the machine sleeps). Hence:
/// - within a process, time never goes back or jumps, whatever the wall clock does (NTP,
///   someone setting the time mid-lesson): deadlines and answer times stay fair;
/// - across processes and reboots, instants stay comparable to the wall clock's accuracy:
///   a game stored before a SIGKILL or a power cut is resumed by a new process that
///   compares its instants with the stored moves'. A boot-relative instant
///   (`ContinuousClock.Instant`) means nothing after a reboot, and a `Duration` since an
///   origin needs an origin that survives one: the epoch is that origin;
/// - a whole number in JSON: what is stored reads back exactly, so a replayed game
///   scores to the millisecond what the live one scored;
/// - ``Instant/date`` is the calendar date for people (results' file names).
///
/// ```swift
/// var session = try QuizSession(topic: topic, set: 0, totalScore: 0)
/// session.start(at: QuizClock.now)
/// print(session.remainingTime(at: QuizClock.now + .seconds(5)) ?? "no timer")
/// ```
public struct QuizClock: Clock {
  /// A moment: microseconds since 1970-01-01 00:00 UTC (see ``QuizClock``).
  public struct Instant: InstantProtocol, Codable, Sendable, CustomStringConvertible {
    /// Microseconds since 1970-01-01 00:00 UTC.
    public var microsecondsSince1970: Int64

    /// The instant `microsecondsSince1970` microseconds after 1970-01-01 00:00 UTC.
    public init(microsecondsSince1970: Int64) { self.microsecondsSince1970 = microsecondsSince1970 }

    /// The instant of `date`, to the microsecond (for a date a person gave, or a test's).
    public init(_ date: Date) { microsecondsSince1970 = Int64((date.timeIntervalSince1970 * 1e6).rounded()) }

    /// The calendar date of this instant, for people: file names, dates in results.
    public var date: Date { Date(timeIntervalSince1970: Double(microsecondsSince1970) / 1e6) }

    /// The instant `duration` later (earlier when negative), to the nearest microsecond.
    public func advanced(by duration: Duration) -> Instant {
      Instant(microsecondsSince1970: microsecondsSince1970 + Self.microseconds(in: duration))
    }

    /// The time from this instant to `other` (negative when `other` is earlier).
    public func duration(to other: Instant) -> Duration {
      .microseconds(other.microsecondsSince1970 - microsecondsSince1970)
    }

    /// Seconds from `earlier` to this instant (negative when `earlier` is later).
    public func seconds(since earlier: Instant) -> Double {
      Double(microsecondsSince1970 - earlier.microsecondsSince1970) / 1e6
    }

    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.microsecondsSince1970 < rhs.microsecondsSince1970
    }

    /// The instant `rhs` after `lhs`.
    public static func + (lhs: Instant, rhs: Duration) -> Instant { lhs.advanced(by: rhs) }

    /// The instant `rhs` before `lhs`.
    public static func - (lhs: Instant, rhs: Duration) -> Instant { lhs.advanced(by: .zero - rhs) }

    /// The time from `rhs` to `lhs`.
    public static func - (lhs: Instant, rhs: Instant) -> Duration { rhs.duration(to: lhs) }

    public var description: String { ISO8601DateFormatter().string(from: date) }

    /// A whole number of microseconds, in JSON and in the records.
    public init(from decoder: any Decoder) throws {
      microsecondsSince1970 = try decoder.singleValueContainer().decode(Int64.self)
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(microsecondsSince1970)
    }

    static func microseconds(in duration: Duration) -> Int64 {
      let (seconds, attoseconds) = duration.components
      return seconds * 1_000_000 + Int64((Double(attoseconds) / 1e12).rounded())
    }
  }

  /// The wall clock once, and the monotonic clock at the same moment: every later reading
  /// is the first plus the time the second has counted since.
  private static let anchor = (
    wall: Instant(Date()).microsecondsSince1970, monotonic: ContinuousClock.now
  )

  /// A clock; all of them read the same time.
  public init() {}

  /// Now.
  public static var now: Instant {
    Instant(
      microsecondsSince1970: anchor.wall + Instant.microseconds(in: anchor.monotonic.duration(to: .now)))
  }

  /// Now.
  public var now: Instant { Self.now }

  /// A microsecond.
  public var minimumResolution: Duration { .microseconds(1) }

  /// Sleeps until `deadline`, on the monotonic clock.
  ///
  /// - Throws: `CancellationError` when the task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try await ContinuousClock().sleep(for: Self.now.duration(to: deadline), tolerance: tolerance)
  }
}
