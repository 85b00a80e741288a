import Foundation
import QRQuiz
import QRQuizTestSupport

/// Random review histories for comparing the scheduler with py-fsrs: scheduler settings
/// (retention, steps, maximum interval, weights) and cards reviewed early, on time and
/// late with all four ratings, interleaved in one log. Seeded: a failure repeats.
struct ReviewHistoryGenerator {
  /// The options of one run, as `qrquiz review replay` and fsrs_replay.py both take them.
  struct Settings {
    var arguments: [String] = []
    var scheduler: FSRSScheduler
  }

  var random: SeededGenerator

  init(seed: UInt64) { random = SeededGenerator(seed: seed) }

  /// Settings for run `index`: the first with every default, the rest each option drawn.
  mutating func settings(_ index: Int) throws -> Settings {
    guard index > 0 else { return Settings(scheduler: try FSRSScheduler(fuzz: false)) }
    var arguments: [String] = []
    var retention = 0.9
    if Bool.random(using: &random) {
      retention = (Double.random(in: 0.7...0.98, using: &random) * 1000).rounded() / 1000
      arguments += ["--retention", "\(retention)"]
    }
    let learning = ["1m,10m", "", "30s", "5m", "1m,5m,30m", "10m,1d", "2s,3s,7s,1h"].randomElement(using: &random)!
    let relearning = ["10m", "", "1m", "5m,20m", "1h", "2d"].randomElement(using: &random)!
    arguments += ["--learning-steps", learning, "--relearning-steps", relearning]
    var maximumInterval = FSRSScheduler.longestInterval
    if Int.random(in: 0..<3, using: &random) == 0 {
      maximumInterval = [3, 10, 100, 365, Int.random(in: 1...36_500, using: &random)].randomElement(using: &random)!
      arguments += ["--maximum-interval", "\(maximumInterval)"]
    }
    var parameters = FSRSParameters.standard
    switch Int.random(in: 0..<4, using: &random) {
    case 0: break
    case 1:
      parameters = try weights { index, bounds, random in
        Double.random(in: bounds, using: &random)  // anywhere the references allow
      }
    default:
      parameters = try weights { index, bounds, random in
        let near = FSRSParameters.defaultWeights[index] * Double.random(in: 0.5...1.5, using: &random)
        return min(max(near, bounds.lowerBound), bounds.upperBound)
      }
    }
    if parameters != .standard {
      arguments += ["--parameters", parameters.weights.map(\.description).joined(separator: ",")]
    }
    return Settings(
      arguments: arguments,
      scheduler: try FSRSScheduler(
        parameters: parameters, desiredRetention: retention, learningSteps: StudySteps(text: learning)!,
        relearningSteps: StudySteps(text: relearning)!, maximumInterval: maximumInterval, fuzz: false))
  }

  private mutating func weights(
    _ weight: (Int, ClosedRange<Double>, inout SeededGenerator) -> Double
  ) throws -> FSRSParameters {
    try FSRSParameters(FSRSParameters.bounds.enumerated().map { index, bounds in weight(index, bounds, &random) })
  }

  /// A log of `cards` cards' histories under `scheduler`: CSV text, its rows in time
  /// order. Each next review is drawn against the card's due as our scheduler computes it
  /// (the reference is what checks that due): on the second, a second either side (a
  /// whole day's boundary), early, late, much later, or at once.
  mutating func log(cards: Int, scheduler: FSRSScheduler) throws -> (text: String, rows: Int) {
    var rows: [(time: QuizClock.Instant, order: Int, line: String)] = []
    let origin = QuizClock.Instant(iso8601Seconds: "2026-01-05T08:00:00Z")!
    for index in 0..<cards {
      let id = ["c\(index)", "card, \(index)", "\"quoted\" \(index)", "tarjeta ñ \(index)"][index % 4]
      var time = origin + .seconds(Int64.random(in: 0..<86_400 * 60, using: &random))
      var card = StudyCard(due: time, fuzzSeed: 0)
      for _ in 0..<Int.random(in: 1...30, using: &random) {
        let rating = StudyRating(rawValue: Int.random(in: 1...4, using: &random))!
        card = try scheduler.review(card, rating: rating, at: time)
        rows.append((time, rows.count, "\(CSVText.cell(id)),\(time.iso8601Seconds),\(rating.rawValue)"))
        time = nextReview(after: time, due: card.due)
        guard time < Self.end else { break }  // long intervals: the history has gone far enough
      }
    }
    rows.sort { ($0.time, $0.order) < ($1.time, $1.order) }
    return ("card,time,rating\r\n" + rows.map { $0.line + "\r\n" }.joined(), rows.count)
  }

  /// Where histories stop: well within the years a log may hold.
  static let end = QuizClock.Instant(iso8601Seconds: "2300-01-01T00:00:00Z")!

  private mutating func nextReview(after last: QuizClock.Instant, due: QuizClock.Instant) -> QuizClock.Instant {
    let wait = due.microsecondsSince1970 - last.microsecondsSince1970
    let seconds: Int64 =
      switch Int.random(in: 0..<8, using: &random) {
      case 0, 1: wait / 1_000_000  // on time
      case 2: wait / 1_000_000 - 1
      case 3: wait / 1_000_000 + 1
      case 4: Int64(Double(wait / 1_000_000) * Double.random(in: 0...1, using: &random))  // early
      case 5: Int64(Double(wait / 1_000_000) * Double.random(in: 1...3, using: &random))  // late
      case 6: Int64.random(in: 0...86_400 * 400, using: &random)  // anywhere within a year or so
      default: Int64.random(in: 0...120, using: &random)  // again at once
      }
    return last + .seconds(max(0, seconds))
  }
}
