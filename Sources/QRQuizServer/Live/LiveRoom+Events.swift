import QRQuiz
import QRQuizClassroom
import QRQuizHTTP

extension LiveRoom {
  /// The events of one moment of a game, as each stream gets them (`docs/LIVE.md`):
  /// `id:`, `event:` and one line of JSON. What every player gets alike is written once;
  /// only a player's own part (`you`) is written per player. Nothing a player gets says
  /// which answers are right before the question closes, or anything of the host's.
  struct EventWriter {
    let game: LiveGame
    let id: UInt64
    let now: QuizClock.Instant
    let joinURL: String
    let imageSource: @Sendable (String?) -> String?
    /// The players whose name a device on another device asks to continue as (the host's).
    let asking: [String]
    /// The members every stream of this moment shares, as JSON text without its `}`.
    private var shared: String?
    /// The players' event, when it is the same for all (those who have not answered).
    private var playersAlike: [Bool: [UInt8]] = [:]

    init(
      game: LiveGame, id: UInt64, now: QuizClock.Instant, joinURL: String,
      imageSource: @escaping @Sendable (String?) -> String?, asking: [String] = []
    ) {
      self.asking = asking
      self.game = game
      self.id = id
      self.now = now
      self.joinURL = joinURL
      self.imageSource = imageSource
    }

    /// The event that says where the game is, for `audience`.
    mutating func state(for audience: LiveStreams.Audience) -> [UInt8] {
      let name: String
      switch game.phase {
      case .lobby: name = "lobby"
      case .open: name = "question"
      case .closed: name = "closed"
      case .over: name = "over"
      }
      let common = sharedMembers()
      switch audience {
      case .host:
        return event(name, common, hostMembers())
      case .waiting:
        // Nothing of the player, nor of the game, until the host allows it.
        return Self.line(id: id, "waiting", "{}")
      case .player(let id):
        let player = game.players[id - 1]
        if player.isRemoved { return Array("id: \(self.id)\nevent: kicked\ndata: {}\n\n".utf8) }
        if case .open(let index, _) = game.phase {
          // A player who answered is told what they picked (a reloaded phone shows it
          // again); those who did not all get the same bytes.
          if let answer = player.answers[index] {
            return event(name, common, [("answered", .bool(true)), ("you", Self.picked(player, answer))])
          }
          // A student with extra time is told their own time left, and only they are.
          if player.timeFactor > 1 {
            let left = Int((game.remaining(for: player, at: now) * 1000).rounded(.down))
            return event(
              name, common,
              [
                ("answered", .bool(false)),
                ("you", .object([("name", .string(player.name.text)), ("remaining_ms", .number(left))])),
              ])
          }
          if let alike = playersAlike[false] { return alike }
          let bytes = event(name, common, [("answered", .bool(false))])
          playersAlike[false] = bytes
          return bytes
        }
        return event(name, common, playerMembers(player))
      }
    }

    /// The host's `answered` event: how many have answered the open question, of how many
    /// players.
    func progress() -> [UInt8] {
      var members: [(key: String, value: JSONValue)] = []
      if let index = game.currentIndex { members.append(("index", .number(index))) }
      members += [("answered", .number(game.answeredCount)), ("players", .number(game.activeCount))]
      members += cardMembers()
      return Self.line(id: id, "answered", JSONValue.object(members).compactText)
    }

    /// For the host of a game with a class, while a question is open: the cards held up
    /// for it (`cards`: the students answering by card) and those seen (`seen`) — never
    /// what they answered. Nothing otherwise.
    private func cardMembers() -> [(key: String, value: JSONValue)] {
      guard game.setup.cardClass != nil, case .open = game.phase else { return [] }
      let holders = game.cardHolders
      return [
        ("cards", .array(holders.compactMap { $0.player.card.map(JSONValue.number) })),
        ("seen", .array(holders.filter(\.seen).compactMap { $0.player.card.map(JSONValue.number) })),
      ]
    }

    private mutating func sharedMembers() -> String {
      if let shared { return shared }
      let text = String(JSONValue.object(commonMembers()).compactText.dropLast())
      shared = text
      return text
    }

    private func commonMembers() -> [(key: String, value: JSONValue)] {
      let setup = game.setup
      switch game.phase {
      case .lobby:
        return [("players", .number(game.activeCount))]
      case .open(let index, _):
        let question = setup.questions[index]
        // A question asked as a number shows no choices (they are the app's).
        let answers = question.numericAnswer == nil ? question.answers : []
        var members: [(key: String, value: JSONValue)] = [
          ("index", .number(index)), ("count", .number(setup.questions.count)), ("text", .string(question.text)),
          ("answers", .array(answers.map(JSONValue.string))), ("multiple", .bool(question.isMultiple)),
          ("numeric", .bool(question.numericAnswer != nil)),
          ("seconds", .number(setup.seconds(of: index))),
          ("remaining_ms", .number(Int((game.remaining(at: now) * 1000).rounded(.down)))),
          // Which asking this is (2 and more: asked again): an answer meant for an earlier
          // one, kept by a phone that could not send it, is not this asking's.
          ("asked", .number(game.timesAsked[index])),
        ]
        if let image = imageSource(question.imageURL) { members.append(("image", .string(image))) }
        return members
      case .closed(let index):
        let question = setup.questions[index]
        var members: [(key: String, value: JSONValue)] = [
          ("index", .number(index)), ("count", .number(setup.questions.count)), ("text", .string(question.text)),
          ("answers", .array(question.answers.map(JSONValue.string))),
          ("correct", .array(question.correct.map(JSONValue.number))),
          ("tally", .array(game.tallies[index].map(JSONValue.number))),
        ]
        if let numeric = question.numericAnswer { members.append(("numeric", numericResult(numeric, index))) }
        if let explanation = question.explanation { members.append(("explanation", .string(explanation))) }
        return members + [
          ("top", .array(game.scoresHidden ? [] : game.top(5).map(Self.standing))),
          ("hidden", .bool(game.scoresHidden)),
        ]
      case .over:
        return [("podium", .array(game.top(3).map(Self.standing)))]
      }
    }

    /// A closed question asked as a number: the right number (with its tolerance) and
    /// how many typed a right and a wrong one.
    private func numericResult(_ numeric: NumericAnswer, _ index: Int) -> JSONValue {
      var right = 0
      var wrong = 0
      for player in game.players where !player.isRemoved {
        switch player.answers[index]?.outcome {
        case .right?: right += 1
        case .wrong?: wrong += 1
        case .unanswered?, nil: break
        }
      }
      var value = JSONValue.number(numeric.value).compactText
      if numeric.tolerance > 0 { value += " ± " + JSONValue.number(numeric.tolerance).compactText }
      return .object([("value", .string(value)), ("right", .number(right)), ("wrong", .number(wrong))])
    }

    private func hostMembers() -> [(key: String, value: JSONValue)] {
      let setup = game.setup
      var members: [(key: String, value: JSONValue)] = [("locked", .bool(game.isLocked))]
      if game.phase != .over {
        // Who the host may remove, and whose ban they may lift, at any time of the game.
        let active = game.activePlayers
        members += [
          ("names", .array(active.map { .string($0.name.text) })),
          ("banned", .array(game.bannedPlayers.map { .string($0.name.text) })),
        ]
        // Each name's card, when the game has a class ("Ada · card 3" on the projector).
        if game.setup.cardClass != nil {
          members.append(("name_cards", .array(active.map { $0.card.map(JSONValue.number) ?? .null })))
          members += rosterMembers()
        }
        // Devices asking to continue as a player: "X asks to join from another device — Allow".
        members.append(("asking", .array(asking.map(JSONValue.string))))
      }
      switch game.phase {
      case .lobby:
        // `players` is among the shared members already.
        members += [
          ("hidden", .bool(game.scoresHidden)),
          ("pin", .string(setup.pin)), ("join", .string(joinURL)), ("title", .string(setup.title)),
          ("count", .number(setup.questions.count)), ("scoring", .string(setup.scoring.rawValue)),
          ("seconds", .number(setup.seconds)),
        ]
      case .open:
        members += [
          ("hidden", .bool(game.scoresHidden)), ("players", .number(game.activeCount)),
          ("answered", .number(game.answeredCount)),
        ]
        members += cardMembers()
      case .closed:
        // `hidden` is among the shared members already.
        members += [("players", .number(game.activeCount)), ("answered", .number(game.answeredCount))]
      case .over:
        members += [
          ("hidden", .bool(game.scoresHidden)), ("players", .number(game.activeCount)),
          ("results", .string(SitePath.liveResults(setup.pin, "csv").value)),
        ]
      }
      return members
    }

    /// A class's game, for the host: the roster, each student here by phone, by card or
    /// not yet (`roster`), how many are here of how many (`here`, `class_size`: "23 of 28
    /// here"), whether guests may join (`guests`) and the guests playing (`guest_names`).
    private func rosterMembers() -> [(key: String, value: JSONValue)] {
      let roster = game.roster
      let students: [JSONValue] = roster.map { student in
        .object([
          ("name", .string(student.player.name.text)), ("card", student.player.card.map(JSONValue.number) ?? .null),
          ("here", student.presence.map { .string($0.rawValue) } ?? .null),
        ])
      }
      let guests = game.activePlayers.filter(game.isGuest).map { JSONValue.string($0.name.text) }
      return [
        ("roster", .array(students)), ("here", .number(roster.count { $0.presence != nil })),
        ("class_size", .number(roster.count)), ("guests", .bool(game.guestsAllowed)), ("guest_names", .array(guests)),
      ]
    }

    private func playerMembers(_ player: LiveGame.Player) -> [(key: String, value: JSONValue)] {
      let rank: JSONValue = game.scoresHidden && game.phase != .over ? .null : .number(game.rank(of: player))
      switch game.phase {
      case .lobby, .open:
        return [("you", .object([("name", .string(player.name.text))]))]
      case .closed(let index):
        let answer = player.answers[index]
        return [
          (
            "you",
            .object([
              ("name", .string(player.name.text)),
              ("answers", .array((answer?.picks ?? []).map(JSONValue.number))),
              ("number", answer?.number.map { .string(JSONValue.number($0).compactText) } ?? .null),
              ("right", .bool(answer?.outcome == .right)), ("points", .number(answer?.points ?? 0)),
              ("score", .number(player.score)), ("rank", rank), ("streak", .number(player.streak)),
            ])
          )
        ]
      case .over:
        return [
          (
            "you",
            .object([
              ("name", .string(player.name.text)), ("score", .number(player.score)), ("rank", rank),
              ("correct", .number(player.correct)),
            ])
          )
        ]
      }
    }

    /// A player's own part while the question is open: their name and picks.
    private static func picked(_ player: LiveGame.Player, _ answer: LiveGame.Answer) -> JSONValue {
      .object([
        ("name", .string(player.name.text)), ("answers", .array(answer.picks.map(JSONValue.number))),
        ("number", answer.number.map { .string(JSONValue.number($0).compactText) } ?? .null),
      ])
    }

    private static func standing(_ standing: LiveGame.Standing) -> JSONValue {
      .object([("name", .string(standing.name)), ("score", .number(standing.score))])
    }

    /// `shared` (an object's text without its `}`) with `extra` members, as an event.
    private func event(_ name: String, _ shared: String, _ extra: [(key: String, value: JSONValue)]) -> [UInt8] {
      var text = shared
      for (key, value) in extra {
        text += (text.last == "{" ? "" : ",") + JSONValue.string(key).compactText + ":" + value.compactText
      }
      return Self.line(id: id, name, text + "}")
    }

    private static func line(id: UInt64, _ name: String, _ json: String) -> [UInt8] {
      Array("id: \(id)\nevent: \(name)\ndata: \(json)\n\n".utf8)
    }
  }
}
