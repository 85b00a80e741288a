import Foundation

/// What a player is told, and what a pick or a question came to.
extension QuizSession {
  /// What a player is told after a pick or an answer, by the app's rules: right or wrong
  /// with its points, or only that it was taken when the topic hides verdicts
  /// (`showCorrectIncorrectAnswer: false`).
  public enum Verdict: Sendable, Hashable {
    /// A correct pick, and the points it scored.
    case right(points: Int)
    /// A wrong pick, and the points it cost (negative).
    case wrong(points: Int)
    /// Taken, with no verdict shown.
    case taken

    /// The verdict as every front end says it: "Right! +20 points".
    public func text(in language: Language) -> String {
      switch self {
      case .right(let points): QuizPhrase.verdictRight.text(in: language, ["points": .number(points)])
      case .wrong(let points): QuizPhrase.verdictWrong.text(in: language, ["points": .number(points)])
      case .taken: QuizPhrase.answerTaken.text(in: language)
      }
    }

    /// Whether it says the answer was right (`nil`: no verdict shown).
    public var isRight: Bool? {
      switch self {
      case .right: true
      case .wrong: false
      case .taken: nil
      }
    }
  }

  /// The verdict the topic's options show for a right or wrong answer.
  public func verdict(isCorrect: Bool) -> Verdict {
    guard options.showCorrectIncorrectAnswer else { return .taken }
    return isCorrect ? .right(points: QuizRules.pointsForCorrect) : .wrong(points: QuizRules.pointsForWrong)
  }

  /// What one pick did.
  public struct Pick: Sendable, Hashable {
    /// The answer picked, 0-based.
    public var answer: Int
    /// Whether it is a correct answer.
    public var isCorrect: Bool
    /// Whether the question is done (the player moves on).
    public var finishesQuestion: Bool
    /// What the player is told.
    public var verdict: Verdict
  }

  /// A question after it was played, for the results and the review.
  public struct Answered: Sendable, Hashable {
    /// The question.
    public var question: Question
    /// The answers picked, in order (for a numeric question, none).
    public var picks: [Int]
    /// The number typed, for a numeric question.
    public var typedNumber: Double?
    /// Whether it was answered right: every pick correct (or the number within tolerance).
    public var isRight: Bool
    /// Whether the question's own time (`seconds`) ran out before it was answered.
    public var timeRanOut = false
  }
}
