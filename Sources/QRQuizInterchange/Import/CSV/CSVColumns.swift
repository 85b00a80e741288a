import QRQuiz

/// What a CSV header's columns hold, read loosely from their names, so the templates
/// teachers fill in read as they are (Kahoot!'s "Answer 1 - max 75 characters", Quizizz's
/// "Option 1"), and which template it is, if one.
struct CSVColumns {
  var question: Int
  var answers: [Int]
  var correct: Int
  var image: Int?
  var set: Int?
  var type: Int?
  var seconds: Int?
  var explanation: Int?
  /// Columns of question numbers, ignored when telling an empty row.
  var numbering: [Int]
  /// The quiz site's template the header is, if it is one.
  var template: SpreadsheetTemplate?
  /// Every named column with what it was read as.
  var described: [SpreadsheetColumn]

  /// Reads a header row.
  ///
  /// - Throws: ``TopicImporter/Error/syntax(line:_:)`` when it names no question, answer
  ///   or correct column, or is a Google Forms responses export.
  init(header: [String], line: Int) throws(TopicImporter.Error) {
    let keys = header.map(Self.key)
    if let first = keys.first, Self.responseTimestampKeys.contains(first) {
      throw .syntax(line: line, .formResponses)
    }
    func first(_ test: (String) -> Bool) -> Int? { keys.firstIndex(where: test) }
    let numbering = keys.indices.filter { Self.numberingKeys.contains(keys[$0]) }
    guard
      let question = first({ ["questiontext", "question", "prompt", "q"].contains($0) })
        ?? first({ $0.hasPrefix("question") && !Self.questionDetailPrefixes.contains(where: $0.hasPrefix) })
    else { throw .syntax(line: line, .noQuestionColumn) }
    let answers = keys.indices.filter { Self.isAnswerColumn(keys[$0]) }
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
    self.question = question
    self.answers = answers
    self.correct = correct
    image = first { $0.hasPrefix("image") || $0.hasPrefix("picture") || $0 == "img" || $0 == "photo" }
    set = first { ["set", "category", "section", "group", "topic"].contains($0) }
    type = first { $0.hasPrefix("questiontype") || $0 == "type" }
    seconds = first {
      $0.hasPrefix("timelimit") || $0.hasPrefix("timeinseconds") || $0.hasPrefix("questiontime")
        || ["time", "seconds", "secs", "duration", "timesec", "timeseconds"].contains($0)
    }
    explanation = first {
      $0.hasPrefix("answerexplanation") || $0.hasPrefix("explanation") || ["rationale", "why"].contains($0)
    }
    template = SpreadsheetTemplate.recognize(keys)
    // Kahoot!'s numbering column has no name.
    self.numbering = numbering + (template == .kahoot && keys.first == "" ? [0] : [])
    described = []
    // A set, not the list: a header of 100,000 answer columns asks once per column.
    let answerSet = Set(answers)
    let numberingSet = Set(self.numbering)
    described = header.indices.compactMap { index in
      let name = header[index].trimmingCharacters(in: .whitespacesAndNewlines)
      let role = role(of: index, key: keys[index], answers: answerSet, numbering: numberingSet)
      if name.isEmpty { return role == .numbering ? SpreadsheetColumn(name: "column A", role: role) : nil }
      return SpreadsheetColumn(name: name, role: role)
    }
  }

  private func role(of index: Int, key: String, answers: Set<Int>, numbering: Set<Int>) -> SpreadsheetColumn.Role {
    if index == question { return .question }
    if answers.contains(index) { return .answer }
    if index == correct { return .correct }
    let roles: [(Int?, SpreadsheetColumn.Role)] = [
      (image, .image), (set, .set), (type, .type), (seconds, .seconds), (explanation, .explanation),
    ]
    if let role = roles.first(where: { $0.0 == index })?.1 { return role }
    if numbering.contains(index) { return .numbering }
    if ["points", "point", "score", "marks", "mark", "pointsvalue"].contains(key) { return .points }
    return .unused
  }

  /// A header cell as a key: lower case, letters and digits only, `#` as "number"
  /// ("Answer 1 - max 75 characters" → "answer1max75characters", "Question #" →
  /// "questionnumber").
  static func key(_ name: String) -> String { CSVReader.headerKey(name) }

  /// The names of a numbering column.
  static let numberingKeys: Set<String> = [
    "number", "no", "nr", "questionnumber", "questionno", "questionnr", "index",
  ]

  /// Columns about a question that are not its text.
  static let questionDetailPrefixes = ["questiontype", "questiontime", "questionnumber", "questionno", "questionimage"]

  /// The first header cell of a Google Forms responses export, in the languages the
  /// school may use: "Timestamp", "Marca temporal", "Horodateur", "Zeitstempel".
  static let responseTimestampKeys: Set<String> = ["timestamp", "marcatemporal", "horodateur", "zeitstempel"]

  /// `answer 1`, `Answer 1 - max 75 characters`, `option B`, `choice3`, `D`.
  static func isAnswerColumn(_ key: String) -> Bool {
    for prefix in ["answer", "option", "choice", "alternative"] where key.hasPrefix(prefix) {
      let rest = key.dropFirst(prefix.count)
      let digits = rest.prefix { $0.isNumber }
      if !digits.isEmpty { return true }
      return rest.count == 1 && rest.allSatisfy { $0.isLetter && $0.isASCII }
    }
    return ["a", "b", "c", "d", "e", "f", "g", "h"].contains(key)
  }
}
