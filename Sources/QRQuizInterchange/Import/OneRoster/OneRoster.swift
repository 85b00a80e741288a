import QRQuiz

/// A OneRoster 1.2 (or 1.1) CSV bulk export read as classes and their students: a class
/// per row of `classes.csv` (named by its `title`), its students the active `student`
/// enrollments of `enrollments.csv`, in that file's order, each named by `users.csv`'s
/// given and family names. A value: applying it to the class rosters is the caller's, so
/// that the rosters' storage can change without it. Every problem is said by file and line.
///
/// ```swift
/// let roster = try OneRoster(zip: bytes)
/// for course in roster.classes { print(course.title, course.students.map(\.name)) }
/// ```
public struct OneRoster: Sendable, Hashable {
  /// The most rows a file may have.
  public static let maximumRows = 200_000
  /// The files a bulk export is read from.
  public static let files = ["manifest.csv", "classes.csv", "users.csv", "enrollments.csv"]

  /// A class and its students.
  public struct Class: Sendable, Hashable {
    /// `classes.csv`'s `sourcedId`.
    public var sourcedId: String
    /// Its title, the class's name here.
    public var title: String
    /// Its active students, in `enrollments.csv`'s order.
    public var students: [Student]
  }

  /// A student of a class.
  public struct Student: Sendable, Hashable {
    /// `users.csv`'s `sourcedId`.
    public var sourcedId: String
    /// "Given Family", as a roster names them.
    public var name: String
    /// Where the enrollment is: `enrollments.csv` and its line.
    public var line: Int
  }

  /// The classes, in `classes.csv`'s order.
  public var classes: [Class]

  /// Reads an export from its files' bytes by name (a folder's, or a zip's).
  ///
  /// - Throws: ``OneRosterProblem``.
  public init(files: [String: [UInt8]]) throws(OneRosterProblem) {
    func table(_ name: String, _ required: [String]) throws(OneRosterProblem) -> OneRosterTable {
      guard let bytes = files[name] else { throw .missingFile(name) }
      return try OneRosterTable(bytes, file: name, required: required)
    }
    let manifest = try table("manifest.csv", ["propertyName", "value"])
    if let version = manifest.rows.first(where: { $0["propertyName"] == "oneroster.version" }),
      !["1.1", "1.2"].contains(version["value"])
    {
      throw .at(file: "manifest.csv", line: version.line, .version(version["value"]))
    }
    let classRows = try table("classes.csv", ["sourcedId", "title"])
    let users = try table("users.csv", ["sourcedId", "givenName", "familyName"])
    let enrollments = try table("enrollments.csv", ["classSourcedId", "userSourcedId", "role"])
    var names: [String: String] = [:]
    for row in users.rows where Self.isActive(row) {
      let id = try Self.value(row, "sourcedId", in: users)
      guard names[id] == nil else { throw .at(file: users.file, line: row.line, .duplicate(id)) }
      let name = [row["givenName"], row["familyName"]].filter { !$0.isEmpty }.joined(separator: " ")
      guard !name.isEmpty else { throw .at(file: users.file, line: row.line, .missingValue("givenName or familyName")) }
      names[id] = name
    }
    var classes: [Class] = []
    var index: [String: Int] = [:]
    for row in classRows.rows where Self.isActive(row) {
      let id = try Self.value(row, "sourcedId", in: classRows)
      guard index[id] == nil else { throw .at(file: classRows.file, line: row.line, .duplicate(id)) }
      index[id] = classes.count
      classes.append(Class(sourcedId: id, title: try Self.value(row, "title", in: classRows), students: []))
    }
    for row in enrollments.rows where Self.isActive(row) && row["role"] == "student" {
      let classId = try Self.value(row, "classSourcedId", in: enrollments)
      let userId = try Self.value(row, "userSourcedId", in: enrollments)
      guard let position = index[classId] else {
        throw .at(file: enrollments.file, line: row.line, .unknownClass(classId))
      }
      guard let name = names[userId] else { throw .at(file: enrollments.file, line: row.line, .unknownUser(userId)) }
      // A student enrolled twice in a class is one student.
      if classes[position].students.contains(where: { $0.sourcedId == userId }) { continue }
      classes[position].students.append(Student(sourcedId: userId, name: name, line: row.line))
    }
    self.classes = classes
  }

  /// Reads an export zipped (as student information systems hand it over).
  public init(zip bytes: [UInt8]) throws(OneRosterProblem) {
    let archive: ZipArchive
    do {
      archive = try ZipArchive(bytes)
    } catch {
      throw .archive(error)
    }
    var files: [String: [UInt8]] = [:]
    for name in Self.files {
      // At the archive's root, or in the one folder it was zipped from.
      guard let entry = archive.entry(name) ?? archive.entries.first(where: { $0.path.hasSuffix("/" + name) })
      else { continue }
      do {
        files[name] = try archive.contents(of: entry)
      } catch {
        throw .archive(error)
      }
    }
    try self.init(files: files)
  }

  /// The one class `sourcedId` names.
  public func only(_ sourcedId: String) throws(OneRosterProblem) -> OneRoster {
    guard let found = classes.first(where: { $0.sourcedId == sourcedId }) else { throw .noSuchClass(sourcedId) }
    var copy = self
    copy.classes = [found]
    return copy
  }

  /// Blank (a bulk file's) or `active`; `tobedeleted` rows are left out.
  private static func isActive(_ row: OneRosterTable.Row) -> Bool {
    let status = row["status"].lowercased()
    return status.isEmpty || status == "active"
  }

  private static func value(_ row: OneRosterTable.Row, _ column: String, in table: OneRosterTable)
    throws(OneRosterProblem) -> String
  {
    let value = row[column]
    guard !value.isEmpty else { throw .at(file: table.file, line: row.line, .missingValue(column)) }
    return value
  }
}
