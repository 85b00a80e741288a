/// Collects a topic's problems as they are found, keeping the first `limit` and counting
/// the rest. A hostile file of eight million wrongly typed elements would otherwise cost
/// a problem each (gigabytes, and as many lines of output); the verdict is the same.
struct ProblemCollector {
  /// How many problems a document keeps by default.
  static let defaultLimit = 100

  let limit: Int
  /// The first problems, in the order found.
  private(set) var problems: [TopicProblem] = []
  /// Every problem found, kept or not.
  private(set) var total = 0

  init(limit: Int = defaultLimit) { self.limit = limit }

  /// Counts a problem; builds and keeps it only while there is room.
  mutating func append(_ problem: @autoclosure () -> TopicProblem) {
    total += 1
    if problems.count < limit { problems.append(problem()) }
  }

  /// Adds problems another collector kept, of `total` it found.
  mutating func append(_ kept: [TopicProblem], outOf found: Int) {
    problems += kept.prefix(limit - problems.count)
    total += found
  }
}
