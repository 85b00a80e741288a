import Foundation
import QRQuiz
import QRQuizHTTP

/// The live games' API (`docs/LIVE.md`): the teacher makes a game, players join and
/// answer, the host moves it on; everyone follows it on an event stream. JSON in and out;
/// every action needs its secret, the PIN only finds the game.
extension LiveArea {
  // MARK: Making a game

  /// POST `/api/live`: `{"topic", "set"?, "scoring"?, "seconds"?, "max_players"?}` → 201.
  func createLiveGame(_ context: RequestContext) async -> HTTPResponse {
    if let refusal = site.teacherRefusal(context.request, api: true) { return refusal }
    do throws(JSONBody.Problem) {
      let body = try JSONBody(context.request.body)
      let request = try LiveGameRequest(body)
      let room = try makeLiveGame(request)
      return .json(hostCredentials(room), status: 201)
    } catch {
      return error.response
    }
  }

  // MARK: Players

  /// POST `/api/live/PIN/players`: `{"name"}` → 201 `{"player", "secret"}`.
  func joinLiveGame(_ context: RequestContext) async -> HTTPResponse {
    let request = context.request
    if let wait = games.joinLimiter.take(request.clientAddress, at: games.clock.now()) {
      return .apiError(
        429, "too many attempts to join from this address: wait a moment",
        headers: [("Retry-After", String(Int(wait.rounded(.up)) + 1))])
    }
    guard let room = games.room(context[parameter: "pin"]) else { return noSuchGame }
    let name: String
    do throws(JSONBody.Problem) {
      let body = try JSONBody(request.body)
      name = try body.required("name", body.string)
    } catch {
      return error.response
    }
    let browser = request.cookies[Credentials.browserCookie].flatMap { Self.isSecret($0) ? $0 : nil }
    switch room.join(name: name, browser: browser, at: games.clock.now()) {
    case .failure(let refusal):
      return .joinRefusal(refusal)
    case .success(let (player, ticket)):
      do {
        try await room.waitUntilDurable(ticket)
      } catch {
        return .apiError(503, "the game could not be saved: \(error.reason)")
      }
      return .json(.object([("player", .number(player.id)), ("secret", .string(player.secret))]), status: 201)
    }
  }

  /// POST `/api/live/PIN/answers`: `{"secret", "question", "answers"}` → 202.
  func answerLiveGame(_ context: RequestContext) async -> HTTPResponse {
    // The time the answer reached the server, before anything else is done with it.
    let now = games.clock.now()
    guard let room = games.room(context[parameter: "pin"]) else { return noSuchGame }
    let secret: String
    let question: Int
    let picks: [Int]
    do throws(JSONBody.Problem) {
      let body = try JSONBody(context.request.body)
      secret = try body.required("secret", body.string)
      question = try body.required("question", body.integer)
      picks = try body.required("answers") { key throws(JSONBody.Problem) in
        try body.integers(key, limit: Self.picksLimit)
      }
    } catch {
      return error.response
    }
    switch room.answer(secret: secret, question: question, picks: picks, at: now) {
    case .failure(let refusal):
      return switch refusal {
      case .unknownPlayer: .apiError(403, "no player of this game has this secret")
      case .notOpen: .apiError(410, "question \(question) is not open: too late, or not yet")
      case .alreadyAnswered: .apiError(409, "you answered this question already: the first answer counts")
      case .invalidPicks(let reason): .apiError(422, reason, field: "answers")
      }
    case .success(let ticket):
      do {
        try await room.waitUntilDurable(ticket)
      } catch {
        return .apiError(503, "the answer could not be saved: \(error.reason)")
      }
      return .json(.object([("question", .number(question))]), status: 202)
    }
  }

  // MARK: Events

  /// GET `/api/live/PIN/events?secret=S`: the event stream of a player or the host.
  func liveEvents(_ context: RequestContext) -> HTTPAnswer {
    guard let room = games.room(context[parameter: "pin"]) else { return .now(noSuchGame) }
    let secret = context.request.query["secret"] ?? ""
    let audience: LiveRoom.Audience
    if room.isHost(secret) {
      audience = .host
    } else if let player = room.player(secret: secret) {
      audience = .player(player.id)
    } else {
      return .now(.apiError(403, "no player of this game has this secret"))
    }
    let head = HTTPResponse(
      status: 200,
      headers: [
        ("Content-Type", "text/event-stream; charset=utf-8"), ("Cache-Control", "no-store"),
        ("X-Accel-Buffering", "no"),
      ])
    let clock = games.clock
    return .stream(head: head) { sink in room.subscribe(sink, as: audience, at: clock.now()) }
  }

  // MARK: The host

  /// POST `/api/live/PIN/next`: `{"secret"}` → 200 `{"phase", "question"?}`.
  func nextInLiveGame(_ context: RequestContext) async -> HTTPResponse {
    await hostAction(context) { room, _, now in room.next(at: now) }
  }

  /// POST `/api/live/PIN/end`: `{"secret"}` → 200: the podium now.
  func endLiveGame(_ context: RequestContext) async -> HTTPResponse {
    await hostAction(context) { room, _, now in room.end(at: now) }
  }

  /// POST `/api/live/PIN/kick`: `{"secret", "name", "ban"}` → 200.
  func kickFromLiveGame(_ context: RequestContext) async -> HTTPResponse {
    await hostAction(context) { room, body, now throws(JSONBody.Problem) in
      let name = try body.required("name", body.string)
      return room.kick(name: name, ban: try body.bool("ban") ?? false, at: now)
    }
  }

  /// POST `/api/live/PIN/settings`: `{"secret", "locked"?, "hide_scores"?}` → 200.
  func liveGameSettings(_ context: RequestContext) async -> HTTPResponse {
    await hostAction(context) { room, body, now throws(JSONBody.Problem) in
      room.settings(locked: try body.bool("locked"), scoresHidden: try body.bool("hide_scores"), at: now)
    }
  }

  /// A host's move: the secret checked, the move made, its journal entry waited for; a
  /// finished game's results saved.
  private func hostAction(
    _ context: RequestContext,
    _ move: (LiveRoom, JSONBody, QuizClock.Instant) throws(JSONBody.Problem) -> Result<
      (LiveGame.Phase, LiveRoom.Ticket), LiveGame.HostRefusal
    >
  ) async -> HTTPResponse {
    guard let room = games.room(context[parameter: "pin"]) else { return noSuchGame }
    let result: Result<(LiveGame.Phase, LiveRoom.Ticket), LiveGame.HostRefusal>
    do throws(JSONBody.Problem) {
      let body = try JSONBody(context.request.body)
      guard room.isHost(try body.required("secret", body.string)) else {
        return .apiError(403, "only the host can do this")
      }
      result = try move(room, body, games.clock.now())
    } catch {
      return error.response
    }
    switch result {
    case .failure(.over): return .apiError(410, "the game is over")
    case .failure(.noSuchPlayer): return .apiError(404, "no player has this name", field: "name")
    case .success(let (phase, ticket)):
      do {
        try await room.waitUntilDurable(ticket)
      } catch {
        return .apiError(503, "the game could not be saved: \(error.reason)")
      }
      var members = Self.phaseMembers(phase)
      if phase == .over, let saved = games.finish(room) { members.append(("saved", .bool(saved))) }
      return .json(.object(members))
    }
  }

  static func phaseMembers(_ phase: LiveGame.Phase) -> [(key: String, value: JSONValue)] {
    switch phase {
    case .lobby: [("phase", .string("lobby"))]
    case .open(let index, _): [("phase", .string("question")), ("question", .number(index))]
    case .closed(let index): [("phase", .string("closed")), ("question", .number(index))]
    case .over: [("phase", .string("over"))]
    }
  }

  // MARK: Results

  /// GET `/api/live/PIN/results.csv` and `.json`, for the host (`Authorization: Bearer
  /// HOST`, `?secret=HOST`, or the host screen's cookie).
  func liveResults(_ context: RequestContext, csv: Bool) -> HTTPResponse {
    guard let room = games.room(context[parameter: "pin"]) else { return noSuchGame }
    guard room.isHost(hostSecret(context.request, pin: room.pin) ?? "") else {
      return .apiError(403, "only the host can download the results")
    }
    let results = LiveResults(room.snapshot)
    if csv {
      let name = "qrquiz-live-\(room.pin).csv"
      return .bytes(
        Array(results.csv.utf8), type: "text/csv; charset=utf-8", cache: "no-store",
        headers: [("Content-Disposition", "attachment; filename=\"\(name)\"")])
    }
    return .json(results.json)
  }

  func liveResultsCSV(_ context: RequestContext) async -> HTTPResponse { liveResults(context, csv: true) }
  func liveResultsJSON(_ context: RequestContext) async -> HTTPResponse { liveResults(context, csv: false) }

  /// GET `/api/live/PIN/status?secret=S`: 200 `{"role": "host"|"player", "name"?, "phase"}`
  /// for a secret of the game (a page that reloads checks the one it kept), else 403.
  func liveStatus(_ context: RequestContext) -> HTTPResponse {
    guard let room = games.room(context[parameter: "pin"]) else { return noSuchGame }
    let secret = context.request.query["secret"] ?? ""
    let phase = Self.phaseMembers(room.phase)
    if room.isHost(secret) { return .json(.object([("role", .string("host"))] + phase)) }
    guard let player = room.player(secret: secret) else {
      return .apiError(403, "no player of this game has this secret")
    }
    return .json(.object([("role", .string("player")), ("name", .string(player.name.text))] + phase))
  }

  /// The host secret a request carries: the `Authorization` header, the query, or the
  /// host screen's cookie.
  func hostSecret(_ request: HTTPRequest, pin: String) -> String? {
    if let authorization = request.header("authorization"), authorization.hasPrefix("Bearer ") {
      return String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces)
    }
    return request.query["secret"] ?? request.cookies[Credentials.hostCookie(pin)]
  }

}

extension HTTPResponse {
  /// The API error for a refused join.
  static func joinRefusal(_ refusal: LiveGame.JoinRefusal) -> HTTPResponse {
    switch refusal {
    case .invalidName(let problem): .apiError(422, "\(problem)", field: "name")
    case .nameTaken: .apiError(409, "another player has this name", field: "name")
    case .locked: .apiError(403, "the game is locked: no new players")
    case .banned: .apiError(403, "you cannot join this game")
    case .full: .apiError(403, "the game is full")
    case .over: .apiError(410, "the game is over")
    }
  }
}
