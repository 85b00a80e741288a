import Foundation
import QRQuiz
import QRQuizClassroom
import QRQuizFiles
import QRQuizInterchange

extension ClassCommand {
  /// `qrquiz class import-oneroster ROSTER.zip|DIR`: classes from a school information
  /// system's OneRoster CSV export.
  struct ImportOneRoster: ParsableCommand {
    static let configuration = CommandConfiguration(
      name: "import-oneroster",
      abstract: "Make or update classes from a OneRoster 1.2 CSV export (a zip or its folder).",
      discussion: """
        Reads manifest.csv, classes.csv, users.csv and enrollments.csv: a class per row of
        classes.csv, named by its title; its students the active student enrollments, in
        enrollments.csv's order, named by their given and family names. A class that does not
        exist is made, its students numbered 1, 2, 3 …; one that exists is updated as class
        add and class remove do: students new to it get the next card numbers, those no longer
        in it are removed and their cards retired, the others keep theirs. --class imports one
        class. A broken file is said by file and line, and nothing is changed.
        """,
      examples: [
        "qrquiz class import-oneroster oneroster.zip", "qrquiz class import-oneroster export/ --class cls-7b-math",
      ])
    @Argument(value: "ROSTER", help: "the export: a zip file or the folder of its CSV files", completion: .file)
    var path: String
    @Option("--class", value: "SOURCEDID", help: "import only this class (its sourcedId in classes.csv)")
    var sourcedId: String?

    /// The most bytes a file of the export may have.
    static let maximumFileSize = 64 << 20

    func run() async throws -> ExitCode {
      var roster: OneRoster
      do {
        roster = try Self.read(path)
        if let sourcedId { roster = try roster.only(sourcedId) }
      } catch let problem as OneRosterProblem {
        throw CLIError(.invalidInput, "\(path): \(problem)")
      }
      let store = try ClassCommand.store()
      for course in roster.classes {
        Console.line(try Self.apply(course, to: store))
      }
      return .success
    }

    /// The export at `path`: a folder of its files, or a zip.
    static func read(_ path: String) throws -> OneRoster {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
        return try OneRoster(zip: try bytes(of: path))
      }
      var files: [String: [UInt8]] = [:]
      for name in OneRoster.files {
        let file = URL(fileURLWithPath: path).appendingPathComponent(name).path
        if FileManager.default.fileExists(atPath: file) { files[name] = try bytes(of: file) }
      }
      return try OneRoster(files: files)
    }

    private static func bytes(of path: String) throws -> [UInt8] {
      do {
        return try BoundedFile.read(path, limit: maximumFileSize)
      } catch {
        switch error {
        case .file(let failure): throw failure
        case .tooLarge: throw CLIError(.invalidInput, "\(path): over \(maximumFileSize >> 20) MiB")
        }
      }
    }

    /// Makes or updates `course`'s roster through the roster store's own calls (those of
    /// class new, add and remove), and says what changed. The one place an export meets the
    /// rosters' storage.
    static func apply(_ course: OneRoster.Class, to store: ClassRosterStore) throws -> String {
      let names = course.students.map(\.name)
      var exists = true
      do {
        _ = try store.roster(named: course.title)
      } catch {
        guard case .notFound = error else { throw error }
        exists = false
      }
      guard exists else {
        let roster = try ClassRoster(name: course.title, students: names)
        try store.create(roster)
        return "class \(roster.name): new, \(Plural.count(names.count, "student")), \(cardRange(roster.students))"
      }
      let change = try store.update(course.title) { roster throws(ClassRoster.Problem) in
        try Change(of: &roster, to: names)
      }
      var said = "class \(course.title): \(Plural.count(names.count, "student"))"
      said += change.added.isEmpty ? ", none added" : ", \(change.added.count) added (\(cardRange(change.added)))"
      said +=
        change.removed.isEmpty
        ? ", none removed" : ", \(change.removed.count) removed (\(cardRange(change.removed)) retired)"
      return said
    }

    /// What bringing a roster to a list of names did: the students added (new cards) and
    /// removed (cards retired); the others keep theirs.
    struct Change {
      var added: [ClassRoster.Student] = []
      var removed: [ClassRoster.Student] = []

      init(of roster: inout ClassRoster, to names: [String]) throws(ClassRoster.Problem) {
        let wanted = Set(names.compactMap { try? StudentName($0).key })
        let present = Set(roster.students.map(\.name.key))
        let leaving = roster.students.filter { !wanted.contains($0.name.key) }
        let arriving = names.filter { name in
          guard let key = try? StudentName(name).key else { return true }
          return !present.contains(key)
        }
        added = try roster.add(arriving)
        for student in leaving { removed.append(try roster.remove(.card(student.card))) }
      }
    }
  }
}
