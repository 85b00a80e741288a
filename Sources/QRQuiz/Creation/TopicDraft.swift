/// A topic being written: options and sets of ``QuestionDraft``s. ``topic()`` checks it
/// whole (every question, and the app's rule that a set's questions all have as many
/// answers as its first) and gives a ``ValidTopic``.
///
/// ```swift
/// var draft = TopicDraft(name: "Capitals")
/// draft.sets = [[QuestionDraft(text: "Capital of France?", answers: ["Paris", "Rome"], correct: [0])]]
/// let topic = try draft.topic()
/// ```
public struct TopicDraft: Sendable, Hashable {
  /// The options the app's creator writes for a new topic: every option, with the app's
  /// defaults (random order, help, verdicts on; all correct answers not mandatory).
  public static let creatorOptions = Topic.Options(
    questionsInRandomOrder: true, helpButtonEnabled: true, showCorrectIncorrectAnswer: true,
    multipleCorrectAnswersAsMandatory: false)

  /// How large a topic the creators (`qrquiz new`, the web creator and editor) make. The
  /// app has no limits of its own; these keep a form a person can fill in.
  public enum Limits {
    /// Sets in a topic.
    public static let sets = 1...50
    /// Questions in a set.
    public static let questionsPerSet = 1...100
    /// Answers to a question.
    public static let answersPerQuestion = 2...10
  }

  /// The counts a new topic's form starts with: one set of five questions of four answers.
  public static let suggestedCounts = (sets: 1, questionsPerSet: 5, answersPerQuestion: 4)

  /// The topic's options (`name` included).
  public var options: Topic.Options
  /// The sets, each a list of questions.
  public var sets: [[QuestionDraft]]

  /// A draft with a name and options (by default none: the app's defaults apply; the
  /// creators pass ``creatorOptions``).
  public init(name: String? = nil, options: Topic.Options? = nil, sets: [[QuestionDraft]] = []) {
    self.options = options ?? Topic.Options(name: name)
    if let name { self.options.name = name }
    self.sets = sets
  }

  /// Every problem, with its set and question (both 1-based; question 0 for a problem of
  /// the set), in order.
  public var problems: [(set: Int, question: Int, problem: DraftProblem)] {
    var found: [(Int, Int, DraftProblem)] = []
    if sets.allSatisfy(\.isEmpty) { found.append((0, 0, .noQuestions)) }
    for (setIndex, set) in sets.enumerated() {
      if set.isEmpty, sets.count > 1 { found.append((setIndex + 1, 0, .emptySet(setIndex + 1))) }
      let expected = set.first?.answers.count ?? 0
      for (questionIndex, question) in set.enumerated() {
        for problem in question.problems { found.append((setIndex + 1, questionIndex + 1, problem)) }
        if question.answers.count != expected {
          found.append(
            (
              setIndex + 1, questionIndex + 1,
              .answerCountDiffers(set: setIndex + 1, expected: expected, found: question.answers.count)
            ))
        }
      }
    }
    return found
  }

  /// The topic, when there is no problem.
  ///
  /// - Throws: the first ``DraftProblem``; ``TopicError`` never (a draft without problems
  ///   is valid by the app's rules).
  public func topic() throws(DraftProblem) -> ValidTopic {
    if let first = problems.first { throw first.problem }
    let topic = Topic(options: options.isEmpty ? nil : options, sets: sets.map { $0.map(\.question) })
    do {
      return try ValidTopic(topic, defaultName: options.name)
    } catch {
      // The draft's checks are stricter than the app's: this cannot happen.
      preconditionFailure("a draft without problems was not valid: \(error)")
    }
  }
}
