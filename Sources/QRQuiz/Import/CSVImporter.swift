/// A spreadsheet saved as CSV (RFC 4180 quoting, `,` or `;` separated, UTF-8 with or
/// without a byte-order mark) whose header row names its columns: a question, answer
/// columns, the correct answer(s) (letters, numbers or the answer's text), and optionally
/// an image URL, a set and a question type. Header words are matched loosely, so the
/// templates teachers already fill in read as they are: Kahoot!'s ("Question - max 120
/// characters", "Answer 1 - max 75 characters", "Correct answer(s) - choose at least
/// one", with answers like `1,3`) and Quizizz's ("Question Text", "Option 1", "Correct
/// Answer", "Image Link"). Rows above the header (a template's instructions) are skipped.
enum CSVImporter {
  /// What the header's columns hold.
  struct Columns {
    var question: Int
    var answers: [Int]
    var correct: Int
    var image: Int?
    var set: Int?
    var type: Int?
  }

  /// Rows a header may be preceded by (a template's title and instructions).
  static let rowsBeforeHeader = 20

  static func parse(_ text: String) throws(TopicImporter.Error) -> ImportedQuestions {
    let separator = separator(of: text)
    var imported = ImportedQuestions()
    var header: (fields: [String], columns: Columns)?
    var rowsSeen = 0
    var failure: TopicImporter.Error?
    try CSVReader.forEachRecord(text, separator: separator) { record throws(TopicImporter.Error) in
      guard let found = header else {
        rowsSeen += 1
        do throws(TopicImporter.Error) {
          let columns = try columns(record.fields, line: record.line)
          header = (record.fields, columns)
          imported.notes.append(description(of: columns, header: record.fields))
        } catch {
          // The first row that names a question column is the header; until one does,
          // rows are a template's instructions. Its refusal is kept for a file that has none.
          if failure == nil || record.fields.contains(where: { key($0).hasPrefix("question") }) { failure = error }
          if rowsSeen >= rowsBeforeHeader { throw failure! }
        }
        return
      }
      if record.fields.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { return }
      guard record.fields.count == found.fields.count else {
        let other: Character = separator == "," ? ";" : ","
        let written = record.fields.count == 1 && record.fields[0].contains(other) ? other : nil
        imported.issues.append(
          ImportIssue(
            line: record.line,
            reason: .raggedRow(expected: found.fields.count, found: record.fields.count, otherSeparator: written)))
        return
      }
      try read(record, columns: found.columns, into: &imported)
    }
    guard header != nil else { throw failure ?? .noQuestions }
    return imported
  }

  private static func read(
    _ record: CSVReader.Record, columns: Columns, into imported: inout ImportedQuestions
  ) throws(TopicImporter.Error) {
    let cell = { (index: Int) in record.fields[index].trimmingCharacters(in: .whitespacesAndNewlines) }
    if let type = columns.type.map(cell), !type.isEmpty, !isChoiceType(type) {
      imported.issues.append(ImportIssue(line: record.line, reason: .unsupported(kind: type)))
      return
    }
    let answers = columns.answers.map(cell).filter { !$0.isEmpty }
    guard let correct = correctAnswers(cell(columns.correct), answers: answers) else {
      imported.issues.append(ImportIssue(line: record.line, reason: .unknownCorrectAnswer(cell(columns.correct))))
      return
    }
    let image = columns.image.map(cell).flatMap { $0.isEmpty ? nil : $0 }
    let setName = columns.set.map(cell).flatMap { $0.isEmpty ? nil : $0 }
    let question = QuestionDraft(
      text: cell(columns.question), answers: answers, correct: correct, imageURL: image, line: record.line)
    try imported.add(question, toSet: setName)
  }

  /// Quizizz's multiple-choice types; the others (fill-in-the-blank, open-ended, poll,
  /// draw) have no form in the app.
  private static func isChoiceType(_ type: String) -> Bool {
    ["multiplechoice", "checkbox", "mcq", "msq", "truefalse", "quiz", "multipleanswer"].contains(key(type))
  }

  /// `;` when the header has more semicolons than commas (spreadsheets in locales whose
  /// decimal point is a comma), else `,`.
  static func separator(of text: String) -> Character {
    let header = text.prefix { $0 != "\n" }
    return header.filter { $0 == ";" }.count > header.filter { $0 == "," }.count ? ";" : ","
  }

  /// A header cell as a key: lower case, letters and digits only ("Answer 1 - max 75
  /// characters" → "answer1max75characters").
  static func key(_ name: String) -> String {
    name.lowercased().filter { $0.isLetter || $0.isNumber }
  }

  static func columns(_ header: [String], line: Int) throws(TopicImporter.Error) -> Columns {
    let keys = header.map(key)
    func first(_ test: (String) -> Bool) -> Int? { keys.firstIndex(where: test) }
    guard
      let question = first({
        ["question", "questiontext", "prompt", "q"].contains($0)
          || ($0.hasPrefix("question") && !$0.hasPrefix("questiontype") && !$0.hasPrefix("questiontime"))
      })
    else { throw .syntax(line: line, .noQuestionColumn) }
    let answers = keys.indices.filter { index in isAnswerColumn(keys[index]) }
    guard !answers.isEmpty else { throw .syntax(line: line, .noAnswerColumns) }
    guard
      let correct = first({
        $0.hasPrefix("correct")
          || ["right", "rightanswer", "rightanswers", "key", "answerkey", "solution"].contains($0)
      })
    else {
      let likely = keys.indices.first { ["answer", "answers", "rightone"].contains(keys[$0]) }
      throw .syntax(
        line: line, .noCorrectColumn(likely: likely.map { header[$0].trimmingCharacters(in: .whitespaces) }))
    }
    return Columns(
      question: question, answers: answers, correct: correct,
      image: first { $0.hasPrefix("image") || $0.hasPrefix("picture") || $0 == "img" || $0 == "photo" },
      set: first { ["set", "category", "section", "group", "topic"].contains($0) },
      type: first { $0.hasPrefix("questiontype") || $0 == "type" })
  }

  /// `answer 1`, `Answer 1 - max 75 characters`, `option B`, `choice3`, `D`.
  private static func isAnswerColumn(_ key: String) -> Bool {
    for prefix in ["answer", "option", "choice", "alternative"] where key.hasPrefix(prefix) {
      let rest = key.dropFirst(prefix.count)
      let digits = rest.prefix { $0.isNumber }
      if !digits.isEmpty { return true }
      return rest.count == 1 && rest.allSatisfy { $0.isLetter && $0.isASCII }
    }
    return ["a", "b", "c", "d", "e", "f", "g", "h"].contains(key)
  }

  /// "columns read: 'Question' → question; 'A', 'B', 'C', 'D' → answers; 'Correct' →
  /// correct answers; 'Time limit (sec)' → not used".
  private static func description(of columns: Columns, header: [String]) -> String {
    func names(_ indices: [Int]) -> String {
      indices.map { "'\(header[$0].trimmingCharacters(in: .whitespaces))'" }.joined(separator: ", ")
    }
    var parts = [
      "\(names([columns.question])) → question", "\(names(columns.answers)) → answers",
      "\(names([columns.correct])) → correct answers",
    ]
    if let image = columns.image { parts.append("\(names([image])) → image") }
    if let set = columns.set { parts.append("\(names([set])) → set") }
    if let type = columns.type { parts.append("\(names([type])) → question type") }
    let used = Set(
      [columns.question, columns.correct] + columns.answers
        + [columns.image, columns.set, columns.type].compactMap { $0 })
    let unused = header.indices.filter {
      !used.contains($0) && !header[$0].trimmingCharacters(in: .whitespaces).isEmpty
    }
    if !unused.isEmpty { parts.append("\(names(unused)) → not used (the app times whole sets, not questions)") }
    return "columns read: " + parts.joined(separator: "; ")
  }

  /// `B`, `2`, `Paris`, or several separated by `,`, `;` or `|` (`A;C`, Kahoot's `1,3`);
  /// `nil` when one of them names no answer.
  static func correctAnswers(_ text: String, answers: [String]) -> Set<Int>? {
    if let exact = answers.firstIndex(of: text) { return [exact] }
    var found: Set<Int> = []
    for token in text.split(whereSeparator: { ",;|".contains($0) }).map({ $0.trimmingCharacters(in: .whitespaces) })
    where !token.isEmpty {
      if token.count == 1, let letter = token.uppercased().first, letter.isLetter, letter.isASCII {
        found.insert(Int(letter.asciiValue! - 65))
      } else if let number = Int(token) {
        found.insert(number - 1)
      } else if let index = answers.firstIndex(where: { $0.caseInsensitiveCompare(token) == .orderedSame }) {
        found.insert(index)
      } else {
        return nil
      }
    }
    return found.allSatisfy(answers.indices.contains) ? found : nil
  }
}

/// RFC 4180 records, read one at a time from the text's bytes: fields separated by
/// `separator`, quoted with `"` (doubled inside), a quoted field may hold separators and
/// line breaks; each record with its first line. Nothing but the record at hand is held.
enum CSVReader {
  struct Record {
    var fields: [String]
    var line: Int
  }

  /// Calls `body` with each record, in order.
  static func forEachRecord(
    _ text: String, separator: Character, _ body: (Record) throws(TopicImporter.Error) -> Void
  ) throws(TopicImporter.Error) {
    let separatorByte = separator.asciiValue ?? UInt8(ascii: ",")
    let quote = UInt8(ascii: "\"")
    let newline = UInt8(ascii: "\n")
    let carriageReturn = UInt8(ascii: "\r")
    var fields: [String] = []
    var field: [UInt8] = []
    var inQuotes = false
    var line = 1
    var recordLine = 1
    var quoteLine = 1
    func endField() {
      fields.append(String(decoding: field, as: UTF8.self))
      field.removeAll(keepingCapacity: true)
    }
    var bytes = text.utf8.makeIterator()
    var pending = bytes.next()
    while let byte = pending {
      pending = bytes.next()
      if inQuotes {
        if byte == quote {
          if pending == quote {
            field.append(quote)
            pending = bytes.next()
          } else {
            inQuotes = false
          }
        } else {
          if byte == newline { line += 1 }
          field.append(byte)
        }
        continue
      }
      switch byte {
      case quote where field.isEmpty:
        inQuotes = true
        quoteLine = line
      case separatorByte:
        endField()
      case newline, carriageReturn:
        if byte == carriageReturn, pending == newline { pending = bytes.next() }
        endField()
        try body(Record(fields: fields, line: recordLine))
        fields.removeAll(keepingCapacity: true)
        line += 1
        recordLine = line
      default:
        field.append(byte)
      }
    }
    if inQuotes { throw .syntax(line: quoteLine, .unclosedQuote) }
    if !field.isEmpty || !fields.isEmpty {
      endField()
      try body(Record(fields: fields, line: recordLine))
    }
  }

  /// Every record (for small files: the image-quiz generator's pairs).
  static func records(_ text: String, separator: Character) throws(TopicImporter.Error) -> [Record] {
    var records: [Record] = []
    try forEachRecord(text, separator: separator) { records.append($0) }
    return records
  }
}
