import QRQuiz
import QRQuizClassroom
import QRQuizHTTP

/// A student of an assignment, proven by their secret. Only the checks below make one, so
/// a handler that takes a `Student` runs for that student alone, and sees nothing of
/// another's.
struct Student: Sendable {
  let book: AssignmentBook
  /// The student as they were when the request came.
  let student: AssignmentWork.Student
  let secret: String

  fileprivate init(book: AssignmentBook, student: AssignmentWork.Student, secret: String) {
    self.book = book
    self.student = student
    self.secret = secret
  }
}

/// Access to an assignment's routes: the code finds it (404 when none has it), the
/// student's secret proves who calls: in the JSON body of a move, in `?secret=` for a read.
extension AssignmentArea {
  var studentMove: Access<RequestContext, Student> {
    Access("a student: `secret` in the JSON body") { [self] context in
      guard let book = assignments.book(context[parameter: "code"]) else { return .answered(Self.noSuchAssignment) }
      let secret: String
      do throws(JSONBody.Problem) {
        secret = try context.credentials.bodySecret()
      } catch {
        return .answered(error.response)
      }
      return admit(book, secret)
    }
  }

  var studentQuery: Access<RequestContext, Student> {
    Access("a student: `?secret=`") { [self] context in
      guard let book = assignments.book(context[parameter: "code"]) else { return .answered(Self.noSuchAssignment) }
      return admit(book, context.credentials.querySecret ?? "")
    }
  }

  private func admit(_ book: AssignmentBook, _ secret: String) -> Admission<Student> {
    guard let student = book.student(secret: secret) else { return .answered(Self.unknownSecret) }
    return .admitted(Student(book: book, student: student, secret: secret))
  }

  static let noSuchAssignment = HTTPResponse.apiError(404, "no assignment has this code")
  static let unknownSecret = HTTPResponse.apiError(403, "no student of this assignment has this secret")
}
