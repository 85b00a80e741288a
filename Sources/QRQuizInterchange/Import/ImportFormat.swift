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
  /// An Excel workbook (.xlsx, Kahoot!'s and Quizizz's templates as downloaded): its first
  /// sheet, read as the same sheet saved as CSV is.
  case xlsx
  /// QTI 2.1, 2.2 or 3.0: an item (`assessmentItem`, `qti-assessment-item`) or a content
  /// package (a zip with `imsmanifest.xml`); choice interactions.
  case qti
  /// An Anki deck (.apkg): a note's first field the question, its second the answer.
  case anki

  /// The format told from a file name's extension, else from the text itself; `nil` when
  /// neither says.
  public static func detect(fileName: String?, text: String) -> ImportFormat? {
    switch fileName.map({ ($0 as String).split(separator: ".").last.map { $0.lowercased() } ?? "" }) {
    case "gift": return .gift
    case "aiken": return .aiken
    case "csv", "tsv": return .csv
    case "xlsx": return .xlsx
    case "apkg": return .anki
    case "xml": return isQTI(text) ? .qti : .moodleXML
    default: break
    }
    if isQTI(text) { return .qti }
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

  /// A QTI item or manifest: its root element is one of QTI's, in the first kilobytes.
  static func isQTI(_ text: String) -> Bool {
    let start = text.prefix(4096)
    return start.contains("<assessmentItem") || start.contains("<qti-assessment-item")
      || (start.contains("<manifest") && start.contains("imsqti"))
  }
}
