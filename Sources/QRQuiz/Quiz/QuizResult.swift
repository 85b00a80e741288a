extension QuizSession {
  /// How a play of a set (or a sampled quiz) ended.
  public struct Result: Sendable, Hashable {
    /// Correct picks.
    public var correct: Int
    /// Wrong picks.
    public var wrong: Int
    /// Help uses.
    public var helpUses: Int
    /// 20 × correct − 10 × wrong − 5 × help.
    public var score: Int
    /// Questions in the set.
    public var questionCount: Int
    /// Questions answered right (every pick correct).
    public var questionsRight: Int
    /// Whether the countdown ended the set.
    public var timeRanOut: Bool
    /// Every question played, in order.
    public var answered: [Answered]
    /// Per category (set), in set order: one entry for a set, one per set for a sample.
    public var categories: [CategoryResult]

    /// The questions answered wrong (or not at all when time ran out is not among them:
    /// they were never answered), for "review incorrect answers".
    public var incorrect: [Answered] { answered.filter { !$0.isRight } }
  }

  /// One category's share of a result.
  public struct CategoryResult: Sendable, Hashable {
    /// The set, 0-based.
    public var category: Int
    /// Its name: `options.setNames`, else "Set N".
    public var name: String
    /// Questions asked from it.
    public var questions: Int
    /// Of those, answered right.
    public var right: Int
    /// Of those, answered wrong or not answered.
    public var wrong: Int { questions - right }
    /// Right as a whole percentage of the questions asked.
    public var percent: Int { questions == 0 ? 0 : (right * 100 + questions / 2) / questions }
  }
}
