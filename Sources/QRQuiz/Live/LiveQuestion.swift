/// A question as a live game asks it: the topic's question with its right answers merged
/// (the app's `correct` and `correctAnswers`), answers in the file's order.
public struct LiveQuestion: Sendable, Codable, Hashable {
  public var text: String
  public var answers: [String]
  /// The right answers' indexes, ascending.
  public var correct: [Int]
  /// The topic's image address, if any (served only from the image cache).
  public var imageURL: String?

  public init(text: String, answers: [String], correct: [Int], imageURL: String? = nil) {
    self.text = text
    self.answers = answers
    self.correct = correct.sorted()
    self.imageURL = imageURL
  }

  /// The topic's question.
  public init(_ question: Topic.Question) {
    self.init(
      text: question.question, answers: question.answers, correct: question.mergedCorrectAnswers.map(Int.init),
      imageURL: question.imageURL)
  }

  /// Whether more than one answer is right, so a phone lets the player pick several.
  public var isMultiple: Bool { correct.count > 1 }

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
