import Foundation
import QRQuiz

/// A spreadsheet saved as CSV (RFC 4180 quoting, `,`, `;` or tab separated) whose header
/// row names its columns (``CSVColumns``): a question, answer columns, the correct
/// answer(s) (positions, letters or the answer's text, read by ``CorrectAnswerCell``), and
/// optionally an image URL, a set, a question type, seconds and an explanation.
///
/// Quiz sites' templates read as teachers download and fill them in: rows above the header
/// (Kahoot!'s title and instructions) and a row of instructions under it (Quizizz's) are
/// skipped, and so are rows with nothing but a question number (Kahoot!'s 100 numbered
/// rows); Quizizz's question types other than Multiple Choice and Checkbox are reported by
/// line. A Google Forms responses export is refused by name: it holds what people answered,
/// not the quiz.
enum CSVImporter {
  /// Rows a header may be preceded by (a template's title and instructions).
  static let rowsBeforeHeader = 20

  /// Reads `text`; `reading` says what the correct column's numbers mean when the file
  /// does not (`nil`: refuse a cell that reads two ways).
  static func parse(_ text: String, reading: CorrectAnswerReading?) throws(TopicImporter.Error)
    -> ImportedQuestions
  {
    let separator = separator(of: text)
    return try parse(reading: reading, separator: separator, place: .line) { body throws(TopicImporter.Error) in
      try CSVReader.forEachRecord(text, separator: separator, unclosedQuote: unclosedQuote, body)
    }
  }

  /// Reads the records `records` hands over, in order, as the rows of a sheet: a CSV
  /// file's (`place` lines, `separator` its separator) or a workbook's first sheet's
  /// (`place` rows, no separator), by the same rules, so both give the same topic.
  static func parse(
    reading: CorrectAnswerReading?, separator: Character?, place: ImportIssue.Place,
    records: ((CSVReader.Record) throws(TopicImporter.Error) -> Void) throws(TopicImporter.Error) -> Void
  ) throws(TopicImporter.Error) -> ImportedQuestions {
    var imported = ImportedQuestions()
    imported.place = place
    var header: (fieldCount: Int, columns: CSVColumns)?
    var rowsSeen = 0
    var questionRows = 0
    var failure: TopicImporter.Error?
    try records { record throws(TopicImporter.Error) in
      guard let found = header else {
        rowsSeen += 1
        do throws(TopicImporter.Error) {
          let columns = try CSVColumns(header: record.fields, line: record.line)
          header = (record.fields.count, columns)
          imported.notes.append(.columns(columns.described))
          if let template = columns.template { imported.notes.append(.template(template)) }
        } catch {
          if case .syntax(_, .formResponses) = error { throw error }
          // The first row that names a question column is the header; until one does,
          // rows are a template's instructions. Its refusal is kept for a file that has none.
          if failure == nil || record.fields.contains(where: { CSVColumns.key($0).hasPrefix("question") }) {
            failure = error
          }
          if rowsSeen >= rowsBeforeHeader { throw failure! }
        }
        return
      }
      if isBlank(record.fields, ignoring: found.columns.numbering) { return }
      questionRows += 1
      if questionRows == 1, isInstructions(record.fields) {
        imported.notes.append(.instructionsSkipped(line: record.line))
        return
      }
      guard record.fields.count == found.fieldCount else {
        let other: Character = separator == "," ? ";" : ","
        let written = separator != nil && record.fields.count == 1 && record.fields[0].contains(other) ? other : nil
        imported.issues.append(
          ImportIssue(
            line: record.line,
            reason: .raggedRow(expected: found.fieldCount, found: record.fields.count, otherSeparator: written),
            place: place))
        return
      }
      let template = found.columns.template
      try read(record, columns: found.columns, reading: reading ?? (template != nil ? .position : nil), into: &imported)
    }
    guard header != nil else { throw failure ?? .noQuestions }
    return imported
  }

  private static func read(
    _ record: CSVReader.Record, columns: CSVColumns, reading: CorrectAnswerReading?,
    into imported: inout ImportedQuestions
  ) throws(TopicImporter.Error) {
    let cell = { (index: Int) in record.fields[index].trimmingCharacters(in: .whitespacesAndNewlines) }
    // The row's first words name it beside its line: a teacher finds it in the sheet by them.
    let label = ImportIssue.firstWords(cell(columns.question))
    func refuse(_ reason: ImportIssue.Reason) {
      imported.issues.append(ImportIssue(line: record.line, reason: reason, place: imported.place, label: label))
    }
    // Quizizz leaves the type empty for its default, Multiple Choice.
    if let type = columns.type.map(cell), !type.isEmpty, !isChoiceType(type) { return refuse(.unsupported(kind: type)) }
    // Positions count every answer column, empty ones too: "3" is the third column's answer.
    let columnAnswers = columns.answers.map(cell)
    let correctText = cell(columns.correct)
    guard !correctText.isEmpty else { return refuse(.missing("correct answer")) }
    let positions: Set<Int>
    switch CorrectAnswerCell.read(correctText, answers: columnAnswers, reading: reading) {
    case .answers(let found): positions = found
    case .unknown: return refuse(.unknownCorrectAnswer(correctText))
    case .ambiguous(let byPosition, let byText):
      return refuse(
        .ambiguousCorrectAnswer(
          correctText, byPosition: byPosition.sorted(), byText: byText.sorted(), answers: columnAnswers))
    }
    if let empty = positions.sorted().first(where: { columnAnswers[$0].isEmpty }) {
      return refuse(.problem(.emptyAnswer(empty)))
    }
    let kept = columnAnswers.indices.filter { !columnAnswers[$0].isEmpty }
    // Each column's place among the kept answers, found in constant time.
    let keptIndex = Dictionary(uniqueKeysWithValues: kept.enumerated().map { ($1, $0) })
    var seconds: Double?
    if let text = columns.seconds.map(cell), !text.isEmpty {
      guard let value = NumericAnswer.parse(text), Topic.Question.allowedSeconds.contains(value) else {
        return refuse(.invalidSeconds(text))
      }
      seconds = value
    }
    let optional = { (index: Int?) in index.map(cell).flatMap { $0.isEmpty ? nil : $0 } }
    let question = QuestionDraft(
      text: cell(columns.question), answers: kept.map { columnAnswers[$0] },
      correct: Set(positions.compactMap { keptIndex[$0] }), imageURL: optional(columns.image),
      seconds: seconds, explanation: optional(columns.explanation), line: record.line, label: label)
    try imported.add(question, toSet: optional(columns.set))
  }

  /// Quizizz's multiple-choice types (Multiple Choice, Checkbox) and other sites' names for
  /// them; the others (Fill-in-the-Blank, Open-Ended, Poll, Draw) have no form in the app.
  private static func isChoiceType(_ type: String) -> Bool {
    ["multiplechoice", "checkbox", "mcq", "msq", "truefalse", "quiz", "multipleanswer"].contains(CSVColumns.key(type))
  }

  /// A row with nothing in it but question numbers.
  private static func isBlank(_ fields: [String], ignoring numbering: [Int]) -> Bool {
    fields.indices.allSatisfy { numbering.contains($0) || fields[$0].trimmingCharacters(in: .whitespaces).isEmpty }
  }

  /// A template's instructions under its header: cells saying "(required)", "(optional)",
  /// "(default is …)" (Quizizz's second row).
  private static func isInstructions(_ fields: [String]) -> Bool {
    fields.filter { field in
      let lower = field.lowercased()
      return lower.contains("(required") || lower.contains("(optional") || lower.contains("(default")
    }.count >= 2
  }

  /// The separator the first line uses most of `;`, tab and `,` (`,` when none wins):
  /// spreadsheets in locales whose decimal point is a comma write `;`, Excel's "Unicode
  /// text" a tab.
  static func separator(of text: String) -> Character { CSVReader.separator(of: text) }

  /// A quote opened on `line` and never closed.
  private static func unclosedQuote(line: Int) -> TopicImporter.Error { .syntax(line: line, .unclosedQuote) }
}
