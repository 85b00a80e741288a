import QRQuiz
import QRQuizHTTP

/// The host of a live game, proven by the game's host secret. Only the checks below make
/// one, so a handler that takes a `Host` runs for the host alone.
struct Host: Sendable {
  /// The game.
  let room: LiveRoom
  /// The secret that proved it (the host screen keeps it).
  let secret: String

  fileprivate init(room: LiveRoom, secret: String) {
    self.room = room
    self.secret = secret
  }
}

/// A player of a live game, proven by their secret (a kicked player has none).
struct Player: Sendable {
  /// The game.
  let room: LiveRoom
  /// The player, as they joined.
  let player: LiveGame.Player
  /// The secret that proved it.
  let secret: String

  fileprivate init(room: LiveRoom, player: LiveGame.Player, secret: String) {
    self.room = room
    self.player = player
    self.secret = secret
  }
}

/// Whoever follows a game: its host or one of its players (a scanner of answer cards will
/// be a third).
enum GameMember: Sendable {
  case host(Host)
  case player(Player)

  /// The game.
  var room: LiveRoom {
    switch self {
    case .host(let host): host.room
    case .player(let player): player.room
    }
  }
}

/// Access to a game's routes: the PIN finds the game (404 when none has it), its secret
/// proves who calls. Where the secret travels is each route's: the JSON body of a move,
/// `?secret=` for a stream, the host screen's cookie for its page. The teacher (the token,
/// or its cookie) is the host of every game: a host screen lost with its browser is opened
/// again from another.
extension LiveArea {
  /// The host, by the `secret` of a move's JSON body; 403 for another secret. The teacher too.
  var hostMove: Access<RequestContext, Host> {
    Access("the host: `secret` in the JSON body; or the teacher (Bearer, or the cookie with JSON)") { [self] context in
      guard let room = games.room(context[parameter: "pin"]) else { return .answered(noSuchGame) }
      if site.isTeacherWrite(context.credentials) { return .admitted(Host(room: room, secret: room.setup.hostSecret)) }
      let secret: String
      do throws(JSONBody.Problem) {
        secret = try context.credentials.bodySecret()
      } catch {
        return .answered(error.response)
      }
      guard room.isHost(secret) else { return .answered(.apiError(403, "only the host can do this")) }
      return .admitted(Host(room: room, secret: secret))
    }
  }

  /// The host, for a download: a Bearer token, `?secret=`, or the host screen's cookie;
  /// or the teacher.
  var hostDownload: Access<RequestContext, Host> {
    Access("the host: Bearer, `?secret=` or the host screen's cookie; or the teacher") { [self] context in
      guard let room = games.room(context[parameter: "pin"]) else { return .answered(noSuchGame) }
      if context.isTeacher { return .admitted(Host(room: room, secret: room.setup.hostSecret)) }
      let secret = context.credentials.downloadSecret(pin: room.pin) ?? ""
      guard room.isHost(secret) else { return .answered(.apiError(403, "only the host can download the results")) }
      return .admitted(Host(room: room, secret: secret))
    }
  }

  /// The host screen: the host screen's cookie; `?secret=` keeps the secret in that
  /// cookie and comes back without it (the projector never shows it); or the teacher's
  /// cookie. 404 and 403 pages.
  var hostScreen: Access<RequestContext, Host> {
    Access("the host: the host screen's cookie (`?secret=` signs in); or the teacher's cookie") { [self] context in
      guard let room = games.room(context[parameter: "pin"]) else { return .answered(noSuchGamePage(context)) }
      if context.isTeacher, context.credentials.querySecret == nil {
        return .admitted(Host(room: room, secret: room.setup.hostSecret))
      }
      if let offered = context.credentials.querySecret {
        guard room.isHost(offered) else { return .answered(site.notAllowed(context, .notHostDetail)) }
        return .answered(
          .redirect(
            to: .host(room.pin),
            headers: [("Set-Cookie", site.cookie(Credentials.hostCookie(room.pin), offered, strict: true))]))
      }
      guard let secret = context.credentials.hostCookie(pin: room.pin), room.isHost(secret) else {
        return .answered(site.notAllowed(context, .notHostDetail))
      }
      return .admitted(Host(room: room, secret: secret))
    }
  }

  /// A player, by the `secret` of a move's JSON body; 403 for a secret no player has.
  var playerMove: Access<RequestContext, Player> {
    Access("a player: `secret` in the JSON body") { [self] context in
      guard let room = games.room(context[parameter: "pin"]) else { return .answered(noSuchGame) }
      let secret: String
      do throws(JSONBody.Problem) {
        secret = try context.credentials.bodySecret()
      } catch {
        return .answered(error.response)
      }
      guard let player = room.player(secret: secret) else { return .answered(Self.unknownSecret) }
      return .admitted(Player(room: room, player: player, secret: secret))
    }
  }

  /// The host or a player, by `?secret=`; 403 for a secret nobody in the game has.
  var member: Access<RequestContext, GameMember> {
    Access("the host or a player: `?secret=`") { [self] context in
      guard let room = games.room(context[parameter: "pin"]) else { return .answered(noSuchGame) }
      let secret = context.credentials.querySecret ?? ""
      if room.isHost(secret) { return .admitted(.host(Host(room: room, secret: secret))) }
      guard let player = room.player(secret: secret) else { return .answered(Self.unknownSecret) }
      return .admitted(.player(Player(room: room, player: player, secret: secret)))
    }
  }

  /// The answer for a PIN no game has.
  var noSuchGame: HTTPResponse { .apiError(404, "no live game has this PIN") }

  /// The page for a PIN no game has: the PIN form again.
  func noSuchGamePage(_ context: RequestContext) -> HTTPResponse {
    .html(site.pages(context).pinEntry(problem: .liveNoSuchGame), status: 404)
  }

  /// The answer for a secret no player of the game has.
  static let unknownSecret = HTTPResponse.apiError(403, "no player of this game has this secret")
}
