import QRQuiz
import QRQuizClassroom
import QRQuizHTTP

/// A class's homework opened from a student's own link (`/s/SECRET/a/CODE`, from their page
/// of results): they are that student without typing a name, the only way in to an
/// assignment made with `qrquiz assign --own-links` (a name typed may be a classmate's).
///
/// Opening the link never starts the homework: a GET changes nothing (a chat app's link
/// preview fetches links), so a student not started yet gets a *Start* button, a form
/// posted to the same address, which starts it and opens it.
extension ClassesArea {
  /// The student whose link it is, their homework and the time; or the answer to send.
  private struct OwnHomework {
    let roster: ClassRoster
    let student: ClassRoster.Student
    let book: AssignmentBook
    let now: QuizClock.Instant
    /// The assignment as the page shows it: everyone's due time, moved or not.
    let shown: Assignment
    let open: Bool
  }

  /// Finds the student of the path's secret and their class's homework of the path's code.
  /// A secret nobody has costs a try of the site's lookup budget, as `/s/SECRET` does.
  private func ownHomework(_ context: RequestContext, _ body: (OwnHomework) -> HTTPResponse) -> HTTPResponse {
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
    return body(
      OwnHomework(
        roster: roster, student: student, book: book, now: now, shown: shown, open: work.isOpenToAnyone(at: now)))
  }

  /// GET `/s/SECRET/a/CODE`: the homework page as the student who joined before (the same
  /// secret on every device they open it on); for one not started yet, while it is open to
  /// them, a page with their name and *Start*. Joins nobody.
  func ownHomework(_ context: RequestContext) async -> HTTPResponse {
    ownHomework(context) { found in
      let pages = site.pages(context)
      let name = found.student.name.text
      if let joined = found.book.snapshot.student(named: name) {
        return .html(pages.homework(found.shown, open: found.open, student: (secret: joined.secret, name: name)))
      }
      guard found.book.snapshot.isOpen(forKey: NameFolding.key(name), at: found.now) else {
        return .html(pages.homework(found.shown, open: false))
      }
      return .html(
        pages.ownHomeworkStart(
          found.shown, name: name, action: .ownHomework(context[parameter: "secret"], found.shown.code)))
    }
  }

  /// POST `/s/SECRET/a/CODE` (the *Start* button): the student joins (or is found joined),
  /// then `303` to the homework's page, which opens it as them.
  func startOwnHomework(_ context: RequestContext) async -> HTTPResponse {
    ownHomework(context) { found in
      let pages = site.pages(context)
      do throws(AssignmentBook.Failure<AssignmentWork.JoinRefusal>) {
        _ = try found.book.openByOwnLink(found.student, roster: found.roster, at: found.now)
        return .redirect(to: .ownHomework(context[parameter: "secret"], found.shown.code))
      } catch {
        switch error {
        // Past due and never joined: the page says it is closed, as it does to anyone.
        case .refused(.pastDue): return .html(pages.homework(found.shown, open: false))
        case .refused(let refusal):
          return .html(pages.error(HomeworkPhrase.cannotOpenHomework, "\(refusal.description)"), status: 403)
        case .notSaved(let failure):
          return .html(pages.error(HomeworkPhrase.cannotOpenHomework, "\(failure.reason)"), status: 503)
        }
      }
    }
  }
}
