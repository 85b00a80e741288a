import Foundation
import QRQuiz
import QRQuizClassroom
import QRQuizHTTP

/// The live games running, on the teacher's library page: each with a link to its host
/// screen, so a teacher whose projector's browser crashed (or who moved to another
/// computer) opens it again with the teacher's cookie alone.
extension Pages {
  /// The section listing `games`; `nil` when there are none.
  ///
  /// - Parameter scanLink: the scanners' link of a game with a class (its PIN given): the
  ///   page is the teacher's own, so it offers it behind *Show scanner link*.
  func runningGames(_ games: [LiveGames.RunningGame], scanLink: (String) -> String? = { _ in nil }) -> HTML? {
    guard !games.isEmpty else { return nil }
    let items = games.map { game -> HTML in
      let line = say(
        .liveRunningGame,
        [
          "title": .text(game.title), "pin": .text(game.pin), "phase": .text(phaseText(game.phase)),
          "players": .number(game.players), "started": .text(Self.clockTime(game.started)),
        ])
      // Each link says its game to a screen reader: several games give several such links.
      let label = text(.liveOpenAsHost) + ": " + game.title + ", PIN " + game.pin
      return """
        <li><div>\(line)</div>
        <div class="library-tools"><a href="\(SitePath.host(game.pin))" aria-label="\(label)">\(say(.liveOpenAsHost))</a></div>
        \(game.hasClass ? scanLink(game.pin).map { scannerLink(pin: game.pin, address: $0) } : nil)</li>

        """
    }
    return """
      <section aria-labelledby="running-games-heading">
      <h2 id="running-games-heading">\(say(.liveRunningGames))</h2>
      <ul class="topics" id="running-games">
      \(items)</ul>
      </section>
      """
  }

  /// A game's phase, for people: question numbers count from 1.
  func phaseText(_ phase: LiveGame.Phase) -> String {
    switch phase {
    case .lobby: text(.liveInLobby)
    case .open(let index, _): text(.liveQuestionOpen, ["number": .number(index + 1)])
    case .closed(let index): text(.liveQuestionClosed, ["number": .number(index + 1)])
    case .over: ""
    }
  }

  /// `14:05`, in the server's time zone (the classroom's).
  static func clockTime(_ instant: QuizClock.Instant) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "HH:mm"
    return formatter.string(from: instant.date)
  }
}
