/// The totals the app keeps between plays, for one player: score, correct and wrong
/// picks, and the sets completed per topic. A set adds to the totals only the first time
/// it is completed; playing it again shows a score but changes no total.
public struct PlayStatistics: Sendable, Codable, Hashable {
  /// The total score.
  public var score = 0
  /// Correct picks, in all.
  public var correct = 0
  /// Wrong picks, in all.
  public var wrong = 0
  /// Completed sets (0-based), by topic name.
  public var completedSets: [String: [Int]] = [:]

  /// Empty statistics.
  public init() {}

  /// Whether set `set` of the topic named `topic` was completed before.
  public func hasCompleted(_ set: Int, of topic: String) -> Bool { completedSets[topic]?.contains(set) == true }

  /// Adds a completed set's result, once: true when it counted, false when the set was
  /// completed before.
  @discardableResult
  public mutating func record(_ result: QuizSession.Result, set: Int, of topic: String) -> Bool {
    record(result, sets: set...set, of: topic)
  }

  /// Adds the result of a list's sets played as one quiz, once: every one of them is then
  /// completed. True when it counted; false when any of them was completed before (its
  /// questions' points counted then).
  @discardableResult
  public mutating func record(_ result: QuizSession.Result, sets: ClosedRange<Int>, of topic: String) -> Bool {
    guard !sets.contains(where: { hasCompleted($0, of: topic) }) else { return false }
    score += result.score
    correct += result.correct
    wrong += result.wrong
    completedSets[topic, default: []] += sets
    completedSets[topic]!.sort()
    return true
  }
}
