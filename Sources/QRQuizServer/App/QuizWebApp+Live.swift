import Foundation
import QRQuiz
import QRQuizHTTP

/// The live games' API (`docs/LIVE.md`): the teacher makes a game, players join and
/// answer, the host moves it on; everyone follows it on an event stream. JSON in and out;
/// every action needs its secret, the PIN only finds the game.
extension QuizWebApp {
  /// The cookie that keeps a browser's identity for live games (a banned player's browser
  /// stays out).
  static let browserCookie = "qrquiz_browser"
  /// Answers a question takes at most in a request.
  static let picksLimit = 256

  // MARK: Making a game

  /// POST `/api/live`: `{"topic", "set"?, "scoring"?, "seconds"?, "max_players"?}` → 201.
  func createLiveGame(_ context: RequestContext) async -> HTTPResponse {
    if let refusal = teacherRefusal(context.request, api: true) { return refusal }
    do throws(JSONBody.Problem) {
      let body = try JSONBody(context.request.body)
      let request = try LiveGameRequest(body)
      let room = try makeLiveGame(request)
      return .json(hostCredentials(room), status: 201)
    } catch {
      return error.response
    }
  }

  /// What a teacher asks for when making a game (the API's body, the topic page's form).
  struct LiveGameRequest {
    var topic: String
    var set: Int?
    var scoring: LiveScoring
    var seconds: Double
    var maximumPlayers: Int

    init(topic: String, set: Int?, scoring: LiveScoring, seconds: Double, maximumPlayers: Int) {
      self.topic = topic
      self.set = set
      self.scoring = scoring
      self.seconds = seconds
      self.maximumPlayers = maximumPlayers
    }

    init(_ body: JSONBody) throws(JSONBody.Problem) {
      topic = try body.required("topic", body.string)
      set = try body.integer("set")
      let scoringName = try body.string("scoring") ?? LiveScoring.speed.rawValue
      guard let scoring = LiveScoring(rawValue: scoringName) else {
        throw .init(status: 422, message: "scoring must be speed, accuracy or app", field: "scoring")
      }
      self.scoring = scoring
      seconds = try body.number("seconds") ?? 20
      guard LiveGame.Setup.secondsRange.contains(seconds) else {
        throw .init(status: 422, message: "seconds must be between 5 and 600", field: "seconds")
      }
      maximumPlayers = try body.integer("max_players") ?? 1000
      guard LiveGame.Setup.maximumPlayersRange.contains(maximumPlayers) else {
        throw .init(status: 422, message: "max_players must be between 1 and 10000", field: "max_players")
      }
    }
  }

  /// Makes the game `request` asks for.
  func makeLiveGame(_ request: LiveGameRequest) throws(JSONBody.Problem) -> LiveRoom {
    guard let topic = topics.topic(named: request.topic) else {
      throw .init(status: 404, message: "no topic is named \(request.topic)", field: "topic")
    }
    if let set = request.set, !(1...max(1, topic.setSizes.count)).contains(set) {
      throw .init(
        status: 422, message: "the topic has \(Plural.count(topic.setSizes.count, "set")); set \(set) is not one",
        field: "set")
    }
    guard topic.questionCount > 0 else {
      throw .init(status: 422, message: "the topic has no questions", field: "topic")
    }
    // The questions are drawn first, so a set the topic lacks is refused before a PIN is taken.
    let prepared: LiveGame.Setup
    do {
      prepared = try LiveGame.Setup.make(
        topic: topic.topic, topicName: topic.name, setNumber: request.set, scoring: request.scoring,
        seconds: request.seconds, maximumPlayers: request.maximumPlayers, pin: "", hostSecret: "",
        created: live.clock.now())
    } catch {
      throw .init(status: 422, message: "\(error)", field: "set")
    }
    let room: LiveRoom
    do {
      room = try live.create(
        joinURL: { [publicURL] pin in publicURL + SitePath.join(pin).value },
        imageSource: { [weak self] url in self?.imageSource(for: url)?.value },
        setup: { pin, hostSecret in
          var setup = prepared
          setup.pin = pin
          setup.hostSecret = hostSecret
          return setup
        })
    } catch {
      throw .init(status: 503, message: "\(error)")
    }
    return room
  }

  /// The host's secret, the join address and the host screen's address.
  func hostCredentials(_ room: LiveRoom) -> JSONValue {
    let secret = room.setup.hostSecret
    return .object([
      ("pin", .string(room.pin)), ("host", .string(secret)), ("join", .string(room.joinURL)),
      ("host_page", .string(publicURL + SitePath.host(room.pin).value + "?secret=" + secret)),
    ])
  }

  /// A game made from Swift (`qrquiz live`): the same as `POST /api/live` makes.
  public struct HostedGame: Sendable {
    public let pin: String
    /// The host's secret.
    public let hostSecret: String
    /// Where phones join: `http://ADDRESS:PORT/j/PIN`.
    public let joinURL: String
    /// The host screen, with the secret (the page keeps it in a cookie and drops it from
    /// the address).
    public let hostURL: String
    public let setup: LiveGame.Setup
  }

  /// Why a game cannot be made: no such topic or set, too many games, a journal that
  /// cannot be written.
  public struct LiveGameRefusal: Error, Sendable, CustomStringConvertible {
    public let description: String
  }

  /// Makes a live game of the served topic `topic` (its name in the site's addresses).
  ///
  /// - Parameter set: the set played (1-based); `nil` for every set in turn.
  /// - Throws: ``LiveGameRefusal``.
  public func startLiveGame(
    topic: String, set: Int?, scoring: LiveScoring = .speed, seconds: Double = 20, maximumPlayers: Int = 1000
  ) throws(LiveGameRefusal) -> HostedGame {
    let request = LiveGameRequest(
      topic: topic, set: set, scoring: scoring, seconds: seconds, maximumPlayers: maximumPlayers)
    do {
      let room = try makeLiveGame(request)
      let setup = room.setup
      return HostedGame(
        pin: room.pin, hostSecret: setup.hostSecret, joinURL: room.joinURL,
        hostURL: publicURL + SitePath.host(room.pin).value + "?secret=" + setup.hostSecret, setup: setup)
    } catch {
      throw LiveGameRefusal(description: error.message)
    }
  }

  // MARK: Players

  /// POST `/api/live/PIN/players`: `{"name"}` → 201 `{"player", "secret"}`.
  func joinLiveGame(_ context: RequestContext) async -> HTTPResponse {
    let request = context.request
    if let wait = live.joinLimiter.take(request.clientAddress, at: live.clock.now()) {
      return .apiError(
        429, "too many attempts to join from this address: wait a moment",
        headers: [("Retry-After", String(Int(wait.rounded(.up)) + 1))])
    }
    guard let room = live.room(context[parameter: "pin"]) else { return noSuchGame }
    let name: String
    do throws(JSONBody.Problem) {
      let body = try JSONBody(request.body)
      name = try body.required("name", body.string)
    } catch {
      return error.response
    }
    let browser = request.cookies[Self.browserCookie].flatMap { Self.isSecret($0) ? $0 : nil }
    switch room.join(name: name, browser: browser, at: live.clock.now()) {
    case .failure(let refusal):
      return Self.response(for: refusal)
    case .success(let (player, ticket)):
      do {
        try await room.waitUntilDurable(ticket)
      } catch {
        return .apiError(503, "the game could not be saved: \(error.reason)")
      }
      return .json(.object([("player", .number(player.id)), ("secret", .string(player.secret))]), status: 201)
    }
  }

  static func response(for refusal: LiveGame.JoinRefusal) -> HTTPResponse {
    switch refusal {
    case .invalidName(let problem): .apiError(422, "\(problem)", field: "name")
    case .nameTaken: .apiError(409, "another player has this name", field: "name")
    case .locked: .apiError(403, "the game is locked: no new players")
    case .banned: .apiError(403, "you cannot join this game")
    case .full: .apiError(403, "the game is full")
    case .over: .apiError(410, "the game is over")
    }
  }

  /// POST `/api/live/PIN/answers`: `{"secret", "question", "answers"}` → 202.
  func answerLiveGame(_ context: RequestContext) async -> HTTPResponse {
    // The time the answer reached the server, before anything else is done with it.
    let now = live.clock.now()
    guard let room = live.room(context[parameter: "pin"]) else { return noSuchGame }
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
    guard let room = live.room(context[parameter: "pin"]) else { return .now(noSuchGame) }
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
    let clock = live.clock
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
    guard let room = live.room(context[parameter: "pin"]) else { return noSuchGame }
    let result: Result<(LiveGame.Phase, LiveRoom.Ticket), LiveGame.HostRefusal>
    do throws(JSONBody.Problem) {
      let body = try JSONBody(context.request.body)
      guard room.isHost(try body.required("secret", body.string)) else {
        return .apiError(403, "only the host can do this")
      }
      result = try move(room, body, live.clock.now())
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
      if phase == .over, let saved = live.finish(room) { members.append(("saved", .bool(saved))) }
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
    guard let room = live.room(context[parameter: "pin"]) else { return noSuchGame }
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
    guard let room = live.room(context[parameter: "pin"]) else { return noSuchGame }
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
    return request.query["secret"] ?? request.cookies[Self.hostCookie(pin)]
  }

  /// The cookie that keeps the host screen's secret for game `pin`.
  static func hostCookie(_ pin: String) -> String { "qrquiz_host_\(pin)" }

  var noSuchGame: HTTPResponse { .apiError(404, "no live game has this PIN") }

  /// Whether `text` looks like one of our secrets (32 hex digits): a cookie of any other
  /// shape is ignored.
  static func isSecret(_ text: String) -> Bool { text.utf8.count == 32 && text.allSatisfy(\.isHexDigit) }
}
