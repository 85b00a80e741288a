import QRQuiz

/// A question (or a line) of an imported file that could not become a question the app
/// accepts, and why.
public struct ImportIssue: Sendable, Hashable, CustomStringConvertible {
  /// Why.
  public enum Reason: Sendable, Hashable, CustomStringConvertible {
    /// The question breaks a rule of the app's (no correct answer, repeated answers, …).
    case problem(DraftProblem)
    /// A kind of question the app has no form for (GIFT matching, essay, short answer, a
    /// Quizizz poll, a Moodle cloze …), by the name its file gives it.
    case unsupported(kind: String)
    /// Something the format needs is missing (Aiken's ANSWER line, a CSV question cell).
    case missing(String)
    /// A correct answer that names no answer (a CSV letter or text, an Aiken letter).
    case unknownCorrectAnswer(String)
    /// A CSV correct answer that names different answers by position (`1` the first) and
    /// by text (`1` the answer written "1"), in a file whose conventions do not say which
    /// it means: the answers each reading gives (0-based).
    case ambiguousCorrectAnswer(String, byPosition: [Int], byText: [Int], answers: [String])
    /// A question time that is not a number of seconds the topic may hold.
    case invalidSeconds(String)
    /// A CSV row with another number of fields than the header; the other separator when
    /// the row is written with it.
    case raggedRow(expected: Int, found: Int, otherSeparator: Character?)
    /// Right answers worth part of the marks only (Moodle's fractions adding up to less or
    /// more than 100%): the app gives a question full marks or none.
    case partialCredit
    /// An Anki Cloze note whose deletions cannot be read one way (`AnkiCloze`'s problem).
    case unreadableCloze(String)

    public var description: String {
      switch self {
      case .problem(let problem): problem.description
      case .unsupported(let kind): "\(kind) questions have no form in the Questions app"
      case .missing(let what): "no \(what)"
      case .unknownCorrectAnswer(let text): "the correct answer '\(text)' is not one of the answers"
      case .ambiguousCorrectAnswer(let text, let byPosition, let byText, let answers):
        "the correct answer '\(text)' is \(Self.answerList(byPosition, answers)) by position, but "
          + "\(Self.answerList(byText, answers)) by text"
      case .invalidSeconds(let text):
        "the time '\(text)' is not a number of seconds from \(Int(Topic.Question.allowedSeconds.lowerBound)) to "
          + "\(Int(Topic.Question.allowedSeconds.upperBound))"
      case .raggedRow(let expected, let found, let other):
        "\(Plural.count(found, "field")) where the header has \(expected)"
          + (other.map { " (the row is separated by '\($0)')" } ?? "")
      case .partialCredit:
        "its right answers are worth part of the marks; the app gives a question all its marks or none"
      case .unreadableCloze(let why): "\(why): left out, so no question's answer is a guess"
      }
    }

    /// `answer 1 ('2')`, `answers 2 and 4 ('3', '1')`.
    private static func answerList(_ indices: [Int], _ answers: [String]) -> String {
      guard !indices.isEmpty else { return "no answer" }
      let numbers = indices.map { String($0 + 1) }
      let texts = indices.map { answers.indices.contains($0) ? "'\(answers[$0])'" : "?" }
      let word = indices.count == 1 ? "answer" : "answers"
      let list = numbers.count > 1 ? numbers.dropLast().joined(separator: ", ") + " and " + numbers.last! : numbers[0]
      return "\(word) \(list) (\(texts.joined(separator: ", ")))"
    }
  }

  /// What a file's places are counted in: lines of text, a spreadsheet's rows, or an Anki
  /// deck's notes (in the order they were made).
  public enum Place: String, Sendable, Hashable {
    case line, row, note
  }

  /// 1-based line (or row) of the question in the file; `nil` when the format has no lines.
  public var line: Int?
  /// Why it was not imported.
  public var reason: Reason
  /// Whether ``line`` counts lines or a spreadsheet's rows.
  public var place: Place
  /// How the file names the question, quoted as it is said (`'Kappa Essay Question'`,
  /// `item 'choice' ('Unattended Luggage')`, a row's first words): a teacher finds it in
  /// Moodle's question bank or their sheet by that, not by a line.
  public var label: String?

  /// Creates an issue.
  public init(line: Int?, reason: Reason, place: Place = .line, label: String? = nil) {
    self.line = line
    self.reason = reason
    self.place = place
    self.label = label
  }

  /// `line 12: Answer 3 repeats answer 1`; `line 14, 'Kappa Essay Question': Essay questions
  /// have no form in the Questions app`; `row 9, 'Which planet is …': …`.
  public var description: String {
    let at = [line.map { "\(place.rawValue) \($0)" }, label].compactMap { $0 }.joined(separator: ", ")
    return (at.isEmpty ? "" : at + ": ") + reason.description
  }

  /// A question's first words, quoted, for ``label``: `'Which planet is closest to the…'`
  /// (its first line, at most 40 characters); `nil` for an empty text.
  static func firstWords(_ text: String) -> String? {
    let line =
      text.split(whereSeparator: \.isNewline).first.map(String.init)?
      .trimmingCharacters(in: .whitespaces) ?? ""
    guard !line.isEmpty else { return nil }
    return "'" + (line.count > 40 ? String(line.prefix(39)) + "…" : line) + "'"
  }
}
