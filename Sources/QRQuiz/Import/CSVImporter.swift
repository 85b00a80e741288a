/// A spreadsheet saved as CSV (RFC 4180 quoting, `,` or `;` separated, UTF-8 with or
/// without a byte-order mark) whose header row names its columns: a question, answer
/// columns, the correct answer(s) (letters, numbers or the answer's text), and optionally
/// an image URL and a set.
enum CSVImporter {
  /// What the header's columns hold.
  struct Columns {
    var question: Int
    var answers: [Int]
    var correct: Int?
    var image: Int?
    var set: Int?
  }

  static func parse(_ text: String) throws(TopicImporter.Error) -> ImportedQuestions {
    let separator = separator(of: text)
    let records = try CSVReader.records(text, separator: separator)
    guard let header = records.first else { throw .noQuestions }
    let columns = try self.columns(header.fields)
    var sets: [ImportedSet] = []
    var issues: [ImportIssue] = []
    for record in records.dropFirst() {
      if record.fields.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { continue }
      guard record.fields.count == header.fields.count else {
        throw .syntax(line: record.line, .raggedRow(expected: header.fields.count, found: record.fields.count))
      }
      let cell = { (index: Int) in record.fields[index].trimmingCharacters(in: .whitespacesAndNewlines) }
      let answers = columns.answers.map(cell).filter { !$0.isEmpty }
      let setName = columns.set.map(cell).flatMap { $0.isEmpty ? nil : $0 }
      var correct: Set<Int> = []
      if let column = columns.correct {
        guard let found = correctAnswers(cell(column), answers: answers) else {
          issues.append(ImportIssue(line: record.line, reason: .unknownCorrectAnswer(cell(column))))
          continue
        }
        correct = found
      }
      let image = columns.image.map(cell).flatMap { $0.isEmpty ? nil : $0 }
      let question = QuestionDraft(
        text: cell(columns.question), answers: answers, correct: correct, imageURL: image, line: record.line)
      if let index = sets.firstIndex(where: { $0.name == setName }) {
        sets[index].questions.append(question)
      } else {
        sets.append(ImportedSet(name: setName, questions: [question]))
      }
    }
    return ImportedQuestions(sets: sets, issues: issues)
  }

  /// `;` when the header has more semicolons than commas (spreadsheets in locales whose
  /// decimal point is a comma), else `,`.
  static func separator(of text: String) -> Character {
    let header = text.prefix { $0 != "\n" }
    return header.filter { $0 == ";" }.count > header.filter { $0 == "," }.count ? ";" : ","
  }

  static func columns(_ header: [String]) throws(TopicImporter.Error) -> Columns {
    func key(_ name: String) -> String {
      name.lowercased().filter { $0.isLetter || $0.isNumber }
    }
    let keys = header.map(key)
    guard let question = keys.firstIndex(where: { ["question", "questiontext", "prompt", "q"].contains($0) }) else {
      throw .syntax(line: 1, .noQuestionColumn)
    }
    let answers = keys.indices.filter { index in
      let name = keys[index]
      for prefix in ["answer", "option", "choice"] where name.hasPrefix(prefix) {
        let rest = name.dropFirst(prefix.count)
        return !rest.isEmpty && (rest.allSatisfy(\.isNumber) || (rest.count == 1 && rest.allSatisfy(\.isLetter)))
      }
      return ["a", "b", "c", "d", "e", "f", "g", "h"].contains(name)
    }
    guard !answers.isEmpty else { throw .syntax(line: 1, .noAnswerColumns) }
    let correct = keys.firstIndex {
      ["correct", "correctanswer", "correctanswers", "right", "rightanswer", "key", "solution"].contains($0)
    }
    let image = keys.firstIndex { ["image", "imageurl", "picture", "img"].contains($0) }
    let set = keys.firstIndex { ["set", "category", "section", "group"].contains($0) }
    return Columns(question: question, answers: answers, correct: correct, image: image, set: set)
  }

  /// `B`, `2`, `Paris`, or several separated by `,`, `;` or `|` (`A;C`); `nil` when one
  /// of them names no answer.
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

/// RFC 4180 records: fields separated by `separator`, quoted with `"` (doubled inside),
/// a quoted field may hold separators and line breaks; each record with its first line.
enum CSVReader {
  struct Record {
    var fields: [String]
    var line: Int
  }

  static func records(_ text: String, separator: Character) throws(TopicImporter.Error) -> [Record] {
    var records: [Record] = []
    var fields: [String] = []
    var field = ""
    var inQuotes = false
    var line = 1
    var recordLine = 1
    var quoteLine = 1
    var characters = text.makeIterator()
    var pending: Character? = characters.next()
    while let character = pending {
      pending = characters.next()
      if inQuotes {
        if character == "\"" {
          if pending == "\"" {
            field.append("\"")
            pending = characters.next()
          } else {
            inQuotes = false
          }
        } else {
          if character == "\n" || character == "\r\n" { line += 1 }
          field.append(character)
        }
        continue
      }
      switch character {
      case "\"" where field.isEmpty:
        inQuotes = true
        quoteLine = line
      case separator:
        fields.append(field)
        field = ""
      case "\n", "\r\n", "\r":
        fields.append(field)
        records.append(Record(fields: fields, line: recordLine))
        fields = []
        field = ""
        line += 1
        recordLine = line
      default:
        field.append(character)
      }
    }
    if inQuotes { throw .syntax(line: quoteLine, .unclosedQuote) }
    if !field.isEmpty || !fields.isEmpty {
      fields.append(field)
      records.append(Record(fields: fields, line: recordLine))
    }
    return records
  }
}
