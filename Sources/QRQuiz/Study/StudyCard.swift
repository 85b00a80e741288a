/// One card's place in its student's memory, as FSRS keeps it: a value changed only by
/// ``FSRSScheduler/review(_:rating:at:)``, which takes the time of each review as an
/// argument (no clock is read here, as in `LiveGame` and ``QuizSession``).
///
/// A new card is learning, at step 0, with no memory yet; its first review gives it a
/// stability and a difficulty.
public struct StudyCard: Sendable, Hashable, Codable {
  /// Where the card stands.
  public enum State: String, Sendable, Hashable, Codable, CaseIterable {
    /// New, going through the learning steps (minutes apart).
    case learning
    /// Learnt: reviewed days apart, as stability and the desired retention say.
    case review
    /// Forgotten in review, going through the relearning steps.
    case relearning
  }

  /// The model's memory of a card: stability in days (the time for recall to fall from
  /// 100 % to 90 %) and difficulty, from 1 (easiest) to 10.
  public struct Memory: Sendable, Hashable, Codable {
    public var stability: Double
    public var difficulty: Double

    public init(stability: Double, difficulty: Double) {
      self.stability = stability
      self.difficulty = difficulty
    }
  }

  public internal(set) var state: State
  /// The learning or relearning step the card is at (0 first); `nil` in review.
  public internal(set) var step: Int?
  /// `nil` until the first review.
  public internal(set) var memory: Memory?
  /// When the card should be seen next.
  public internal(set) var due: QuizClock.Instant
  public internal(set) var lastReview: QuizClock.Instant?
  /// How many reviews the card has had: with ``fuzzSeed``, what makes its fuzz.
  public internal(set) var reviewCount: Int
  /// The seed of the card's fuzz (see ``FSRSScheduler/fuzz``): the same card reviewed the
  /// same way gets the same intervals, so a history replays to the same dues.
  public let fuzzSeed: UInt64

  /// A new card, due at `due` (when it was added, say).
  public init(due: QuizClock.Instant, fuzzSeed: UInt64) {
    state = .learning
    step = 0
    memory = nil
    self.due = due
    lastReview = nil
    reviewCount = 0
    self.fuzzSeed = fuzzSeed
  }

  /// A seed for the card named `id` (64-bit FNV-1a of its UTF-8): the same on every
  /// machine and every run, unlike `Hasher`.
  public static func fuzzSeed(for id: String) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in id.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
    }
    return hash
  }

  /// Why a review is refused.
  public enum ReviewError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The review is earlier than the card's last one: a history goes forward.
    case beforeLastReview(QuizClock.Instant)

    public var description: String {
      switch self {
      case .beforeLastReview(let last): "reviewed before its last review (\(last.iso8601Seconds))"
      }
    }
  }
}
