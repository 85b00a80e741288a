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
  /// Where a Review card's picture is served from.
  let pictures: PicturesArea

  init(site: Site, assignments: Assignments, pictures: PicturesArea) {
    self.site = site
    self.assignments = assignments
    self.pictures = pictures
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
      .post, "/classes/{name}/merge", "merges a guest of a live game into the class's student they are",
      access: site.teacherForm, .deferred(mergeFromForm))
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
      .get, "/s/{secret}/a/{code}", "a student's homework, opened from their own link: no name to type",
      access: .anyone("whoever has the link"), .deferred(ownHomework))
    router.add(
      .post, "/s/{secret}/a/{code}", "starts a student's homework from their own link (its Start), then opens it",
      access: .anyone("whoever has the link"), bodyLimit: .kibibytes(4), .deferred(startOwnHomework))
    router.add(
      .post, "/classes/{name}/retention",
      "sets the class's desired retention (0.70–0.97) its students' Review aims for",
      access: site.teacherForm, bodyLimit: .kibibytes(4), .deferred(setRetention))
    addReviewRoutes(to: &router)
    addLeavingOutRoutes(to: &router)
  }

  /// The gradebook of `roster`'s class as things stand, from `games` (the saved live
  /// games, read from the records when not given).
  func gradebook(_ roster: ClassRoster, games: [LiveGameRecord]? = nil) -> Gradebook {
    Gradebook(
      roster: roster, assignments: assignments.all.map(\.snapshot),
      games: games ?? site.configuration.liveGames?.gameRecords() ?? [],
      at: assignments.clock.now())
  }

  /// What `roster`'s class remembers, from its students' reviews, as things stand.
  func memory(_ roster: ClassRoster) -> ClassMemory {
    let scheduler = scheduler(for: roster)
    let replayed =
      site.configuration.classes.flatMap {
        try? StudyLog.classCards(
          records: $0.records, classKey: ClassRosterStore.key(roster.name.text), scheduler: scheduler)
      } ?? [:]
    return ClassMemory(
      roster: roster, deck: deck(roster), replayed: replayed, scheduler: scheduler, at: assignments.clock.now())
  }

  /// The class the path names, when it is the requesting teacher's (another teacher's is
  /// one there is not).
  ///
  /// - Throws: ``HTTPFailure``: the page (404) saying there is no such class, or (500) what
  ///   is wrong with the records.
  func roster(_ context: RequestContext) throws(HTTPFailure) -> ClassRoster {
    guard let store = site.configuration.classes, let teacher = context.teacher else {
      throw HTTPFailure(noSuchClass(context))
    }
    let roster: ClassRoster
    let owner: Int64?
    do throws(ClassRosterStore.Error) {
      roster = try store.roster(named: context[parameter: "name"])
      owner = try store.teacher(ofClass: roster.name.text)
    } catch {
      guard case .notFound = error else { throw classesFailure(context, error) }
      throw HTTPFailure(noSuchClass(context))
    }
    // Another teacher's class is answered as one there is not.
    guard teacher.owns(owner) else { throw HTTPFailure(noSuchClass(context)) }
    return roster
  }

  /// The page saying what is wrong with the classes' records: 503 (and when to try again)
  /// while their database cannot be reached, 500 for rows that do not make a class.
  private func classesFailure(_ context: RequestContext, _ error: ClassRosterStore.Error) -> HTTPFailure {
    HTTPFailure(site.pages(context).recordsFailure(error, about: error.description))
  }

  private func noSuchClass(_ context: RequestContext) -> HTTPResponse {
    let pages = site.pages(context)
    return .html(pages.error(.notFound, pages.say(HomeworkPhrase.noSuchClass)), status: 404)
  }

  /// GET `/classes`.
  func listPage(_ context: RequestContext, _ teacher: Teacher) async -> HTTPResponse {
    let (all, problems) = site.configuration.classes?.listReadable() ?? ([], [])
    let rosters = site.ownClasses(all, of: teacher)
    let problem = problems.isEmpty ? nil : problems.map(\.description).joined(separator: "; ")
    return .html(site.pages(context).classList(rosters, problem: problem))
  }

  /// GET `/classes/NAME`.
  func gradebookPage(_ context: RequestContext, _ teacher: Teacher) async throws -> HTTPResponse {
    let roster = try roster(context)
    let games = site.configuration.liveGames?.gameRecords() ?? []
    return .html(
      site.pages(context).gradebookPage(
        gradebook(roster, games: games), memory: memory(roster),
        merges: GradebookMergeChoice.choices(games, in: roster),
        publicURL: site.publicURL, csrf: site.formToken))
  }

  /// POST `/classes/NAME/merge`: `game` (a live game of the class's, by its results' name),
  /// `from` and `into` (two of its players): one student of the two, in the records, the
  /// results' files and the gradebook; back to the gradebook, or a page saying why not.
  func mergeFromForm(_ context: RequestContext, _ teacher: Teacher) async throws -> HTTPResponse {
    let roster = try roster(context)
    let fields = FormBody.parse(context.request.body)
    let pages = site.pages(context)
    func refused(_ status: Int, _ detail: String) -> HTTPResponse {
      .html(pages.error(HomeworkPhrase.cannotMerge, "\(detail)"), status: status)
    }
    guard let store = site.configuration.liveGames else { return refused(404, "this server keeps no live games") }
    let (game, from, into) = (fields["game"] ?? "", fields["from"] ?? "", fields["into"] ?? "")
    // Only a game of this class's gradebook: the page's form names no other.
    guard !game.isEmpty, gradebook(roster).activities.contains(where: { $0.kind == .live && $0.id == game }) else {
      return refused(404, "\(roster.name.text) played no live game saved as \(game)")
    }
    do throws(LiveGameStore.MergeError) {
      try store.merge(results: game, from: from, into: into, at: assignments.clock.now())
    } catch {
      switch error {
      case .noSuchResults, .noSuchPlayer: return refused(404, error.description)
      case .refused: return refused(422, error.description)
      case .save: return refused(503, error.description)
      }
    }
    return .redirect(to: .classPage(roster.name.text))
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

  /// POST `/classes/NAME/retention`: `retention`, from 0.70 to 0.97 ("0,85" too, as Spanish
  /// writes it); back to the gradebook's memory, or a page saying what is wrong (422).
  func setRetention(_ context: RequestContext, _ teacher: Teacher) async throws -> HTTPResponse {
    let roster = try roster(context)
    let pages = site.pages(context)
    let text = FormBody.parse(context.request.body)["retention"] ?? ""
    let retention: DesiredRetention
    do throws(DesiredRetention.Problem) {
      retention = try DesiredRetention(parsing: text)
    } catch {
      let detail = pages.say(StudyPhrase.badRetention, ["value": .text(String(text.prefix(40)))])
      return .html(
        pages.error(
          StudyPhrase.cannotSetRetention, detail, back: .classPage(roster.name.text), saying: .backToGradebook),
        status: 422)
    }
    do throws(ClassRosterStore.Error) {
      try site.configuration.classes?.setDesiredRetention(retention, of: roster.name.text)
    } catch {
      throw classesFailure(context, error)
    }
    return .redirect(to: .classPage(roster.name.text))
  }

  /// GET `/api/classes/NAME/gradebook.csv`.
  func gradebookCSV(_ context: RequestContext, _ teacher: Teacher) async throws -> HTTPResponse {
    let roster = try roster(context)
    // The memory's tables after the gradebook's, an empty row between: the columns before
    // it mean what they always meant.
    return .bytes(
      Array((gradebook(roster).csv + "\r\n" + memory(roster).csv).utf8), type: "text/csv; charset=utf-8",
      cache: "no-store",
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
    let roster = try roster(context)
    guard case .object(var members) = gradebook(roster).json else { return .json(gradebook(roster).json) }
    members.append(("memory", memory(roster).json))
    return .json(.object(members))
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
        // To study now: not a learning card dealt ahead, back in minutes.
        let due = studying(secret).map { studying in
          let counts = studying.counts
          return counts.missed + counts.due + counts.new
        }
        return .html(pages.studentResults(row, in: book, ownLink: secret, review: due.map { (secret, $0) }))
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
  static func classMerge(_ name: String) -> SitePath { .segments("classes", name, "merge") }
  static func classRetention(_ name: String) -> SitePath { .segments("classes", name, "retention") }
  static func gradebook(_ name: String, _ format: String) -> SitePath {
    .segments("api", "classes", name, "gradebook." + format)
  }
  static func studentResults(_ secret: String) -> SitePath { .segments("s", secret) }
  static func ownHomework(_ secret: String, _ code: String) -> SitePath { .segments("s", secret, "a", code) }
}
