import QRQuiz

/// Two players who are one student (a guest "Harry W" and the roster's Harry Wilson, a
/// nickname and the card): the host merges them during the game (`POST /merge`), the
/// teacher after it (`qrquiz live --merge`). One player is left with both's answers: the
/// first answer to each question counts (the earlier; the student's own on a tie), the
/// points, streak and totals scored again as the questions closed, the tallies without
/// the answer dropped.
extension LiveGame {
  /// Merges the player named `from` into the player named `into` (names compared as
  /// everywhere, look-alikes too): `from` is removed, their answers `into`'s.
  public mutating func merge(from: String, into: String, at now: QuizClock.Instant) throws(HostRefusal) -> Entry {
    guard let source = activeID(named: from), let target = activeID(named: into) else { throw .noSuchPlayer }
    guard source != target else { throw .samePlayer }
    let entry = Entry.merged(from: source, into: target, at: now)
    apply(entry)
    return entry
  }

  /// The active player named `name`.
  func activeID(named name: String) -> Int? {
    let checked = LivePlayerName(unchecked: name.trimmingCharacters(in: .whitespaces))
    return playerByName[checked.key] ?? playerBySkeleton[checked.skeleton]
  }

  /// Applies a merge (`.merged`): see the type's comment.
  mutating func merge(_ from: Int, into: Int, at time: QuizClock.Instant) {
    guard from != into, !players[from - 1].isRemoved, !players[into - 1].isRemoved else { return }
    let open: Int? = if case .open(let index, _) = phase { index } else { nil }
    let closedCount: Int =
      switch phase {
      case .lobby: 0
      case .open(let index, _): index
      case .closed(let index): index + 1
      case .over: questionsPlayed
      }
    for index in players[into - 1].answers.indices {
      guard let theirs = players[from - 1].answers[index] else { continue }
      let mine = players[into - 1].answers[index]
      let kept = Self.first(mine, theirs)
      if index < closedCount, let mine, Self.isGiven(mine), Self.isGiven(theirs) {
        // The tally counted both; the one dropped no longer counts.
        for pick in (kept == mine ? theirs : mine).picks where tallies[index].indices.contains(pick) {
          tallies[index][pick] -= 1
        }
      }
      if index == open, mine == nil { answeredCount += 1 }
      players[into - 1].answers[index] = kept
    }
    rescore(into, closed: closedCount)
    apply(.kicked(id: from, ban: false, at: time))
    players[from - 1].mergedInto = into
  }

  /// Whether `answer` holds picks or a number (not a question closed unanswered).
  private static func isGiven(_ answer: Answer) -> Bool { !answer.picks.isEmpty || answer.number != nil }

  /// The answer that counts of two to one question: one given over none, the earlier of
  /// two, the student's own (`mine`) on a tie.
  private static func first(_ mine: Answer?, _ theirs: Answer) -> Answer {
    guard let mine else { return theirs }
    guard isGiven(mine) else { return isGiven(theirs) ? theirs : mine }
    guard isGiven(theirs) else { return mine }
    return (theirs.milliseconds ?? .max) < (mine.milliseconds ?? .max) ? theirs : mine
  }

  /// Scores player `id`'s answers to the first `closed` questions again, in order, as
  /// ``score(_:)`` did when each closed.
  private mutating func rescore(_ id: Int, closed: Int) {
    var player = players[id - 1]
    player.score = 0
    player.streak = 0
    player.correct = 0
    player.wrong = 0
    player.unanswered = 0
    for index in 0..<min(closed, player.answers.count) {
      guard var answer = player.answers[index] else { continue }
      let question = setup.questions[index]
      let outcome =
        answer.number.map(question.judge(number:)) ?? question.judge(answer.picks, mandatory: setup.mandatory)
      player.streak = outcome == .right ? player.streak + 1 : 0
      let elapsed = player.noSpeedScoring ? 0 : Double(answer.milliseconds ?? 0) / 1000
      answer.outcome = outcome
      answer.points = setup.scoring.points(
        for: outcome, elapsed: elapsed, seconds: setup.seconds(of: index) * player.timeFactor, streak: player.streak)
      player.score += answer.points
      switch outcome {
      case .right: player.correct += 1
      case .wrong: player.wrong += 1
      case .unanswered: player.unanswered += 1
      }
      player.answers[index] = answer
    }
    players[id - 1] = player
  }
}
