import Foundation
import QRQuiz

extension LiveGame {
  /// One change of a game, as the records keep it, with the time it happened: a game is
  /// its ``Setup`` and its entries, applied in order.
  public enum Entry: Sendable, Codable, Hashable {
    case joined(id: Int, name: String, secret: String, browser: String?, at: QuizClock.Instant)
    /// An answer reached the server `at`; its time counts from the question's opening.
    case answered(id: Int, question: Int, picks: [Int], at: QuizClock.Instant)
    /// A number typed for a question asked as a number (a case of its own, so moves
    /// written before numbers were asked read as they did).
    case typed(id: Int, question: Int, number: Double, at: QuizClock.Instant)
    case opened(question: Int, at: QuizClock.Instant)
    case closed(question: Int, at: QuizClock.Instant)
    /// A student of the game's class joined from a phone: from now on they answer with it,
    /// and their card is no longer read.
    case claimed(id: Int, secret: String, browser: String?, at: QuizClock.Instant)
    /// A student's answer card was seen with answer `pick` up while the question was open:
    /// the last answer seen before it closes counts, timed from when it was first seen.
    case seen(id: Int, question: Int, pick: Int, at: QuizClock.Instant)
    case kicked(id: Int, ban: Bool, at: QuizClock.Instant)
    /// The host lifted a kicked player's ban: the name and browser may join again (as a
    /// new player; the removed one stays removed, with its answers).
    case unbanned(id: Int, at: QuizClock.Instant)
    case locked(Bool, at: QuizClock.Instant)
    case scoresHidden(Bool, at: QuizClock.Instant)
    case over(at: QuizClock.Instant)
    /// The server stopped (`stopped`: the last moment it was known alive) with question
    /// `question` open, and took it up again `at`: the question's time is moved on by the
    /// time the server was down, so it has what it had left when it stopped.
    case resumed(question: Int, stopped: QuizClock.Instant, at: QuizClock.Instant)
    /// The host asked question `question` again: it opens with its full time, and the
    /// answers it had no longer count (scores and streaks counted anew without them).
    case reasked(question: Int, at: QuizClock.Instant)
    /// The host allowed (or no longer allows) names not on the class's roster to join.
    case guestsAllowed(Bool, at: QuizClock.Instant)
    /// A scanner saw the card of a student of the class for the first time: present.
    case cardShown(id: Int, at: QuizClock.Instant)
    /// The host let the player continue on another device: `secret` is theirs from now on,
    /// the old one opens nothing.
    case rejoined(id: Int, secret: String, browser: String?, at: QuizClock.Instant)
    /// The host merged player `from` (a guest, a nickname) into `into` (the student they
    /// are): one player with both's answers, the first to each question counting.
    case merged(from: Int, into: Int, at: QuizClock.Instant)

    /// When it happened.
    public var time: QuizClock.Instant {
      switch self {
      case .joined(_, _, _, _, let time), .answered(_, _, _, let time), .typed(_, _, _, let time), .opened(_, let time),
        .closed(_, let time), .claimed(_, _, _, let time), .seen(_, _, _, let time),
        .kicked(_, _, let time), .unbanned(_, let time), .locked(_, let time), .scoresHidden(_, let time),
        .over(let time), .resumed(_, _, let time), .reasked(_, let time), .guestsAllowed(_, let time),
        .cardShown(_, let time), .rejoined(_, _, _, let time), .merged(_, _, let time):
        time
      }
    }
  }

  /// Applies an entry made by one of the moves (or read back from the records).
  public mutating func apply(_ entry: Entry) {
    switch entry {
    case .joined(let id, let name, let secret, let browser, _):
      let player = Player(
        id: id, name: LivePlayerName(checked: name), secret: secret, browser: browser, card: nil,
        answers: Array(repeating: nil, count: setup.questions.count))
      players.append(player)
      playerBySecret[secret] = id
      playerByName[player.name.key] = id
      playerBySkeleton[player.name.skeleton] = id
      activeCount += 1
      // A player who joins late has no rank until the next question closes: the last.
      standings.insert(0, at: standings.firstIndex { $0 < 0 } ?? standings.count)
    case .answered(let id, let question, let picks, let time):
      players[id - 1].answers[question] = Answer(
        picks: picks, number: nil, milliseconds: milliseconds(toAnswer: question, at: time), outcome: nil, points: 0)
      answeredCount += 1
    case .claimed(let id, let secret, let browser, _):
      guard players[id - 1].secret.isEmpty, !players[id - 1].isRemoved else { return }
      players[id - 1].secret = secret
      players[id - 1].browser = browser
      playerBySecret[secret] = id
      cardHolderCount -= 1
    case .seen(let id, let question, let pick, let time):
      if players[id - 1].answers[question] == nil { answeredCount += 1 }
      players[id - 1].answers[question] = Answer(
        picks: [pick], number: nil, milliseconds: milliseconds(toAnswer: question, at: time), outcome: nil, points: 0,
        byCard: true)
    case .typed(let id, let question, let number, let time):
      players[id - 1].answers[question] = Answer(
        picks: [], number: number, milliseconds: milliseconds(toAnswer: question, at: time), outcome: nil, points: 0)
      answeredCount += 1
    case .opened(let question, let time):
      phase = .open(question: question, openedAt: time)
      answeredCount = 0
      questionsPlayed = max(questionsPlayed, question + 1)
      timesAsked[question] += 1
    case .closed(let question, _):
      score(question)
      closingOrder.append(question)
      phase = .closed(question: question)
    case .resumed(let question, let stopped, let time):
      guard case .open(question, let openedAt) = phase else { return }
      // A clock that went back between two runs moves nothing.
      phase = .open(
        question: question,
        openedAt: openedAt + .microseconds(max(0, time.microsecondsSince1970 - stopped.microsecondsSince1970)))
    case .reasked(let question, let time):
      askAgain(question, at: time)
    case .kicked(let id, let ban, _):
      let player = players[id - 1]
      guard !player.isRemoved else { return }
      players[id - 1].isRemoved = true
      if !player.secret.isEmpty { playerBySecret[player.secret] = nil }
      if player.card != nil, player.secret.isEmpty { cardHolderCount -= 1 }
      // Moves of names checked by older rules may hold two with one skeleton.
      if playerByName[player.name.key] == id { playerByName[player.name.key] = nil }
      if playerBySkeleton[player.name.skeleton] == id { playerBySkeleton[player.name.skeleton] = nil }
      activeCount -= 1
      if case .open(let question, _) = phase, player.answers[question] != nil { answeredCount -= 1 }
      if ban {
        players[id - 1].isBanned = true
        bannedNames.insert(player.name.key)
        bannedSkeletons.insert(player.name.skeleton)
        if let browser = player.browser { bannedBrowsers.insert(browser) }
      }
      rankScores()
    case .unbanned(let id, _):
      guard players[id - 1].isBanned else { return }
      players[id - 1].isBanned = false
      // Rebuilt from the bans that remain: two banned players may share a skeleton.
      let banned = players.filter(\.isBanned)
      bannedNames = Set(banned.map(\.name.key))
      bannedSkeletons = Set(banned.map(\.name.skeleton))
      bannedBrowsers = Set(banned.compactMap(\.browser))
    case .locked(let locked, _): isLocked = locked
    case .scoresHidden(let hidden, _): scoresHidden = hidden
    case .over(let time):
      phase = .over
      ended = time
    case .guestsAllowed(let allowed, _): guestsAllowed = allowed
    case .cardShown(let id, _): cardsShown.insert(id)
    case .rejoined(let id, let secret, let browser, _):
      let player = players[id - 1]
      guard !player.isRemoved, !player.secret.isEmpty else { return }
      playerBySecret[player.secret] = nil
      playerBySecret[secret] = id
      players[id - 1].secret = secret
      players[id - 1].browser = browser
    case .merged(let from, let into, let time): merge(from, into: into, at: time)
    }
  }

  /// Whole milliseconds from question `index`'s opening to `time` (0 for a time before
  /// it, which a clock that never goes back does not give).
  private func milliseconds(toAnswer index: Int, at time: QuizClock.Instant) -> Int {
    guard case .open(index, let openedAt) = phase else { return 0 }
    return Int(max(0, time.microsecondsSince1970 - openedAt.microsecondsSince1970) / 1000)
  }

  /// Scores question `index` for every active player, its tally and the standings.
  mutating func score(_ index: Int) {
    let question = setup.questions[index]
    var tally = Array(repeating: 0, count: question.answers.count)
    for position in players.indices where !players[position].isRemoved {
      var answer =
        players[position].answers[index] ?? Answer(picks: [], number: nil, milliseconds: nil, outcome: nil, points: 0)
      let outcome =
        answer.number.map(question.judge(number:)) ?? question.judge(answer.picks, mandatory: setup.mandatory)
      for pick in answer.picks { tally[pick] += 1 }
      var player = players[position]
      player.streak = outcome == .right ? player.streak + 1 : 0
      answer.outcome = outcome
      // Extra time stretches the time speed is scored against; no speed scoring counts a
      // right answer as given at once.
      let elapsed = player.noSpeedScoring ? 0 : Double(answer.milliseconds ?? 0) / 1000
      answer.points = setup.scoring.points(
        for: outcome, elapsed: elapsed, seconds: setup.seconds(of: index) * player.timeFactor, streak: player.streak)
      player.score += answer.points
      switch outcome {
      case .right: player.correct += 1
      case .wrong: player.wrong += 1
      case .unanswered: player.unanswered += 1
      }
      player.answers[index] = answer
      players[position] = player
    }
    tallies[index] = tally
    rankScores()
  }

  mutating func rankScores() {
    standings = players.lazy.filter { !$0.isRemoved }.map(\.score).sorted(by: >)
  }
}

extension LivePlayerName {
  /// A name that was checked when it joined (read back from the records).
  init(checked text: String) {
    if let name = try? LivePlayerName(text) { self = name } else { self.init(unchecked: text) }
  }
}
