import QRQuiz
import QRQuizClassroom
import QRQuizHTTP

/// A class's homework opened from a student's own link (`/s/SECRET/a/CODE`, from their page
/// of results): they are that student without typing a name, the only way in to an
/// assignment made with `qrquiz assign --own-links` (a name typed may be a classmate's).
extension ClassesArea {
  /// GET `/s/SECRET/a/CODE`: the homework page, as the student whose link it is (joined
  /// now, or as they joined before: the same secret on every device they open it on).
  ///
  /// A secret nobody has costs a try of the site's lookup budget, as `/s/SECRET` does.
  func ownHomework(_ context: RequestContext) async -> HTTPResponse {
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
    // Only a homework of the student's own class.
    guard let book = assignments.book(context[parameter: "code"]), let className = book.assignment.className,
      NameFolding.key(className) == NameFolding.key(roster.name.text)
    else {
      return .html(pages.error(.notFound, pages.say(HomeworkPhrase.noSuchAssignmentPage)), status: 404)
    }
    let now = assignments.clock.now()
    let work = book.snapshot
    var shown = book.assignment
    shown.due = work.due
    let open = work.isOpenToAnyone(at: now)
    do throws(AssignmentBook.Failure<AssignmentWork.JoinRefusal>) {
      let given = try book.openByOwnLink(student, roster: roster, at: now)
      return .html(pages.homework(shown, open: open, student: (secret: given, name: student.name.text)))
    } catch {
      switch error {
      // Past due and never joined: the page says it is closed, as it does to anyone.
      case .refused(.pastDue): return .html(pages.homework(shown, open: false))
      case .refused(let refusal):
        return .html(pages.error(HomeworkPhrase.cannotOpenHomework, "\(refusal.description)"), status: 403)
      case .notSaved(let failure):
        return .html(pages.error(HomeworkPhrase.cannotOpenHomework, "\(failure.reason)"), status: 503)
      }
    }
  }
}
