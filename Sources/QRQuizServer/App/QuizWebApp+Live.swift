import QRQuiz
import QRQuizClassroom

/// Live games made from Swift, as `qrquiz live` makes them.
extension QuizWebApp {
  /// A game made from Swift (`qrquiz live`): the same as `POST /api/live` makes.
  public struct HostedGame: Sendable {
    /// The game's PIN, six digits.
    public let pin: String
    /// The host's secret.
    public let hostSecret: String
    /// Where phones join: `http://ADDRESS:PORT/j/PIN`.
    public let joinURL: String
    /// The host screen, with the secret (the page keeps it in a cookie and drops it from
    /// the address).
    public let hostURL: String
    /// What is played: the questions, the scoring, the time per question.
    public let setup: LiveGame.Setup
    /// The scan page's address with the scanners' secret, for a game with a class: the
    /// teacher's phone reads the room's answer cards there.
    public let scanURL: String?
  }

  /// Why a game cannot be made: no such topic or set, too many games, records that
  /// cannot be written.
  public struct LiveGameRefusal: Error, Sendable, CustomStringConvertible {
    /// What was refused, for a person.
    public let description: String
  }

  /// The game of PIN `pin` as ``startLiveGame(topic:set:scoring:seconds:maximumPlayers:className:)``
  /// gives a new one (a game resumed after a restart, say); `nil` when no game has it.
  public func hostedGame(pin: String) -> HostedGame? {
    guard let room = liveArea.games.room(pin) else { return nil }
    let setup = room.setup
    return HostedGame(
      pin: room.pin, hostSecret: setup.hostSecret, joinURL: room.joinURL, hostURL: liveArea.hostURL(room),
      setup: setup, scanURL: liveArea.scanURL(room))
  }

  /// Makes a live game of the served topic `topic` (its name in the site's addresses).
  ///
  /// - Parameters:
  ///   - set: the set played (1-based); `nil` for every set in turn.
  ///   - className: the class whose students answer with answer cards (`qrquiz class`).
  /// - Throws: ``LiveGameRefusal``.
  public func startLiveGame(
    topic: String, set: Int?, scoring: LiveScoring = .speed, seconds: Double = 20, maximumPlayers: Int = 1000,
    className: String? = nil
  ) throws(LiveGameRefusal) -> HostedGame {
    let request = LiveGameRequest(
      topic: topic, set: set, scoring: scoring, seconds: seconds, maximumPlayers: maximumPlayers, className: className)
    do {
      let room = try liveArea.makeLiveGame(request)
      return hostedGame(pin: room.pin)!
    } catch {
      throw LiveGameRefusal(description: error.message)
    }
  }
}
