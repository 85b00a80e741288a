import Foundation
import QRQuiz

/// What a teacher asks for when assigning a topic (the API's body).
struct AssignmentRequest {
  var topic: String
  var due: Date
  var className: String?
  var set: Int?
  var attempts: Int
  var scoring: AssignmentScoring
  var maximumStudents: Int

  init(_ body: JSONBody) throws(JSONBody.Problem) {
    topic = try body.required("topic", body.string)
    let dueText = try body.required("due", body.string)
    // A time without a zone is the server's: the teacher's computer, on a school's LAN.
    guard let due = Assignment.dueDate(dueText) else {
      throw .init(
        status: 422, message: "due must be an ISO 8601 date and time, like 2026-12-08T18:00:00Z", field: "due")
    }
    self.due = due
    className = try body.string("class")
    set = try body.integer("set")
    attempts = try body.integer("attempts") ?? 1
    guard Assignment.attemptsRange.contains(attempts) else {
      throw .init(
        status: 422, message: "attempts must be from 1 to \(Assignment.attemptsRange.upperBound)", field: "attempts")
    }
    let scoringName = try body.string("scoring") ?? AssignmentScoring.accuracy.rawValue
    guard let scoring = AssignmentScoring(rawValue: scoringName) else {
      throw .init(status: 422, message: "scoring must be accuracy or app", field: "scoring")
    }
    self.scoring = scoring
    maximumStudents = try body.integer("max_students") ?? 2000
    guard Assignment.maximumStudentsRange.contains(maximumStudents) else {
      throw .init(status: 422, message: "max_students must be from 1 to 10000", field: "max_students")
    }
  }
}
