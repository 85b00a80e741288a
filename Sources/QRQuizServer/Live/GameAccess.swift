import QRQuiz
import QRQuizClassroom
import QRQuizHTTP

/// The teacher, for a game's part only they see: never the host screen (the projector).
struct GameTeacher: Sendable {
  /// The game.
  let room: LiveRoom
}

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

/// Whoever reads answer cards into a game: its host (the host screen's webcam, the
/// teacher) or a phone holding the game's scanners' secret, which reads cards and does
/// nothing else.
struct CardScanner: Sendable {
  /// The game.
  let room: LiveRoom
  /// Which of the two: each reads one frame at a time.
  let role: LiveRoom.ScannerRole

  fileprivate init(room: LiveRoom, role: LiveRoom.ScannerRole) {
    self.room = room
    self.role = role
  }
}

/// Whoever follows a game: its host, one of its players, or a device waiting for the host
/// to let it continue as a player (by its ticket: it opens nothing of the player).
enum GameMember: Sendable {
  case host(Host)
  case player(Player)
  case waiting(room: LiveRoom, ticket: String)

  /// The game.
  var room: LiveRoom {
    switch self {
    case .host(let host): host.room
    case .player(let player): player.room
    case .waiting(let room, _): room
    }
  }
}

/// Access to a game's routes: the PIN finds the game (404 when none has it), its secret
/// proves who calls. Where the secret travels is each route's: the JSON body of a move,
/// `?secret=` for a stream, the host screen's cookie for its page. The teacher (the token,
/// or its cookie) is the host of every game: a host screen lost with its browser is opened
/// again from another.
///
/// PINs cannot be walked: every lookup that misses (a PIN no game has, a secret nobody in
/// the game has) costs the address a try from the joins' own budget (``JoinLimiter``), and
/// once it has none left every such lookup gets 429 with `Retry-After`, whatever the route,
/// so a right PIN looks like a wrong one. A request that proves its secret costs nothing
/// and is never refused: a player's reconnects and status checks, the host's moves.
extension LiveArea {
  /// Whether the request comes from the teacher whose game `room` is: the laptop's for its
  /// games, an account's for its own (another teacher is a stranger to it, as anyone).
  func isGameTeacher(_ context: RequestContext, _ room: LiveRoom) -> Bool {
    context.teacher?.owns(room.setup.teacher) ?? false
  }

  /// Whether the request is an API write of the teacher whose game `room` is.
  func isGameTeacherWrite(_ context: RequestContext, _ room: LiveRoom) -> Bool {
    site.teacherWrite(context)?.owns(room.setup.teacher) ?? false
  }

  /// The host, by the `secret` of a move's JSON body; 403 for another secret. The teacher too.
  var hostMove: Access<RequestContext, Host> {
    Access("the host: `secret` in the JSON body; or the teacher (Bearer, or the cookie with JSON)") { [self] context in
      admit(context, missing: noSuchGame) { room in
        if isGameTeacherWrite(context, room) {
          return .admitted(Host(room: room, secret: room.setup.hostSecret))
        }
        let secret: String
        do throws(JSONBody.Problem) {
          secret = try context.credentials.bodySecret()
        } catch {
          return .answered(error.response)
        }
        guard room.isHost(secret) else {
          return .answered(missed(context, .apiError(403, "only the host can do this")))
        }
        return .admitted(Host(room: room, secret: secret))
      }
    }
  }

  /// The host, for a download: a Bearer token, `?secret=`, or the host screen's cookie;
  /// or the teacher.
  var hostDownload: Access<RequestContext, Host> {
    Access("the host: Bearer, `?secret=` or the host screen's cookie; or the teacher") { [self] context in
      admit(context, missing: noSuchGame) { room in
        if isGameTeacher(context, room) { return .admitted(Host(room: room, secret: room.setup.hostSecret)) }
        let secret = context.credentials.downloadSecret(pin: room.pin) ?? ""
        guard room.isHost(secret) else {
          return .answered(missed(context, .apiError(403, "only the host can download the results")))
        }
        return .admitted(Host(room: room, secret: secret))
      }
    }
  }

  /// The teacher alone (the token, or its cookie), for what the projector must never show:
  /// the scanners' link. The host's secret is refused, as anyone else is.
  var gameTeacher: Access<RequestContext, GameTeacher> {
    Access("the teacher alone (never the host screen)") { [self] context in
      admit(context, missing: noSuchGame) { room in
        guard isGameTeacher(context, room) else {
          return .answered(
            missed(
              context, .apiError(403, "only the teacher's own device shows the scanner link, never the host screen")))
        }
        return .admitted(GameTeacher(room: room))
      }
    }
  }

  /// The host screen: the host screen's cookie; `?secret=` keeps the secret in that
  /// cookie and comes back without it (the projector never shows it); or the teacher's
  /// cookie. 404 and 403 pages.
  var hostScreen: Access<RequestContext, Host> {
    Access("the host: the host screen's cookie (`?secret=` signs in); or the teacher's cookie") { [self] context in
      admit(context, missing: noSuchGamePage(context)) { room in
        if isGameTeacher(context, room), context.credentials.querySecret == nil {
          return .admitted(Host(room: room, secret: room.setup.hostSecret))
        }
        if let offered = context.credentials.querySecret {
          guard room.isHost(offered) else {
            return .answered(missed(context, site.notAllowed(context, .notHostDetail)))
          }
          return .answered(
            .redirect(
              to: .host(room.pin),
              headers: [("Set-Cookie", site.cookie(Credentials.hostCookie(room.pin), offered, strict: true))]))
        }
        guard let secret = context.credentials.hostCookie(pin: room.pin), room.isHost(secret) else {
          return .answered(missed(context, site.notAllowed(context, .notHostDetail)))
        }
        return .admitted(Host(room: room, secret: secret))
      }
    }
  }

  /// A reader of answer cards: the host (a Bearer token or `?secret=` with the host's
  /// secret; the teacher) or the scanners (the same with theirs). 403 for another secret.
  var cardScanner: Access<RequestContext, CardScanner> {
    Access("the host or the game's scanners: Bearer or `?secret=`; or the teacher") { [self] context in
      admit(context, missing: noSuchGame) { room in
        if isGameTeacherWrite(context, room) { return .admitted(CardScanner(room: room, role: .host)) }
        let secret = context.credentials.bearer ?? context.credentials.querySecret ?? ""
        if room.isHost(secret) { return .admitted(CardScanner(room: room, role: .host)) }
        guard room.isScanner(secret) else {
          return .answered(missed(context, .apiError(403, "only the host and the game's scanners read cards")))
        }
        return .admitted(CardScanner(room: room, role: .scanner))
      }
    }
  }

  /// The scan page: its cookie; `?secret=` (the scanners' or the host's) keeps the secret
  /// in that cookie and comes back without it (a phone's history never shows it); or the
  /// host screen's or the teacher's cookie. 404 and 403 pages.
  var scannerScreen: Access<RequestContext, CardScanner> {
    Access("the game's scanners: the scan page's cookie (`?secret=` signs in); or the host's or teacher's cookie") {
      [self] context in
      admit(context, missing: noSuchGamePage(context)) { room in
        if isGameTeacher(context, room), context.credentials.querySecret == nil {
          return .admitted(CardScanner(room: room, role: .scanner))
        }
        if let offered = context.credentials.querySecret {
          guard room.isScanner(offered) || room.isHost(offered) else {
            return .answered(missed(context, notScanner(context)))
          }
          return .answered(
            .redirect(
              to: .scan(room.pin),
              headers: [("Set-Cookie", site.cookie(Credentials.scannerCookie(room.pin), offered, strict: true))]))
        }
        if let secret = context.credentials.hostCookie(pin: room.pin), room.isHost(secret) {
          return .admitted(CardScanner(room: room, role: .host))
        }
        guard let secret = context.credentials.scannerCookie(pin: room.pin),
          room.isScanner(secret) || room.isHost(secret)
        else {
          return .answered(missed(context, notScanner(context)))
        }
        return .admitted(CardScanner(room: room, role: .scanner))
      }
    }
  }

  /// The scan page's refusal of a secret that is not the game's scanners' or host's.
  private func notScanner(_ context: RequestContext) -> HTTPResponse {
    let pages = site.pages(context)
    return .html(pages.error(CardPhrase.cardNotScanner, pages.say(CardPhrase.cardNotScannerDetail)), status: 403)
  }

  /// A player, by the `secret` of a move's JSON body; 403 for a secret no player has.
  var playerMove: Access<RequestContext, Player> {
    Access("a player: `secret` in the JSON body") { [self] context in
      admit(context, missing: noSuchGame) { room in
        let secret: String
        do throws(JSONBody.Problem) {
          secret = try context.credentials.bodySecret()
        } catch {
          return .answered(error.response)
        }
        guard let player = player(secret, in: room) else { return .answered(missed(context, Self.unknownSecret)) }
        return .admitted(Player(room: room, player: player, secret: secret))
      }
    }
  }

  /// The player holding `secret`; with records shared by several servers, a secret not
  /// known here is looked for again once the game caught up: the player may have joined on
  /// another server a moment ago, and a phone told 403 forgets its player.
  private func player(_ secret: String, in room: LiveRoom) -> LiveGame.Player? {
    if let player = room.player(secret: secret) { return player }
    guard room.takesTurns else { return nil }
    room.catchUpNow(clock: games.clock)
    return room.player(secret: secret)
  }

  /// The host, a player or a waiting device, by `?secret=`; 403 for a secret nobody in
  /// the game has.
  var member: Access<RequestContext, GameMember> {
    Access("the host, a player, or a device asking to rejoin (its ticket): `?secret=`") { [self] context in
      admit(context, missing: noSuchGame) { room in
        let secret = context.credentials.querySecret ?? ""
        if room.isHost(secret) { return .admitted(.host(Host(room: room, secret: secret))) }
        if room.isWaiting(secret) { return .admitted(.waiting(room: room, ticket: secret)) }
        guard let player = player(secret, in: room) else { return .answered(missed(context, Self.unknownSecret)) }
        return .admitted(.player(Player(room: room, player: player, secret: secret)))
      }
    }
  }

  /// What `then` decides for the game of the route's PIN; a PIN no game has is a miss
  /// (`missing`, or 429 once the address has no try left).
  private func admit<Identity>(
    _ context: RequestContext, missing: HTTPResponse, _ then: (LiveRoom) -> Admission<Identity>
  ) -> Admission<Identity> {
    guard let room = games.room(context[parameter: "pin"]) else { return .answered(missed(context, missing)) }
    return then(room)
  }

  /// The game of the route's PIN for a route open to anyone (a player's page, the join
  /// code): a miss costs a try; once the address has none left, only a visitor who belongs
  /// to the game (the teacher, its host's cookie, a player's browser) gets it, anyone else
  /// 429 as for a wrong PIN.
  func publicRoom(_ context: RequestContext) -> Result<LiveRoom, LookupRefused> {
    guard let room = games.room(context[parameter: "pin"]) else {
      return .failure(LookupRefused(response: missed(context, noSuchGamePage(context))))
    }
    if let wait = games.joinLimiter.wait(for: context.request.clientAddress, at: games.clock.now()),
      !belongs(context, to: room)
    {
      return .failure(LookupRefused(response: tooManyTries(context, wait: wait)))
    }
    return .success(room)
  }

  /// A lookup answered without its game.
  struct LookupRefused: Error {
    var response: HTTPResponse
  }

  /// Whether the request comes from someone of `room`'s game: the teacher, the holder of
  /// its host screen's cookie, or a browser a player joined from.
  private func belongs(_ context: RequestContext, to room: LiveRoom) -> Bool {
    if isGameTeacher(context, room) { return true }
    if let secret = context.credentials.hostCookie(pin: room.pin), room.isHost(secret) { return true }
    guard let browser = context.credentials.browser else { return false }
    return room.snapshot.players.contains { $0.browser == browser }
  }

  /// `miss`, the answer to a lookup that missed, once it has cost the address a try; 429
  /// when it has none left.
  func missed(_ context: RequestContext, _ miss: HTTPResponse) -> HTTPResponse {
    guard let wait = games.joinLimiter.take(context.request.clientAddress, at: games.clock.now()) else { return miss }
    return tooManyTries(context, wait: wait)
  }

  /// 429 with `Retry-After`: JSON for the API, the PIN form for a page.
  func tooManyTries(_ context: RequestContext, wait: Double) -> HTTPResponse {
    let retry = [HTTPResponse.retryAfter(wait)]
    guard context.request.path.hasPrefix("/api/") else {
      return .html(site.pages(context).pinEntry(problem: .liveTooManyTries), status: 429, headers: retry)
    }
    return .apiError(429, "too many tries from this address: wait a moment", headers: retry)
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
