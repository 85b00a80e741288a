import Foundation
import QRQuiz

/// An assignment and its students' moves as the records keep them (JSON, as a live game's),
/// and the work they make, each move checked against the work so far.
enum AssignmentMoves {
  /// Why stored rows do not make an assignment's work.
  struct Damage: Error, Sendable {
    /// The move (1-based) that is wrong; 0 for the assignment itself.
    var move: Int
    var reason: String
  }

  /// The assignment a row's JSON holds, checked against the bounds a new one is made in.
  static func assignment(_ json: some Collection<UInt8>) throws(Damage) -> Assignment {
    guard let assignment = try? JSONDecoder().decode(Assignment.self, from: Data(json)) else {
      throw Damage(move: 0, reason: "not an assignment")
    }
    guard !assignment.questions.isEmpty, assignment.questions.count <= Assignment.maximumQuestions,
      Assignment.attemptsRange.contains(assignment.attempts),
      Assignment.maximumStudentsRange.contains(assignment.maximumStudents),
      assignment.questions.allSatisfy({ question in
        question.question.correct.allSatisfy(question.question.answers.indices.contains)
      })
    else { throw Damage(move: 0, reason: "an assignment out of bounds") }
    return assignment
  }

  /// The work `moves` (JSON, in order) make of `assignment`.
  static func replay(_ assignment: Assignment, moves: [some Collection<UInt8>]) throws(Damage) -> AssignmentWork {
    let decoder = JSONDecoder()
    var work = AssignmentWork(assignment: assignment)
    for (offset, move) in moves.enumerated() {
      guard let entry = try? decoder.decode(AssignmentWork.Entry.self, from: Data(move)) else {
        throw Damage(move: offset + 1, reason: "not an assignment's entry")
      }
      guard work.accepts(entry) else {
        throw Damage(move: offset + 1, reason: "an entry that does not fit the assignment")
      }
      work.apply(entry)
    }
    return work
  }
}
