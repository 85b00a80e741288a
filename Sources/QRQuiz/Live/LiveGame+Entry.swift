import Foundation

extension LiveGame {
  /// One change of a game, as its journal keeps it: a game is its ``Setup`` and its
  /// entries, applied in order.
  public enum Entry: Sendable, Codable, Hashable {
    case joined(id: Int, name: String, secret: String, browser: String?)
    case answered(id: Int, question: Int, picks: [Int], milliseconds: Int)
    case opened(question: Int)
    case closed(question: Int)
    case kicked(id: Int, ban: Bool)
    case locked(Bool)
    case scoresHidden(Bool)
    case over(at: Date)
  }

  /// Applies an entry made by one of the moves (or read back from a journal). `now` is
  /// the time of an `opened` entry; the others do not depend on it.
  public mutating func apply(_ entry: Entry, at now: Double) {
    switch entry {
    case .joined(let id, let name, let secret, let browser):
      let player = Player(
        id: id, name: LivePlayerName(checked: name), secret: secret, browser: browser,
        answers: Array(repeating: nil, count: setup.questions.count))
      players.append(player)
      playerBySecret[secret] = id
      playerByName[player.name.key] = id
      activeCount += 1
      // A player who joins late has no rank until the next question closes: the last.
      standings.insert(0, at: standings.firstIndex { $0 < 0 } ?? standings.count)
    case .answered(let id, let question, let picks, let milliseconds):
      players[id - 1].answers[question] = Answer(picks: picks, milliseconds: milliseconds, outcome: nil, points: 0)
      answeredCount += 1
    case .opened(let question):
      phase = .open(question: question, openedAt: now)
      answeredCount = 0
    case .closed(let question):
      score(question)
      phase = .closed(question: question)
    case .kicked(let id, let ban):
      let player = players[id - 1]
      guard !player.isRemoved else { return }
      players[id - 1].isRemoved = true
      playerBySecret[player.secret] = nil
      playerByName[player.name.key] = nil
      activeCount -= 1
      if case .open(let question, _) = phase, player.answers[question] != nil { answeredCount -= 1 }
      if ban {
        bannedNames.insert(player.name.key)
        if let browser = player.browser { bannedBrowsers.insert(browser) }
      }
      rankScores()
    case .locked(let locked): isLocked = locked
    case .scoresHidden(let hidden): scoresHidden = hidden
    case .over(let date):
      phase = .over
      ended = date
    }
  }

  /// Scores question `index` for every active player, its tally and the standings.
  private mutating func score(_ index: Int) {
    let question = setup.questions[index]
    var tally = Array(repeating: 0, count: question.answers.count)
    for position in players.indices where !players[position].isRemoved {
      var answer = players[position].answers[index] ?? Answer(picks: [], milliseconds: nil, outcome: nil, points: 0)
      let outcome = question.judge(answer.picks, mandatory: setup.mandatory)
      for pick in answer.picks { tally[pick] += 1 }
      var player = players[position]
      player.streak = outcome == .right ? player.streak + 1 : 0
      answer.outcome = outcome
      answer.points = setup.scoring.points(
        for: outcome, elapsed: Double(answer.milliseconds ?? 0) / 1000, seconds: setup.seconds, streak: player.streak)
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

  private mutating func rankScores() {
    standings = players.lazy.filter { !$0.isRemoved }.map(\.score).sorted(by: >)
  }
}

extension LivePlayerName {
  /// A name that was checked when it joined (read back from a journal).
  init(checked text: String) {
    if let name = try? LivePlayerName(text) { self = name } else { self.init(unchecked: text) }
  }
}
