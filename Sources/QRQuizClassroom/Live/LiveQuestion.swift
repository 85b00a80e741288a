import QRQuiz

/// A question as a live game asks it: the topic's question with its right answers merged
/// (the app's `correct` and `correctAnswers`), answers in the file's order.
public struct LiveQuestion: Sendable, Codable, Hashable {
  public var text: String
  public var answers: [String]
  /// The right answers' indexes, ascending.
  public var correct: [Int]
  /// The topic's image address, if any (served only from the image cache).
  public var imageURL: String?
  /// When set, players type a number, right within its tolerance, instead of picking
  /// one of ``answers`` (which stay for the app). A setup written before live games
  /// asked numbers has none: its questions are asked as choices, as they were.
  public var numericAnswer: NumericAnswer?
  /// Seconds this question is open, when the topic gives it its own time (Kahoot!'s
  /// "Time limit"); else the game's ``LiveGame/Setup/seconds``.
  public var seconds: Double?
  /// Why the right answer is right, shown once the question closes.
  public var explanation: String?
  /// The set it comes from (1-based): a game of a list plays several sets as one. A setup
  /// written before games played lists has none.
  public var set: Int?

  public init(
    text: String, answers: [String], correct: [Int], imageURL: String? = nil, numericAnswer: NumericAnswer? = nil,
    seconds: Double? = nil, explanation: String? = nil, set: Int? = nil
  ) {
    self.text = text
    self.answers = answers
    self.correct = correct.sorted()
    self.imageURL = imageURL
    self.numericAnswer = numericAnswer
    self.seconds = seconds
    self.explanation = explanation
    self.set = set
  }

  /// The topic's question.
  public init(_ question: Topic.Question) {
    self.init(
      text: question.question, answers: question.answers, correct: question.mergedCorrectAnswers.map(Int.init),
      imageURL: question.imageURL, numericAnswer: question.numericAnswer, seconds: question.seconds,
      explanation: question.explanation)
  }

  /// Whether more than one answer is right, so a phone lets the player pick several.
  public var isMultiple: Bool { numericAnswer == nil && correct.count > 1 }

  /// Whether a typed `number` answers the question rightly.
  public func judge(number: Double) -> LiveOutcome {
    numericAnswer?.accepts(number) == true ? .right : .wrong
  }

  /// Whether `picks` (distinct, in range) answer the question rightly: with the topic's
  /// `multipleCorrectAnswersAsMandatory`, exactly the right answers; without it, right
  /// answers only (one is enough). A pick of a wrong answer is wrong either way.
  public func judge(_ picks: [Int], mandatory: Bool) -> LiveOutcome {
    guard !picks.isEmpty else { return .unanswered }
    let right = Set(correct)
    let picked = Set(picks)
    guard picked.isSubset(of: right) else { return .wrong }
    return !mandatory || picked == right ? .right : .wrong
  }
}
