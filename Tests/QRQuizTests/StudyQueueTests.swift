import Foundation
import Testing

@testable import QRQuiz

/// What `qrquiz review` deals: due cards the longest overdue first, new cards up to the
/// day's limit, learning cards ahead last; and the intervals its buttons show.
@Suite struct StudyQueueTests {
  let now = QuizClock.Instant(iso8601Seconds: "2026-03-02T09:00:00Z")!

  func card(dueIn seconds: Int64, state: StudyCard.State) throws -> StudyCard {
    // A card reviewed an hour ago, moved to `state` and due `seconds` from now.
    let scheduler = try FSRSScheduler(fuzz: false)
    let anHourAgo = now.advanced(by: .seconds(-3600))
    var reviewed = try scheduler.review(StudyCard(due: anHourAgo, fuzzSeed: 1), rating: .good, at: anHourAgo)
    reviewed.state = state
    reviewed.due = now.advanced(by: .seconds(seconds))
    return reviewed
  }

  @Test func dueCardsComeFirstTheLongestOverdueFirstThenNewThenLearningAhead() throws {
    let cards: [StudyQueue.Entry] = [
      .init(id: "new 1", card: nil),
      .init(id: "due a minute ago", card: try card(dueIn: -60, state: .review)),
      .init(id: "ahead 5 min", card: try card(dueIn: 300, state: .learning)),
      .init(id: "due a day ago", card: try card(dueIn: -86_400, state: .review)),
      .init(id: "review tomorrow", card: try card(dueIn: 86_400, state: .review)),
      .init(id: "review in 10 min", card: try card(dueIn: 600, state: .review)),
      .init(id: "ahead 30 min", card: try card(dueIn: 1800, state: .relearning)),
      .init(id: "new 2", card: nil),
      .init(id: "ahead 1 min", card: try card(dueIn: 60, state: .relearning)),
    ]
    let queue = StudyQueue(cards: cards, at: now, newLimit: 20, newToday: 0)
    #expect(queue.due == ["due a day ago", "due a minute ago"])
    #expect(queue.new == ["new 1", "new 2"])
    // Only learning or relearning cards are shown ahead, within 20 minutes.
    #expect(queue.learningAhead == ["ahead 1 min", "ahead 5 min"])
    #expect(queue.next == "due a day ago")
    let onlyAhead = StudyQueue(cards: [cards[2]], at: now, newLimit: 20, newToday: 0)
    #expect(onlyAhead.next == "ahead 5 min" && !onlyAhead.isEmpty)
    #expect(StudyQueue(cards: [cards[4]], at: now, newLimit: 20, newToday: 0).isEmpty)
  }

  @Test(arguments: [(20, 0, 5), (20, 18, 2), (3, 0, 3), (20, 20, 0), (20, 25, 0), (0, 0, 0)])
  func newCardsStopAtTheDaysLimit(limit: Int, today: Int, dealt: Int) {
    let cards = (1...5).map { StudyQueue.Entry(id: "new \($0)", card: nil) }
    let queue = StudyQueue(cards: cards, at: now, newLimit: limit, newToday: today)
    #expect(queue.new == Array(cards.prefix(dealt).map(\.id)))
  }

  static let intervals: [(Int64, StudyInterval)] = [
    (30, .minutes(1)), (600, .minutes(10)), (3_569, .minutes(59)), (3_600, .hours(1)), (18_000, .hours(5)),
    (84_600, .days(1)), (259_200, .days(3)), (2_505_600, .days(29)), (3_888_000, .months(1.5)),
    (31_449_600, .months(12.1)), (34_560_000, .years(1.1)),
  ]

  @Test(arguments: intervals)
  func intervalsAreRoundedAsAnkiShowsThem(seconds: Int64, interval: StudyInterval) {
    #expect(StudyInterval(from: now, to: now.advanced(by: .seconds(seconds))) == interval)
  }

  @Test func theButtonsShowWhatEachRatingWouldDo() throws {
    let scheduler = try FSRSScheduler(fuzz: true)
    var card = StudyCard(due: now, fuzzSeed: 7)
    for (step, rating) in [StudyRating.good, .good, .hard, .again, .good, .easy].enumerated() {
      let at = now.advanced(by: .seconds(Int64(step) * 5 * 86_400))
      let dues = scheduler.nextDues(of: card, at: at)
      for each in StudyRating.allCases { #expect(dues[each] == (try scheduler.review(card, rating: each, at: at)).due) }
      card = try scheduler.review(card, rating: rating, at: at)
    }
    // Again is never later than Good, nor Good than Easy.
    let dues = scheduler.nextDues(of: card, at: card.due)
    #expect(dues[.again]! <= dues[.good]! && dues[.good]! <= dues[.easy]!)
  }

  /// Each interval measured from the instant the dues were worked out from, so the
  /// terminal and the phone say the same (the terminal once measured from a later
  /// instant and said Hard "5 min" where the phone said "6 min").
  @Test func theButtonsIntervalsAreMeasuredFromOneInstant() throws {
    let scheduler = try FSRSScheduler(fuzz: false)
    let intervals = scheduler.nextIntervals(of: StudyCard(due: now, fuzzSeed: 7), at: now)
    #expect(intervals == [.again: .minutes(1), .hard: .minutes(6), .good: .minutes(10), .easy: .days(8)])
  }
}
