import Foundation
import QRQuiz
import QRQuizClassroom
import QRQuizHTTP

/// A student's own link opens their class's homework as them (`/s/SECRET/a/CODE`): the
/// link is their credential, so a student whose browser forgot them ("Not you?", another
/// phone, a flat battery) continues where they were on any device, instead of being told
/// to find the device they started on.
extension ClassesArea {
  /// GET `/s/SECRET/a/CODE`: the homework page, handed the secret the student started
  /// with (kept by the page as if they had joined there), or their name to start with. A
  /// GET never joins: starting is still the student's press of Start.
  ///
  /// A secret nobody has costs a try of the lookup budget, as `/s/SECRET` does.
  func studentHomework(_ context: RequestContext) async -> HTTPResponse {
    let secret = context[parameter: "secret"]
    let budget = LookupBudget(site: site)
    let pages = site.pages(context)
    if let wait = budget.wait(context) { return tooManyTries(context, wait: wait) }
    guard Secret.looksLikeOne(secret), let roster = try? site.configuration.classes?.roster(withResultsSecret: secret),
      let student = roster.student(resultsSecret: secret)
    else {
      let notFound = HTTPResponse.html(
        pages.error(.notFound, pages.say(HomeworkPhrase.noSuchStudentPage)), status: 404)
      return budget.missed(context, notFound, refusal: tooManyTries)
    }
    // Only the homework given to the student's own class: the link is no key to others.
    guard let book = assignments.book(context[parameter: "code"]), let className = book.assignment.className,
      NameFolding.key(className) == roster.name.key
    else {
      return .html(pages.error(.notFound, pages.say(HomeworkPhrase.noSuchAssignmentPage)), status: 404)
    }
    let work = book.snapshot
    var shown = book.assignment
    shown.due = work.due
    let started = work.student(named: student.name.text)
    return .html(
      pages.homework(
        shown, open: work.isOpenToAnyone(at: assignments.clock.now()),
        student: .init(name: student.name.text, secret: started?.secret)))
  }
}

extension SitePath {
  /// A class's homework opened from a student's own link.
  static func studentHomework(_ secret: String, _ code: String) -> SitePath { .segments("s", secret, "a", code) }
}
