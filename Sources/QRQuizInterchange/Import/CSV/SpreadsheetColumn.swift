import QRQuiz

/// A column of a spreadsheet's header, and what the importer read it as.
public struct SpreadsheetColumn: Sendable, Hashable {
  /// What a column holds.
  public enum Role: Sendable, Hashable, CaseIterable {
    case question, answer, correct, image, set, type, seconds, explanation
    /// Question numbers (Kahoot!'s first column, Blooket's "Question #"): not needed.
    case numbering
    /// Points per question: the app gives every question the same points.
    case points
    /// Nothing the app or QRQuiz keeps.
    case unused

    /// `answers`, `not used (…)`.
    var summary: String {
      switch self {
      case .question: "question"
      case .answer: "answers"
      case .correct: "correct answers"
      case .image: "image"
      case .set: "set"
      case .type: "question type"
      case .seconds: "seconds per question"
      case .explanation: "explanation"
      case .numbering: "question numbers, not needed"
      case .points: "not used (the app gives every question the same points)"
      case .unused: "not used"
      }
    }
  }

  /// The header's text for it, trimmed; "column A" for one without a name.
  public var name: String
  /// What it was read as.
  public var role: Role

  /// Creates a column.
  public init(name: String, role: Role) {
    self.name = name
    self.role = role
  }

  /// `'Question' → question; 'A', 'B' → answers; …`: the columns grouped by role, roles
  /// in the order they first appear.
  static func summary(_ columns: [SpreadsheetColumn]) -> String {
    var roles: [Role] = []
    for column in columns where !roles.contains(column.role) { roles.append(column.role) }
    return roles.map { role in
      columns.filter { $0.role == role }.map { "'\($0.name)'" }.joined(separator: ", ") + " → " + role.summary
    }.joined(separator: "; ")
  }
}

/// A quiz site's spreadsheet template, as teachers download and fill it in. Each writes
/// the correct answers as answer positions (`2`, `1,3`), never as answer texts.
public enum SpreadsheetTemplate: String, Sendable, Hashable, CaseIterable {
  /// Kahoot!'s "Quiz spreadsheet template": title and instruction rows, then on row 8 an
  /// unnamed numbering column, "Question - max 120 characters", "Answer 1 - max 75
  /// characters" … "Answer 4 …", "Time limit (sec) – 5, 10, 20, 30, 60, 90, 120, or 240
  /// secs", "Correct answer(s) - choose at least one"; rows numbered 1 to 100, mostly empty.
  case kahoot
  /// Quizizz's (now Wayground's) "Question Text", "Question Type", "Option 1" … "Option 5",
  /// "Correct Answer", "Time in seconds", "Image Link", "Answer explanation", with a row of
  /// instructions under the header.
  case quizizz
  /// Blooket's "Question #", "Question Text", "Answer 1" … "Answer 4", "Time Limit (sec)",
  /// "Correct Answer(s)".
  case blooket

  /// The site's name.
  public var name: String {
    switch self {
    case .kahoot: "Kahoot!"
    case .quizizz: "Quizizz"
    case .blooket: "Blooket"
    }
  }

  /// The template whose header has these keys (see ``CSVColumns/key(_:)``), if any.
  static func recognize(_ keys: [String]) -> SpreadsheetTemplate? {
    if keys.contains(where: { $0.hasPrefix("correctanswerschoose") || $0.hasSuffix("max75characters") }) {
      return .kahoot
    }
    if keys.contains("questiontext"), keys.contains("questiontype"), keys.contains("option1"),
      keys.contains("correctanswer")
    {
      return .quizizz
    }
    if keys.contains("questionnumber"), keys.contains("questiontext"), keys.contains("answer1"),
      keys.contains(where: { $0.hasPrefix("correctanswer") })
    {
      return .blooket
    }
    return nil
  }
}
