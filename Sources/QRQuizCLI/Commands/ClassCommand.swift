import Foundation
import QRQuiz
import QRQuizClassroom
import QRQuizFiles

/// `qrquiz class new|list|show|add|remove|rename|set|delete`: class rosters, each student
/// with the number of their answer card and their accommodations.
struct ClassCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "class",
    synonyms: ["classes", "roster"],
    abstract:
      "Class rosters: each student with the number of their answer card (kept in the records, $XDG_DATA_HOME/qrquiz/records.sqlite).",
    discussion: """
      Students get card numbers 1, 2, 3 … in the order of the list, kept for good: a student
      added later gets the next number never given in the class, and a removed student's
      number is retired with them, so a printed card never answers for someone else. A list
      of students is one name a line, or a spreadsheet saved as CSV whose first row names a
      column Name (or Student, Full name), or First name and Last name.
      """,
    examples: [
      "qrquiz class new 7B --students 7B.csv", "qrquiz class show 7B",
      "qrquiz class add 7B 'Grace Hopper'", "qrquiz class remove 7B --card 12",
      "qrquiz class set 7B 'Ada Lovelace' --extra-time 1.5 --no-speed",
      "qrquiz answer-cards print --class 7B -o 7B-cards.pdf", "qrquiz class slips 7B -o 7B-slips.pdf",
    ],
    subcommands: [
      New.self, List.self, Show.self, Add.self, Remove.self, Rename.self, SetStudent.self, Delete.self,
      ImportOneRoster.self, Slips.self,
    ])

  static func store() throws -> ClassRosterStore { ClassRosterStore(records: try Records.openClassroom()) }

  /// The students of a file (`-` for standard input).
  static func students(in path: String) throws -> StudentList {
    let source = TopicSource(argument: path).description
    let bytes: [UInt8]
    do {
      bytes =
        path == "-"
        ? try BoundedFile.readStandardInput(limit: StudentList.maximumSize)
        : try BoundedFile.read(path, limit: StudentList.maximumSize)
    } catch {
      switch error {
      case .file(let failure): throw failure
      case .tooLarge(let size, let limit):
        throw CLIError(
          .invalidInput, "\(source): " + StudentList.Error.tooLarge(size: size ?? limit + 1, limit: limit).description)
      }
    }
    do {
      return try StudentList(bytes: bytes)
    } catch {
      throw CLIError(.invalidInput, "\(source): \(error)")
    }
  }

  /// "cards 1–28", "card 3", "no cards".
  static func cardRange(_ students: [ClassRoster.Student]) -> String {
    guard let first = students.first?.card, let last = students.last?.card else { return "no cards" }
    return first == last ? "card \(first)" : "cards \(first)–\(last)"
  }

  struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
      name: "new", abstract: "Make a class from a list of students (one name a line, or CSV with a name column).",
      examples: [
        "qrquiz class new 7B --students 7B.csv", "qrquiz class new 'Year 9 Spanish' --students names.txt",
        "qrquiz class new '7B Ada' --students 7B.csv --teacher 'Ada Lovelace'",
      ])
    @Argument(value: "NAME", help: "the class's name") var name: String
    @Option("--students", value: "FILE", help: "the students, in card order (- for standard input)", completion: .file)
    var students: String?
    @Option(
      "--teacher", value: "TEACHER",
      help: "on a school's server: the teacher whose class it is (qrquiz admin teacher list)")
    var teacher: String?

    func run() async throws -> ExitCode {
      // The teacher first: a class made for nobody's account would be no teacher's to see.
      let owner = try teacher.map { try TeacherAccountStore(records: try Records.openClassroom()).account(named: $0) }
      let list = try students.map(ClassCommand.students(in:))
      let roster: ClassRoster
      do {
        roster = try list?.roster(named: name) ?? ClassRoster(name: name, students: [])
      } catch {
        throw CLIError(.invalidInput, (students.map { "\(TopicSource(argument: $0)): " } ?? "") + "\(error)")
      }
      let store = try ClassCommand.store()
      try store.create(roster)
      if let owner { try store.setTeacher(owner.id, ofClass: roster.name.text) }
      let from = list?.columns.map { " (names from column \($0))" } ?? ""
      Console.line(
        "class \(roster.name): \(Plural.count(roster.students.count, "student")), "
          + "\(ClassCommand.cardRange(roster.students))\(from)" + (owner.map { ", \($0.name)'s" } ?? ""))
      if !roster.students.isEmpty {
        Console.line("print their cards: qrquiz answer-cards print --class '\(roster.name)' -o cards.pdf")
      }
      return .success
    }
  }

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(name: "list", abstract: "Every class: name, students, cards.")
    @Flag("--json", help: "one JSON object per class") var json

    func run() async throws -> ExitCode {
      for roster in try ClassCommand.store().list() {
        if json {
          Console.bytes(Array((ClassCommand.json(roster).compactText + "\n").utf8))
        } else {
          Console.row([
            roster.name.text, Plural.count(roster.students.count, "student"), ClassCommand.cardRange(roster.students),
          ])
        }
      }
      return .success
    }
  }

  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      name: "show", abstract: "A class's students and their card numbers.",
      examples: ["qrquiz class show 7B", "qrquiz class show 7B --csv > 7B-cards.csv"])
    @Argument(value: "NAME", help: "the class's name") var name: String
    @Flag("--json", help: "the class as JSON") var json
    @Flag("--csv", help: "card,name rows for a spreadsheet") var csv

    func validate() throws(CLIError) {
      guard !(json && csv) else { throw .usage("--json or --csv, not both") }
    }

    func run() async throws -> ExitCode {
      let roster = try ClassCommand.store().roster(named: name)
      if json {
        Console.bytes(Array((ClassCommand.json(roster).compactText + "\n").utf8))
      } else if csv {
        var text = "\u{FEFF}" + CSVText.row(["card", "name"])
        for student in roster.students {
          text += CSVText.row([CSVText.cell(student.card), CSVText.cell(student.name.text)])
        }
        Console.bytes(Array(text.utf8))
      } else {
        var heading = "\(roster.name): \(Plural.count(roster.students.count, "student"))"
        if !roster.removed.isEmpty {
          heading += "; \(roster.removed.count) removed (\(ClassCommand.cardRange(roster.removed)) retired)"
        }
        Console.line(heading)
        for student in roster.students {
          let accommodations =
            student.accommodations.isNone ? "" : "  (\(ClassCommand.accommodationsText(student.accommodations)))"
          Console.line(
            String(repeating: " ", count: max(0, 4 - "\(student.card)".count))
              + "\(student.card)  \(student.name)\(accommodations)")
        }
      }
      return .success
    }
  }

  /// A roster as JSON: `{"name", "students": [{"card", "name", "extraTime"?, "noSpeedScoring"?}],
  /// "removed": […], "nextCard"}` (a student's accommodations only when they have some).
  static func json(_ roster: ClassRoster) -> JSONValue {
    let students = { (students: [ClassRoster.Student]) in
      JSONValue.array(
        students.map { student in
          var members: [(key: String, value: JSONValue)] = [
            ("card", .number(Double(student.card))), ("name", .string(student.name.text)),
          ]
          if student.accommodations.timeFactor > 1 {
            members.append(("extraTime", .number(student.accommodations.timeFactor)))
          }
          if student.accommodations.noSpeedScoring { members.append(("noSpeedScoring", .bool(true))) }
          return .object(members)
        })
    }
    return .object([
      ("name", .string(roster.name.text)), ("students", students(roster.students)),
      ("removed", students(roster.removed)), ("nextCard", .number(Double(roster.nextCard))),
    ])
  }
}
