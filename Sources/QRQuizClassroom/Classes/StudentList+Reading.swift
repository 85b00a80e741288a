import QRQuiz

extension StudentList {
  /// Header cells of a column of whole names, as `CSVReader.headerKey(_:)` folds them.
  static let nameKeys: Set<String> = [
    "name", "names", "student", "students", "studentname", "fullname", "pupil", "pupilname", "displayname",
    "learner", "nombre", "nombrecompleto", "alumno", "alumna", "estudiante",
  ]
  /// Header cells of a column of first names.
  static let firstNameKeys: Set<String> = [
    "firstname", "givenname", "forename", "first", "nombre", "nombres", "legalfirstname", "legalname",
  ]
  /// Header cells of a column of the first names students go by (school systems' "Preferred
  /// First Name"), taken before the legal one when a row has one.
  static let preferredNameKeys: Set<String> = ["preferredfirstname", "preferredname", "nombrepreferido"]
  /// Header cells of a column of last names.
  static let lastNameKeys: Set<String> = ["lastname", "surname", "familyname", "last", "apellido", "apellidos"]

  /// Where a spreadsheet's names are.
  enum NameColumns {
    case whole(Int)
    /// First and last names; `preferred`, when the sheet has it, is taken before `first`.
    case firstAndLast(first: Int, preferred: Int?, last: Int)

    /// The columns of a header row, first and last names before whole names (a Spanish
    /// sheet's "Nombre" is the first name when "Apellidos" is beside it).
    init?(header: [String]) {
      let keys = header.map(CSVReader.headerKey)
      let preferred = keys.firstIndex(where: StudentList.preferredNameKeys.contains)
      if let first = keys.firstIndex(where: StudentList.firstNameKeys.contains) ?? preferred,
        let last = keys.firstIndex(where: StudentList.lastNameKeys.contains)
      {
        self = .firstAndLast(first: first, preferred: preferred == first ? nil : preferred, last: last)
      } else if let whole = keys.firstIndex(where: StudentList.nameKeys.contains) {
        self = .whole(whole)
      } else {
        return nil
      }
    }

    /// The name in a row: the cell, or first and last joined; empty when the row has none.
    func name(in fields: [String]) -> String {
      func cell(_ index: Int) -> String {
        fields.indices.contains(index) ? fields[index].trimmingCharacters(in: .whitespacesAndNewlines) : ""
      }
      switch self {
      case .whole(let index): return cell(index)
      case .firstAndLast(let first, let preferred, let last):
        let given = preferred.map(cell).flatMap { $0.isEmpty ? nil : $0 } ?? cell(first)
        return [given, cell(last)].filter { !$0.isEmpty }.joined(separator: " ")
      }
    }

    /// "'Name'", "'First name' + 'Last name'".
    func description(header: [String]) -> String {
      let quoted = { (index: Int) in "'\(header[index].trimmingCharacters(in: .whitespaces))'" }
      switch self {
      case .whole(let index): return quoted(index)
      case .firstAndLast(let first, let preferred, let last):
        return (preferred.map { quoted($0) + " (else " + quoted(first) + ")" } ?? quoted(first)) + " + " + quoted(last)
      }
    }
  }

  /// The names of a spreadsheet whose first row names its columns; `nil` when the text is
  /// one name a line.
  ///
  /// - Throws: ``Error/noNameColumn(columns:)`` for a spreadsheet without names (every row
  ///   of the same two or more cells, none of the header's a name column), rather than
  ///   take its rows for names; ``Error/unclosedQuote(line:)``.
  static func spreadsheet(_ text: String) throws(Error) -> (entries: [Entry], columns: String?)? {
    let first = firstLine(of: text)
    let separator = separator(of: first.trimmingCharacters(in: .whitespacesAndNewlines))
    guard let header = try records(first, separator: separator).first?.fields else { return nil }
    guard let columns = NameColumns(header: header) else {
      guard header.count >= 2, let rows = try? records(text, separator: separator),
        rows.allSatisfy({ $0.fields.count == header.count })
      else { return nil }
      throw .noNameColumn(columns: header.count)
    }
    var entries: [Entry] = []
    for record in try records(text, separator: separator).dropFirst() {
      let name = columns.name(in: record.fields)
      if !name.isEmpty { entries.append(Entry(name: name, line: record.line)) }
    }
    return (entries, columns.description(header: header))
  }

  /// A tab when the header row has more tabs than commas and semicolons (a sheet copied
  /// and pasted into a text file), else as the topic importer decides (`,` or `;`).
  static func separator(of header: String) -> Character {
    let tabs = header.filter { $0 == "\t" }.count
    return tabs > 0 && tabs >= header.filter({ $0 == "," || $0 == ";" }).count
      ? "\t" : CSVReader.separator(of: header)
  }

  /// One name a line, trimmed; blank lines skipped.
  static func lines(_ text: String) -> [Entry] {
    var entries: [Entry] = []
    for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
      let name = line.trimmingCharacters(in: .whitespaces)
      if !name.isEmpty { entries.append(Entry(name: name, line: index + 1)) }
    }
    return entries
  }

  /// The records of CSV text that are not blank.
  private static func records(_ text: String, separator: Character) throws(Error) -> [CSVReader.Record] {
    do {
      return try CSVReader.records(text, separator: separator).filter { record in
        !record.fields.allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty }
      }
    } catch {
      throw .unclosedQuote(line: error.line)
    }
  }

  /// The first line that is not blank, with the line breaks before it (so records keep
  /// the file's line numbers).
  private static func firstLine(of text: String) -> String {
    let start = text.firstIndex { !$0.isWhitespace } ?? text.endIndex
    let end = text[start...].firstIndex(where: \.isNewline) ?? text.endIndex
    return String(text[..<end])
  }
}
