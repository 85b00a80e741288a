import Foundation

/// Why a play cannot be set up, and why a move is refused.
extension QuizSession {
  /// Why a play could not be set up.
  public enum SetupError: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// The topic has no sets.
    case noSets
    /// There is no set with this 1-based number.
    case noSuchSet(Int, count: Int)
    /// `--sample` needs one count per set, or one total.
    case sampleCountMismatch(given: Int, sets: Int)
    /// A set (set 0: the whole topic) has fewer questions than asked for.
    case sampleTooLarge(set: Int, asked: Int, has: Int)
    /// Every count is zero.
    case sampleEmpty

    public var description: String {
      switch self {
      case .noSets: "the topic has no sets to play"
      case .noSuchSet(let number, let count):
        "there is no set \(number): the topic has " + (count == 1 ? "1 set" : "\(count) sets (1-\(count))")
      case .sampleCountMismatch(let given, let sets):
        "give one count per set, or one total: \(Plural.count(sets, "set")), \(Plural.count(given, "count"))"
      case .sampleTooLarge(let set, let asked, let has):
        (set == 0 ? "the topic" : "set \(set)")
          + " has \(Plural.count(has, "question")); \(asked) \(asked == 1 ? "was" : "were") asked for"
      case .sampleEmpty: "the sample has no questions"
      }
    }
  }

  /// Why a move is refused.
  public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// The set is over (finished, or its time ran out).
    case over
    /// The time ran out just now: the set is over.
    case timeRanOut
    /// The question's own time ran out just now: it is closed, unanswered, and the play
    /// moved on.
    case questionTimeRanOut
    /// No answer has this number.
    case noSuchAnswer(Int)
    /// This answer was picked already.
    case alreadyPicked(Int)
    /// Help hid this answer.
    case hidden(Int)
    /// Help is off for this topic, or the question has fewer than three answers.
    case helpNotOffered
    /// Help costs 5 points and the total score is under 5.
    case notEnoughPoints
    /// This question's help is used up.
    case noMoreHelp
    /// The question asks for a number, not a pick (or the other way round).
    case wrongKindOfAnswer

    public var description: String { text(in: .english) }

    /// What every front end says when it refuses the move, in `language`.
    public func text(in language: Language) -> String {
      switch self {
      case .over: QuizPhrase.refusedOver.text(in: language)
      case .timeRanOut: QuizPhrase.timeRanOut.text(in: language)
      case .questionTimeRanOut: QuizPhrase.questionTimeRanOut.text(in: language)
      case .noSuchAnswer(let number): QuizPhrase.refusedNoSuchAnswer.text(in: language, ["answer": .number(number + 1)])
      case .alreadyPicked(let number):
        QuizPhrase.refusedAlreadyPicked.text(in: language, ["answer": .number(number + 1)])
      case .hidden(let number): QuizPhrase.refusedHidden.text(in: language, ["answer": .number(number + 1)])
      case .helpNotOffered: QuizPhrase.refusedHelpNotOffered.text(in: language)
      case .notEnoughPoints:
        QuizPhrase.refusedNotEnoughPoints.text(in: language, ["points": .number(-QuizRules.pointsForHelp)])
      case .noMoreHelp: QuizPhrase.refusedNoMoreHelp.text(in: language)
      case .wrongKindOfAnswer: QuizPhrase.refusedWrongKind.text(in: language)
      }
    }
  }
}
