import Foundation
import QRQuiz
import QRQuizClassroom
import QRQuizHTTP

/// A student's Review on their own page (`/s/SECRET/review`): every question of the topics
/// their class met in live games and homework, scheduled by FSRS-6 from their own log, the
/// questions they missed first, those never seen up to ``newCardsADay`` a day; each rated Again, Hard, Good or Easy by a plain form, so it works on any
/// phone, by keyboard and screen reader, with no script. The secret alone authorises, as
/// it does the page of results; a secret nobody has costs a try of the lookup budget.
extension ClassesArea {
  /// New cards a student meets a day, as `qrquiz review`'s `--new` default.
  static let newCardsADay = 20

  /// A student found by their secret, with what their Review needs.
  struct Studying {
    let roster: ClassRoster
    let student: ClassRoster.Student
    let log: StudyLog
    let deck: ClassStudyDeck
    let replayed: StudyLog.Replayed
    /// The schedule of the student's class: FSRS-6 at its desired retention.
    let scheduler: FSRSScheduler
    let now: QuizClock.Instant

    /// The cards to study now, the misses first.
    var queue: [StudyLog.CardKey] {
      deck.queue(
        student: student.card, replayed: replayed, at: now, newLimit: ClassesArea.newCardsADay,
        newToday: deck.newCards(
          student: student.card, replayed: replayed,
          since: QuizClock.Instant(Calendar.current.startOfDay(for: now.date))))
    }

    /// The queue's cards to study now, as the Review's header counts them: the misses,
    /// the cards due now and the new ones (a learning card dealt ahead, back in minutes,
    /// is none of them).
    var counts: (missed: Int, due: Int, new: Int) {
      let queue = queue
      let missed = queue.count { isMissed($0) }
      let new = queue.count { !isMissed($0) && replayed.cards[$0] == nil }
      let due = queue.count { key in
        guard !isMissed(key), let card = replayed.cards[key] else { return false }
        return card.due <= now
      }
      return (missed, due, new)
    }

    /// Whether `key` is one of the student's misses not reviewed since.
    func isMissed(_ key: StudyLog.CardKey) -> Bool {
      guard let missed = deck.misses[student.card]?[key] else { return false }
      return replayed.cards[key]?.lastReview.map { missed > $0 } ?? true
    }
  }

  /// The schedule of a class that has not chosen its desired retention: FSRS-6's
  /// defaults, fuzz on.
  static let scheduler: FSRSScheduler = {
    do { return try FSRSScheduler() } catch { fatalError("FSRS's defaults are valid: \(error)") }
  }()

  /// The schedule of `roster`'s class: FSRS-6's defaults at the class's desired retention
  /// (the default's when the records cannot say).
  func scheduler(for roster: ClassRoster) -> FSRSScheduler {
    guard let retention = try? site.configuration.classes?.desiredRetention(of: roster.name.text),
      retention != .standard
    else { return Self.scheduler }
    return (try? FSRSScheduler(desiredRetention: retention.value)) ?? Self.scheduler
  }

  func addReviewRoutes(to router: inout Router<RequestContext>) {
    router.add(
      .get, "/s/{secret}/review", "a student's review: their class's cards due, the questions they missed first",
      access: .anyone("whoever has the link"), .deferred(reviewPage))
    router.add(
      .post, "/s/{secret}/review", "rates a card of the student's review (1 again … 4 easy), then the next",
      access: .anyone("whoever has the link"), bodyLimit: .kibibytes(4), .deferred(rate))
  }

  /// The class's cards: every question of the topics its finished live games and its
  /// homework came from (the library's topics as they are now), those asked first; none of
  /// a topic whose homework is still open for anyone in the class.
  func deck(_ roster: ClassRoster) -> ClassStudyDeck {
    let store = site.configuration.liveGames
    let games = (store?.gameRecords() ?? []).filter { GradebookMatching.isPlayed($0, by: roster) }
    let played = games.compactMap { record in
      store?.results(stem: record.id).map { ClassStudyDeck.PlayedGame(record: record, results: $0) }
    }
    let topics = Dictionary(site.topics.all.map { ($0.name, $0.topic) }, uniquingKeysWith: { first, _ in first })
    return ClassStudyDeck(
      roster: roster, games: played, assignments: assignments.all.map(\.snapshot), topics: topics,
      at: assignments.clock.now())
  }

  /// The student whose secret the path gives, with their log replayed at the server's
  /// time; `nil` for a secret nobody has (or records that cannot be read).
  func studying(_ secret: String) -> Studying? {
    guard Secret.looksLikeOne(secret), let store = site.configuration.classes,
      let roster = try? store.roster(withResultsSecret: secret), let student = roster.student(resultsSecret: secret),
      let id = try? store.studentID(className: roster.name.text, card: student.card)
    else { return nil }
    let log = StudyLog(records: store.records, studentID: id)
    let scheduler = scheduler(for: roster)
    guard let replayed = try? log.cards(scheduler: scheduler) else { return nil }
    return Studying(
      roster: roster, student: student, log: log, deck: deck(roster), replayed: replayed, scheduler: scheduler,
      now: assignments.clock.now())
  }

  /// Finds the student of the path's secret, or answers as the page of results does: 404
  /// costing a try of the budget, 429 when the address has none left.
  private func withStudent(_ context: RequestContext, _ body: (Studying) async -> HTTPResponse) async -> HTTPResponse {
    let budget = LookupBudget(site: site)
    if let wait = budget.wait(context) { return tooManyTries(context, wait: wait) }
    guard let studying = studying(context[parameter: "secret"]) else {
      let pages = site.pages(context)
      let notFound = HTTPResponse.html(
        pages.error(.notFound, pages.say(HomeworkPhrase.noSuchStudentPage)), status: 404)
      return budget.missed(context, notFound, refusal: tooManyTries)
    }
    return await body(studying)
  }

  /// GET `/s/SECRET/review`: the next card, or that nothing is due (`?rated=1`, as a
  /// rating redirects: the focus on the next card's *Show the answer*).
  func reviewPage(_ context: RequestContext) async -> HTTPResponse {
    await withStudent(context) { studying in
      .html(
        site.pages(context).review(
          studying, secret: context[parameter: "secret"], scheduler: studying.scheduler,
          picture: { self.pictures.imageSource(for: $0) },
          rated: context.request.query["rated"] != nil))
    }
  }

  /// POST `/s/SECRET/review`: `card` (its id in the deck), `rating` (1–4) and `reviews` (how many
  /// reviews the card had when it was shown). Recorded at the server's time, then back to
  /// the review (303). A form sent twice (a double tap, a reload) finds the card's
  /// reviews moved on and records nothing the second time.
  func rate(_ context: RequestContext) async -> HTTPResponse {
    await withStudent(context) { studying in
      let fields = FormBody.parse(context.request.body)
      let pages = site.pages(context)
      guard let number = fields["rating"].flatMap({ Int($0) }), let rating = StudyRating(rawValue: number) else {
        return .html(pages.error(StudyPhrase.cannotRate, pages.say(StudyPhrase.badRating)), status: 422)
      }
      guard let key = studying.deck.card(id: fields["card"] ?? "")?.key else {
        return .html(pages.error(StudyPhrase.cannotRate, pages.say(StudyPhrase.noSuchCard)), status: 422)
      }
      // `rated`: the next card's page puts the focus on its *Show the answer*.
      let back = HTTPResponse.redirect(to: .studentReview(context[parameter: "secret"]).query("rated", "1"))
      let shown = fields["reviews"].flatMap { Int($0) }
      guard shown == (studying.replayed.cards[key]?.reviewCount ?? 0) else { return back }
      do throws(DatabaseError) {
        try await studying.log.record(
          StudyLog.Review(topic: key.topic, card: key.card, at: studying.now, rating: rating))
      } catch {
        return .html(pages.error(StudyPhrase.cannotRate, "\(error.description)"), status: 503)
      }
      return back
    }
  }
}

extension SitePath {
  static func studentReview(_ secret: String) -> SitePath { .segments("s", secret, "review") }
}
