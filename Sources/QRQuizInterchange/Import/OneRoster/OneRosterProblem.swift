import QRQuiz

/// Why a OneRoster export is not read: a file and line, and what is wrong there.
public enum OneRosterProblem: Error, Sendable, Hashable, CustomStringConvertible {
  /// A file the export must have is missing.
  case missingFile(String)
  /// What is wrong at a line of a file (line 1 is the header).
  case at(file: String, line: Int, Problem)
  /// The archive itself.
  case archive(ZipProblem)
  /// `--class` names no class of the export.
  case noSuchClass(String)

  /// What is wrong at a line.
  public enum Problem: Sendable, Hashable, CustomStringConvertible {
    case notUTF8
    case unclosedQuote
    case empty
    case missingColumn(String)
    case fieldCount(expected: Int, found: Int)
    case tooManyRows(limit: Int)
    case missingValue(String)
    case duplicate(String)
    case unknownClass(String)
    case unknownUser(String)
    case version(String)

    public var description: String {
      switch self {
      case .notUTF8: "not UTF-8 text"
      case .unclosedQuote: "a quoted field never ends"
      case .empty: "the file is empty (it needs its header row)"
      case .missingColumn(let name): "the header has no \(name) column"
      case .fieldCount(let expected, let found): "\(found) fields where the header has \(expected)"
      case .tooManyRows(let limit): "more than \(limit) rows"
      case .missingValue(let name): "no \(name)"
      case .duplicate(let id): "the sourcedId '\(id)' is given twice"
      case .unknownClass(let id): "the class '\(id)' is not in classes.csv"
      case .unknownUser(let id): "the user '\(id)' is not in users.csv"
      case .version(let version): "OneRoster \(version) is not read (1.1 and 1.2 are)"
      }
    }
  }

  public var description: String {
    switch self {
    case .missingFile(let name):
      "no \(name): not a OneRoster CSV export (manifest.csv, classes.csv, users.csv, enrollments.csv)"
    case .at(let file, let line, let problem): "\(file) line \(line): \(problem)"
    case .archive(let problem): "\(problem)"
    case .noSuchClass(let id): "no class with the sourcedId '\(id)' in classes.csv"
    }
  }
}
