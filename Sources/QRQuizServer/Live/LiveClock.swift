import QRQuiz

/// The time of live games' deadlines and answer times, read here at the edge and passed
/// to the games: ``QuizClock`` (monotonic, never the client's). Tests give their own.
public struct LiveClock: Sendable {
  /// Now; never goes back.
  public let now: @Sendable () -> QuizClock.Instant

  public init(now: @escaping @Sendable () -> QuizClock.Instant) { self.now = now }

  /// The system's clock.
  public static let system = LiveClock { QuizClock.now }
}
