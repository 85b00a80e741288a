import QRQuiz

/// The text and JSON-lines forms of `qrquiz validate`'s report.
enum ValidationReport {
  /// `FILE: ok` or `FILE: invalid (N problems)`, then one line per problem, warning and
  /// note; each line made safe for the terminal by the caller.
  static func lines(file: String, document: TopicDocument) -> [String] {
    var lines =
      document.isValid
      ? ["\(file): ok"] : problemLines(document.problems, count: document.problemCount, source: file)
    lines += document.warnings.map { warningLine(file: file, $0) }
    lines += notes(document).map { "\(file): note: \($0)" }
    return lines
  }

  /// The warnings about pictures the app will not load (an http address, or none at all),
  /// each in the words of `qrquiz validate`'s line: what encode and sheet say of a topic
  /// they make codes of, as the editor says it beside the picture.
  static func pictureWarnings(file: String, topic: ValidTopic) -> [String] {
    TopicLinter.warnings(in: topic.topic).filter { $0.kind == .imageURL }.map { warningLine(file: file, $0) }
  }

  private static func warningLine(file: String, _ warning: TopicWarning) -> String { "\(file): warning: \(warning)" }

  /// What the app allows but may not be meant (``TopicNote``), for a topic that reads.
  private static func notes(_ document: TopicDocument) -> [TopicNote] {
    document.topic.map(TopicNote.notes(in:)) ?? []
  }

  /// The problems of an invalid topic on stderr, one line each as in `lines(file:document:)`.
  static func reportProblems(_ problems: [TopicProblem], count: Int, source: String) {
    for line in problemLines(problems, count: count, source: source) { Console.error(line) }
  }

  /// `SOURCE: invalid (N problems)`, a line per problem kept, and how many more there are.
  private static func problemLines(_ problems: [TopicProblem], count: Int, source: String) -> [String] {
    var lines = ["\(source): invalid (\(Plural.count(count, "problem")))"]
    lines += problems.map { "\(source): error: \($0)" }
    if count > problems.count { lines.append("\(source): error: … and \(count - problems.count) more problems") }
    return lines
  }

  static func json(file: String, document: TopicDocument) -> String {
    JSONLine.object([
      ("file", .string(file)),
      ("valid", .bool(document.isValid)),
      ("name", .string(document.displayName)),
      ("problems", .array(document.problems.map(\.jsonValue))),
      ("problemCount", JSONLine.number(document.problemCount)),
      ("warnings", .array(document.warnings.map(\.jsonValue))),
      ("notes", .array(notes(document).map(\.jsonValue))),
    ])
  }

  static func json(file: String, error: String) -> String {
    JSONLine.object([("file", .string(file)), ("valid", .bool(false)), ("error", .string(error))])
  }
}

/// Compact JSON for one line of machine output; controls are escaped by the writer.
enum JSONLine {
  static func object(_ members: [(key: String, value: JSONValue)]) -> String {
    JSONValue.object(members).compactText
  }

  static func number(_ value: Int) -> JSONValue { .number(Double(value)) }
}
