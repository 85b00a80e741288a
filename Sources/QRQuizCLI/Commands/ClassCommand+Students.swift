import Foundation
import QRQuiz
import QRQuizClassroom

extension ClassCommand {
  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      name: "add", abstract: "Add students to a class: each gets the next card number never given in it.",
      examples: ["qrquiz class add 7B 'Grace Hopper' 'Katherine Johnson'", "qrquiz class add 7B --students late.csv"])
    @Argument(value: "CLASS", help: "the class's name") var name: String
    @Argument(value: "STUDENT", help: "the students' names") var names: [String]
    @Option("--students", value: "FILE", help: "a list of students to add (- for standard input)", completion: .file)
    var students: String?

    func validate() throws(CLIError) {
      guard !names.isEmpty || students != nil else { throw .usage("add needs STUDENT names or --students FILE") }
      guard names.isEmpty || students == nil else { throw .usage("give STUDENT names or --students FILE, not both") }
    }

    func run() async throws -> ExitCode {
      let list = try students.map(ClassCommand.students(in:))
      let store = try ClassCommand.store()
      let adding = list?.names ?? names
      let added: [ClassRoster.Student]
      do throws(ClassRosterStore.Error) {
        added = try store.update(name) { roster throws(ClassRoster.Problem) in try roster.add(adding) }
      } catch {
        // A file's problem is told by its line, a name given here by itself.
        guard case .refused(let problem) = error, let list, let students else { throw error }
        throw CLIError(.invalidInput, "\(TopicSource(argument: students)): \(list.located(problem))")
      }
      for student in added { Console.line("card \(student.card): \(student.name)") }
      return .success
    }
  }

  struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(
      name: "remove", abstract: "Remove students from a class; their card numbers are retired, never given again.",
      examples: ["qrquiz class remove 7B 'Alan Turing'", "qrquiz class remove 7B --card 3,17"])
    @Argument(value: "CLASS", help: "the class's name") var name: String
    @Argument(value: "STUDENT", help: "the students' names") var names: [String]
    @Option("--card", value: "LIST", help: "the students holding these cards (3,17 or 20-24)") var cards: CardList?

    func validate() throws(CLIError) {
      guard !names.isEmpty || cards != nil else { throw .usage("remove needs STUDENT names or --card LIST") }
    }

    func run() async throws -> ExitCode {
      let selectors =
        names.map(ClassRoster.StudentSelector.name) + (cards?.numbers ?? []).map(ClassRoster.StudentSelector.card)
      let removed = try ClassCommand.store().update(name) { roster throws(ClassRoster.Problem) in
        // All or none: every student asked for is checked before anyone is removed.
        if let missing = selectors.first(where: { roster.student($0) == nil }) { throw .noSuchStudent(missing) }
        return try selectors.map { selector throws(ClassRoster.Problem) in try roster.remove(selector) }
      }
      for student in removed { Console.line("removed \(student.name) (card \(student.card), retired)") }
      return .success
    }
  }

  struct Rename: ParsableCommand {
    static let configuration = CommandConfiguration(
      name: "rename", abstract: "Rename a class, or a student (who keeps their card).",
      examples: [
        "qrquiz class rename 7B 8B", "qrquiz class rename 7B --student 'Ada Lovlace' 'Ada Lovelace'",
        "qrquiz class rename 7B --card 12 'Ada Lovelace'",
      ])
    @Argument(value: "CLASS", help: "the class's name") var name: String
    @Argument(value: "NEW", help: "the new name") var newName: String
    @Option("--student", value: "NAME", help: "rename this student rather than the class") var student: String?
    @Option(
      "--card", value: "N", help: "rename the student holding this card", range: ClassRoster.cardNumbers,
      defaultText: "")
    var card: Int?

    func validate() throws(CLIError) {
      guard student == nil || card == nil else { throw .usage("--student or --card, not both") }
    }

    func run() async throws -> ExitCode {
      let selector = card.map(ClassRoster.StudentSelector.card) ?? student.map(ClassRoster.StudentSelector.name)
      guard let selector else {
        let roster = try ClassCommand.store().rename(name, to: newName)
        Console.line("class renamed to \(roster.name)")
        return .success
      }
      let newName = newName
      let renamed = try ClassCommand.store().update(name) { roster throws(ClassRoster.Problem) in
        try roster.renameStudent(selector, to: newName)
      }
      Console.line("card \(renamed.card) is now \(renamed.name)")
      return .success
    }
  }

  struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(
      name: "delete", abstract: "Delete a class and its roster (its printed cards then mean nothing).")
    @Argument(value: "CLASS", help: "the class's name") var name: String

    func run() async throws -> ExitCode {
      let roster = try ClassCommand.store().delete(name)
      Console.line("deleted class \(roster.name) (\(Plural.count(roster.students.count, "student")))")
      return .success
    }
  }
}

/// Card numbers as people write them: `3`, `3,17`, `20-24`, `1-5,9`.
struct CardList: ExpressibleByArgument {
  /// The numbers, in the order written, each once.
  var numbers: [Int]

  init?(argument text: String) {
    var numbers: [Int] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let bounds = part.split(separator: "-", omittingEmptySubsequences: false).map {
        Int($0.trimmingCharacters(in: .whitespaces))
      }
      guard (1...2).contains(bounds.count), let low = bounds.first ?? nil, let high = bounds.last ?? nil, low <= high,
        ClassRoster.cardNumbers.contains(low), ClassRoster.cardNumbers.contains(high)
      else { return nil }
      numbers += (low...high).filter { !numbers.contains($0) }
    }
    self.numbers = numbers
  }

  static var expectation: String {
    "card numbers from \(ClassRoster.cardNumbers.lowerBound) to \(ClassRoster.cardNumbers.upperBound) (3,17 or 20-24)"
  }
}
