import Foundation
import QRQuiz
import QRQuizClassroom

/// What a teacher asks for when assigning a topic: the API's JSON body, or the topic
/// page's form; checked here for both.
struct AssignmentRequest {
  var topic: String
  var due: Date
  var className: String?
  var set: Int?
  var attempts: Int
  var scoring: AssignmentScoring
  var maximumStudents: Int
  /// Whether the class's students open it only from their own links (`--own-links`).
  var ownLinks = false

  /// The API's body: `{"topic", "due", "class"?, "set"?, "attempts"?, "scoring"?, "max_students"?,
  /// "own_links"?}`.
  init(_ body: JSONBody) throws(JSONBody.Problem) {
    try self.init(
      topic: try body.required("topic", body.string), due: try body.required("due", body.string),
      className: try body.string("class"), set: try body.integer("set"), attempts: try body.integer("attempts"),
      scoring: try body.string("scoring"), maximumStudents: try body.integer("max_students"))
    ownLinks = try body.bool("own_links") ?? false
    if ownLinks, className == nil {
      throw .init(status: 422, message: "own_links needs the class whose students have the links", field: "own_links")
    }
  }

  /// The topic page's form: `topic`, `date` and `time` (the server's time zone), `class`,
  /// `set`, `attempts`, `scoring`; an empty field is one not given.
  init(form fields: [String: String]) throws(JSONBody.Problem) {
    func given(_ name: String) -> String? {
      fields[name].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
    }
    func whole(_ name: String) throws(JSONBody.Problem) -> Int? {
      guard let text = given(name) else { return nil }
      guard let number = Int(text) else {
        throw .init(status: 422, message: "\(name) must be a whole number", field: name)
      }
      return number
    }
    try self.init(
      topic: given("topic") ?? "", due: "\(given("date") ?? "") \(given("time") ?? "")", className: given("class"),
      set: try whole("set"), attempts: try whole("attempts"), scoring: given("scoring"), maximumStudents: nil)
  }

  private init(
    topic: String, due dueText: String, className: String?, set: Int?, attempts: Int?, scoring: String?,
    maximumStudents: Int?
  ) throws(JSONBody.Problem) {
    self.topic = topic
    // A time without a zone is the server's: the teacher's computer, on a school's LAN.
    guard let due = Assignment.dueDate(dueText) else {
      throw .init(
        status: 422, message: "due must be an ISO 8601 date and time, like 2026-12-08T18:00:00Z", field: "due")
    }
    self.due = due
    self.className = className
    self.set = set
    self.attempts = attempts ?? 1
    guard Assignment.attemptsRange.contains(self.attempts) else {
      throw .init(
        status: 422, message: "attempts must be from 1 to \(Assignment.attemptsRange.upperBound)", field: "attempts")
    }
    guard let scoring = AssignmentScoring(rawValue: scoring ?? AssignmentScoring.accuracy.rawValue) else {
      throw .init(status: 422, message: "scoring must be accuracy or app", field: "scoring")
    }
    self.scoring = scoring
    self.maximumStudents = maximumStudents ?? 2000
    guard Assignment.maximumStudentsRange.contains(self.maximumStudents) else {
      throw .init(status: 422, message: "max_students must be from 1 to 10000", field: "max_students")
    }
  }
}
