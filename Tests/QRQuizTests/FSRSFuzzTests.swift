import Testing

@testable import QRQuiz

/// Fuzz spreads intervals of three days or more by the references' ranges, the same way
/// for the same card and history.
@Suite struct FSRSFuzzTests {
  let start = QuizClock.Instant(iso8601Seconds: "2026-01-05T08:00:00Z")!

  /// A card learnt with Easy, then reviewed on time with Good `reviews` times.
  func history(seed: UInt64, reviews: Int, fuzz: Bool) throws -> [StudyCard] {
    let scheduler = try FSRSScheduler(fuzz: fuzz)
    var card = try scheduler.review(StudyCard(due: start, fuzzSeed: seed), rating: .easy, at: start)
    var cards = [card]
    for _ in 0..<reviews {
      card = try scheduler.review(card, rating: .good, at: card.due)
      cards.append(card)
    }
    return cards
  }

  @Test func theSameCardAndHistoryGetTheSameDues() throws {
    let first = try history(seed: StudyCard.fuzzSeed(for: "capital of Peru"), reviews: 8, fuzz: true)
    let again = try history(seed: StudyCard.fuzzSeed(for: "capital of Peru"), reviews: 8, fuzz: true)
    #expect(first.map(\.due) == again.map(\.due))
  }

  @Test func fuzzStaysInTheReferencesRangeAndSpreadsCards() throws {
    let scheduler = try FSRSScheduler()
    var seen: Set<Int> = []
    for seed in 0..<200 as Range<UInt64> {
      let card = StudyCard(due: start, fuzzSeed: seed)
      for days in [1, 2, 3, 10, 50, 400] {
        let fuzzed = scheduler.fuzzed(days, card: card)
        if days < 3 {
          #expect(fuzzed == days)
        } else {
          #expect(scheduler.fuzzRange(days).contains(fuzzed), "\(days) → \(fuzzed)")
        }
        if days == 50 { seen.insert(fuzzed) }
      }
    }
    // 50 days: 1 + 0.15·4.5 + 0.1·13 + 0.05·30 = 4.475 either way, so 46 to 54.
    #expect(scheduler.fuzzRange(50) == 46...54)
    #expect(seen == Set(46...54))
  }

  @Test func fuzzNeverPassesTheMaximumInterval() throws {
    let scheduler = try FSRSScheduler(maximumInterval: 30)
    for seed in 0..<100 as Range<UInt64> {
      #expect(scheduler.fuzzed(30, card: StudyCard(due: start, fuzzSeed: seed)) <= 30)
    }
  }

  @Test func memoryIsTheSameWithFuzzOnOrOff() throws {
    let fuzzed = try history(seed: 7, reviews: 6, fuzz: true)
    let plain = try history(seed: 7, reviews: 6, fuzz: false)
    #expect(fuzzed.first?.memory == plain.first?.memory)
    #expect(fuzzed.map(\.state) == plain.map(\.state))
  }

  @Test func cardIdsSeedTheSameOnEveryRun() {
    // FNV-1a's published value for "a": the seed does not depend on this process's hashing.
    #expect(StudyCard.fuzzSeed(for: "a") == 0xAF63_DC4C_8601_EC8C)
    #expect(StudyCard.fuzzSeed(for: "b") != StudyCard.fuzzSeed(for: "a"))
  }
}
