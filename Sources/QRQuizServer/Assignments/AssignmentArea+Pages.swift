import Foundation
import QRQuiz
import QRQuizClassroom
import QRQuizHTTP

/// Homework's pages: a student's (`/a/CODE`, the script plays it through the API) with its
/// QR code, and the teacher's: the list, an assignment's results and its join code for the
/// projector, and the topic page's form that assigns.
extension AssignmentArea {
  func addPageRoutes(to router: inout Router<RequestContext>) {
    router.add(.get, "/a", "asks an assignment's code", access: .anyone, .immediate(codePage))
    router.add(
      .get, "/a/{code}", "a student's page of an assignment: name, questions, verdicts, result", access: .anyone,
      .immediate(studentPage))
    router.add(
      .get, "/a/{code}/qr.png", "the QR code of an assignment's student page", access: .anyone, .immediate(joinQRPNG))
    router.add(.get, "/a/{code}/qr.svg", "the same, as SVG", access: .anyone, .immediate(joinQRSVG))
    router.add(.get, "/assignments", "the teacher's assignments", access: site.teacherPage, .deferred(listPage))
    router.add(
      .post, "/assignments", "assigns a topic from its page's form, then shows the assignment",
      access: site.teacherForm, .deferred(assignFromForm))
    router.add(
      .get, "/assignments/{code}", "an assignment's results: students, scores, the hardest questions",
      access: site.teacherPage, .deferred(resultsPage))
    router.add(
      .get, "/assignments/{code}/present", "an assignment's join code, full screen, for a projector",
      access: site.teacherPage, .immediate(presentPage))
    router.add(
      .post, "/assignments/{code}/due", "moves the due time, for one student or everyone, from the results page",
      access: site.teacherForm, .deferred(dueFromForm))
  }

  /// POST `/assignments/CODE/due`: `student` (empty: everyone), `date` and `time` (the
  /// server's time zone); the assignment's page, or why not.
  func dueFromForm(_ context: RequestContext, _ teacher: Teacher) async -> HTTPResponse {
    let fields = FormBody.parse(context.request.body)
    func given(_ name: String) -> String? {
      fields[name].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
    }
    let pages = site.pages(context)
    let typed = "\(given("date") ?? "") \(given("time") ?? "")"
    guard let until = Assignment.dueDate(typed) else {
      return .html(pages.error(HomeworkPhrase.cannotMoveDue, "the new due time is not a date and time"), status: 422)
    }
    guard let book = assignments.book(context[parameter: "code"], of: teacher) else { return noSuchAssignment(context) }
    do throws(AssignmentStore.DueChangeFailure) {
      try assignments.changeDue(
        code: book.code, student: given("student"), until: QuizClock.Instant(until),
        roster: roster(book.assignment.className))
    } catch {
      let status = if case .refused = error { 422 } else { 503 }
      return .html(pages.error(HomeworkPhrase.cannotMoveDue, "\(error.description)"), status: status)
    }
    return .redirect(to: .assignmentPage(book.code))
  }

  private func noSuchAssignment(_ context: RequestContext) -> HTTPResponse {
    let pages = site.pages(context)
    return .html(pages.error(.notFound, pages.say(HomeworkPhrase.noSuchAssignmentPage)), status: 404)
  }

  /// GET `/a`: the code form; `?code=` goes to its assignment, or says there is none (a
  /// miss, from the lookup budget).
  func codePage(_ context: RequestContext) -> HTTPResponse {
    guard let typed = context.request.query["code"] else { return .html(site.pages(context).codeEntry(problem: false)) }
    let missing = HTTPResponse.html(site.pages(context).codeEntry(problem: true), status: 404)
    switch publicBook(context, typed: typed, missing: missing) {
    case .failure(let refused): return refused.response
    case .success(let book): return .redirect(to: .assignment(book.code))
    }
  }

  /// GET `/a/CODE` (typed in any case: the canonical address after).
  func studentPage(_ context: RequestContext) -> HTTPResponse {
    let book: AssignmentBook
    switch publicBook(context, missing: noSuchAssignment(context)) {
    case .failure(let refused): return refused.response
    case .success(let found): book = found
    }
    guard book.code == context[parameter: "code"] else { return .redirect(to: .assignment(book.code)) }
    // Open while anyone may answer (a student with more time too); the due time shown is
    // everyone's, a student's own comes with their next question.
    let work = book.snapshot
    var shown = book.assignment
    shown.due = work.due
    return .html(site.pages(context).homework(shown, open: work.isOpenToAnyone(at: assignments.clock.now())))
  }

  func joinQRPNG(_ context: RequestContext) -> HTTPResponse {
    joinCode(context) { .bytes(try $0.pngData(), type: "image/png", cache: "no-cache") }
  }

  func joinQRSVG(_ context: RequestContext) -> HTTPResponse {
    joinCode(context) { .bytes(Array(SVGRenderer.svg($0).utf8), type: "image/svg+xml", cache: "no-cache") }
  }

  private func joinCode(_ context: RequestContext, _ make: (SymbolSheet) throws -> HTTPResponse) -> HTTPResponse {
    let book: AssignmentBook
    switch publicBook(context, missing: noSuchAssignment(context)) {
    case .failure(let refused): return refused.response
    case .success(let found): book = found
    }
    do {
      let matrix = try QRSymbolEncoder.encode(Array(joinURL(book.code).utf8), mode: .byte, level: .medium)
      return try make(SymbolSheet(matrices: [matrix], scale: 10, margin: 4))
    } catch {
      return .html(site.pages(context).error(.qrCodeFailed, "\(String(describing: error))"), status: 500)
    }
  }

  /// GET `/assignments`.
  func listPage(_ context: RequestContext, _ teacher: Teacher) async -> HTTPResponse {
    let now = assignments.clock.now()
    let items = assignments.all(of: teacher).map { book -> Pages.AssignmentItem in
      let work = book.snapshot(at: now)
      let count = work.assignment.questions.count
      var shown = work.assignment
      shown.due = work.due
      return Pages.AssignmentItem(
        assignment: shown, students: work.students.count,
        done: work.students.count { $0.best.answers.count == count }, isOpen: work.isOpenToAnyone(at: now))
    }
    return .html(site.pages(context).assignmentList(items))
  }

  /// POST `/assignments`: the topic page's form; the assignment's page, or why not.
  func assignFromForm(_ context: RequestContext, _ teacher: Teacher) async -> HTTPResponse {
    do throws(JSONBody.Problem) {
      let book = try makeAssignment(try AssignmentRequest(form: FormBody.parse(context.request.body)), for: teacher)
      return .redirect(to: .assignmentPage(book.code))
    } catch {
      let pages = site.pages(context)
      return .html(
        pages.error(HomeworkPhrase.cannotAssign, "\(error.message)"), status: error.status)
    }
  }

  /// GET `/assignments/CODE`.
  func resultsPage(_ context: RequestContext, _ teacher: Teacher) async -> HTTPResponse {
    guard let book = assignments.book(context[parameter: "code"], of: teacher) else { return noSuchAssignment(context) }
    let now = assignments.clock.now()
    let work = book.snapshot(at: now)
    let results = AssignmentResults(work, roster: roster(book.assignment.className), at: now)
    return .html(
      site.pages(context).assignmentPage(
        results, joinURL: joinURL(book.code), reachable: site.isPublicURLReachable,
        isOpen: work.isOpenToAnyone(at: now), csrf: site.formToken))
  }

  /// GET `/assignments/CODE/present`.
  func presentPage(_ context: RequestContext, _ teacher: Teacher) -> HTTPResponse {
    guard let book = assignments.book(context[parameter: "code"], of: teacher) else { return noSuchAssignment(context) }
    var shown = book.assignment
    shown.due = book.snapshot.due
    return .html(
      site.pages(context).assignmentPresent(
        shown, joinURL: joinURL(book.code), codeURL: site.publicURL + SitePath.assignmentCodeEntry.value))
  }
}
