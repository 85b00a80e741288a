import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom

/// What the homework's records say of each student (issue 49): no "finished" time for a
/// student who did not finish; one vocabulary (done, not finished, not started, missed)
/// in the assignment's results and the gradebook, CSV and JSON alike; the share rounded the
/// same on the page and in the CSV.
@Suite struct HomeworkRecordsTests {
  typealias Fixture = AssignmentTests
  static func t(_ seconds: Double) -> QuizClock.Instant { Fixture.t(seconds) }
  static let roster = try! ClassRoster(name: "7B", students: ["Ada Lovelace", "Chloé Martin"])

  /// Ada answered 1 of 3 questions before the due time (100 s); Chloé never started.
  static func cutOff() throws -> AssignmentWork {
    var work = AssignmentWork(assignment: try Fixture.assignment(className: "7B", due: 100))
    work.apply(try work.join(name: "Ada Lovelace", secret: Fixture.secret(1), roster: roster, at: t(1)))
    work.apply(try work.answer(secret: Fixture.secret(1), question: 0, picks: [0], at: t(2)).entry)
    return work
  }

  @Test func aStudentCutOffHasNoFinishedTimeAndOneNotStartedIsMissedAfterTheDueTime() throws {
    let work = try Self.cutOff()
    let after = AssignmentResults(work.settled(at: Self.t(200)), roster: Self.roster, at: Self.t(200))
    #expect(after.rows.map { $0.status(questions: 3) } == ["not finished", "missed"])
    let adaLine = try #require(after.csv.split(separator: "\r\n").first { $0.hasPrefix("Ada Lovelace,") })
    // name,done,score,correct,questions,attempts,seconds,finished: the finished cell empty.
    #expect(adaLine.split(separator: ",", omittingEmptySubsequences: false)[7] == "", "\(adaLine)")
    guard case .array(let students)? = after.json["students"] else { throw CocoaError(.coderInvalidValue) }
    #expect(students[0]["finished"] == .null && students[0]["status"] == .string("not finished"))
    #expect(students[1]["status"] == .string("missed"))
    let during = AssignmentResults(work.settled(at: Self.t(50)), roster: Self.roster, at: Self.t(50))
    #expect(during.rows.map { $0.status(questions: 3) } == ["not finished", "not started"])

    // The gradebook says the same words, in its JSON and in status columns after the others.
    let book = Gradebook(roster: Self.roster, assignments: [work], games: [], at: Self.t(200))
    #expect(book.csv.hasPrefix("\u{FEFF}name,card,share,1 score,1 right,1 answered,1 taken,1 status\r\n"))
    #expect(book.csv.contains(",online,not finished\r\n") && book.csv.contains(",missed,missed\r\n"), "\(book.csv)")
    guard case .array(let rows)? = book.json["students"], case .array(let cells)? = rows[0]["cells"] else {
      throw CocoaError(.coderInvalidValue)
    }
    #expect(cells[0]["status"] == .string("not finished"))
    let open = Gradebook(roster: Self.roster, assignments: [work], games: [], at: Self.t(50))
    #expect(open.csv.contains(",not started,not started\r\n"), "\(open.csv)")
  }

  @Test func fiveOfEightIs63PercentOnThePageAnd0625InTheCSV() throws {
    let game = LiveGameRecord(
      id: "2026-12-01-0900-Capitals-1", pin: "123456", title: "Capitals", played: Date(timeIntervalSince1970: 0),
      questions: 8, className: "7B",
      players: [
        .init(name: "Ada Lovelace", card: nil, byCard: false, score: 5000, correct: 5, wrong: 3, unanswered: 0),
        .init(name: "Chloé Martin", card: nil, byCard: false, score: 1000, correct: 1, wrong: 0, unanswered: 7),
      ])
    let book = Gradebook(roster: Self.roster, assignments: [], games: [game], at: Self.t(0))
    #expect(book.row(card: 1)?.percent == 63)
    #expect(book.csv.contains("Ada Lovelace,1,0.625,5000,5,8,phone,done\r\n"), "\(book.csv)")
    #expect(book.csv.contains("Chloé Martin,2,0.125,1000,1,1,phone,not finished\r\n"), "\(book.csv)")
    #expect(book.row(card: 2)?.percent == 13)
    #expect(Gradebook.shareText(1) == "1" && Gradebook.shareText(0) == "0" && Gradebook.shareText(1.0 / 3) == "0.3333")
  }
}
