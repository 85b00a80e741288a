import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom

/// A due time a teacher moves: one student's (named as the roster spells it, or folded),
/// everyone's; refused when past or not later; kept in the records and read back with the
/// work; in the gradebook's notes; and the one vocabulary of a student cut off by it.
@Suite struct AssignmentDueChangeTests {
  typealias Fixture = AssignmentTests
  static func t(_ seconds: Double) -> QuizClock.Instant { Fixture.t(seconds) }

  static let roster = try! ClassRoster(name: "7B", students: ["Ada Lovelace", "Chloé Martin"])

  @Test func aStudentGivenMoreTimeAnswersAfterEveryoneElsesDueTime() throws {
    var work = AssignmentWork(assignment: try Fixture.assignment(className: "7B", due: 100))
    work.apply(try work.join(name: "Ada Lovelace", secret: Fixture.secret(1), roster: Self.roster, at: Self.t(1)))
    // Named without case and accents, as a teacher types it.
    let change = try work.dueChange(student: "chloe martin", until: Self.t(500), roster: Self.roster, at: Self.t(50))
    #expect(change.studentName == "Chloé Martin")
    work.apply(change)
    #expect(work.due == Self.t(100) && work.due(forKey: StudentName.foldedKey("Chloé Martin")) == Self.t(500))
    // After everyone's due time: Chloé joins and answers, Ada may not.
    work.apply(try work.join(name: "Chloé Martin", secret: Fixture.secret(2), roster: Self.roster, at: Self.t(200)))
    work.apply(try work.answer(secret: Fixture.secret(2), question: 0, picks: [0], at: Self.t(201)).entry)
    #expect(throws: AssignmentWork.MoveRefusal.pastDue) {
      try work.answer(secret: Fixture.secret(1), question: 0, picks: [0], at: Self.t(201))
    }
    #expect(throws: AssignmentWork.MoveRefusal.pastDue) {
      try work.answer(secret: Fixture.secret(2), question: 1, picks: [0], at: Self.t(500))
    }
    #expect(work.isOpenToAnyone(at: Self.t(499)) && !work.isOpenToAnyone(at: Self.t(500)))

    // Refused: a name not on the roster, a time past, a time not later.
    #expect(throws: AssignmentWork.DueChangeRefusal.notOnRoster("Grace")) {
      try work.dueChange(student: "Grace", until: Self.t(900), roster: Self.roster, at: Self.t(50))
    }
    #expect(throws: AssignmentWork.DueChangeRefusal.untilPast) {
      try work.dueChange(student: nil, until: Self.t(40), roster: Self.roster, at: Self.t(50))
    }
    #expect(throws: AssignmentWork.DueChangeRefusal.notLater(Self.t(500))) {
      try work.dueChange(student: "Chloé Martin", until: Self.t(300), roster: Self.roster, at: Self.t(50))
    }
  }

  @Test(arguments: RecordEngine.allCases)
  func anAssignmentReopenedForEveryoneTakesAnswersAgainAndTheRecordsKeepIt(engine: RecordEngine) throws {
    let folder = try TestRecords(engine)
    let store = AssignmentStore(records: try folder.open())
    var work = AssignmentWork(assignment: try Fixture.assignment(due: 100))
    let log = try store.create(work.assignment)
    let joined = try work.join(name: "Ada", secret: Fixture.secret(1), roster: nil, at: Self.t(1))
    try log.append(joined)
    work.apply(joined)
    #expect(throws: AssignmentWork.MoveRefusal.pastDue) {
      try work.answer(secret: Fixture.secret(1), question: 0, picks: [0], at: Self.t(150))
    }
    // Not a student of an assignment for anyone who has not joined.
    #expect(throws: AssignmentStore.DueChangeFailure.self) {
      try store.changeDue(code: "ABCD2345", student: "Nobody", until: Self.t(900), roster: nil, at: Self.t(150))
    }
    let reopened = try store.changeDue(code: "ABCD2345", student: nil, until: Self.t(400), roster: nil, at: Self.t(150))
    #expect(reopened.due == Self.t(400))
    _ = try reopened.answer(secret: Fixture.secret(1), question: 0, picks: [0], at: Self.t(151))
    try store.changeDue(code: "ABCD2345", student: "ada", until: Self.t(900), roster: nil, at: Self.t(160))

    // Read back with the work, every way the records are read; and after a given row.
    let read = try #require(try store.work(code: "ABCD2345"))
    #expect(read.dueChanges.map(\.studentName) == [nil, "Ada"] && read.due == Self.t(400))
    #expect(read.due(forKey: StudentName.foldedKey("Ada")) == Self.t(900))
    #expect(store.resume().assignments.first?.work == read && store.readAll().works == [read])
    let latest = store.latestDueChange()
    #expect(store.dueChanges(after: 0).changes.map(\.code) == ["ABCD2345", "ABCD2345"])
    #expect(store.dueChanges(after: latest).changes.isEmpty && store.dueChanges(after: 0).last == latest)
  }

  @Test func theGradebookNotesSayEachDueTimeMovedAndACutOffStudentIsNotFinished() throws {
    var work = AssignmentWork(assignment: try Fixture.assignment(className: "7B", due: 100))
    work.apply(try work.join(name: "Ada Lovelace", secret: Fixture.secret(1), roster: Self.roster, at: Self.t(1)))
    work.apply(try work.answer(secret: Fixture.secret(1), question: 0, picks: [0], at: Self.t(2)).entry)
    work.apply(try work.dueChange(student: nil, until: Self.t(300), roster: Self.roster, at: Self.t(150)))
    work.apply(try work.dueChange(student: "Chloé Martin", until: Self.t(600), roster: Self.roster, at: Self.t(160)))
    let book = Gradebook(roster: Self.roster, assignments: [work], games: [], at: Self.t(700))
    let notes = try #require(book.activities.first?.notes)
    #expect(notes.count == 2 && notes[0].hasPrefix("reopened for everyone until "))
    #expect(notes[1].hasPrefix("extended for Chloé Martin until "))
    #expect(book.csv.contains(",ABCD2345,reopened for everyone until "), "\(book.csv)")
    #expect(book.activities.first?.date == Self.t(300).date)
    // Chloé, not started: "not yet" while her own due time runs, missed after it.
    let during = Gradebook(roster: Self.roster, assignments: [work], games: [], at: Self.t(400))
    #expect(during.rows.map { $0.cells[0].status } == [.partial, .pending])
    #expect(book.rows.map { $0.cells[0].status } == [.partial, .missed])

    // Cut off by the due time: "not finished", on the page's word and the CSV's alike.
    let results = AssignmentResults(work.settled(at: Self.t(700)), roster: Self.roster)
    #expect(results.rows.map { $0.status(questions: 3) } == ["not finished", "not started"])
    #expect(results.csv.contains("Ada Lovelace,not finished,"))
  }
}
