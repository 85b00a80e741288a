@testable import QRQuiz

extension Topic {
  /// What reading this topic's normalised JSON gives back.
  package var normalizedRoundTrip: Topic {
    var copy = self
    copy.sets = sets.map { set in
      set.map { question in
        var normalized = question
        normalized.correctAnswers = question.mergedCorrectAnswers
        normalized.correct = nil
        return normalized
      }
    }
    if copy.options?.isEmpty == true { copy.options = nil }
    return copy
  }
}
