import QRQuiz

/// Students of the game's class answering with printed answer cards (`docs/CARDS.md`):
/// each is a player from the start, named as the roster names them; a scanner reads the
/// cards held up, and the last answer seen before the question closes counts, timed from
/// when it was first seen. A student who joins from a phone under their roster name
/// answers with the phone from then on.
extension LiveGame {
  /// Why a card seen is not taken as an answer.
  public enum SightingRefusal: Error, Sendable, Hashable {
    /// No student of the game's class holds this card (or it was removed from the game).
    case notInGame
    /// The student answers from a phone now.
    case answersByPhone
    /// No question is open.
    case notOpen
    /// The letter on top is past the question's answers (C or D for a question of two).
    case noSuchAnswer
    /// The question is answered with a number, which a card cannot give.
    case askedAsNumber
    /// The host's camera saw the card held up with this letter before the question opened
    /// and ever since: an answer to the last question, not yet lowered (the server's rule,
    /// not the game's: the game never refuses this).
    case heldUpBefore
  }

  /// What a card seen did.
  public enum Sighting: Sendable, Hashable {
    /// The student's first answer to this question.
    case first(Entry)
    /// The student changed their answer.
    case changed(Entry)
    /// The answer seen already counts: nothing changes (its time stays when it was first
    /// seen).
    case same

    /// The entry to store, when the sighting changed the game.
    public var entry: Entry? {
      switch self {
      case .first(let entry), .changed(let entry): entry
      case .same: nil
      }
    }
  }

  /// Takes card `card` seen with answer `pick` (0 for A, 1 for B …) on top.
  public mutating func see(card: Int, pick: Int, at now: QuizClock.Instant) throws(SightingRefusal) -> Sighting {
    guard let id = playerByCard[card], !players[id - 1].isRemoved else { throw .notInGame }
    guard players[id - 1].secret.isEmpty else { throw .answersByPhone }
    guard case .open(let question, _) = phase, let deadline = deadline(for: players[id - 1]), now < deadline else {
      throw .notOpen
    }
    let asked = setup.questions[question]
    guard asked.numericAnswer == nil else { throw .askedAsNumber }
    guard asked.answers.indices.contains(pick) else { throw .noSuchAnswer }
    let before = players[id - 1].answers[question]
    if before?.picks == [pick] { return .same }
    let entry = Entry.seen(id: id, question: question, pick: pick, at: now)
    apply(entry)
    return before == nil ? .first(entry) : .changed(entry)
  }

  /// The player holding card `card`, removed or not.
  public func player(card: Int) -> Player? {
    playerByCard[card].map { players[$0 - 1] }
  }

  /// The class's students who answer with their card (not removed, not by phone), in
  /// card order, with whether their card has been seen for the open question.
  public var cardHolders: [(player: Player, seen: Bool)] {
    let question: Int? = if case .open(let index, _) = phase { index } else { nil }
    return players.lazy.filter { $0.card != nil && $0.secret.isEmpty && !$0.isRemoved }.map { player in
      (player, question.map { player.answers[$0] != nil } ?? false)
    }
  }

  /// The class's students as players, ids 1, 2, 3 … in card order, before anyone joins.
  mutating func addCardPlayers() {
    for student in setup.cardClass?.students ?? [] {
      let id = players.count + 1
      var player = Player(
        id: id, name: LivePlayerName(checked: student.name), secret: "", browser: nil, card: student.card,
        answers: Array(repeating: nil, count: setup.questions.count))
      // Extra time within the rosters' own bounds, whatever rows edited by hand say.
      player.timeFactor = min(max(student.timeFactor ?? 1, 1), 4)
      player.noSpeedScoring = student.noSpeedScoring ?? false
      if player.timeFactor > 1 { playersWithExtraTime.append(id) }
      players.append(player)
      playerByCard[student.card] = id
      playerByName[player.name.key] = id
      playerBySkeleton[player.name.skeleton] = id
      activeCount += 1
      cardHolderCount += 1
      standings.append(0)
    }
  }

  /// A phone joining under the name of a student of the class who has not joined from a
  /// phone yet: that student, answering by phone from now on (`nil` when the name is no
  /// such student's; a look-alike of one is left to the name rules, which refuse it).
  mutating func claimCard(
    name: String, browser: String?, secret: String, at now: QuizClock.Instant
  ) throws(JoinRefusal) -> (Entry, Player)? {
    guard setup.cardClass != nil else { return nil }
    let typed = LivePlayerName(unchecked: name.trimmingCharacters(in: .whitespaces))
    guard let id = playerByName[typed.key], players[id - 1].card != nil else { return nil }
    if bannedNames.contains(typed.key) || browser.map(bannedBrowsers.contains) == true { throw .banned }
    guard players[id - 1].secret.isEmpty else { throw .nameTaken }
    let entry = Entry.claimed(id: id, secret: secret, browser: browser, at: now)
    apply(entry)
    return (entry, players[id - 1])
  }
}

extension LiveGame.Player {
  /// Whether the player answers by holding up their card (not from a phone).
  public var isHoldingCard: Bool { card != nil && secret.isEmpty }
}
