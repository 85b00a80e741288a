import QRQuiz

extension TopicImporter {
  /// Why nothing was imported.
  public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// Over `TopicDocument/maximumSize`.
    case tooLarge(size: Int, limit: Int)
    /// The topic made from the file would be larger than a topic may be: `bytes` of JSON
    /// (at least) after `questions` questions.
    case topicTooLarge(questions: Int, bytes: Int, limit: Int)
    /// A spreadsheet program's own file that is not read (xls, ods), not text.
    case spreadsheet(kind: String)
    /// An Excel workbook (.xlsx) that cannot be read.
    case workbook(SpreadsheetProblem)
    /// A zip archive that cannot be read, or is neither a workbook nor a QTI package.
    case archive(ZipProblem)
    /// A zip archive that is neither an Excel workbook nor a QTI content package.
    case unknownArchive
    /// An Anki package (.apkg) that cannot be read.
    case anki(AnkiProblem)
    /// A file of a QTI package breaks its format at this line.
    case inPackage(path: String, line: Int?, SyntaxProblem)
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
    /// The file embeds more pictures than one import takes.
    case tooManyPictures(limit: Int)
    /// The file's pictures declare more pixels in all than one import decodes.
    case picturesTooLarge(pixels: Int, limit: Int)
    /// Too few different definitions among a Quizlet set's cards (or answers among an Anki
    /// deck's notes) for the answers asked.
    case tooFewCards(definitions: Int, answers: Int)

    public var description: String {
      switch self {
      case .tooLarge(let size, let limit): "\(size) bytes is over the \(limit)-byte limit"
      case .topicTooLarge(let questions, let bytes, let limit):
        "the topic would be over \(bytes) bytes after \(Plural.count(questions, "question")), more than the "
          + "\(limit) bytes a topic may be; import fewer questions at a time (split the file)"
      case .spreadsheet(let kind):
        "this is a spreadsheet file (\(kind)), not text: save it as CSV (UTF-8) in the spreadsheet program, "
          + "then import that"
      case .workbook(let problem): "\(problem)"
      case .archive(let problem): "\(problem)"
      case .anki(let problem): "\(problem)"
      case .inPackage(let path, let line, let problem): path + (line.map { " line \($0)" } ?? "") + ": \(problem)"
      case .unknownArchive:
        "a zip archive that is neither an Excel workbook (xl/workbook.xml), a QTI content package (imsmanifest.xml) "
          + "nor an Anki package (collection.anki2)"
      case .notText(let line): "line \(line): not UTF-8 text (a binary file, or another encoding)"
      case .unknownFormat:
        "cannot tell the format; say it with --from "
          + ImportFormat.allCases.map(\.rawValue).joined(separator: "|")
      case .syntax(let line, let problem): (line.map { "line \($0): " } ?? "") + problem.description
      case .invalidQuestions(let issues):
        "\(Plural.count(issues.count, "question")) cannot be imported; first, "
          + (issues.first?.description ?? "")
      case .noQuestions: "no questions found"
      case .tooManyPictures(let limit):
        "the file embeds more than \(limit) pictures; import fewer questions at a time (split the file)"
      case .tooFewCards(let definitions, let answers):
        "\(answers) answers a question need \(answers) different definitions; the cards have \(definitions)"
      case .picturesTooLarge(let pixels, let limit):
        "the file's pictures hold \(pixels / 1_000_000) MP or more, over the \(limit / 1_000_000) MP one import "
          + "decodes; import fewer questions at a time (split the file)"
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
    /// A Google Forms responses export: a row per person's answers, with no answer
    /// choices or answer key in it.
    case formResponses
    /// Not XML this program reads (Moodle XML is).
    case xml(XMLProblem)
    /// XML, but not Moodle's: another root element than `<quiz>`.
    case notMoodleXML(root: String)
    /// XML, but not a QTI item: another root element than `assessmentItem`.
    case notQTIItem(root: String)
    /// A QTI package's manifest that lists no item.
    case noQTIItems
    /// A file a QTI package's manifest lists is not in the package.
    case missingFile
    /// A file of a QTI package is not UTF-8.
    case notUTF8
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
      case .formResponses:
        "this is a Google Forms responses export (a row of answers per person): it holds no answer choices and "
          + "no answer key to import; make a sheet with Question, Answer 1, Answer 2 … and Correct columns"
      case .xml(let problem): problem.description
      case .notMoodleXML(let root): "not Moodle XML: the root element is <\(root)>, not <quiz>"
      case .notQTIItem(let root):
        "not a QTI item: the root element is <\(root)>, not <assessmentItem> or <qti-assessment-item>"
      case .noQTIItems: "the package's imsmanifest.xml lists no QTI item"
      case .missingFile: "not in the package"
      case .notUTF8: "not UTF-8 text"
      case .notJSON(let error): "not JSON: \(error)"
      case .notOpenTrivia: "not an Open Trivia DB response (no results)"
      case .openTriviaResponse(let code):
        "Open Trivia DB answered response_code \(code) ("
          + ([1: "no results", 2: "invalid parameter", 3: "token not found", 4: "token empty", 5: "rate limit"][code]
            ?? "an error") + ")"
      }
    }
  }
}
