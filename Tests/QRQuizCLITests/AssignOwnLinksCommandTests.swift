import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizCLI
@testable import QRQuizClassroom

/// `qrquiz assign --own-links` (issue 49 §3), run in process on a data folder of the test's
/// own: the homework is kept as opened from the students' own links only, and every
/// student of the class has one; without a class it is refused in one line.
@Suite struct AssignOwnLinksCommandTests {
  let home: TemporaryDirectory

  init() throws {
    home = try TemporaryDirectory()
    let library = TopicLibrary(directory: home.url.appendingPathComponent("topics"))
    _ = try library.save(try LiveGameFixtures.capitals(), name: "Capitals")
    try ClassRosterStore(records: try home.records())
      .create(try ClassRoster(name: "7B", students: ["Ada Lovelace", "Alan Turing"]))
  }

  func run(_ arguments: [String]) async -> ExitCode {
    await Directories.$dataOverride.withValue(home.url) { await QRQuizCLI.run(arguments) }
  }

  @Test func theHomeworkOpensFromEachStudentsOwnLink() async throws {
    let due = ["--due", "2099-01-01 18:00"]
    #expect(await run(["assign", "Capitals"] + due + ["--own-links"]) == .usage, "no class: no links")
    #expect(await run(["assign", "Capitals"] + due + ["--class", "7B", "--own-links"]) == .success)
    #expect(await run(["assign", "Capitals"] + due + ["--class", "7B"]) == .success)
    let works = AssignmentStore(records: try home.records()).readAll().works
    #expect(works.map(\.assignment.requiresOwnLinks).sorted { !$0 && $1 } == [false, true])
    let roster = try ClassRosterStore(records: try home.records()).roster(named: "7B")
    #expect(roster.students.allSatisfy { $0.resultsSecret != nil }, "every student has their link")
  }

  @Test func homeworkIsGivenToItsTeacherForTheirClassOnly() async throws {
    let records = try home.records()
    let teachers = TeacherAccountStore(records: records)
    _ = try teachers.add(name: "Ada Lovelace", email: "ada@school.example", at: QuizClock.now)
    _ = try teachers.add(name: "Alan Turing", email: "alan@school.example", at: QuizClock.now)
    let ada = try teachers.account(named: "Ada Lovelace")
    try ClassRosterStore(records: records).setTeacher(ada.id, ofClass: "7B")
    let due = ["--due", "2099-01-01 18:00"]
    #expect(await run(["assign", "Capitals"] + due + ["--class", "7B", "--teacher", "alan turing"]) == .notFound)
    #expect(await run(["assign", "Capitals"] + due + ["--class", "7B"]) == .notFound, "the laptop's: no teacher's")
    #expect(await run(["assign", "Capitals"] + due + ["--teacher", "Nobody"]) == .notFound)
    #expect(AssignmentStore(records: try home.records()).readAll().works.isEmpty, "nothing made")
    #expect(await run(["assign", "Capitals"] + due + ["--class", "7B", "--teacher", "ada lovelace"]) == .success)
    let works = AssignmentStore(records: try home.records()).readAll().works
    #expect(works.map(\.assignment.teacher) == [ada.id])
    let owner = try home.records().read { database throws(DatabaseError) in
      try database.value("SELECT teacher_id FROM assignments", as: Int64.self)
    }
    #expect(owner == ada.id)
  }

  @Test func theMistakeIsSaidInOneLine() {
    var parser = CommandParser(root: QRQuizCommand.self)
    do {
      _ = try parser.parse(["assign", "Capitals", "--due", "2099-01-01 18:00", "--own-links"])
      Issue.record("--own-links without --class was taken")
    } catch {
      #expect(error.message == "--own-links needs the class whose students have the links: --class NAME")
    }
  }
}
