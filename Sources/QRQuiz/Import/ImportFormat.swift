/// The formats teachers' questions come in.
public enum ImportFormat: String, Sendable, Hashable, CaseIterable {
  /// Moodle's GIFT.
  case gift
  /// Aiken (Moodle's simple multiple-choice format).
  case aiken
  /// A spreadsheet saved as CSV, with a header row naming its columns.
  case csv
  /// An Open Trivia DB API response (opentdb.com).
  case opentdb

  /// The format told from a file name's extension, else from the text itself; `nil` when
  /// neither says.
  public static func detect(fileName: String?, text: String) -> ImportFormat? {
    switch fileName.map({ ($0 as String).split(separator: ".").last.map { $0.lowercased() } ?? "" }) {
    case "gift": return .gift
    case "aiken": return .aiken
    case "csv", "tsv": return .csv
    default: break
    }
    let trimmed = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
    if trimmed.first == "{", text.contains("\"response_code\"") || text.contains("\"results\"") { return .opentdb }
    let lines = text.split(whereSeparator: \.isNewline)
    if lines.contains(where: { $0.trimmingCharacters(in: .whitespaces).uppercased().hasPrefix("ANSWER:") }) {
      return .aiken
    }
    if text.contains("{"), text.contains("}"),
      text.contains("=") || text.contains("~") || text.contains("::") || text.contains("$CATEGORY")
    {
      return .gift
    }
    if let first = lines.first, first.contains(",") || first.contains(";") { return .csv }
    return nil
  }
}

/// A question (or a line) of an imported file that could not become a question the app
/// accepts, and why.
public struct ImportIssue: Sendable, Hashable, CustomStringConvertible {
  /// Why.
  public enum Reason: Sendable, Hashable, CustomStringConvertible {
    /// The question breaks a rule of the app's (no correct answer, repeated answers, …).
    case problem(DraftProblem)
    /// A kind of question the app has no form for (GIFT matching, essay, short answer, …).
    case unsupported(kind: String)
    /// Something the format needs is missing (Aiken's ANSWER line, a CSV question cell).
    case missing(String)
    /// A correct answer that names no answer (a CSV letter or text, an Aiken letter).
    case unknownCorrectAnswer(String)
    /// A CSV row with another number of fields than the header; the other separator when
    /// the row is written with it.
    case raggedRow(expected: Int, found: Int, otherSeparator: Character?)

    public var description: String {
      switch self {
      case .problem(let problem): problem.description
      case .unsupported(let kind): "\(kind) questions have no form in the Questions app"
      case .missing(let what): "no \(what)"
      case .unknownCorrectAnswer(let text): "the correct answer '\(text)' is not one of the answers"
      case .raggedRow(let expected, let found, let other):
        "\(Plural.count(found, "field")) where the header has \(expected)"
          + (other.map { " (the row is separated by '\($0)')" } ?? "")
      }
    }
  }

  /// 1-based line of the question in the file; `nil` when the format has no lines.
  public var line: Int?
  /// Why it was not imported.
  public var reason: Reason

  /// Creates an issue.
  public init(line: Int?, reason: Reason) {
    self.line = line
    self.reason = reason
  }

  /// `line 12: Answer 3 repeats answer 1`.
  public var description: String { (line.map { "line \($0): " } ?? "") + reason.description }
}
