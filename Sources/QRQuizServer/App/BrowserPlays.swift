import Foundation
import QRQuiz
import Synchronization

/// The plays in progress in browsers: each a ``QuizSession`` behind an unguessable id,
/// at most ``capacity`` at once (the least recently used go first) and none older than
/// ``lifetime`` seconds unused.
final class BrowserPlays: Sendable {
  /// One browser's play of one set.
  struct Play: Sendable {
    var session: QuizSession
    /// The topic's name in the site's addresses.
    var topicName: String
    var set: Int
    /// What the last action said, shown once on the next page.
    var message: Message?
    var lastUsed: Date
  }

  /// What an action said: the rules decided it, the page words it.
  enum Message: Sendable {
    /// A pick's or a number's verdict, and the picks the question still needs.
    case verdict(QuizSession.Verdict, picksLeft: Int)
    /// Help hid this answer (0-based).
    case helpHid(Int)
    /// The move was refused.
    case refused(QuizSession.Error)
    /// What was typed is not a number.
    case notANumber
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
    let id = Secret.make()
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
