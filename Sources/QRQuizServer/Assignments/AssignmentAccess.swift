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
///
/// Codes and secrets cannot be walked: a code no assignment has and a secret no student
/// of it has each cost the address a try of the site's one lookup budget
/// (``LookupBudget``, the live PINs' own); once it has none left, 429 with `Retry-After`.
extension AssignmentArea {
  var studentMove: Access<RequestContext, Student> {
    Access("a student: `secret` in the JSON body") { [self] context in
      guard let book = assignments.book(context[parameter: "code"]) else {
        return .answered(missed(context, Self.noSuchAssignment))
      }
      let secret: String
      do throws(JSONBody.Problem) {
        secret = try context.credentials.bodySecret()
      } catch {
        return .answered(error.response)
      }
      return admit(context, book, secret)
    }
  }

  var studentQuery: Access<RequestContext, Student> {
    Access("a student: `?secret=`") { [self] context in
      guard let book = assignments.book(context[parameter: "code"]) else {
        return .answered(missed(context, Self.noSuchAssignment))
      }
      return admit(context, book, context.credentials.querySecret ?? "")
    }
  }

  private func admit(_ context: RequestContext, _ book: AssignmentBook, _ secret: String) -> Admission<Student> {
    guard let student = book.student(secret: secret) else { return .answered(missed(context, Self.unknownSecret)) }
    return .admitted(Student(book: book, student: student, secret: secret))
  }

  /// The site's lookup budget.
  var budget: LookupBudget { LookupBudget(site: site) }

  /// `miss`, the answer to a lookup that missed, once it has cost the address a try; 429
  /// when it has none left.
  func missed(_ context: RequestContext, _ miss: HTTPResponse) -> HTTPResponse {
    budget.missed(context, miss, refusal: tooManyTries)
  }

  /// The assignment of the route's code (or `typed`) for a route open to anyone (a
  /// student's page, the code form, the QR codes): a miss costs a try; once the address has
  /// none left, only the teacher gets it, anyone else 429 as for a wrong code.
  func publicBook(_ context: RequestContext, typed: String? = nil, missing: HTTPResponse) -> Result<
    AssignmentBook, LookupRefused
  > {
    guard let book = assignments.book(typed ?? context[parameter: "code"]) else {
      return .failure(LookupRefused(response: missed(context, missing)))
    }
    if !context.isTeacher, let wait = budget.wait(context) {
      return .failure(LookupRefused(response: tooManyTries(context, wait: wait)))
    }
    return .success(book)
  }

  /// A lookup answered without its assignment.
  struct LookupRefused: Error {
    var response: HTTPResponse
  }

  /// 429 with `Retry-After`: JSON for the API, the code form for a page.
  func tooManyTries(_ context: RequestContext, wait: Double) -> HTTPResponse {
    let retry = [HTTPResponse.retryAfter(wait)]
    guard context.request.path.hasPrefix("/api/") else {
      return .html(site.pages(context).codeEntry(problem: false, tooManyTries: true), status: 429, headers: retry)
    }
    return .apiError(429, "too many tries from this address: wait a moment", headers: retry)
  }

  static let noSuchAssignment = HTTPResponse.apiError(404, "no assignment has this code")
  static let unknownSecret = HTTPResponse.apiError(403, "no student of this assignment has this secret")
}
