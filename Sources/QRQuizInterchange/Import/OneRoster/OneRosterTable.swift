import QRQuiz

/// One CSV file of a OneRoster bulk export, its rows read by the names in its header
/// (`sourcedId`, `classSourcedId` …, any order, any other columns ignored), each row with
/// its line for messages.
struct OneRosterTable {
  /// A row: its fields, found by the header's names, and its line.
  struct Row {
    var fields: [String]
    var line: Int
    /// Each column's place, the table's.
    var columns: [String: Int]

    subscript(_ column: String) -> String {
      columns[column].map { fields[$0].trimmingCharacters(in: .whitespaces) } ?? ""
    }
  }

  let file: String
  private(set) var rows: [Row] = []

  /// Reads `bytes` as `file`, whose header must name `required`.
  ///
  /// - Throws: ``OneRosterProblem``.
  init(_ bytes: [UInt8], file: String, required: [String]) throws(OneRosterProblem) {
    self.file = file
    let text: String
    do {
      text = try ImportText.decode(bytes) { _ in false }.text
    } catch {
      throw .at(file: file, line: error.line, .notUTF8)
    }
    var header: [String]?
    var columns: [String: Int] = [:]
    var rows: [Row] = []
    let unclosed = { (line: Int) in OneRosterProblem.at(file: file, line: line, .unclosedQuote) }
    do {
      try CSVReader.forEachRecord(text, separator: ",", unclosedQuote: unclosed) {
        (record) throws(OneRosterProblem) in
        guard let names = header else {
          let names = record.fields.map { $0.trimmingCharacters(in: .whitespaces) }
          if let missing = required.first(where: { !names.contains($0) }) {
            throw .at(file: file, line: record.line, .missingColumn(missing))
          }
          header = names
          columns = Dictionary(names.enumerated().map { ($1, $0) }) { first, _ in first }
          return
        }
        if record.fields.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { return }
        guard record.fields.count == names.count else {
          throw .at(file: file, line: record.line, .fieldCount(expected: names.count, found: record.fields.count))
        }
        guard rows.count < OneRoster.maximumRows else {
          throw .at(file: file, line: record.line, .tooManyRows(limit: OneRoster.maximumRows))
        }
        rows.append(Row(fields: record.fields, line: record.line, columns: columns))
      }
    }
    guard header != nil else { throw .at(file: file, line: 1, .empty) }
    self.rows = rows
  }
}
