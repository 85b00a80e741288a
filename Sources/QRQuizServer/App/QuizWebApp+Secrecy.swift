import QRQuiz
import QRQuizHTTP

/// The answer keys kept from students (`docs/SERVE.md`, "Who sees the answer keys"),
/// decided once for every request before its route answers, so a route added later is
/// covered without a line of its own: a public one whose path names a topic (`{name}`) or
/// a play in the browser (`/game/{id}`) answers a visitor who is not the teacher 404, as
/// for a topic or a play that does not exist, while that topic's live game runs. 404, not 403:
/// a phone learns nothing, not even that the topic is there and hidden. On a private server
/// the visitor reaches only the games (by PIN, and the PIN form) and the site's furniture
/// (style, script, icons, question pictures, the language and theme choice).
extension QuizWebApp {
  /// The routes a visitor of a private server reaches.
  static func isOpenOnPrivateServer(_ pattern: RoutePattern) -> Bool {
    let path = pattern.description
    return path.contains("{pin}") || privateServerFurniture.contains(path)
  }

  /// The site's furniture, and the PIN form: what a player's page needs besides its game.
  static let privateServerFurniture: Set<String> = [
    "/j", "/settings", "/static/{file}", "/img/{key}", "/pictures/{file}",
  ]

  /// The answer to a request that would show its visitor what is not theirs to see; `nil`
  /// when its route answers it.
  func secrecyAnswer(_ route: Route<RequestContext>, _ context: RequestContext) -> HTTPResponse? {
    // A route that asks for a credential refuses a visitor on its own (401, 403), saying
    // nothing of the library.
    guard route.isPublic, !context.isTeacher else { return nil }
    let path = route.pattern.description
    if site.configuration.isPrivate, !Self.isOpenOnPrivateServer(route.pattern) {
      // The library's address: the teacher signs in there; anyone else is sent to the PIN form.
      if path == "/" {
        return context.credentials.signInToken == nil ? .redirect(to: .pinEntry) : nil
      }
      return hidden(route, context)
    }
    var topic = context.parameters["name"]
    if path.hasPrefix("/game/"), let id = context.parameters["id"] { topic = play.plays.topicName(of: id) }
    guard let topic, !site.shows(topic: topic, to: context) else { return nil }
    return hidden(route, context)
  }

  /// What a name no topic has (or a play that is over) gets at `route`.
  private func hidden(_ route: Route<RequestContext>, _ context: RequestContext) -> HTTPResponse {
    let path = route.pattern.description
    if path.hasPrefix("/api/") {
      return .apiError(404, context.parameters["name"].map { "no topic is named \($0)" } ?? "nothing here")
    }
    if path.hasPrefix("/game/") {
      let pages = site.pages(context)
      return .html(pages.error(.playOver, pages.say(.playOverDetail)), status: 404)
    }
    return site.notFound(context, context.parameters["name"] == nil ? .nothingHere : .noSuchTopic)
  }
}
