import Foundation
import QRQuiz
import QRQuizClassroom
import QRQuizHTTP

/// The live games' API (`docs/LIVE.md`) for the teacher and the players: the teacher makes
/// a game, players join and answer, everyone follows it on an event stream. JSON in and
/// out; every action but joining needs its secret, the PIN only finds the game (the
/// host's moves: `LiveArea+HostAPI.swift`).
extension LiveArea {
  // MARK: Making a game

  /// POST `/api/live`: `{"topic", "set"?, "scoring"?, "seconds"?, "max_players"?}` → 201.
  func createLiveGame(_ context: RequestContext, _ teacher: Teacher) async throws -> HTTPResponse {
    let room = try makeLiveGame(try LiveGameRequest(try JSONBody(context.request.body)), for: teacher)
    return .json(hostCredentials(room), status: 201)
  }

  /// GET `/api/live`: the games not over, oldest first: `[{"pin", "topic", "title",
  /// "phase", "question"?, "players", "started", "host_page"}]` (`started` in ISO 8601, UTC;
  /// `host_page` opens the host screen in any browser, with the host's secret).
  func runningGames(_ context: RequestContext, _ teacher: Teacher) -> HTTPResponse {
    .json(
      .array(
        games.running.filter { teacher.owns($0.teacher) }.map { game in
          var members: [(key: String, value: JSONValue)] = [
            ("pin", .string(game.pin)), ("topic", .string(game.topicName)), ("title", .string(game.title)),
          ]
          members += Self.phaseMembers(game.phase)
          members += [
            ("players", .number(game.players)), ("started", .string(Self.isoTime(game.started))),
            ("host_page", .string(games.room(game.pin).map(hostURL) ?? "")),
          ]
          return .object(members)
        }))
  }

  /// `2026-12-02T04:05:06Z`.
  static func isoTime(_ instant: QuizClock.Instant) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter.string(from: instant.date)
  }

  // MARK: Players

  /// POST `/api/live/PIN/players`: `{"name"}`, or in a class's game `{"student": CARD}`
  /// (the join page's list) → 201 `{"player", "secret", "name"}` (`name` as the game spells
  /// it: a class's roster's, "Leo Khan" for "leo khan"). A name already playing from a
  /// phone → 409 `{"error", "rejoin": TICKET}`: the device may wait for the host to let it
  /// continue as that player (`docs/LIVE.md`). Every attempt counts against the address,
  /// a wrong PIN as much as a taken name.
  func joinLiveGame(_ context: RequestContext) async throws -> HTTPResponse {
    let request = context.request
    if let wait = games.joinLimiter.take(request.clientAddress, at: games.clock.now()) {
      return tooManyTries(context, wait: wait)
    }
    guard let room = games.room(context[parameter: "pin"]) else { return noSuchGame }
    let body = try JSONBody(request.body)
    let joining: LiveRoom.Joining =
      if let card = try body.integer("student") { .student(card) } else {
        .name(try body.required("name", body.string))
      }
    let player: LiveGame.Player
    let ticket: LiveRoom.Ticket
    let browser = context.credentials.browser
    let now = games.clock.now()
    switch try await inTurn(room, what: "the game", { room in room.join(joining, browser: browser, at: now) }) {
    case .success(let joined): (player, ticket) = joined
    case .failure(.refused(let refusal)): throw refusal
    case .failure(.playing(let rejoin)):
      return .json(
        .object([
          ("error", .string("this name is playing on another device: the teacher can let you continue here")),
          ("field", .string("name")), ("rejoin", .string(rejoin)),
        ]), status: 409)
    }
    try await stored(ticket, in: room, what: "the game")
    return .json(
      .object([("player", .number(player.id)), ("secret", .string(player.secret)), ("name", .string(player.name.text))]
      ),
      status: 201)
  }

  /// `move` made in the game's turn (records shared by several servers:
  /// `LiveRoom.inTurn(clock:_:)`); a turn that could not be taken is refused (503), `what`
  /// naming the move.
  func inTurn<T: Sendable>(
    _ room: LiveRoom, what: String, _ move: @escaping @Sendable (LiveRoom) throws -> T
  ) async throws -> T {
    do {
      return try await room.inTurn(clock: games.clock, move)
    } catch let error as DatabaseError {
      throw APIError(503, "\(what) could not be saved: \(error.reason)")
    }
  }

  /// Waits until the move of `ticket` is stored; a move the records could not take is
  /// refused (503), `what` naming it.
  func stored(_ ticket: LiveRoom.Ticket, in room: LiveRoom, what: String) async throws(APIError) {
    do {
      try await room.waitUntilDurable(ticket, clock: games.clock)
    } catch {
      throw APIError(503, "\(what) could not be saved: \(error.reason)")
    }
  }

  /// POST `/api/live/PIN/answers`: `{"secret", "question", "answers", "asked"?}` → 202
  /// (`asked`: the asking the phone answered, as its events said; another is 410). `now` is
  /// the time the answer arrived (read on the server's thread, before it waited for its
  /// lane): what it scores by.
  func answerLiveGame(_ context: RequestContext, _ player: Player, arrived now: QuizClock.Instant) async throws
    -> HTTPResponse
  {
    let body = try JSONBody(context.request.body)
    let question = try body.required("question", body.integer)
    let asked = try body.integer("asked")
    let given: LiveRoom.Given
    // A question asked as a number takes the text typed, read by the one rule
    // `qrquiz play` uses (`1.5`, `-2`, `1e3`; a comma is not a decimal point).
    if let typed = try body.string("number") {
      guard let number = NumericAnswer.parse(typed) else {
        throw APIError(422, "\"\(typed.prefix(40))\" is not a number (1969, -2, 1.5)", field: "number")
      }
      given = .number(number)
    } else {
      given = .picks(
        try body.required("answers") { key throws(JSONBody.Problem) in
          try body.integers(key, limit: Self.picksLimit)
        })
    }
    let ticket: LiveRoom.Ticket
    let secret = player.secret
    let answered = try await inTurn(player.room, what: "the answer") { room in
      room.answer(secret: secret, question: question, given, asked: asked, at: now)
    }
    switch answered {
    case .failure(.unknownPlayer): return Self.unknownSecret
    case .failure(.notOpen): throw APIError(410, "question \(question) is not open: too late, or not yet")
    case .failure(.alreadyAnswered): throw APIError(409, "you answered this question already: the first answer counts")
    case .failure(.invalidPicks(let reason)): throw APIError(422, reason, field: "answers")
    case .success(let made): ticket = made
    }
    try await stored(ticket, in: player.room, what: "the answer")
    return .json(.object([("question", .number(question))]), status: 202)
  }

  // MARK: Following a game

  /// GET `/api/live/PIN/events?secret=S`: the event stream of a player or the host.
  func liveEvents(_ context: RequestContext, _ member: GameMember) -> HTTPAnswer {
    let audience: LiveStreams.Audience =
      switch member {
      case .host: .host
      case .player(let player): .player(player.player.id)
      case .waiting(_, let ticket): .waiting(ticket)
      }
    let head = HTTPResponse(
      status: 200,
      headers: [
        ("Content-Type", "text/event-stream; charset=utf-8"), ("Cache-Control", "no-store"),
        ("X-Accel-Buffering", "no"),
      ])
    let clock = games.clock
    let room = member.room
    // The host's streams have room of their own: students' streams, however many, never
    // keep the projector from the game.
    return .stream(head: head, priority: audience == .host ? .reserved : .ordinary) { sink in
      room.subscribe(sink, as: audience, at: clock.now())
    }
  }

  /// GET `/api/live/PIN/status?secret=S`: 200 `{"role": "host"|"player"|"waiting", "name"?, "phase",
  /// "question"?, "remaining_ms"?}` for a secret of the game (a page that reloads checks the
  /// one it kept), else 403. `remaining_ms`, while a question is open: the time it has left
  /// (a player's own, with extra time).
  func liveStatus(_ context: RequestContext, _ member: GameMember) -> HTTPResponse {
    let game = member.room.snapshot
    var phase = Self.phaseMembers(game.phase)
    if case .open = game.phase {
      let now = games.clock.now()
      // A device waiting to rejoin is told nothing of the game's time.
      let seconds: Double? =
        switch member {
        case .host: game.remaining(at: now)
        case .player(let player): game.remaining(for: game.players[player.player.id - 1], at: now)
        case .waiting: nil
        }
      if let seconds { phase.append(("remaining_ms", .number(Int((seconds * 1000).rounded(.down))))) }
    }
    switch member {
    case .host:
      return .json(.object([("role", .string("host"))] + phase))
    case .player(let player):
      return .json(.object([("role", .string("player")), ("name", .string(player.player.name.text))] + phase))
    case .waiting:
      return .json(.object([("role", .string("waiting"))] + phase))
    }
  }

  /// A phase as JSON members: `"phase"`, and `"question"` while one is open or closed.
  static func phaseMembers(_ phase: LiveGame.Phase) -> [(key: String, value: JSONValue)] {
    switch phase {
    case .lobby: [("phase", .string("lobby"))]
    case .open(let index, _): [("phase", .string("question")), ("question", .number(index))]
    case .closed(let index): [("phase", .string("closed")), ("question", .number(index))]
    case .over: [("phase", .string("over"))]
    }
  }
}

extension HTTPResponse {
  /// The API error for a refused join.
}

extension LiveGame.JoinRefusal: HTTPResponseError {
  /// A 403 carries the `reason` a phone tells its player (a banned player is told they were
  /// removed, not that the game is locked or full).
  public var response: HTTPResponse {
    switch self {
    case .invalidName(let problem): .apiError(422, "\(problem)", field: "name")
    case .nameTaken: .apiError(409, "another player has this name", field: "name")
    case .locked: .apiError(403, "the game is locked: no new players", reason: "locked")
    case .banned: .apiError(403, "the host removed you from this game", reason: "banned")
    case .full: .apiError(403, "the game is full", reason: "full")
    case .over: .apiError(410, "the game is over")
    case .notOnRoster:
      .apiError(403, "this game is for a class: pick your name from the class list", reason: "not_on_roster")
    case .noSuchStudent: .apiError(404, "the class has no such student", field: "student")
    }
  }
}
