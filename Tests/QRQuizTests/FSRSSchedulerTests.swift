import Foundation
import Testing

@testable import QRQuiz

/// FSRS-6 in process: the formulas' own properties, the steps, the limits, fuzz. The
/// comparison with py-fsrs on thousands of random histories is FSRSReferenceTests.
@Suite struct FSRSSchedulerTests {
  let start = QuizClock.Instant(iso8601Seconds: "2026-01-05T08:00:00Z")!
  let w = FSRSParameters.defaultWeights

  func newCard(seed: UInt64 = 1) -> StudyCard { StudyCard(due: start, fuzzSeed: seed) }

  func minutes(_ count: Double) -> Duration { .milliseconds(Int64(count * 60_000)) }

  func days(_ count: Int) -> Duration { .seconds(Int64(count) * 86_400) }

  @Test(arguments: StudyRating.allCases)
  func firstReviewGivesTheRatingsStabilityAndDifficulty(_ rating: StudyRating) throws {
    let card = try FSRSScheduler(fuzz: false).review(newCard(), rating: rating, at: start)
    let memory = try #require(card.memory)
    #expect(memory.stability == w[rating.rawValue - 1])
    let difficulty = w[4] - exp(w[5] * Double(rating.rawValue - 1)) + 1
    #expect(abs(memory.difficulty - min(max(difficulty, 1), 10)) < 1e-12)
    #expect(card.lastReview == start && card.reviewCount == 1)
  }

  @Test func newCardsGoThroughTheLearningSteps() throws {
    let scheduler = try FSRSScheduler(fuzz: false)
    let again = try scheduler.review(newCard(), rating: .again, at: start)
    #expect(again.state == .learning && again.step == 0 && again.due == start + minutes(1))
    // Hard at the first step waits half way to the second: 5.5 minutes.
    let hard = try scheduler.review(newCard(), rating: .hard, at: start)
    #expect(hard.state == .learning && hard.step == 0 && hard.due == start + minutes(5.5))
    let good = try scheduler.review(newCard(), rating: .good, at: start)
    #expect(good.state == .learning && good.step == 1 && good.due == start + minutes(10))
    // Good at the last step graduates: at 90 % retention the interval is the stability.
    let graduated = try scheduler.review(good, rating: .good, at: good.due)
    #expect(graduated.state == .review && graduated.step == nil)
    let stability = try #require(graduated.memory?.stability)
    #expect(graduated.due == good.due + days(Int(stability.rounded(.toNearestOrEven))))
    let easy = try scheduler.review(newCard(), rating: .easy, at: start)
    #expect(easy.state == .review && easy.due == start + days(8))  // w3 = 8.2956
  }

  @Test func aSingleStepMakesHardWaitHalfAsLongAgain() throws {
    let scheduler = try FSRSScheduler(learningSteps: StudySteps(text: "4m")!, fuzz: false)
    let hard = try scheduler.review(newCard(), rating: .hard, at: start)
    #expect(hard.due == start + minutes(6))
    let good = try scheduler.review(newCard(), rating: .good, at: start)
    #expect(good.state == .review)
  }

  @Test func withoutLearningStepsACardGraduatesAtOnce() throws {
    let scheduler = try FSRSScheduler(learningSteps: StudySteps(text: "")!, fuzz: false)
    let card = try scheduler.review(newCard(), rating: .again, at: start)
    #expect(card.state == .review && card.step == nil && card.due == start + days(1))
  }

  @Test func aLapseRelearnsUnlessThereAreNoRelearningSteps() throws {
    let scheduler = try FSRSScheduler(fuzz: false)
    let learnt = try scheduler.review(newCard(), rating: .easy, at: start)
    let lapsed = try scheduler.review(learnt, rating: .again, at: learnt.due)
    #expect(lapsed.state == .relearning && lapsed.step == 0 && lapsed.due == learnt.due + minutes(10))
    #expect(try #require(lapsed.memory?.stability) < (try #require(learnt.memory?.stability)))
    let relearnt = try scheduler.review(lapsed, rating: .good, at: lapsed.due)
    #expect(relearnt.state == .review)

    let noSteps = try FSRSScheduler(relearningSteps: StudySteps(text: "")!, fuzz: false)
    let kept = try noSteps.review(learnt, rating: .again, at: learnt.due)
    #expect(kept.state == .review && kept.step == nil && kept.due >= learnt.due + days(1))
  }

  @Test func recallIsTheDesiredRetentionAfterTheStability() throws {
    for decay in [0.1, 0.1542, 0.5, 0.8] {
      var weights = w
      weights[20] = decay
      let scheduler = try FSRSScheduler(parameters: FSRSParameters(weights))
      for stability in [1.0, 7, 30, 365] {
        let recall = scheduler.retrievability(stability: stability, elapsedDays: Int(stability))
        #expect(abs(recall - 0.9) < 1e-12, "decay \(decay), stability \(stability)")
        #expect(scheduler.retrievability(stability: stability, elapsedDays: 0) == 1)
      }
    }
  }

  @Test func aLowerRetentionSchedulesLaterAndTheMaximumCaps() throws {
    let learnt = try FSRSScheduler(fuzz: false).review(newCard(), rating: .easy, at: start)
    let lenient = try FSRSScheduler(desiredRetention: 0.7, fuzz: false).review(newCard(), rating: .easy, at: start)
    #expect(lenient.due > learnt.due)
    let capped = try FSRSScheduler(maximumInterval: 3, fuzz: false).review(newCard(), rating: .easy, at: start)
    #expect(capped.due == start + days(3))
  }

  @Test func aReviewBeforeTheLastIsRefused() throws {
    let scheduler = try FSRSScheduler()
    let card = try scheduler.review(newCard(), rating: .good, at: start)
    #expect(throws: StudyCard.ReviewError.beforeLastReview(start)) {
      try scheduler.review(card, rating: .good, at: start - .seconds(1))
    }
    // The same instant is not earlier: a second tap at once is a review.
    #expect(try scheduler.review(card, rating: .good, at: start).reviewCount == 2)
  }

  @Test func retrievabilityIsZeroBeforeTheFirstReviewAndFallsWithTime() throws {
    let scheduler = try FSRSScheduler(fuzz: false)
    #expect(scheduler.retrievability(of: newCard(), at: start) == 0)
    let card = try scheduler.review(newCard(), rating: .easy, at: start)
    let early = scheduler.retrievability(of: card, at: start + days(1))
    let late = scheduler.retrievability(of: card, at: start + days(30))
    #expect(early < 1 && late < early && late > 0)
  }

  @Test func schedulerSettingsOutOfRangeAreRefused() {
    #expect(throws: FSRSScheduler.Problem.desiredRetention(1)) { try FSRSScheduler(desiredRetention: 1) }
    #expect(throws: FSRSScheduler.Problem.desiredRetention(0)) { try FSRSScheduler(desiredRetention: 0) }
    #expect(throws: FSRSScheduler.Problem.maximumInterval(0)) { try FSRSScheduler(maximumInterval: 0) }
    #expect(throws: FSRSScheduler.Problem.maximumInterval(36_501)) { try FSRSScheduler(maximumInterval: 36_501) }
  }

  /// Weights at their bounds where stability grows fastest, a thousand Easy reviews a
  /// minute apart (each multiplies stability by e^6), then every rating a day apart:
  /// stability overflows to infinity, and nothing traps or turns to NaN; intervals stay
  /// capped.
  @Test func extremeWeightsAndLongHistoriesNeverTrap() throws {
    var weights = FSRSParameters.bounds.map(\.upperBound)
    weights[19] = 0  // same-day growth that does not slow as stability grows
    let scheduler = try FSRSScheduler(parameters: FSRSParameters(weights), fuzz: false)
    var card = newCard()
    var time = start
    for _ in 0..<1000 {
      card = try scheduler.review(card, rating: .easy, at: time)
      time = time + minutes(1)
    }
    #expect(card.memory?.stability == .infinity)
    for rating in StudyRating.allCases + StudyRating.allCases {
      time = time + days(1)
      card = try scheduler.review(card, rating: rating, at: time)
      let memory = try #require(card.memory)
      #expect(!memory.stability.isNaN && (1...10).contains(memory.difficulty))
      #expect(card.due <= time + days(FSRSScheduler.longestInterval))
      #expect(!scheduler.retrievability(of: card, at: time + days(2)).isNaN)
    }
  }
}
