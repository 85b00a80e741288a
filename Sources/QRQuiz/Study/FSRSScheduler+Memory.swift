import Foundation

/// FSRS-6's memory model: how a review moves a card's stability and difficulty, and how
/// recall fades between reviews. The formulas are the references', and so is the order
/// of every operation and `pow(e, x)` where they raise e: the results then agree with
/// py-fsrs to the last bit, and so do the intervals rounded from them.
extension FSRSScheduler {
  /// The lowest stability, in days.
  static let minimumStability = 0.001
  static let difficultyRange = 1.0...10.0
  private static let e = M_E

  /// The probability of recalling a card with `stability` after `elapsedDays` whole days:
  /// R = (1 + F·t/S)^(−w20).
  func retrievability(stability: Double, elapsedDays: Int) -> Double {
    pow(1 + factor * Double(max(0, elapsedDays)) / stability, decay)
  }

  /// The predicted probability that `card` is recalled at `time` (0 before its first
  /// review), counting whole days since its last review, as the scheduler does.
  public func retrievability(of card: StudyCard, at time: QuizClock.Instant) -> Double {
    guard let memory = card.memory, let last = card.lastReview else { return 0 }
    return retrievability(stability: memory.stability, elapsedDays: Self.wholeDays(from: last, to: time))
  }

  /// Whole days from `start` to `end`, rounded down.
  static func wholeDays(from start: QuizClock.Instant, to end: QuizClock.Instant) -> Int {
    let microseconds = end.microsecondsSince1970 - start.microsecondsSince1970
    let perDay: Int64 = 86_400_000_000
    let days = microseconds / perDay
    return Int(microseconds % perDay < 0 ? days - 1 : days)
  }

  /// The memory after a review rated `rating`, `elapsedDays` after the last one (`nil`
  /// for a card's first review).
  func memory(after memory: StudyCard.Memory?, rating: StudyRating, elapsedDays: Int?) -> StudyCard.Memory {
    guard let memory, let elapsedDays else {
      return StudyCard.Memory(stability: initialStability(rating), difficulty: initialDifficulty(rating))
    }
    let stability =
      elapsedDays < 1
      ? shortTermStability(memory.stability, rating: rating)
      : longTermStability(
        memory, retrievability: retrievability(stability: memory.stability, elapsedDays: elapsedDays),
        rating: rating)
    return StudyCard.Memory(stability: stability, difficulty: nextDifficulty(memory.difficulty, rating: rating))
  }

  private var w: [Double] { parameters.weights }

  private func clampedStability(_ stability: Double) -> Double { max(stability, Self.minimumStability) }

  private func clampedDifficulty(_ difficulty: Double) -> Double {
    min(max(difficulty, Self.difficultyRange.lowerBound), Self.difficultyRange.upperBound)
  }

  /// S0 = w[rating − 1].
  private func initialStability(_ rating: StudyRating) -> Double { clampedStability(w[rating.rawValue - 1]) }

  /// D0 = w4 − e^(w5·(rating − 1)) + 1, unclamped: Easy's is the target difficulty
  /// reverts to.
  private func unclampedInitialDifficulty(_ rating: StudyRating) -> Double {
    w[4] - pow(Self.e, w[5] * Double(rating.rawValue - 1)) + 1
  }

  private func initialDifficulty(_ rating: StudyRating) -> Double {
    clampedDifficulty(unclampedInitialDifficulty(rating))
  }

  /// D' = w7·D0(Easy) + (1 − w7)·(D + (10 − D)·ΔD/9), ΔD = −w6·(rating − 3): a step
  /// damped near 10, pulled back towards Easy's first difficulty.
  private func nextDifficulty(_ difficulty: Double, rating: StudyRating) -> Double {
    let change = -(w[6] * rating.offsetFromGood)
    let damped = difficulty + (10.0 - difficulty) * change / 9.0
    return clampedDifficulty(w[7] * unclampedInitialDifficulty(.easy) + (1 - w[7]) * damped)
  }

  /// Stability after a review on the day of the last: S·e^(w17·(rating − 3 + w18))·S^(−w19),
  /// never lower for a recall.
  private func shortTermStability(_ stability: Double, rating: StudyRating) -> Double {
    var increase = pow(Self.e, w[17] * (rating.offsetFromGood + w[18])) * pow(stability, -w[19])
    if rating.isRecall { increase = max(increase, 1.0) }
    return clampedStability(stability * increase)
  }

  /// Stability after a review a day or more after the last, at retrievability `r`.
  private func longTermStability(_ memory: StudyCard.Memory, retrievability r: Double, rating: StudyRating)
    -> Double
  {
    let (stability, difficulty) = (memory.stability, memory.difficulty)
    guard rating.isRecall else {
      // A lapse: the long-term formula, but never more than the same-day one allows.
      let longTerm =
        w[11] * pow(difficulty, -w[12]) * (pow(stability + 1, w[13]) - 1) * pow(Self.e, (1 - r) * w[14])
      let shortTerm = stability / pow(Self.e, w[17] * w[18])
      return clampedStability(min(longTerm, shortTerm))
    }
    let hardPenalty = rating == .hard ? w[15] : 1
    let easyBonus = rating == .easy ? w[16] : 1
    let growth =
      pow(Self.e, w[8]) * (11 - difficulty) * pow(stability, -w[9]) * (pow(Self.e, (1 - r) * w[10]) - 1)
      * hardPenalty * easyBonus
    return clampedStability(stability * (1 + growth))
  }
}
