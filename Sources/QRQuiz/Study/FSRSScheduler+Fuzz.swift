/// Fuzz: an interval of three days or more moved by a few days either way, so that cards
/// learnt together come due on different days. The spread is the references' (Anki's):
/// 15 % of the days from 2.5 to 7, 10 % from 7 to 20, 5 % beyond, plus one day. The draw
/// is ours: seeded by the card and its review count, so a history replays to the same
/// dues (the references draw from a global generator).
extension FSRSScheduler {
  private static let fuzzRanges: [(start: Double, end: Double, factor: Double)] = [
    (2.5, 7, 0.15), (7, 20, 0.1), (20, .infinity, 0.05),
  ]

  /// The smallest and largest interval `days` may be fuzzed to.
  func fuzzRange(_ days: Int) -> ClosedRange<Int> {
    let interval = Double(days)
    var delta = 1.0
    for range in Self.fuzzRanges {
      delta += range.factor * max(min(interval, range.end) - range.start, 0)
    }
    let upper = min(Int((interval + delta).rounded(.toNearestOrEven)), maximumInterval)
    let lower = min(max(2, Int((interval - delta).rounded(.toNearestOrEven))), upper)
    return lower...upper
  }

  /// `days` fuzzed for `card`'s next review (unchanged under 2.5 days).
  func fuzzed(_ days: Int, card: StudyCard) -> Int {
    guard Double(days) >= 2.5 else { return days }
    var random = SeededRandom(seed: card.fuzzSeed ^ (UInt64(card.reviewCount) &* 0x9E37_79B9_7F4A_7C15))
    return Int.random(in: fuzzRange(days), using: &random)
  }
}
