import QRQuiz

/// The students of a file a teacher gives (`qrquiz class new 7B --students FILE`): one name
/// a line, or a spreadsheet saved as CSV whose first row names a column of names ("Name",
/// "Student", "Full name") or two ("First name" and "Last name" or "Surname", joined as
/// "Ada Lovelace"), as Google Classroom, Moodle and school systems export them. Other
/// columns (e-mail, group) are left alone. UTF-8 with or without a byte-order mark, or as
/// Excel saves text (Windows-1252 "CSV", UTF-16 "Unicode text"); CSV read as the topic
/// importer reads it (RFC 4180 quoting, `,`, `;` or tab separated).
///
/// ```swift
/// let list = try StudentList(bytes: Array("Name,Email\nAda,ada@example.org\n".utf8))
/// print(try list.roster(named: "7B").students.map(\.card))  // [1]
/// ```
public struct StudentList: Sendable, Hashable {
  /// One student's name and the line of the file it is on.
  public struct Entry: Sendable, Hashable {
    /// The name as written (checked when it joins a roster).
    public var name: String
    /// Its line in the file (1-based).
    public var line: Int
  }

  /// Why a file gives no list of students.
  public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// Larger than ``StudentList/maximumSize``.
    case tooLarge(size: Int, limit: Int)
    /// A spreadsheet program's own file (xlsx, xls, ods), not text.
    case spreadsheet(kind: String)
    /// Not text (UTF-8, UTF-16 with its byte-order mark, or Windows-1252): the first bad
    /// byte's line.
    case notText(line: Int)
    /// A quoted CSV field that starts on this line never ends.
    case unclosedQuote(line: Int)
    /// A spreadsheet of `columns` columns none of which holds names.
    case noNameColumn(columns: Int)
    /// No names at all.
    case empty
    /// A name refused at `line`; for a name listed twice, the line it is first on.
    case refused(line: Int, ClassRoster.Problem, firstLine: Int?)
    /// A change refused that is about no line of the file (the class's name, a class
    /// with no card numbers left).
    case roster(ClassRoster.Problem)

    public var description: String {
      switch self {
      case .tooLarge(let size, let limit): "\(size) bytes is over the \(limit)-byte limit of a list of students"
      case .spreadsheet(let kind):
        "this is a spreadsheet file (\(kind)), not text: save it as CSV (UTF-8) in the spreadsheet program"
      case .notText(let line): "line \(line): not text (save it as UTF-8, or as CSV (UTF-8))"
      case .unclosedQuote(let line): "line \(line): a quoted field never ends"
      case .noNameColumn(let columns):
        "line 1: a spreadsheet of \(columns) columns, none called Name, Student, or First name and Last name: "
          + "name the column of names in the first row (for 'Lovelace, Ada' lines, make the first line "
          + "'Last name,First name')"
      case .empty: "no names in the file"
      case .refused(let line, let problem, let firstLine):
        "line \(line): \(problem)" + (firstLine.map { " (first on line \($0))" } ?? "")
      case .roster(let problem): problem.description
      }
    }
  }

  /// The largest file read: room for thousands of names.
  public static let maximumSize = 1 << 20

  /// The names, in the file's order.
  public let entries: [Entry]
  /// The spreadsheet columns the names came from ("Name", "First name + Last name"); `nil`
  /// for one name a line.
  public let columns: String?

  /// Reads a file's bytes.
  ///
  /// - Throws: ``Error``.
  public init(bytes: [UInt8]) throws(Error) {
    guard bytes.count <= Self.maximumSize else { throw .tooLarge(size: bytes.count, limit: Self.maximumSize) }
    if let kind = ImportText.spreadsheetKind(bytes) { throw .spreadsheet(kind: kind) }
    // As the importers read a spreadsheet: UTF-8, UTF-16 (Excel's "Unicode text") or
    // Windows-1252 (Excel's "CSV" on Windows, "José" with é as one byte).
    let text: String
    do {
      text = try ImportText.decode(bytes) { _ in true }.text
    } catch {
      throw .notText(line: error.line)
    }
    let read = try Self.spreadsheet(text) ?? (Self.lines(text), nil)
    guard !read.entries.isEmpty else { throw .empty }
    entries = read.entries
    columns = read.columns
  }

  /// A new class of these students, their cards numbered in the file's order.
  ///
  /// - Throws: ``Error/refused(line:_:firstLine:)`` naming the line of a name refused,
  ///   ``Error/roster(_:)`` for the class's name.
  public func roster(named name: String) throws(Error) -> ClassRoster {
    do throws(ClassRoster.Problem) {
      return try ClassRoster(name: name, students: names)
    } catch {
      throw located(error)
    }
  }

  /// The names, in the file's order (what ``ClassRoster/add(_:)`` takes).
  public var names: [String] { entries.map(\.name) }

  /// `problem`, met adding ``names`` to a roster, with the file's line numbers in place of
  /// positions in the list.
  public func located(_ problem: ClassRoster.Problem) -> Error {
    guard let index = problem.index, entries.indices.contains(index) else { return .roster(problem) }
    var firstLine: Int?
    if case .listedTwice(_, _, let first) = problem, entries.indices.contains(first) { firstLine = entries[first].line }
    return .refused(line: entries[index].line, problem, firstLine: firstLine)
  }
}
