import QRQuiz

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
  /// Moodle XML, as Moodle's question bank exports it.
  case moodleXML = "moodle-xml"
  /// Quizlet's export: a term and its definition a line, separated by a tab.
  case quizlet

  /// The format told from a file name's extension, else from the text itself; `nil` when
  /// neither says.
  public static func detect(fileName: String?, text: String) -> ImportFormat? {
    switch fileName.map({ ($0 as String).split(separator: ".").last.map { $0.lowercased() } ?? "" }) {
    case "gift": return .gift
    case "aiken": return .aiken
    case "csv", "tsv": return .csv
    case "xml": return .moodleXML
    default: break
    }
    let trimmed = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
    if trimmed.first == "{", text.contains("\"response_code\"") || text.contains("\"results\"") { return .opentdb }
    if trimmed.hasPrefix("<?xml") || trimmed.hasPrefix("<quiz") { return .moodleXML }
    let lines = text.split(whereSeparator: \.isNewline)
    // Two columns a line, tab between: Quizlet's export (a spreadsheet needs more columns).
    if !lines.isEmpty, lines.allSatisfy({ line in line.filter { $0 == "\t" }.count == 1 }) { return .quizlet }
    if lines.contains(where: { $0.trimmingCharacters(in: .whitespaces).uppercased().hasPrefix("ANSWER:") }) {
      return .aiken
    }
    if text.contains("{"), text.contains("}"),
      text.contains("=") || text.contains("~") || text.contains("::") || text.contains("$CATEGORY")
    {
      return .gift
    }
    if let first = lines.first, first.contains(",") || first.contains(";") || first.contains("\t") { return .csv }
    return nil
  }
}
