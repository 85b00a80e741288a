import QRQuiz

/// How a live game scores an answer (`qrquiz live --scoring`, shown on the host screen).
public enum LiveScoring: String, Sendable, Codable, CaseIterable {
  /// Right and quick: up to 1,000 points by speed, plus a bonus for a streak (the default,
  /// as in Kahoot!).
  case speed
  /// 1,000 points per right answer however late, no bonus: for teachers who find speed
  /// unfair.
  case accuracy
  /// The Questions app's points: +20 right, −10 wrong, 0 unanswered.
  case app

  /// A right answer faster than this scores the whole 1,000 (`speed`): the time it takes
  /// to read the answers is nobody's fault.
  public static let fullPointsWithin = 0.5

  /// The points for one question.
  ///
  /// - Parameters:
  ///   - outcome: what the player did.
  ///   - elapsed: seconds from the question's opening to the answer reaching the server.
  ///   - seconds: the question's time.
  ///   - streak: right answers in a row, this one included (1 for a first right answer).
  /// - Returns: `speed`: `round(1000 × (1 − (t / T) / 2))` (1,000 under half a second)
  ///   plus `100 × min(streak − 1, 5)`; `accuracy`: 1,000; `app`: +20, −10 or 0.
  public func points(for outcome: LiveOutcome, elapsed: Double, seconds: Double, streak: Int) -> Int {
    switch (self, outcome) {
    case (.speed, .right):
      let base =
        elapsed < Self.fullPointsWithin ? 1000 : Int((1000 * (1 - min(1, elapsed / seconds) / 2)).rounded())
      return base + 100 * min(max(streak - 1, 0), 5)
    case (.accuracy, .right): return 1000
    case (.app, .right): return QuizRules.pointsForCorrect
    case (.app, .wrong): return QuizRules.pointsForWrong
    case (_, .wrong), (_, .unanswered): return 0
    }
  }
}

/// What became of a player's answer to one question.
public enum LiveOutcome: String, Sendable, Codable {
  case right, wrong, unanswered
}
