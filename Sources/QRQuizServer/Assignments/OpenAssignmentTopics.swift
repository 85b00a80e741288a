import QRQuiz
import QRQuizLocking

/// The topics of assignments still open, by the latest due time of each: their answer keys
/// are the teacher's alone until then, so the library hides them from everyone else as it
/// hides a topic whose live game runs (`Site.assignmentTopics`).
final class OpenAssignmentTopics: Sendable {
  private let state = Locked<(due: [String: QuizClock.Instant], clock: LiveClock)>(([:], .system))

  /// Uses `clock` for "now" (the assignments' own, so a test's clock hides and shows alike).
  func use(_ clock: LiveClock) { state.withLock { $0.clock = clock } }

  /// Topic `name` is hidden until `due` at least.
  func hold(_ name: String, until due: QuizClock.Instant) {
    state.withLock { state in
      if let held = state.due[name], held >= due { return }
      state.due[name] = due
    }
  }

  /// Whether topic `name` (its address name) has an assignment open now.
  func contains(_ name: String) -> Bool {
    state.withLock { state in
      guard let due = state.due[name] else { return false }
      return state.clock.now() < due
    }
  }
}
