import Foundation

/// A question being written (in the creator, a form, or an import), checked as it is typed
/// with the messages a quiz app shows. A draft that passes every check becomes a question
/// the Questions app accepts.
public struct QuestionDraft: Sendable, Hashable {
  /// The question's text.
  public var text: String
  /// The answers, in order.
  public var answers: [String]
  /// The correct answers, 0-based.
  public var correct: Set<Int>
  /// An image shown with it.
  public var imageURL: String?
  /// A number typed as the answer (QRQuiz's extension).
  public var numericAnswer: NumericAnswer?
  /// Seconds to answer it in a live game (QRQuiz's extension).
  public var seconds: Double?
  /// Why the right answer is right, shown after the verdict (QRQuiz's extension).
  public var explanation: String?
  /// The answers made up as choices for ``numericAnswer`` (0-based): an importer's, when
  /// the file gave the number alone; the editor marks them (``Topic/Question/madeUpAnswers``).
  public var madeUpAnswers: Set<Int> = []
  /// Where it came from in an imported file (1-based line), for messages.
  public var line: Int?
  /// How the imported file names it, for messages: Moodle's `<name>` as its question bank
  /// shows it, a QTI item's identifier and title, a spreadsheet row's first words.
  public var label: String?

  /// Creates a draft.
  public init(
    text: String, answers: [String], correct: Set<Int>, imageURL: String? = nil,
    numericAnswer: NumericAnswer? = nil, seconds: Double? = nil, explanation: String? = nil, line: Int? = nil,
    label: String? = nil
  ) {
    self.text = text
    self.answers = answers
    self.correct = correct
    self.imageURL = imageURL
    self.numericAnswer = numericAnswer
    self.seconds = seconds
    self.explanation = explanation
    self.line = line
    self.label = label
  }

  /// What is wrong with the draft, the first problem of each step (text, answers,
  /// correct answers), in the order a person fixes them.
  public var problems: [DraftProblem] {
    [Self.checkText(text), Self.checkAnswers(answers), Self.checkCorrect(correct, answerCount: answers.count)]
      .compactMap { $0 }
  }

  /// The question's text: required (not empty nor only spaces).
  public static func checkText(_ text: String) -> DraftProblem? {
    text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? .questionRequired : nil
  }

  /// The answers: at least two, none empty, none repeating another (as the app compares
  /// them: case-sensitive, canonically equivalent Unicode equal).
  public static func checkAnswers(_ answers: [String]) -> DraftProblem? {
    guard answers.count >= 2 else { return .tooFewAnswers }
    var seen: [String: Int] = [:]
    for (index, answer) in answers.enumerated() {
      if answer.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return .emptyAnswer(index) }
      if let earlier = seen[answer] { return .repeatedAnswer(index, of: earlier) }
      seen[answer] = index
    }
    return nil
  }

  /// An image address as the creators take it: http or https, with a host. (The app takes
  /// any text and shows nothing for what is not an address; a creator says so at once.)
  public static func checkImageURL(_ text: String) -> DraftProblem? {
    guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
      let host = url.host, !host.isEmpty
    else { return .imageAddress }
    return nil
  }

  /// The app numbers a correct answer with one byte: answers 1 to 256 can be correct.
  public static let highestCorrectAnswer = Int(UInt8.max)

  /// Which answers are correct: at least one, not all, each one an answer the app can
  /// mark correct.
  public static func checkCorrect(_ correct: Set<Int>, answerCount: Int) -> DraftProblem? {
    if let out = correct.sorted().first(where: { $0 < 0 || $0 >= answerCount }) { return .noSuchAnswer(out) }
    if let beyond = correct.sorted().first(where: { $0 > highestCorrectAnswer }) {
      return .correctAnswerBeyondAppLimit(beyond)
    }
    if correct.isEmpty { return .noCorrectAnswer }
    if correct.count >= answerCount { return .allCorrect }
    return nil
  }

  /// The question for a topic. Only for a draft without problems: its correct answers
  /// are then each one an answer the app can mark (never clamped to another).
  var question: Topic.Question {
    Topic.Question(
      question: text, answers: answers, correctAnswers: correct.sorted().compactMap { UInt8(exactly: $0) },
      imageURL: imageURL, numericAnswer: numericAnswer, seconds: seconds, explanation: explanation,
      madeUpAnswers: madeUpTexts)
  }

  /// The made-up answers' texts, in the answers' order; `nil` for none.
  private var madeUpTexts: [String]? {
    let texts = answers.indices.filter(madeUpAnswers.contains).map { answers[$0] }
    return texts.isEmpty ? nil : texts
  }
}

/// Something to fix in a draft, worded as a quiz app says it.
public enum DraftProblem: Error, Sendable, Hashable, CustomStringConvertible {
  /// The question has no text.
  case questionRequired
  /// Fewer than two answers.
  case tooFewAnswers
  /// An answer is empty (0-based).
  case emptyAnswer(Int)
  /// An answer repeats an earlier one (0-based both).
  case repeatedAnswer(Int, of: Int)
  /// No answer is marked correct.
  case noCorrectAnswer
  /// Every answer is marked correct.
  case allCorrect
  /// A correct answer that is not an answer (0-based).
  case noSuchAnswer(Int)
  /// A correct answer past the 256th, which the app cannot mark correct (0-based).
  case correctAnswerBeyondAppLimit(Int)
  /// A question of a set has another number of answers than the set's first (1-based set).
  case answerCountDiffers(set: Int, expected: Int, found: Int)
  /// A set has no questions (1-based).
  case emptySet(Int)
  /// The topic has no questions at all.
  case noQuestions
  /// An image address that is not an http(s) address with a host.
  case imageAddress

  public var description: String { text(in: .english) }

  /// The problem as every creator says it, in `language`.
  public func text(in language: Language) -> String {
    switch self {
    case .questionRequired: QuizPhrase.draftQuestionRequired.text(in: language)
    case .tooFewAnswers: QuizPhrase.draftTooFewAnswers.text(in: language)
    case .emptyAnswer(let index): QuizPhrase.draftEmptyAnswer.text(in: language, ["answer": .number(index + 1)])
    case .repeatedAnswer(let index, let earlier):
      QuizPhrase.draftRepeatedAnswer.text(
        in: language, ["answer": .number(index + 1), "earlier": .number(earlier + 1)])
    case .noCorrectAnswer: QuizPhrase.draftNoCorrectAnswer.text(in: language)
    case .allCorrect: QuizPhrase.draftAllCorrect.text(in: language)
    case .noSuchAnswer(let index): QuizPhrase.draftNoSuchAnswer.text(in: language, ["answer": .number(index + 1)])
    case .correctAnswerBeyondAppLimit(let index):
      QuizPhrase.draftCorrectBeyondAppLimit.text(
        in: language, ["answer": .number(index + 1), "highest": .number(QuestionDraft.highestCorrectAnswer + 1)])
    case .answerCountDiffers(let set, let expected, _):
      QuizPhrase.draftAnswerCountDiffers.text(in: language, ["set": .number(set), "expected": .number(expected)])
    case .emptySet(let set): QuizPhrase.draftEmptySet.text(in: language, ["set": .number(set)])
    case .noQuestions: QuizPhrase.draftNoQuestions.text(in: language)
    case .imageAddress: QuizPhrase.draftImageAddress.text(in: language)
    }
  }
}
