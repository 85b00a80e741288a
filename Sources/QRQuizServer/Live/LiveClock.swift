import QRQuiz
import Synchronization

/// The time of live games' deadlines and answer times, read here at the edge and passed
/// to the games: ``QuizClock`` (monotonic, never the client's). Tests give their own.
public struct LiveClock: Sendable {
  /// Now; never goes back.
  public let now: @Sendable () -> QuizClock.Instant

  public init(now: @escaping @Sendable () -> QuizClock.Instant) { self.now = now }

  /// The system's clock.
  public static let system = LiveClock { QuizClock.now }

  /// `base` moved by `offset` microseconds (the database's clock less this machine's, as
  /// last measured), never going back when a new measure is smaller than the last: the
  /// clock of games whose moves several servers take, so that every server's questions
  /// open, answers arrive and deadlines pass on one clock, the database's, whatever each
  /// machine's says.
  public static func offset(_ base: LiveClock, by offset: @escaping @Sendable () -> Int64) -> LiveClock {
    let last = Mutex(Int64.min)
    return LiveClock {
      let moved = base.now().microsecondsSince1970 + offset()
      return QuizClock.Instant(
        microsecondsSince1970: last.withLock { last in
          last = max(last, moved)
          return last
        })
    }
  }
}
