import QRQuiz
import QRQuizHTTP

/// The site's route table, and the addresses pages link to (``SitePath``), side by side.
extension QuizWebApp {
  func makeRouter() -> Router<RequestContext> {
    var router = Router(context: RequestContext.init)
    router.middleware = [SecurityHeaders()]
    router.notFound = { [unowned self] in notFound($0, .nothingHere) }
    router.methodNotAllowed = { [unowned self] context, allowed in
      .html(
        pages(context).error(
          .methodNotAllowed, pages(context).say(.methodNotAllowedDetail, ["methods": .text(allowed)])),
        status: 405)
    }

    // The library and the site's own files.
    router.add(.get, "/", "the library; `?q=` searches names, questions and answers", later(QuizWebApp.library))
    router.add(.get, "/settings", "keeps the theme or the language chosen, then goes back", now(QuizWebApp.settings))
    router.add(.get, "/static/{file}", "the style sheet, the script and the icon", now(QuizWebApp.staticFile))

    // A topic.
    router.add(.get, "/t/{name}", "a topic's share page: its QR codes and links", now(QuizWebApp.sharePage))
    router.add(
      .get, "/t/{name}.json", "the topic as the app downloads it (ETag, gzip)", now(QuizWebApp.topicJSON))
    router.add(.get, "/t/{name}/qr.png", "the topic's own QR code(s), as the app shares it", now(QuizWebApp.topicQRPNG))
    router.add(.get, "/t/{name}/qr.svg", "the same, as SVG", now(QuizWebApp.topicQRSVG))
    router.add(.get, "/t/{name}/link.png", "the QR code of the topic's JSON address", now(QuizWebApp.linkQRPNG))
    router.add(.get, "/t/{name}/link.svg", "the same, as SVG", now(QuizWebApp.linkQRSVG))
    router.add(
      .get, "/t/{name}/present", "the address QR code, full screen, for a projector", now(QuizWebApp.presentPage))

    // Playing in the browser.
    router.add(.get, "/play/{name}", "a topic's sets, to choose one", now(QuizWebApp.setChoice))
    router.add(.get, "/play/{name}/{set}", "starts a play of a set; redirects to it", now(QuizWebApp.startPlay))
    router.add(.get, "/game/{id}", "a play: the question, or the result", now(QuizWebApp.showGame))
    router.add(.post, "/game/{id}", "a move in a play: answer, help, repeat", now(QuizWebApp.moveInGame))
    router.add(.get, "/img/{key}", "a question's image, from the image cache only", either(QuizWebApp.image))

    // Editing topics (the teacher, with --allow-edit; docs/EDITOR.md).
    router.add(.get, "/new", "an empty topic in the editor", now(QuizWebApp.newTopicEditor))
    router.add(
      .get, "/edit/{name}", "a topic in the editor (a deleted one: its versions)", now(QuizWebApp.editorPage))
    router.add(
      .post, "/edit/{name}/delete", "deletes a topic from the library page (kept as a version)",
      later(QuizWebApp.deleteFromForm))
    router.add(
      .get, "/preview", "a question's image by its address (`?url=`), when this server has it: the editor's preview",
      now(QuizWebApp.previewImage))
    router.add(
      .get, "/pictures/{file}", "a question's picture, uploaded or drawn in the editor", either(QuizWebApp.picture))
    router.add(.get, "/api/topics", "every topic: name, title, sets, questions", now(QuizWebApp.topicList))
    router.add(.get, "/api/topics/{name}", "a topic's JSON with its ETag", now(QuizWebApp.topicForEditing))
    router.add(
      .put, "/api/topics/{name}", "saves a topic: If-Match replaces, If-None-Match: * creates",
      later(QuizWebApp.putTopic))
    router.add(
      .delete, "/api/topics/{name}", "deletes a topic (If-Match; kept as a version)", later(QuizWebApp.deleteTopic))
    router.add(
      .get, "/api/topics/{name}/versions", "a topic's kept versions, oldest first", later(QuizWebApp.topicVersions))
    router.add(.get, "/api/topics/{name}/versions/{id}", "a kept version's JSON", later(QuizWebApp.topicVersion))
    router.add(
      .post, "/api/topics/{name}/versions/{id}/restore", "makes a kept version the topic again",
      later(QuizWebApp.restoreTopicVersion))
    router.add(
      .post, "/api/images", "a question's picture: checked, upright, without metadata", later(QuizWebApp.uploadPicture))

    // Live games: the pages.
    router.add(
      .post, "/live", "makes a live game from a topic page's form (the teacher)", later(QuizWebApp.hostFromForm))
    router.add(.get, "/host/{pin}", "a live game's host screen, for the projector", now(QuizWebApp.hostPage))
    router.add(.get, "/j", "asks a live game's PIN", now(QuizWebApp.pinPage))
    router.add(.get, "/j/{pin}", "a player's page of a live game: nickname, answers, score", now(QuizWebApp.playerPage))
    router.add(.get, "/j/{pin}/qr.png", "the QR code of the game's join address", now(QuizWebApp.joinQRPNG))
    router.add(.get, "/j/{pin}/qr.svg", "the same, as SVG", now(QuizWebApp.joinQRSVG))

    // Live games: the API (docs/LIVE.md).
    router.add(.post, "/api/live", "makes a live game (the teacher's token)", later(QuizWebApp.createLiveGame))
    router.add(.post, "/api/live/{pin}/players", "joins a game: a nickname", later(QuizWebApp.joinLiveGame))
    router.add(.get, "/api/live/{pin}/events", "a game's event stream (`?secret=`)", either(QuizWebApp.liveEvents))
    router.add(.get, "/api/live/{pin}/status", "who a secret is in a game (`?secret=`)", now(QuizWebApp.liveStatus))
    router.add(
      .post, "/api/live/{pin}/answers", "a player's answer to the open question", later(QuizWebApp.answerLiveGame))
    router.add(
      .post, "/api/live/{pin}/next", "the host: start, close the question, next, podium",
      later(QuizWebApp.nextInLiveGame))
    router.add(.post, "/api/live/{pin}/end", "the host: the podium now", later(QuizWebApp.endLiveGame))
    router.add(
      .post, "/api/live/{pin}/kick", "the host: removes (and bans) a player", later(QuizWebApp.kickFromLiveGame))
    router.add(
      .post, "/api/live/{pin}/settings", "the host: lock the game, hide the scores", later(QuizWebApp.liveGameSettings))
    router.add(
      .get, "/api/live/{pin}/results.csv", "a game's results as CSV (the host)", later(QuizWebApp.liveResultsCSV))
    router.add(.get, "/api/live/{pin}/results.json", "the same as JSON", later(QuizWebApp.liveResultsJSON))
    return router
  }

  /// A handler answered at once; the app is not kept alive by its own routes.
  private func now(_ handler: @escaping @Sendable (QuizWebApp) -> (RequestContext) -> HTTPResponse)
    -> Route<RequestContext>.Handler
  {
    .immediate { [unowned self] context in handler(self)(context) }
  }

  /// A handler answered on the responder threads.
  private func later(_ handler: @escaping @Sendable (QuizWebApp) -> (RequestContext) async -> HTTPResponse)
    -> Route<RequestContext>.Handler
  {
    .deferred { [unowned self] context in await handler(self)(context) }
  }

  /// A handler that answers at once when it can.
  private func either(_ handler: @escaping @Sendable (QuizWebApp) -> (RequestContext) -> HTTPAnswer)
    -> Route<RequestContext>.Handler
  {
    .either { [unowned self] context in handler(self)(context) }
  }

  /// A 404 page saying `detail`.
  func notFound(_ context: RequestContext, _ detail: PagePhrase) -> HTTPResponse {
    .html(pages(context).error(.notFound, HTML.phrase(detail, in: context.language)), status: 404)
  }
}

/// The site's addresses, as the route table above spells them.
extension SitePath {
  static let library = SitePath.segments()
  static let newTopic = SitePath.segments("new")
  static func edit(_ name: String) -> SitePath { .segments("edit", name) }
  static func deleteTopic(_ name: String) -> SitePath { .segments("edit", name, "delete") }
  static func topicAPI(_ name: String) -> SitePath { .segments("api", "topics", name) }
  static func picture(_ file: String) -> SitePath { .segments("pictures", file) }
  static func topic(_ name: String) -> SitePath { .segments("t", name) }
  static func topicJSON(_ name: String) -> SitePath { topic(name).appending(suffix: ".json") }
  static func topicQR(_ name: String, _ format: ImageFile) -> SitePath { .segments("t", name, "qr." + format.rawValue) }
  static func linkQR(_ name: String, _ format: ImageFile) -> SitePath {
    .segments("t", name, "link." + format.rawValue)
  }
  static func present(_ name: String) -> SitePath { .segments("t", name, "present") }
  static func play(_ name: String) -> SitePath { .segments("play", name) }
  static func playSet(_ name: String, _ number: Int) -> SitePath { .segments("play", name, String(number)) }
  static func game(_ id: String) -> SitePath { .segments("game", id) }
  static func image(_ key: String) -> SitePath { .segments("img", key) }
  static let hostForm = SitePath.segments("live")
  static let pinEntry = SitePath.segments("j")
  static func join(_ pin: String) -> SitePath { .segments("j", pin) }
  static func joinQR(_ pin: String, _ format: ImageFile) -> SitePath { .segments("j", pin, "qr." + format.rawValue) }
  static func host(_ pin: String) -> SitePath { .segments("host", pin) }
  static func liveAPI(_ pin: String) -> SitePath { .segments("api", "live", pin) }
  static func liveResults(_ pin: String, _ format: String) -> SitePath {
    .segments("api", "live", pin, "results." + format)
  }

  /// The kinds of QR image files.
  enum ImageFile: String {
    case png, svg
  }
}
