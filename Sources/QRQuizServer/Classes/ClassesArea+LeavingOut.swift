import Foundation
import QRQuiz
import QRQuizClassroom
import QRQuizHTTP

/// Leaving a live game out of the gradebook from its page (as `qrquiz live --forget`): a
/// link on the game's column, a page saying what goes, and its button. As Kahoot! deletes
/// a report, the game's records and results files are removed (`LiveGameStore.forget(results:)`).
extension ClassesArea {
  func addLeavingOutRoutes(to router: inout Router<RequestContext>) {
    router.add(
      .get, "/classes/{name}/forget/{game}", "asks to leave a live game out of the gradebook: what it removes",
      access: site.teacherPage, .deferred(leaveOutPage))
    router.add(
      .post, "/classes/{name}/forget/{game}", "leaves the live game out: its records and results files removed",
      access: site.teacherForm, .deferred(leaveOut))
  }

  /// The class's live game the path names, as `--results` lists it: `nil` when the class's
  /// gradebook has no such game (another class's games are not left out from here).
  private func liveGame(_ context: RequestContext, _ roster: ClassRoster) -> LiveGameStore.SavedGame? {
    let stem = context[parameter: "game"]
    guard gradebook(roster).activities.contains(where: { $0.kind == .live && $0.id == stem }) else { return nil }
    return site.configuration.liveGames?.savedGame(named: stem)
  }

  private func noSuchGame(_ context: RequestContext) -> HTTPResponse {
    let pages = site.pages(context)
    return .html(pages.error(.notFound, "no live game of this class has this name"), status: 404)
  }

  /// GET `/classes/NAME/forget/GAME`: what leaving it out removes, and the button.
  func leaveOutPage(_ context: RequestContext, _ teacher: Teacher) async throws -> HTTPResponse {
    let roster = try roster(context)
    guard let game = liveGame(context, roster) else { return noSuchGame(context) }
    return .html(
      site.pages(context).leaveOutPage(game, className: roster.name.text, csrf: site.formToken))
  }

  /// POST `/classes/NAME/forget/GAME`: removed; back to the gradebook.
  func leaveOut(_ context: RequestContext, _ teacher: Teacher) async throws -> HTTPResponse {
    let roster = try roster(context)
    guard let game = liveGame(context, roster), let store = site.configuration.liveGames else {
      return noSuchGame(context)
    }
    do throws(LiveGameStore.ForgetError) {
      try store.forget(results: game.stem)
    } catch {
      return .html(site.pages(context).error(.recordsUnreachable, "\(error.description)"), status: 503)
    }
    return .redirect(to: .classPage(roster.name.text))
  }
}

extension Pages {
  /// `/classes/NAME/forget/GAME`: the confirmation.
  func leaveOutPage(_ game: LiveGameStore.SavedGame, className: String, csrf: String) -> HTML {
    let date = game.created.map { dateTime($0) } ?? ""
    return page(
      title: text(.leaveOutTitle),
      """
      <h1>\(say(.leaveOutHeading, ["title": .text(game.title), "date": .text(date)]))</h1>
      <p>\(say(.leaveOutNote, ["count": .number(game.players)]))</p>
      <form method="post" action="\(SitePath.leaveOut(className, game.stem))"><input type="hidden" name="csrf" value="\(csrf)">
      <p><button type="submit">\(say(.leaveOutButton))</button> \
      <a href="\(SitePath.classPage(className))">\(say(.keepItLink))</a></p>
      </form>
      """)
  }
}

extension SitePath {
  /// Where the gradebook leaves a live game out.
  static func leaveOut(_ className: String, _ game: String) -> SitePath {
    .segments("classes", className, "forget", game)
  }
}
