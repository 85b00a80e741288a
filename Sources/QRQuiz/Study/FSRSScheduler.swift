import Foundation

/// FSRS-6, the Free Spaced Repetition Scheduler Anki has used since 23.10: when each card
/// should be seen again for a student to recall it with the desired retention, from how
/// they rated each review. Written from the reference implementations (py-fsrs 6, fsrs-rs,
/// ts-fsrs) and checked against py-fsrs on thousands of random histories
/// (`FSRSReferenceTests`).
///
/// A value with no clock: each review's time comes in, as `LiveGame`'s moves and
/// ``QuizSession``'s answers take theirs, so a history replays to the same result.
///
/// ```swift
/// let scheduler = try FSRSScheduler(desiredRetention: 0.9)
/// let start = QuizClock.Instant(iso8601Seconds: "2026-01-05T08:00:00Z")!
/// var card = StudyCard(due: start, fuzzSeed: StudyCard.fuzzSeed(for: "capital of Peru"))
/// card = try scheduler.review(card, rating: .good, at: start)
/// print(card.state, card.due.iso8601Seconds)  // learning 2026-01-05T08:10:00Z
/// ```
public struct FSRSScheduler: Sendable, Hashable {
  /// The longest interval the references allow, and their default: 100 years.
  public static let longestInterval = 36_500

  public let parameters: FSRSParameters
  /// The probability of recall a card is scheduled for (0.9: nine in ten remembered).
  public let desiredRetention: Double
  public let learningSteps: StudySteps
  public let relearningSteps: StudySteps
  /// The longest interval in days, from 1 to ``longestInterval``.
  public let maximumInterval: Int
  /// Whether intervals of three days or more are spread a little (a 50-day interval
  /// becomes 48 to 52), so that cards learnt together do not stay due together. Seeded
  /// per card (``StudyCard/fuzzSeed``): the same history gives the same dues. A replay
  /// against the references turns it off.
  public var fuzz: Bool

  /// The forgetting curve's exponent, −w20.
  let decay: Double
  /// F = 0.9^(1/decay) − 1, so that recall is 90 % when the time since the last review
  /// equals the stability.
  let factor: Double
  /// What the stability is multiplied by, after dividing by ``factor``, for the interval
  /// at the desired retention: retention^(1/decay) − 1.
  let retentionFactor: Double

  /// A scheduler with the references' defaults for whatever is not given.
  ///
  /// - Throws: ``Problem`` for a retention outside 0 to 1 or an interval outside 1 to
  ///   ``longestInterval`` days.
  public init(
    parameters: FSRSParameters = .standard, desiredRetention: Double = 0.9,
    learningSteps: StudySteps = .defaultLearning, relearningSteps: StudySteps = .defaultRelearning,
    maximumInterval: Int = longestInterval, fuzz: Bool = true
  ) throws(Problem) {
    guard desiredRetention > 0, desiredRetention < 1 else { throw .desiredRetention(desiredRetention) }
    guard (1...Self.longestInterval).contains(maximumInterval) else { throw .maximumInterval(maximumInterval) }
    self.parameters = parameters
    self.desiredRetention = desiredRetention
    self.learningSteps = learningSteps
    self.relearningSteps = relearningSteps
    self.maximumInterval = maximumInterval
    self.fuzz = fuzz
    decay = -parameters.weights[20]
    factor = pow(0.9, 1 / decay) - 1
    retentionFactor = pow(desiredRetention, 1 / decay) - 1
  }

  /// Why a scheduler cannot be made.
  public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The desired retention is not strictly between 0 and 1.
    case desiredRetention(Double)
    /// The maximum interval is not from 1 to 36,500 days.
    case maximumInterval(Int)

    public var description: String {
      switch self {
      case .desiredRetention(let value): "the desired retention must be between 0 and 1, not \(value)"
      case .maximumInterval(let days):
        "the maximum interval must be from 1 to \(FSRSScheduler.longestInterval) days, not \(days)"
      }
    }
  }
}
