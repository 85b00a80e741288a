/// Something that makes the Questions app reject a topic.
public struct TopicProblem: Sendable, Hashable, CustomStringConvertible {
  /// The kind of problem. The validation kinds carry the app's own error names.
  public enum Kind: String, Sendable, Hashable, Codable {
    /// A field holds the wrong JSON type or an out-of-range number: the app's decoder fails.
    case wrongType
    /// A required field (`sets`, `question`, `answers`) is missing or `null`.
    case missingField
    /// A set has no questions.
    case emptySet
    /// A question's text is the empty string.
    case emptyQuestion
    /// A question's answer count differs from its set's, or two answers are equal.
    case incorrectAnswersCount
    /// Correct answers out of range, none, or as many as the answers.
    case incorrectCorrectAnswersCount
    /// `correct` is not below the answer count.
    case incorrectCorrectAnswerIndex
    /// An answer is empty or whitespace only.
    case emptyAnswer
  }

  /// What kind of problem this is.
  public var kind: Kind
  /// Where it is.
  public var path: TopicPath
  /// What is wrong, for a person.
  public var message: String

  /// Creates a problem.
  public init(_ kind: Kind, at path: TopicPath, _ message: String) {
    self.kind = kind
    self.path = path
    self.message = message
  }

  /// `sets[1][0].correct (set 2, question 1): …`
  public var description: String { path.describing(message) }

  /// One line for a list of problems: the first, and how many more (of `count` in all,
  /// when the list holds only the first few).
  public static func summary(_ problems: [TopicProblem], count: Int? = nil) -> String {
    let total = count ?? problems.count
    return (problems.first.map(String.init(describing:)) ?? "unknown problem")
      + (total > 1 ? " (and \(total - 1) more)" : "")
  }
}

/// Something worth fixing that the app nevertheless accepts.
public struct TopicWarning: Sendable, Hashable, CustomStringConvertible {
  /// The kind of warning.
  public enum Kind: String, Sendable, Hashable, Codable {
    /// `imageURL` is empty, not a URL, or not https.
    case imageURL
    /// The question text is only whitespace.
    case blankQuestion
    /// Two answers differ only by letter case or surrounding whitespace.
    case similarAnswers
    /// `timePerSetInSeconds` is zero or negative, which means no timer.
    case noTimer
    /// No `options.name`: the app shows the file name.
    case missingName
    /// A QRQuiz key (`setNames`, `numericAnswer`, `seconds` …) is malformed and was ignored.
    case ignoredExtension
    /// `setNames` does not name every set once.
    case setNamesCount
    /// A `numericAnswer` whose number is not among the question's correct answers.
    case numericAnswerMismatch
    /// `setGroups` does not give every set a group, or a group's sets are not together.
    case setGroups
  }

  /// What kind of warning this is.
  public var kind: Kind
  /// Where it is.
  public var path: TopicPath
  /// What is worth fixing, for a person.
  public var message: String

  /// Creates a warning.
  public init(_ kind: Kind, at path: TopicPath, _ message: String) {
    self.kind = kind
    self.path = path
    self.message = message
  }

  /// `sets[0][1].imageURL (set 1, question 2): …`
  public var description: String { path.describing(message) }
}
