import Foundation
import Synchronization
import QRQuiz

/// The plays in progress in browsers: each a ``QuizSession`` behind an unguessable id,
/// at most ``capacity`` at once (the least recently used go first) and none older than
/// ``lifetime`` seconds unused.
final class PlayRoom: Sendable {
  /// One browser's play of one set.
  struct Play: Sendable {
    var session: QuizSession
    var topicName: String
    var set: Int
    /// What the last action said: a verdict, help used, a refusal.
    var message: (text: String, kind: String)?
    var lastUsed: Date
  }

  let capacity: Int
  let lifetime: Double
  private let plays = Mutex<[String: Play]>([:])

  init(capacity: Int = 2000, lifetime: Double = 6 * 3600) {
    self.capacity = capacity
    self.lifetime = lifetime
  }

  /// Starts a play; returns its id.
  func start(_ play: Play) -> String {
    let id = QuizWebApp.newSecret()
    plays.withLock { plays in
      let now = play.lastUsed
      plays = plays.filter { now.timeIntervalSince($0.value.lastUsed) < lifetime }
      if plays.count >= capacity, let oldest = plays.min(by: { $0.value.lastUsed < $1.value.lastUsed }) {
        plays[oldest.key] = nil
      }
      plays[id] = play
    }
    return id
  }

  /// Runs `change` on play `id`, if it is still there; its result.
  func update<Result>(_ id: String, now: Date, _ change: (inout Play) -> Result) -> Result? {
    plays.withLock { plays in
      guard var play = plays[id], now.timeIntervalSince(play.lastUsed) < lifetime else {
        plays[id] = nil
        return nil
      }
      play.lastUsed = now
      let result = change(&play)
      plays[id] = play
      return result
    }
  }
}
