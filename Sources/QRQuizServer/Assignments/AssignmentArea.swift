import Foundation
import QRQuiz
import QRQuizClassroom
import QRQuizHTTP

/// Homework (`docs/ASSIGNMENTS.md`): the teacher assigns a topic with a due time, students
/// join by the assignment's code with a name (their class's roster's, for a class) and
/// play at their own pace with a secret of their own; the teacher reads the results. The
/// API is JSON in and out (`AssignmentArea+API.swift`); owns the assignments.
final class AssignmentArea: Sendable {
  let site: Site
  let pictures: PicturesArea
  let assignments: Assignments
  /// Answers a question takes at most in a request.
  static let picksLimit = 256

  init(site: Site, pictures: PicturesArea, assignments: Assignments) {
    self.site = site
    self.pictures = pictures
    self.assignments = assignments
    let topics = site.assignmentTopics
    assignments.onFound.withLock { $0 = { topics.hold($0.topicName, until: $0.due) } }
    assignments.onDueMoved.withLock { $0 = { topics.hold($0, until: $1) } }
    topics.use(assignments.clock) { [assignments] in
      assignments.refreshIfChanged()
      assignments.refreshDueChanges()
    }
  }

  func addRoutes(to router: inout Router<RequestContext>) {
    addPageRoutes(to: &router)
    router.add(
      .post, "/api/assignments", "assigns a topic: a due time, a class, a set, attempts", access: site.teacherAPI,
      bodyLimit: .kibibytes(4), .deferred(createAssignment))
    router.add(.get, "/api/assignments", "lists the assignments", access: site.teacherRead, .immediate(list))
    router.group("/api/assignments/{code}", access: studentMove, bodyLimit: .kibibytes(4)) { homework in
      homework.add(
        .post, "/students", "joins an assignment: a name (the class's roster's)",
        access: .anyone("anyone; attempts are limited per address"), .deferred(join))
      homework.add(
        .get, "/next", "a student's next question, or their result", access: studentQuery, bodyLimit: .standard,
        .immediate(next))
      homework.add(
        .post, "/start", "a student starts the timer of their next question (a timed one)", .deferred(startTimer))
      homework.add(
        .post, "/answers", "a student's answer to their next question", bodyLimit: .kibibytes(16), .deferred(answer))
      homework.add(.post, "/attempts", "a student starts another attempt", .deferred(retry))
      homework.group(access: site.teacherRead, bodyLimit: .standard) { teacher in
        teacher.add(.get, "/results.csv", "an assignment's results as CSV", .deferred(resultsCSV))
        teacher.add(.get, "/results.json", "the same as JSON", .deferred(resultsJSON))
      }
    }
  }

  /// Reads the assignments a previous run left (every one, open or past due: they are the
  /// results); a line for each that cannot be.
  func resume() -> [String] {
    let problems = assignments.resume()
    for book in assignments.all {
      site.assignmentTopics.hold(book.assignment.topicName, until: book.snapshot.latestDue)
    }
    return problems
  }

  /// The address students join at.
  func joinURL(_ code: String) -> String { site.publicURL + SitePath.assignment(code).value }

  /// The roster of the class `name`, if the server keeps classes and has it.
  func roster(_ name: String?) -> ClassRoster? {
    guard let name, let store = site.configuration.classes else { return nil }
    return try? store.roster(named: name)
  }

  /// The roster of class `name` for a move that checks a student against it: `nil` when
  /// the homework has no class or its class is gone; thrown when the records cannot say,
  /// so that a student on the list is told the server's trouble (503), not that their name
  /// is not on it.
  func checkingRoster(_ name: String?) throws(DatabaseError) -> ClassRoster? {
    guard let name, let store = site.configuration.classes else { return nil }
    do throws(ClassRosterStore.Error) {
      return try store.roster(named: name)
    } catch {
      if case .records(let failure) = error { throw failure }
      return nil
    }
  }
}

extension SitePath {
  /// A student's page of an assignment.
  static func assignment(_ code: String) -> SitePath { .segments("a", code) }
  /// The form that asks an assignment's code.
  static let assignmentCodeEntry = SitePath.segments("a")
  /// The QR code of a student's page of an assignment.
  static func assignmentQR(_ code: String, _ format: ImageFile) -> SitePath {
    .segments("a", code, "qr." + format.rawValue)
  }
  /// An assignment's API.
  static func assignmentAPI(_ code: String) -> SitePath { .segments("api", "assignments", code) }
  /// An assignment's results to download.
  static func assignmentResults(_ code: String, _ format: String) -> SitePath {
    .segments("api", "assignments", code, "results." + format)
  }
  /// The teacher's list of assignments (and where the topic page's form posts).
  static let assignments = SitePath.segments("assignments")
  /// The teacher's page of an assignment.
  static func assignmentPage(_ code: String) -> SitePath { .segments("assignments", code) }
  /// Where the teacher's page moves an assignment's due time.
  static func assignmentDue(_ code: String) -> SitePath { .segments("assignments", code, "due") }
  /// An assignment's join code, full screen, for the projector.
  static func assignmentPresent(_ code: String) -> SitePath { .segments("assignments", code, "present") }
}
