import Foundation
import QRQuiz
import QRQuizLocking

/// The plays in progress in browsers: each a ``QuizSession`` behind an unguessable id.
///
/// Bounded against a client starting plays in a loop: at most ``perAddress`` from one
/// address and ``capacity`` in all. A play in progress is never dropped for a newcomer:
/// when there is no room, only finished plays give way, and otherwise the newcomer is
/// refused (429 from an address over its share, 503 when the server is full). A play
/// unused for ``lifetime`` seconds ends. Each play holds its position and answers, not a
/// copy of the topic (``QuizSession/Questions`` is a view of the served topic).
final class BrowserPlays: Sendable {
  /// One browser's play of one set.
  struct Play: Sendable {
    var session: QuizSession
    /// The topic's name in the site's addresses.
    var topicName: String
    /// Whether the topic offers nothing else to play (one set, or one list).
    var isTopicsOnlyChoice: Bool
    /// The address that started it.
    var address: String
    /// What the last action said, shown once on the next page.
    var message: Message?
    /// Whether the question just answered is shown with its verdict (until "Next").
    var showingAnswered = false
    var lastUsed: QuizClock.Instant
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

  /// Why a play was not started.
  enum Refusal: Error {
    /// The address has ``perAddress`` plays in progress.
    case tooManyFromAddress
    /// The server has ``capacity`` plays in progress.
    case full
  }

  let capacity: Int
  let perAddress: Int
  let lifetime: Double
  private let plays = Locked<[String: Play]>([:])

  init(capacity: Int = 4000, perAddress: Int = 128, lifetime: Double = 6 * 3600) {
    self.capacity = capacity
    self.perAddress = perAddress
    self.lifetime = lifetime
  }

  /// Starts a play; its id, or why there is no room for it.
  func start(_ play: Play) -> Result<String, Refusal> {
    plays.withLock { plays in
      let now = play.lastUsed
      plays = plays.filter { now.seconds(since: $0.value.lastUsed) < lifetime }
      let fromAddress = plays.filter { $0.value.address == play.address }
      if fromAddress.count >= perAddress {
        guard let finished = Self.oldestFinished(fromAddress) else { return .failure(.tooManyFromAddress) }
        plays[finished] = nil
      }
      if plays.count >= capacity {
        guard let finished = Self.oldestFinished(plays) else { return .failure(.full) }
        plays[finished] = nil
      }
      let id = Secret.make()
      plays[id] = play
      return .success(id)
    }
  }

  /// The finished play used longest ago, which may give way to a new one.
  private static func oldestFinished(_ plays: [String: Play]) -> String? {
    plays.filter { $0.value.session.isOver }.min { $0.value.lastUsed < $1.value.lastUsed }?.key
  }

  /// The topic of play `id`, if it is still there (the play is not touched).
  func topicName(of id: String) -> String? { plays.withLock { $0[id]?.topicName } }

  /// Plays in progress and finished, in all.
  var count: Int { plays.withLock { $0.count } }

  /// Runs `change` on play `id`, if it is still there; its result.
  func update<Result>(_ id: String, now: QuizClock.Instant, _ change: (inout Play) -> Result) -> Result? {
    plays.withLock { plays in
      guard var play = plays[id], now.seconds(since: play.lastUsed) < lifetime else {
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
