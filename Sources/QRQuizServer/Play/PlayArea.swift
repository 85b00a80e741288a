import Foundation
import QRQuiz
import QRQuizHTTP

/// Playing in the browser: `/play/NAME` (choose a set), `/play/NAME/N` (start set N),
/// `/game/ID` (the play: GET shows it, POST acts on it, then the page is shown again).
/// The rules are QuizSession's; the pages only show what it decided. Owns the plays in
/// progress. Time is the server's one clock (the live games' ``LiveClock``), read once per
/// request.
final class PlayArea: Sendable {
  let site: Site
  let pictures: PicturesArea
  let plays = BrowserPlays()

  init(site: Site, pictures: PicturesArea) {
    self.site = site
    self.pictures = pictures
  }

  /// The play's routes.
  func addRoutes(to router: inout Router<RequestContext>) {
    router.add(.get, "/play/{name}", "a topic's sets, to choose one", access: .anyone, .immediate(setChoice))
    router.add(
      .get, "/play/{name}/{set}", "starts a play of a set; redirects to it",
      access: .anyone("anyone; plays are limited per address"), .immediate(startPlay))
    router.add(
      .get, "/game/{id}", "a play: the question, or the result", access: .anyone("whoever has the play's address"),
      .immediate(showGame))
    router.add(
      .post, "/game/{id}", "a move in a play: answer, help, repeat", access: .anyone("whoever has the play's address"),
      .immediate(moveInGame))
  }

  /// `/play/NAME`: the sets to choose from; a topic of one choice (one set, or one list of
  /// sets: an imported spreadsheet) starts at once.
  func setChoice(_ context: RequestContext) -> HTTPResponse {
    guard let topic = site.topics.topic(named: context[parameter: "name"]) else {
      return site.notFound(context, .noSuchTopic)
    }
    if topic.topic.playableUnits.count == 1 { return start(topic, set: 1, context) }
    return .html(site.pages(context).setChoice(topic))
  }

  /// `/play/NAME/N`: a new play of set N (a list's first set: the whole list), then its page.
  func startPlay(_ context: RequestContext) -> HTTPResponse {
    guard let topic = site.topics.topic(named: context[parameter: "name"]), let number = Int(context[parameter: "set"]),
      topic.setSizes.indices.contains(number - 1)
    else { return site.notFound(context, .noSuchSet) }
    return start(topic, set: number, context)
  }

  private func start(_ topic: ServedTopic, set number: Int, _ context: RequestContext) -> HTTPResponse {
    let now = site.live.clock.now()
    do {
      var session = try QuizSession(topic: topic.topic, sets: topic.topic.setsPlayed(from: number), totalScore: 0)
      session.start(at: now)
      let play = BrowserPlays.Play(
        session: session, topicName: topic.name, isTopicsOnlyChoice: topic.topic.playableUnits.count == 1,
        address: context.request.clientAddress,
        lastUsed: now)
      switch plays.start(play) {
      case .success(let id): return .redirect(to: .game(id))
      case .failure(.tooManyFromAddress):
        let pages = site.pages(context)
        return .html(pages.error(.tooManyPlays, pages.say(.tooManyPlaysDetail)), status: 429)
      case .failure(.full):
        let pages = site.pages(context)
        return .html(pages.error(.serverFull, pages.say(.serverFullDetail)), status: 503)
      }
    } catch {
      return .html(site.pages(context).error(.cannotPlay, "\(error.description)"), status: 422)
    }
  }

  /// GET `/game/ID`: the question, or the result once the set is over.
  func showGame(_ context: RequestContext) -> HTTPResponse {
    let id = context[parameter: "id"]
    let now = site.live.clock.now()
    let page = plays.update(id, now: now) { play -> HTML in
      if !play.showingAnswered {
        if play.session.checkQuestionTime(at: now) != nil {
          // Its own time ran out: the question is shown closed, with "Time's up".
          play.showingAnswered = true
          play.message = nil
        } else {
          // The question's own time starts when it is first shown, not on a reload.
          play.session.showQuestion(at: now)
        }
      }
      _ = play.session.checkTime(at: now)
      let image = pictures.imageSource(for: play.session.currentQuestion?.imageURL)
      let pages = site.pages(context)
      if play.showingAnswered, let answered = play.session.answered.last {
        return pages.answered(answered, play: play, id: id, now: now)
      }
      let page =
        play.session.isOver ? pages.result(play, id: id) : pages.question(play, id: id, imageSource: image, now: now)
      // A message is shown once.
      play.message = nil
      return page
    }
    return page.map { .html($0) } ?? playOver(context)
  }

  /// POST `/game/ID`: one move, then the play's page again.
  func moveInGame(_ context: RequestContext) -> HTTPResponse {
    let id = context[parameter: "id"]
    let now = site.live.clock.now()
    let fields = FormBody.parse(context.request.body)
    let found = plays.update(id, now: now) { play -> Bool in
      move(&play, fields, now: now)
      return true
    }
    return found == nil ? playOver(context) : .redirect(to: .game(id))
  }

  private func playOver(_ context: RequestContext) -> HTTPResponse {
    let pages = site.pages(context)
    return .html(pages.error(.playOver, pages.say(.playOverDetail)), status: 404)
  }

  /// Applies one posted move with the app's rules, leaving its message for the next page. A
  /// question answered is shown with its verdict until "Next" (a move meant for the next
  /// question, posted meanwhile from an old page, is not taken).
  private func move(_ play: inout BrowserPlays.Play, _ fields: [String: String], now: QuizClock.Instant) {
    if fields["action"] == "next" {
      play.showingAnswered = false
      play.message = nil
      return
    }
    guard !play.showingAnswered else { return }
    do {
      if let answer = fields["answer"].flatMap({ Int($0) }) {
        let pick = try play.session.pick(answer, at: now)
        play.message = .verdict(pick.verdict, picksLeft: pick.finishesQuestion ? 0 : play.session.picksNeeded)
        play.showingAnswered = pick.finishesQuestion
      } else if fields["action"] == "number" {
        guard let number = fields["number"].flatMap(NumericAnswer.parse) else {
          play.message = .notANumber
          return
        }
        let right = try play.session.answer(number: number, at: now)
        play.message = .verdict(play.session.verdict(isCorrect: right), picksLeft: 0)
        play.showingAnswered = true
      } else if fields["action"] == "help" {
        play.message = .helpHid(try play.session.useHelp(at: now))
      } else if fields["action"] == "repeat" {
        play.session.repeatSet(at: now)
        play.session.start(at: now)
        play.message = nil
      }
    } catch QuizSession.Error.questionTimeRanOut {
      // Too late for this question: it is shown closed, with "Time's up".
      play.showingAnswered = true
      play.message = nil
    } catch {
      play.message = .refused(error)
    }
  }
}
