import Foundation

/// Turns the files teachers already have (GIFT, Aiken, CSV, Open Trivia DB) into a topic
/// the Questions app accepts, or says exactly which questions cannot be, by line.
///
/// ```swift
/// let bytes = Array("What is 2+2? {=4 ~3 ~5}".utf8)
/// let imported = try TopicImporter.importTopic(bytes, fileName: "maths.gift")
/// print(imported.summary)  // 1 question in 1 set imported, 0 skipped
/// ```
public enum TopicImporter {
  /// How to import.
  public struct Options: Sendable, Hashable {
    /// The topic's name; by default the category or file name.
    public var name: String?
    /// Import the questions that can be, and skip (and report) the rest.
    public var skipInvalid = false
    /// What to do with a set whose questions have different numbers of answers (the app
    /// requires the same number throughout a set): split it, by default.
    public var answerCounts = AnswerCounts.split
    /// Seed for the random places of Open Trivia DB's correct answers and of numeric
    /// distractors: the same seed imports the same topic.
    public var seed: UInt64 = 0

    /// Default options.
    public init(name: String? = nil, skipInvalid: Bool = false, answerCounts: AnswerCounts = .split, seed: UInt64 = 0) {
      self.name = name
      self.skipInvalid = skipInvalid
      self.answerCounts = answerCounts
      self.seed = seed
    }
  }

  /// The app's rule that every question of a set has as many answers as its first.
  public enum AnswerCounts: String, Sendable, Hashable, CaseIterable {
    /// Report the questions that differ (and skip them with `skipInvalid`).
    case report
    /// Give shorter questions wrong answers up to the set's most, worded as answers a
    /// student can rule out ("None of these", "All of these"), so the set stays one.
    case pad
    /// Split the set into one set per number of answers (the default: every question keeps
    /// its own answers, and a true/false question stays true or false).
    case split
  }

  /// What was imported.
  public struct Result: Sendable {
    /// The topic.
    public var topic: ValidTopic
    /// The questions that were skipped, and why.
    public var skipped: [ImportIssue]
    /// What the importer chose or found that the person importing should know: which CSV
    /// columns were read as what, which sets were split by their answer counts, and why.
    public var notes: [String] = []

    /// `12 questions in 2 sets imported, 1 skipped`.
    public var summary: String {
      let questions = topic.topic.questions.count
      let sets = topic.topic.sets.count
      return "\(Plural.count(questions, "question")) in \(Plural.count(sets, "set")) imported, "
        + "\(skipped.count) skipped"
    }
  }

  /// Why nothing was imported.
  public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// Over ``TopicDocument/maximumSize``.
    case tooLarge(size: Int, limit: Int)
    /// The topic made from the file would be larger than a topic may be: `bytes` of JSON
    /// (at least) after `questions` questions.
    case topicTooLarge(questions: Int, bytes: Int, limit: Int)
    /// A spreadsheet program's own file (xlsx, xls, ods), not text.
    case spreadsheet(kind: String)
    /// Not UTF-8 text (a binary file, or another encoding): the first bad byte's line.
    case notText(line: Int)
    /// The format is not given and cannot be told.
    case unknownFormat
    /// The file breaks its format at this line.
    case syntax(line: Int?, SyntaxProblem)
    /// Some questions cannot become app questions (and `skipInvalid` is off).
    case invalidQuestions([ImportIssue])
    /// No question could be imported.
    case noQuestions

    public var description: String {
      switch self {
      case .tooLarge(let size, let limit): "\(size) bytes is over the \(limit)-byte limit"
      case .topicTooLarge(let questions, let bytes, let limit):
        "the topic would be over \(bytes) bytes after \(Plural.count(questions, "question")), more than the "
          + "\(limit) bytes a topic may be; import fewer questions at a time (split the file)"
      case .spreadsheet(let kind):
        "this is a spreadsheet file (\(kind)), not text: save it as CSV (UTF-8) in the spreadsheet program, "
          + "then import that"
      case .notText(let line): "line \(line): not UTF-8 text (a binary file, or another encoding)"
      case .unknownFormat: "cannot tell the format; say it with --from gift|aiken|csv|opentdb"
      case .syntax(let line, let problem): (line.map { "line \($0): " } ?? "") + problem.description
      case .invalidQuestions(let issues):
        "\(Plural.count(issues.count, "question")) cannot be imported; first, "
          + (issues.first?.description ?? "")
      case .noQuestions: "no questions found"
      }
    }
  }

  /// A place where a file breaks its format.
  public enum SyntaxProblem: Sendable, Hashable, CustomStringConvertible {
    /// A GIFT answer block `{` that is never closed.
    case unclosedBrace
    /// A CSV quoted field that never ends.
    case unclosedQuote
    /// A CSV header without a question column.
    case noQuestionColumn
    /// A CSV header without answer columns.
    case noAnswerColumns
    /// A CSV header without a column saying which answers are right; the column that
    /// probably does, when one looks like it.
    case noCorrectColumn(likely: String?)
    /// Not JSON (an Open Trivia DB response is).
    case notJSON(JSONSyntaxError)
    /// JSON, but not an Open Trivia DB response.
    case notOpenTrivia
    /// An Open Trivia DB response code other than 0 (success).
    case openTriviaResponse(Int)

    public var description: String {
      switch self {
      case .unclosedBrace: "an answer block '{' is never closed"
      case .unclosedQuote: "a quoted field never ends"
      case .noQuestionColumn: "the header names no question column (question, prompt)"
      case .noAnswerColumns: "the header names no answer columns (answer 1, option A, …)"
      case .noCorrectColumn(let likely):
        "no column says which answers are right (Correct, Correct answer, Key)"
          + (likely.map { "; is '\($0)' the right answer? call it 'Correct'" } ?? "")
      case .notJSON(let error): "not JSON: \(error)"
      case .notOpenTrivia: "not an Open Trivia DB response (no results)"
      case .openTriviaResponse(let code):
        "Open Trivia DB answered response_code \(code) ("
          + ([1: "no results", 2: "invalid parameter", 3: "token not found", 4: "token empty", 5: "rate limit"][code]
            ?? "an error") + ")"
      }
    }
  }

  /// Imports `bytes` in `format` (told from `fileName` or the text when `nil`).
  ///
  /// - Throws: ``Error``.
  public static func importTopic(
    _ bytes: [UInt8], format: ImportFormat? = nil, fileName: String? = nil, options: Options = Options()
  ) throws(Error) -> Result {
    guard bytes.count <= TopicDocument.maximumSize else {
      throw .tooLarge(size: bytes.count, limit: TopicDocument.maximumSize)
    }
    if let kind = spreadsheetKind(bytes) { throw .spreadsheet(kind: kind) }
    guard let text = String(validating: bytes, as: UTF8.self), !bytes.contains(0) else {
      throw .notText(line: firstBadLine(bytes))
    }
    let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    guard let format = format ?? ImportFormat.detect(fileName: fileName, text: body) else { throw .unknownFormat }
    var random = SeededRandom(seed: options.seed)
    let imported: ImportedQuestions
    switch format {
    case .gift:
      var parser = GIFTParser(body, random: random)
      imported = try parser.parse()
    case .aiken: imported = try AikenParser.parse(body)
    case .csv: imported = try CSVImporter.parse(body)
    case .opentdb: imported = try OpenTriviaImporter.parse(body, random: &random)
    }
    let defaultName = options.name ?? fileName.map(TopicDocument.defaultName(forSource:))
    return try shape(imported, name: defaultName, options: options)
  }

  /// Checks every question, applies the answer-count rule, and builds the topic.
  static func shape(_ imported: ImportedQuestions, name: String?, options: Options) throws(Error) -> Result {
    var issues = imported.issues
    var notes = imported.notes
    var sets: [ImportedSet] = []
    for set in imported.nonEmptySets {
      var good: [QuestionDraft] = []
      for question in set.questions {
        if let problem = question.problems.first {
          issues.append(ImportIssue(line: question.line, reason: .problem(problem)))
        } else {
          good.append(question)
        }
      }
      sets += shapeAnswerCounts(
        ImportedSet(name: set.name, questions: good), number: sets.count + 1,
        rule: options.answerCounts, issues: &issues, notes: &notes)
    }
    sets.removeAll { $0.questions.isEmpty }
    issues.sort { ($0.line ?? 0) < ($1.line ?? 0) }
    if !issues.isEmpty, !options.skipInvalid { throw .invalidQuestions(issues) }
    guard !sets.isEmpty else { throw .noQuestions }
    let names = sets.map { $0.name ?? "" }
    var draft = TopicDraft(name: name, sets: sets.map(\.questions))
    if names.contains(where: { !$0.isEmpty }) {
      draft.options.setNames = names.enumerated().map { $0.element.isEmpty ? "Set \($0.offset + 1)" : $0.element }
    }
    let topic: ValidTopic
    do {
      topic = try draft.topic()
    } catch {
      // Every question was checked above.
      preconditionFailure("an imported draft was not valid: \(error)")
    }
    // The estimate while reading is a lower bound (escapes are longer): the exact size, so
    // nothing is written that validate would refuse.
    let bytes = topic.normalizedJSON.utf8.count
    if bytes > TopicDocument.maximumSize {
      throw .topicTooLarge(questions: topic.topic.questions.count, bytes: bytes, limit: TopicDocument.maximumSize)
    }
    return Result(topic: topic, skipped: issues, notes: notes)
  }

  /// Wrong answers for padding, worded so a student can rule them out: each question
  /// padded has a right and a wrong answer already, so neither is ever true.
  static let paddingAnswers = ["None of these", "All of these"]

  private static func shapeAnswerCounts(
    _ set: ImportedSet, number: Int, rule: AnswerCounts, issues: inout [ImportIssue], notes: inout [String]
  ) -> [ImportedSet] {
    guard let first = set.questions.first else { return [set] }
    let counts = Set(set.questions.map(\.answers.count))
    guard counts.count > 1 else { return [set] }
    let setName = set.name ?? "Set \(number)"
    let countList = counts.sorted().map(String.init).joined(separator: ", ")
    switch rule {
    case .report:
      var kept = ImportedSet(name: set.name, questions: [])
      for question in set.questions {
        if question.answers.count == first.answers.count {
          kept.questions.append(question)
        } else {
          let problem = DraftProblem.answerCountDiffers(
            set: number, expected: first.answers.count, found: question.answers.count)
          issues.append(ImportIssue(line: question.line, reason: .problem(problem)))
        }
      }
      return [kept]
    case .pad:
      let most = counts.max()!
      notes.append(
        "\(setName) mixes questions of \(countList) answers: padded to \(most) with answers no one picks "
          + "(\(paddingAnswers.joined(separator: ", "))), as the app needs one answer count per set")
      var padded = set
      for index in padded.questions.indices {
        var answers = padded.questions[index].answers
        var fillers = paddingAnswers.makeIterator()
        var number = answers.count + 1
        while answers.count < most {
          let candidate = fillers.next() ?? "(no answer \(number))"
          if !answers.contains(candidate) { answers.append(candidate) }
          number += 1
        }
        padded.questions[index].answers = answers
      }
      return [padded]
    case .split:
      notes.append(
        "\(setName) mixes questions of \(countList) answers: split into a set per answer count, as the app needs "
          + "one answer count per set (--pad keeps one set)")
      return counts.sorted().map { count in
        ImportedSet(
          name: "\(setName) (\(count) answers)", questions: set.questions.filter { $0.answers.count == count })
      }
    }
  }

  /// The kind of a spreadsheet program's own file, by its first bytes: xlsx and ods are
  /// zip files, xls an OLE compound file.
  private static func spreadsheetKind(_ bytes: [UInt8]) -> String? {
    if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return "xlsx or ods" }
    if bytes.starts(with: [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) { return "xls" }
    return nil
  }

  private static func firstBadLine(_ bytes: [UInt8]) -> Int {
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    var line = 1
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        if scalar == "\0" { return line }
        if scalar == "\n" { line += 1 }
      case .emptyInput: return line
      case .error: return line
      }
    }
  }
}
