import QRQuiz

/// The text and JSON-lines forms of `qrquiz validate`'s report.
enum ValidationReport {
  /// `FILE: ok` or `FILE: invalid (N problems)`, then one line per problem and warning;
  /// each line made safe for the terminal by the caller.
  static func lines(file: String, document: TopicDocument) -> [String] {
    var lines: [String] = []
    let count = document.problemCount
    lines.append(document.isValid ? "\(file): ok" : "\(file): invalid (\(Plural.count(count, "problem")))")
    lines += document.problems.map { "\(file): error: \($0)" }
    if count > document.problems.count {
      lines.append("\(file): error: … and \(count - document.problems.count) more problems")
    }
    lines += document.warnings.map { "\(file): warning: \($0)" }
    return lines
  }

  /// The problems of an invalid topic on stderr, one line each as in `lines(file:document:)`.
  static func reportProblems(_ problems: [TopicProblem], count: Int, source: String) {
    Console.error("\(source): invalid (\(Plural.count(count, "problem")))")
    for problem in problems { Console.error("\(source): error: \(problem)") }
    if count > problems.count { Console.error("\(source): error: … and \(count - problems.count) more problems") }
  }

  static func json(file: String, document: TopicDocument) -> String {
    let problems = document.problems.map { entry(kind: $0.kind.rawValue, path: $0.path, message: $0.message) }
    let warnings = document.warnings.map { entry(kind: $0.kind.rawValue, path: $0.path, message: $0.message) }
    return JSONLine.object([
      ("file", .string(file)),
      ("valid", .bool(document.isValid)),
      ("name", .string(document.displayName)),
      ("problems", .array(problems)),
      ("problemCount", JSONLine.number(document.problemCount)),
      ("warnings", .array(warnings)),
    ])
  }

  static func json(file: String, error: String) -> String {
    JSONLine.object([("file", .string(file)), ("valid", .bool(false)), ("error", .string(error))])
  }

  private static func entry(kind: String, path: TopicPath, message: String) -> JSONValue {
    .object([
      ("kind", .string(kind)),
      ("path", .string(path.description)),
      ("location", path.locationWords.map(JSONValue.string) ?? .null),
      ("message", .string(message)),
    ])
  }
}

/// Compact JSON for one line of machine output; controls are escaped by the writer.
enum JSONLine {
  static func object(_ members: [(key: String, value: JSONValue)]) -> String {
    JSONValue.object(members).compactText
  }

  static func number(_ value: Int) -> JSONValue { .number(Double(value)) }
}
