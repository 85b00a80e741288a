import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom
@testable import QRQuizServer

/// Homework on records shared by two servers (two stores on one PostgreSQL database, each
/// with the assignments a `qrquiz serve` process holds): a student joins on one and answers
/// on the other; the same answer sent to both at once is taken once; each server's view and
/// the records agree, move for move.
@Suite struct SharedHomeworkTests {
  let database: TestRecords
  let first: Assignments
  let second: Assignments
  let secondRecords: RecordStore

  init() throws {
    database = try TestRecords(.postgreSQL)
    first = Assignments(store: AssignmentStore(records: try database.open()))
    secondRecords = try database.open()
    second = Assignments(store: AssignmentStore(records: secondRecords))
  }

  func make() throws -> String {
    let topic = try LiveGameFixtures.capitals()
    let book = try first.create { code in
      // swift-format-ignore: NeverUseForceTry
      try! Assignment.make(
        topic: topic, topicName: "Capitals", code: code, due: QuizClock.now.advanced(by: .seconds(3600)),
        className: nil, setNumber: 1, created: QuizClock.now)
    }
    return book.code
  }

  @Test func aStudentJoinsOnOneServerAndAnswersOnTheOther() throws {
    let code = try make()
    let here = try #require(first.book(code))
    let secret = try here.join(name: "Ada Lovelace", roster: nil, at: QuizClock.now)
    // The other server finds the homework and the student by her secret.
    let there = try #require(second.book(code))
    #expect(there.student(secret: secret)?.name.text == "Ada Lovelace")
    let verdict = try there.answer(secret: secret, question: 0, picks: [0], at: QuizClock.now)
    #expect(verdict.score > 0)
    // Her second question on the first server, which has caught up with the first answer.
    _ = try #require(first.book(code)).answer(secret: secret, question: 1, picks: [0], at: QuizClock.now)
    #expect(throws: AssignmentBook.Failure<AssignmentWork.MoveRefusal>.self) {
      try there.answer(secret: secret, question: 0, picks: [1], at: QuizClock.now)
    }
    let mine = try #require(first.book(code)).snapshot
    let theirs = try #require(second.book(code)).snapshot
    #expect(mine == theirs)
    #expect(mine.students.first?.attempts.last?.answers.count == 2)
    #expect(try stored(code) == mine)
  }

  /// The same answer at once on both servers (a double tap through a front that sends each
  /// to another process): one taken, the other refused as answered, never two.
  @Test func theSameAnswerOnBothServersAtOnceIsTakenOnce() async throws {
    let code = try make()
    var secrets: [String] = []
    for number in 1...12 {
      secrets.append(try #require(first.book(code)).join(name: "Student \(number)", roster: nil, at: QuizClock.now))
    }
    let servers = [first, second]
    let outcomes = await withTaskGroup(of: Bool.self) { group in
      for secret in secrets {
        for server in servers {
          group.addTask {
            guard let book = server.book(code) else { return false }
            return (try? book.answer(secret: secret, question: 0, picks: [0], at: QuizClock.now)) != nil
          }
        }
      }
      return await group.reduce(into: [Bool]()) { $0.append($1) }
    }
    #expect(outcomes.count { $0 } == secrets.count, "\(outcomes)")
    let work = try stored(code)
    #expect(work.students.allSatisfy { $0.attempts.last?.answers.count == 1 })
    #expect(try #require(first.book(code)).snapshot == work)
    #expect(try #require(second.book(code)).snapshot == work)
  }

  /// The work the records' rows make, replayed on their own.
  func stored(_ code: String) throws -> AssignmentWork {
    let all = AssignmentStore(records: secondRecords).readAll()
    return try #require(all.works.first { $0.assignment.code == code })
  }
}
