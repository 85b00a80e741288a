import Foundation
import QRQuiz
import QRQuizClassroom
import QRQuizFiles
import QRQuizHTTP

/// The classes (`qrquiz class`): the teacher's list of them, each class's gradebook (every
/// live game and assignment it took, per student, in one table, and as CSV and JSON), the
/// links of the students' own pages, and those pages (`/s/SECRET`: a student's results,
/// theirs alone). Reads the rosters, the assignments and the finished live games from the
/// records; keeps nothing of its own.
final class ClassesArea: Sendable {
  let site: Site
  let assignments: Assignments

  init(site: Site, assignments: Assignments) {
    self.site = site
    self.assignments = assignments
  }

  func addRoutes(to router: inout Router<RequestContext>) {
    router.add(.get, "/classes", "the teacher's classes", access: site.teacherPage, .deferred(listPage))
    router.add(
      .get, "/classes/{name}", "a class's gradebook: every live game and assignment it took, per student",
      access: site.teacherPage, .deferred(gradebookPage))
    router.add(
      .post, "/classes/{name}/links", "gives the class's students the links of their own pages",
      access: site.teacherForm, .deferred(makeLinks))
    router.add(
      .get, "/api/classes/{name}/gradebook.csv", "a class's gradebook as CSV", access: site.teacherRead,
      .deferred(gradebookCSV))
    router.add(
      .get, "/api/classes/{name}/gradebook.json", "the same as JSON", access: site.teacherRead,
      .deferred(gradebookJSON))
    router.add(
      .get, "/s/{secret}", "a student's own results, by their secret link", access: .anyone("whoever has the link"),
      .deferred(studentPage))
    router.add(
      .get, "/s/{secret}/a/{code}", "a class's homework opened from a student's own link: as that student",
      access: .anyone("whoever has the link"), .deferred(studentHomework))
    addLeavingOutRoutes(to: &router)
  }

  /// The gradebook of `roster`'s class as things stand.
  func gradebook(_ roster: ClassRoster) -> Gradebook {
    Gradebook(
      roster: roster, assignments: assignments.all.map(\.snapshot),
      games: site.configuration.liveGames?.gameRecords() ?? [],
      at: assignments.clock.now())
  }

  /// The class the path names.
  ///
  /// - Throws: ``HTTPFailure``: the page (404) saying there is no such class, or (500) what
  ///   is wrong with the records.
  func roster(_ context: RequestContext) throws(HTTPFailure) -> ClassRoster {
    guard let store = site.configuration.classes else { throw HTTPFailure(noSuchClass(context)) }
    do throws(ClassRosterStore.Error) {
      return try store.roster(named: context[parameter: "name"])
    } catch {
      guard case .notFound = error else { throw classesFailure(context, error) }
      throw HTTPFailure(noSuchClass(context))
    }
  }

  /// The page saying what is wrong with the classes' records.
  private func classesFailure(_ context: RequestContext, _ error: ClassRosterStore.Error) -> HTTPFailure {
    HTTPFailure(.html(site.pages(context).error(.notFound, "\(error.description)"), status: 500))
  }

  private func noSuchClass(_ context: RequestContext) -> HTTPResponse {
    let pages = site.pages(context)
    return .html(pages.error(.notFound, pages.say(HomeworkPhrase.noSuchClass)), status: 404)
  }

  /// GET `/classes`.
  func listPage(_ context: RequestContext, _ teacher: Teacher) async -> HTTPResponse {
    let (rosters, problems) = site.configuration.classes?.listReadable() ?? ([], [])
    let problem = problems.isEmpty ? nil : problems.map(\.description).joined(separator: "; ")
    return .html(site.pages(context).classList(rosters, problem: problem))
  }

  /// GET `/classes/NAME`.
  func gradebookPage(_ context: RequestContext, _ teacher: Teacher) async throws -> HTTPResponse {
    let roster = try roster(context)
    return .html(site.pages(context).gradebookPage(gradebook(roster), publicURL: site.publicURL, csrf: site.formToken))
  }

  /// POST `/classes/NAME/links`: every student without one gets their own page's secret;
  /// back to the gradebook.
  func makeLinks(_ context: RequestContext, _ teacher: Teacher) async throws -> HTTPResponse {
    let roster = try roster(context)
    do throws(ClassRosterStore.Error) {
      try site.configuration.classes?.update(roster.name.text) { $0.giveResultsSecrets() }
    } catch {
      throw classesFailure(context, error)
    }
    return .redirect(to: .classPage(roster.name.text))
  }

  /// GET `/api/classes/NAME/gradebook.csv`.
  func gradebookCSV(_ context: RequestContext, _ teacher: Teacher) async throws -> HTTPResponse {
    let roster = try roster(context)
    return .bytes(
      Array(gradebook(roster).csv.utf8), type: "text/csv; charset=utf-8", cache: "no-store",
      headers: [
        // The class's name is the teacher's text, maybe pasted: one builder quotes it.
        (
          "Content-Disposition",
          ContentDisposition.attachment(stem: "qrquiz-gradebook-\(roster.name.text)", fileExtension: "csv")
        )
      ])
  }

  /// GET `/api/classes/NAME/gradebook.json`.
  func gradebookJSON(_ context: RequestContext, _ teacher: Teacher) async throws -> HTTPResponse {
    .json(gradebook(try roster(context)).json)
  }

  /// GET `/s/SECRET`: the student's row of their class's gradebook, and nothing else.
  ///
  /// A secret nobody has costs the address a try of the site's lookup budget
  /// (``LookupBudget``): once it has none left, 429 with `Retry-After`, so links cannot be
  /// walked. The secret is found by the students' unique index on it, never by reading the
  /// rosters; an address out of tries is refused before even that.
  func studentPage(_ context: RequestContext) async -> HTTPResponse {
    let secret = context[parameter: "secret"]
    let budget = LookupBudget(site: site)
    let pages = site.pages(context)
    let notFound = HTTPResponse.html(pages.error(.notFound, pages.say(HomeworkPhrase.noSuchStudentPage)), status: 404)
    if let wait = budget.wait(context) { return tooManyTries(context, wait: wait) }
    if Secret.looksLikeOne(secret), let roster = try? site.configuration.classes?.roster(withResultsSecret: secret),
      let student = roster.student(resultsSecret: secret)
    {
      let book = gradebook(roster)
      if let row = book.row(card: student.card) {
        return .html(pages.studentResults(row, in: book, ownSecret: secret))
      }
    }
    return budget.missed(context, notFound, refusal: tooManyTries)
  }

  /// 429 with `Retry-After`: the address has no lookup left.
  func tooManyTries(_ context: RequestContext, wait: Double) -> HTTPResponse {
    let pages = site.pages(context)
    return .html(
      pages.error(PagePhrase.liveTooManyTries, ""), status: 429,
      headers: [HTTPResponse.retryAfter(wait)])
  }
}

extension SitePath {
  static let classes = SitePath.segments("classes")
  static func classPage(_ name: String) -> SitePath { .segments("classes", name) }
  static func classLinks(_ name: String) -> SitePath { .segments("classes", name, "links") }
  static func gradebook(_ name: String, _ format: String) -> SitePath {
    .segments("api", "classes", name, "gradebook." + format)
  }
  static func studentResults(_ secret: String) -> SitePath { .segments("s", secret) }
}
