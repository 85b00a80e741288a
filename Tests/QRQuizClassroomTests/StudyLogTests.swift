import Foundation
import QRQuiz
import QRQuizTestSupport
import Testing

@testable import QRQuizClassroom

/// A profile's reviews in the records: kept per learner, replayed to the scheduler's own
/// states, and never lost when two sittings save at once.
@Suite struct StudyLogTests {
  let start = QuizClock.Instant(iso8601Seconds: "2026-03-02T09:00:00Z")!

  @Test(arguments: RecordEngine.allCases)
  func theLogReplaysToWhatTheSchedulerGivesForEachCard(engine: RecordEngine) async throws {
    let directory = try TestRecords(engine)
    let records = try directory.open()
    let ada = StudyLog(records: records, profile: "Ada")
    let scheduler = try FSRSScheduler()
    let history: [(String, Int64, StudyRating)] = [
      ("Peru?", 0, .good), ("Chile?", 30, .again), ("Peru?", 600, .good), ("Chile?", 90, .good),
      ("Peru?", 3 * 86_400, .hard), ("Chile?", 700, .easy),
    ]
    var expected: [String: StudyCard] = [:]
    for (card, seconds, rating) in history {
      let at = start.advanced(by: .seconds(seconds))
      try await ada.record(StudyLog.Review(topic: "Capitals", card: card, at: at, rating: rating))
      let key = StudyLog.CardKey(topic: "Capitals", card: card)
      expected[card] = try scheduler.review(
        expected[card] ?? StudyCard(due: at, fuzzSeed: key.fuzzSeed), rating: rating, at: at)
    }
    // Another learner's and another topic's reviews stay theirs.
    try await StudyLog(records: records, profile: "Alan").record(
      StudyLog.Review(topic: "Capitals", card: "Peru?", at: start, rating: .again))
    try await ada.record(StudyLog.Review(topic: "Rivers", card: "Peru?", at: start, rating: .again))

    let replayed = try StudyLog(records: records, profile: "ADA").cards(scheduler: scheduler)
    #expect(replayed.cards.count == 3)
    for (card, state) in expected {
      #expect(replayed.cards[StudyLog.CardKey(topic: "Capitals", card: card)] == state)
    }
    #expect(replayed.cards[StudyLog.CardKey(topic: "Rivers", card: "Peru?")]?.state == .learning)
    #expect(replayed.newCards(since: start) == 3)
    #expect(replayed.newCards(since: start.advanced(by: .seconds(1))) == 1)
  }

  @Test(arguments: RecordEngine.allCases)
  func twoSittingsSavingAtOnceLoseNoReview(engine: RecordEngine) async throws {
    let directory = try TestRecords(engine)
    let records = try directory.open()
    let log = StudyLog(records: records, profile: "Ada")
    await withTaskGroup(of: Void.self) { group in
      for number in 0..<60 {
        group.addTask {
          let at = self.start.advanced(by: .seconds(Int64(number)))
          try? await log.record(StudyLog.Review(topic: "T", card: "card \(number % 6)", at: at, rating: .good))
        }
      }
    }
    let replayed = try log.cards(scheduler: try FSRSScheduler())
    #expect(replayed.cards.count == 6)
    #expect(replayed.cards.values.allSatisfy { $0.reviewCount == 10 })
  }

  @Test func aReviewBeforeTheCardsLastCountsAtTheLastTime() throws {
    let scheduler = try FSRSScheduler(fuzz: false)
    var replayed = StudyLog.Replayed(cards: [:], firstReviews: [:])
    let later = start.advanced(by: .seconds(600))
    replayed.apply(StudyLog.Review(topic: "T", card: "c", at: later, rating: .good), scheduler: scheduler)
    // The clock was set back an hour: the review counts, at the last review's time.
    replayed.apply(StudyLog.Review(topic: "T", card: "c", at: start, rating: .good), scheduler: scheduler)
    let card = try #require(replayed.cards[StudyLog.CardKey(topic: "T", card: "c")])
    #expect(card.reviewCount == 2 && card.lastReview == later && card.state == .review)
  }
}
