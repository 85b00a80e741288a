import QRQuiz
import QRQuizLocking

/// The topics of assignments still open, by the latest due time of each: their answer keys
/// are the teacher's alone until then, so the library hides them from everyone else as it
/// hides a topic whose live game runs (`Site.assignmentTopics`).
final class OpenAssignmentTopics: Sendable {
  private let state = Locked<(due: [String: QuizClock.Instant], clock: LiveClock)>(([:], .system))
  /// Reads assignments made meanwhile by another process (`qrquiz assign`), before each check.
  private let refresh = Locked<(@Sendable () -> Void)?>(nil)

  /// Uses `clock` for "now" (the assignments' own, so a test's clock hides and shows
  /// alike), and `refresh` to find assignments made by another process.
  func use(_ clock: LiveClock, refresh: @escaping @Sendable () -> Void) {
    state.withLock { $0.clock = clock }
    self.refresh.withLock { $0 = refresh }
  }

  /// Topic `name` is hidden until `due` at least.
  func hold(_ name: String, until due: QuizClock.Instant) {
    state.withLock { state in
      if let held = state.due[name], held >= due { return }
      state.due[name] = due
    }
  }

  /// Whether topic `name` (its address name) has an assignment open now.
  func contains(_ name: String) -> Bool {
    refresh.withLock { $0 }?()
    return state.withLock { state in
      guard let due = state.due[name] else { return false }
      return state.clock.now() < due
    }
  }
}
