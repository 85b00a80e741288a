import QRQuiz

extension LiveGame {
  /// Whether `entry` can be applied: its player, question and answers exist (rows
  /// edited by hand must not crash the server that reads it).
  func accepts(_ entry: Entry) -> Bool {
    let questions = setup.questions.indices
    switch entry {
    case .joined(let id, _, _, _, _): return id == players.count + 1
    case .answered(let id, let question, let picks, _):
      return players.indices.contains(id - 1) && questions.contains(question)
        && picks.allSatisfy(setup.questions[question].answers.indices.contains)
    case .typed(let id, let question, let number, _):
      return players.indices.contains(id - 1) && questions.contains(question) && number.isFinite
    case .opened(let question, _), .closed(let question, _): return questions.contains(question)
    case .kicked(let id, _, _), .unbanned(let id, _): return players.indices.contains(id - 1)
    case .claimed(let id, let secret, _, _):
      return players.indices.contains(id - 1) && players[id - 1].card != nil && !secret.isEmpty
    case .seen(let id, let question, let pick, _):
      return players.indices.contains(id - 1) && players[id - 1].card != nil && questions.contains(question)
        && setup.questions[question].answers.indices.contains(pick)
    case .resumed(let question, _, _):
      if case .open(question, _) = phase { return true }
      return false
    case .reasked(let question, _): return questions.contains(question) && question < questionsPlayed
    case .cardShown(let id, _): return players.indices.contains(id - 1) && players[id - 1].card != nil
    case .rejoined(let id, let secret, _, _): return players.indices.contains(id - 1) && !secret.isEmpty
    case .merged(let from, let into, _):
      return from != into && players.indices.contains(from - 1) && players.indices.contains(into - 1)
    case .locked, .scoresHidden, .over, .guestsAllowed: return true
    }
  }
}
