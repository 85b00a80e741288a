import QRQuiz
import QRQuizClassroom
import QRQuizHTTP

/// The host's moves (`docs/LIVE.md`): start and move on, end, kick and ban, lock and hide
/// the scores; and the results. Each handler takes the `Host` its route's access proved.
extension LiveArea {
  /// POST `/api/live/PIN/next`: `{"secret"}` → 200 `{"phase", "question"?}`.
  func nextInLiveGame(_ context: RequestContext, _ host: Host) async throws -> HTTPResponse {
    try await hostAction(context, host) { _ in { room, now in room.next(at: now) } }
  }

  /// POST `/api/live/PIN/end`: `{"secret"}` → 200: the podium now.
  func endLiveGame(_ context: RequestContext, _ host: Host) async throws -> HTTPResponse {
    try await hostAction(context, host) { _ in { room, now in room.end(at: now) } }
  }

  /// POST `/api/live/PIN/kick`: `{"secret", "name", "ban"}` → 200.
  func kickFromLiveGame(_ context: RequestContext, _ host: Host) async throws -> HTTPResponse {
    try await hostAction(context, host) { body throws(JSONBody.Problem) in
      let name = try body.required("name", body.string)
      let ban = try body.bool("ban") ?? false
      return { room, now in room.kick(name: name, ban: ban, at: now) }
    }
  }

  /// POST `/api/live/PIN/unban`: `{"secret", "name"}` → 200; 404 when no banned player
  /// has this name.
  func unbanInLiveGame(_ context: RequestContext, _ host: Host) async throws -> HTTPResponse {
    try await hostAction(context, host) { body throws(JSONBody.Problem) in
      let name = try body.required("name", body.string)
      return { room, now in room.unban(name: name, at: now) }
    }
  }

  /// POST `/api/live/PIN/settings`: `{"secret", "locked"?, "hide_scores"?, "guests"?}` → 200.
  func liveGameSettings(_ context: RequestContext, _ host: Host) async throws -> HTTPResponse {
    try await hostAction(context, host) { body throws(JSONBody.Problem) in
      let (locked, hidden, guests) = (try body.bool("locked"), try body.bool("hide_scores"), try body.bool("guests"))
      return { room, now in room.settings(locked: locked, scoresHidden: hidden, guests: guests, at: now) }
    }
  }

  /// POST `/api/live/PIN/merge`: `{"secret", "from", "into"}` → 200: the player named
  /// `from` (a guest, a nickname) is merged into the one named `into` (the student).
  func mergeInLiveGame(_ context: RequestContext, _ host: Host) async throws -> HTTPResponse {
    try await hostAction(context, host) { body throws(JSONBody.Problem) in
      let (from, into) = (try body.required("from", body.string), try body.required("into", body.string))
      return { room, now in room.merge(from: from, into: into, at: now) }
    }
  }

  /// POST `/api/live/PIN/rejoin/approve`: `{"secret", "name"}` → 200: the device waiting to
  /// continue as the player named `name` is that player from now on; 404 when no device
  /// waits for that name.
  func approveRejoin(_ context: RequestContext, _ host: Host) async throws -> HTTPResponse {
    let body = try JSONBody(context.request.body)
    let name = try body.required("name", body.string)
    let now = games.clock.now()
    switch try await inTurn(host.room, what: "the game", { room in room.approveRejoin(name: name, at: now) }) {
    case .success(let ticket):
      try await stored(ticket, in: host.room, what: "the game")
      return .json(.object(Self.phaseMembers(host.room.phase)))
    case .failure(.over): throw APIError(410, "the game is over")
    case .failure(.notPlaying): throw APIError(404, "no device asks to continue as this player", field: "name")
    }
  }

  /// POST `/api/live/PIN/rejoin/decline`: `{"secret", "name"}` → 200: the device waiting to
  /// continue as the player named `name` is told no (`declined` on its stream, which ends)
  /// and its ticket opens nothing; 404 when no device waits for that name.
  func declineRejoin(_ context: RequestContext, _ host: Host) async throws -> HTTPResponse {
    let body = try JSONBody(context.request.body)
    let name = try body.required("name", body.string)
    guard host.room.declineRejoin(name: name, at: games.clock.now()) else {
      throw APIError(404, "no device asks to continue as this player", field: "name")
    }
    return .json(.object(Self.phaseMembers(host.room.phase)))
  }

  /// POST `/api/live/PIN/reask`: `{"secret", "question"}` → 200 `{"phase", "question"}`:
  /// question `question` (from 0, one asked already) opens again with its full time; the
  /// answers it had no longer count.
  func reaskInLiveGame(_ context: RequestContext, _ host: Host) async throws -> HTTPResponse {
    let room = host.room
    let body = try JSONBody(context.request.body)
    let question = try body.required("question", body.integer)
    let now = games.clock.now()
    let (phase, ticket) = try await inTurn(room, what: "the game") { room in
      room.reask(question: question, at: now)
    }.get()
    try await stored(ticket, in: room, what: "the game")
    return .json(.object(Self.phaseMembers(phase)))
  }

  /// A host's move, read from the request's body (what it asks for, checked) then made in
  /// the game's turn, its move stored; a finished game's results saved.
  private func hostAction(
    _ context: RequestContext, _ host: Host,
    _ move: (JSONBody) throws(JSONBody.Problem) ->
      @Sendable (LiveRoom, QuizClock.Instant) -> Result<
        (LiveGame.Phase, LiveRoom.Ticket), LiveGame.HostRefusal
      >
  ) async throws -> HTTPResponse {
    let room = host.room
    let made = try move(try JSONBody(context.request.body))
    let now = games.clock.now()
    let (phase, ticket) = try await inTurn(room, what: "the game") { room in made(room, now) }.get()
    try await stored(ticket, in: room, what: "the game")
    var members = Self.phaseMembers(phase)
    if phase == .over, let saved = games.finish(room) { members.append(("saved", .bool(saved))) }
    return .json(.object(members))
  }

  // MARK: Results

  /// GET `/api/live/PIN/results.csv`, for the host (`Authorization: Bearer HOST`,
  /// `?secret=HOST`, or the host screen's cookie).
  func liveResultsCSV(_ context: RequestContext, _ host: Host) async -> HTTPResponse {
    let room = host.room
    return .bytes(
      Array(LiveResults(room.snapshot).csv.utf8), type: "text/csv; charset=utf-8", cache: "no-store",
      headers: [
        ("Content-Disposition", ContentDisposition.attachment(stem: "qrquiz-live-\(room.pin)", fileExtension: "csv"))
      ])
  }

  /// GET `/api/live/PIN/results.json`: the same as JSON.
  func liveResultsJSON(_ context: RequestContext, _ host: Host) async -> HTTPResponse {
    .json(LiveResults(host.room.snapshot).json)
  }
}

extension LiveGame.HostRefusal: HTTPResponseError {
  public var response: HTTPResponse {
    switch self {
    case .over: .apiError(410, "the game is over")
    case .noSuchPlayer: .apiError(404, "no player has this name", field: "name")
    case .samePlayer: .apiError(422, "a player cannot be merged into themselves", field: "into")
    }
  }
}

extension LiveGame.ReaskRefusal: HTTPResponseError {
  public var response: HTTPResponse {
    switch self {
    case .over: .apiError(410, "the game is over")
    case .notAsked: .apiError(422, "this question has not been asked yet", field: "question")
    case .anotherOpen(let index): .apiError(409, "question \(index) is open: close it first", field: "question")
    }
  }
}
