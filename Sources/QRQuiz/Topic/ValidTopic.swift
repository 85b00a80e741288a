import Foundation

/// A topic the Questions app accepts, with the name it shows. The only ways to get one
/// validate: ``init(_:defaultName:)``, ``TopicReader``, ``TopicCollector``, so code that
/// holds a `ValidTopic` never checks again and never meets an invalid one.
///
/// ```swift
/// let question = Topic.Question(question: "2 + 2?", answers: ["4", "5"], correct: 0)
/// let topic = try ValidTopic(Topic(sets: [[question]]), defaultName: "Sums")
/// let symbols = try TopicQREncoder().encode(topic)
/// print(topic.name, symbols.format)
/// ```
public struct ValidTopic: Sendable, Hashable {
  /// The topic.
  public let topic: Topic
  /// The name the app falls back to without `options.name`: the file name without its
  /// extension, or `nil` (a topic read from a QR code or standard input).
  public let defaultName: String?

  /// Validates `topic`.
  ///
  /// - Parameters:
  ///   - topic: the topic to check.
  ///   - defaultName: the name shown when the topic has no `options.name`, and the source
  ///     named in the error.
  /// - Throws: ``TopicError/invalid(source:problems:count:)`` with every problem the app would
  ///   reject it for.
  public init(_ topic: Topic, defaultName: String? = nil) throws(TopicError) {
    var problems = ProblemCollector()
    TopicValidator.check(topic, into: &problems)
    guard problems.total == 0 else {
      throw .invalid(source: defaultName ?? "topic", problems: problems.problems, count: problems.total)
    }
    self.init(checked: topic, defaultName: defaultName)
  }

  /// Takes the topic of a document that has no problems.
  ///
  /// - Parameters:
  ///   - document: a document read from bytes.
  ///   - source: the document's source, named in the error.
  /// - Throws: ``TopicError/invalid(source:problems:count:)``.
  public init(_ document: TopicDocument, source: String) throws(TopicError) {
    guard document.isValid, let topic = document.topic else {
      throw .invalid(source: source, problems: document.problems, count: document.problemCount)
    }
    self.init(checked: topic, defaultName: document.sourceName)
  }

  private init(checked topic: Topic, defaultName: String?) {
    self.topic = topic
    self.defaultName = defaultName
  }

  /// The name the app shows: `options.name`, else ``defaultName``, else "Untitled".
  public var name: String { topic.options?.name ?? defaultName ?? "Untitled" }

  /// This topic with another fallback name (a topic read from a QR code is named after
  /// its image).
  public func named(_ defaultName: String?) -> ValidTopic { ValidTopic(checked: topic, defaultName: defaultName) }

  /// The name of set `index` (0-based) as every front end shows it: its name in
  /// `options.setNames`, else "Set 3" in `language`.
  public func setName(_ index: Int, in language: Language = .english) -> String {
    topic.options?.setName(index) ?? QuizPhrase.setNumber.text(in: language, ["number": .number(index + 1)])
  }

  /// Advice that does not change the verdict.
  public var warnings: [TopicWarning] { TopicLinter.warnings(in: topic) }

  /// The canonical compact JSON (see ``Topic/normalizedJSON``).
  public var normalizedJSON: String { topic.normalizedJSON }

  /// This topic saved over `previous` at `now` (``Topic/stampingEditTimes(over:at:)``),
  /// not checked again: edit times never change a verdict (the validator does not read
  /// them), so the stamped topic is as valid as this one.
  public func stampingEditTimes(over previous: Topic?, at now: Date) -> ValidTopic {
    ValidTopic(checked: topic.stampingEditTimes(over: previous, at: now), defaultName: defaultName)
  }

  /// This topic as a read of its ``normalizedJSON`` gives it (``Topic/normalized``), named
  /// `defaultName`: what a saved file holds, without reading the file back. Not checked
  /// again: normalising keeps every meaning the validator judges.
  public func normalized(defaultName: String?) -> ValidTopic {
    ValidTopic(checked: topic.normalized, defaultName: defaultName)
  }
}
