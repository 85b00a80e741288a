/// A quiz topic in the format of the Questions app: options and sets of questions.
///
/// A `Topic` is what a topic file decodes to; it says nothing of whether the app would
/// accept it. ``ValidTopic`` holds one that it would; ``TopicReader`` reads one from a
/// file, a URL or a QR code.
///
/// ```swift
/// let question = Topic.Question(question: "Capital of France?", answers: ["Paris", "Rome"], correct: 0)
/// let topic = Topic(options: .init(name: "Capitals"), sets: [[question]])
/// print(TopicValidator.problems(in: topic).isEmpty ? "valid" : "invalid")
/// ```
public struct Topic: Sendable, Codable, Hashable {
  /// Options for the whole topic; absent (or `null`) means the app's defaults.
  public var options: Options?
  /// The sets of questions. A topic may have none; a set may not be empty.
  public var sets: [[Question]]

  /// Creates a topic.
  public init(options: Options? = nil, sets: [[Question]]) {
    self.options = options
    self.sets = sets
  }

  /// Every question, set by set.
  public var questions: [Question] { sets.flatMap { $0 } }
}

extension Topic {
  /// Topic-wide options. Every field is optional; `nil` means the app's default.
  public struct Options: Sendable, Codable, Hashable {
    /// Displayed name; the app falls back to the file name.
    public var name: String?
    /// Seconds per set; absent or `<= 0` means no timer.
    public var timePerSetInSeconds: Double?
    /// Shuffle the questions of a set (app default `true`).
    public var questionsInRandomOrder: Bool?
    /// Show the help button (app default `true`).
    public var helpButtonEnabled: Bool?
    /// Reveal right or wrong after each answer (app default `true`).
    public var showCorrectIncorrectAnswer: Bool?
    /// With several correct answers, all must be picked (app default `false`).
    public var multipleCorrectAnswersAsMandatory: Bool?
    /// Names of the sets, shown as categories (a QRQuiz extension the app ignores).
    public var setNames: [String]?
    /// For each set, the list it is part of (a QRQuiz extension the app ignores): sets with
    /// the same number are consecutive runs of one list, split only because the app needs
    /// one answer count per set, and a front end that can plays them in order as one quiz.
    public var setGroups: [Int]?

    /// Creates options; every field defaults to absent.
    public init(
      name: String? = nil, timePerSetInSeconds: Double? = nil,
      questionsInRandomOrder: Bool? = nil, helpButtonEnabled: Bool? = nil,
      showCorrectIncorrectAnswer: Bool? = nil, multipleCorrectAnswersAsMandatory: Bool? = nil,
      setNames: [String]? = nil, setGroups: [Int]? = nil
    ) {
      self.name = name
      self.timePerSetInSeconds = timePerSetInSeconds
      self.questionsInRandomOrder = questionsInRandomOrder
      self.helpButtonEnabled = helpButtonEnabled
      self.showCorrectIncorrectAnswer = showCorrectIncorrectAnswer
      self.multipleCorrectAnswersAsMandatory = multipleCorrectAnswersAsMandatory
      self.setNames = setNames
      self.setGroups = setGroups
    }

    /// The name of set `index`, when `setNames` has a non-empty one.
    public func setName(_ index: Int) -> String? {
      guard let setNames, setNames.indices.contains(index), !setNames[index].isEmpty else { return nil }
      return setNames[index]
    }

    /// True when no option is set, so the object carries no meaning.
    public var isEmpty: Bool { self == Options() }
  }

  /// One question with its answers and the indices of the correct ones.
  public struct Question: Sendable, Codable, Hashable {
    /// The question text. The app rejects `""` but accepts whitespace.
    public var question: String
    /// The answers, in display order.
    public var answers: [String]
    /// A single correct answer index (the app's older field).
    public var correct: UInt8?
    /// Correct answer indices; merged with `correct` by the app.
    public var correctAnswers: [UInt8]?
    /// An image shown with the question; not validated by the app.
    public var imageURL: String?
    /// A number typed as the answer (a QRQuiz extension the app ignores).
    public var numericAnswer: NumericAnswer?
    /// When the question was written, and last changed, in the web editor (QRQuiz
    /// extensions the app ignores; ISO 8601 in UTC, `2026-12-01T15:03:07Z`).
    public var created: String?
    public var modified: String?
    /// Seconds to answer this question in a live game, within ``allowedSeconds`` (a QRQuiz
    /// extension the app ignores; Kahoot!'s "Time limit").
    public var seconds: Double?
    /// Why the right answer is right, shown after the verdict (a QRQuiz extension the app
    /// ignores; Quizizz's "Answer explanation", Moodle's general feedback).
    public var explanation: String?
    /// The answers an importer made up as choices for ``numericAnswer`` (the file gave
    /// the number alone), by their text: the editor marks them until they are changed (a
    /// QRQuiz extension the app ignores). A text that is no longer an answer means nothing.
    public var madeUpAnswers: [String]?

    /// The question times a topic may hold: from one second to an hour.
    public static let allowedSeconds: ClosedRange<Double> = 1...3_600

    /// Creates a question.
    public init(
      question: String, answers: [String], correct: UInt8? = nil,
      correctAnswers: [UInt8]? = nil, imageURL: String? = nil, numericAnswer: NumericAnswer? = nil,
      created: String? = nil, modified: String? = nil, seconds: Double? = nil, explanation: String? = nil,
      madeUpAnswers: [String]? = nil
    ) {
      self.question = question
      self.answers = answers
      self.correct = correct
      self.correctAnswers = correctAnswers
      self.imageURL = imageURL
      self.numericAnswer = numericAnswer
      self.created = created
      self.modified = modified
      self.seconds = seconds
      self.explanation = explanation
      self.madeUpAnswers = madeUpAnswers
    }

    /// The app's merged set of correct indices: `correctAnswers` plus `correct`, sorted.
    public var mergedCorrectAnswers: [UInt8] {
      // Already merged (every normalised topic, every topic the editor saves): no set to build.
      if correct == nil, let correctAnswers, zip(correctAnswers, correctAnswers.dropFirst()).allSatisfy({ $0 < $1 }) {
        return correctAnswers
      }
      var merged = Set(correctAnswers ?? [])
      if let correct { merged.insert(correct) }
      return merged.sorted()
    }
  }
}
