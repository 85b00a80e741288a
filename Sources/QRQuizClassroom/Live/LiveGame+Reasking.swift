import QRQuiz

/// Asking a question again (`POST /api/live/PIN/reask`): the host saw the room misread it,
/// or half the class was not looking. It opens with its full time as if new; the answers
/// it had no longer count, and every score and streak is counted anew without them.
extension LiveGame {
  /// Why a question cannot be asked again.
  public enum ReaskRefusal: Error, Sendable, Hashable {
    case over
    /// The question has not been asked yet (or the game has no such question).
    case notAsked
    /// Another question is open: close it first.
    case anotherOpen(Int)
  }

  /// Opens question `index` again, now, with its full time: its earlier answers are
  /// dropped and the scores and streaks counted again without them. An open question may
  /// be asked again (it starts over); another open one must be closed first.
  public mutating func reask(question index: Int, at now: QuizClock.Instant) throws(ReaskRefusal) -> Entry {
    if phase == .over { throw .over }
    guard setup.questions.indices.contains(index), index < questionsPlayed else { throw .notAsked }
    if case .open(let open, _) = phase, open != index { throw .anotherOpen(open) }
    let entry = Entry.reasked(question: index, at: now)
    apply(entry)
    return entry
  }

  /// Applies a ``Entry/reasked(question:at:)``: question `index` open from `time`, with no
  /// answers, and the scores of the questions closed without it.
  mutating func askAgain(_ index: Int, at time: QuizClock.Instant) {
    for position in players.indices { players[position].answers[index] = nil }
    tallies[index] = []
    closingOrder.removeAll { $0 == index }
    rescore()
    phase = .open(question: index, openedAt: time)
    answeredCount = 0
    timesAsked[index] += 1
  }

  /// Every player's totals and streak counted again from their scored answers, question
  /// by question in the order they closed (a streak runs over the questions as they were
  /// played, a question asked again counting where it closed the second time).
  private mutating func rescore() {
    for position in players.indices {
      var player = players[position]
      player.score = 0
      player.streak = 0
      player.correct = 0
      player.wrong = 0
      player.unanswered = 0
      for index in closingOrder {
        guard var answer = player.answers[index], let outcome = answer.outcome else { continue }
        player.streak = outcome == .right ? player.streak + 1 : 0
        let elapsed = player.noSpeedScoring ? 0 : Double(answer.milliseconds ?? 0) / 1000
        answer.points = setup.scoring.points(
          for: outcome, elapsed: elapsed, seconds: setup.seconds(of: index) * player.timeFactor,
          streak: player.streak)
        player.score += answer.points
        switch outcome {
        case .right: player.correct += 1
        case .wrong: player.wrong += 1
        case .unanswered: player.unanswered += 1
        }
        player.answers[index] = answer
      }
      players[position] = player
    }
    rankScores()
  }
}
