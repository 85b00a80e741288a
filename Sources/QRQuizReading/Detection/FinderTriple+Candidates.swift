extension FinderTriple {
  /// Plausible triples of `patterns` (but those `used`), the most regular first.
  ///
  /// Every triple of the `limit` patterns seen across the most rows; beyond those, a
  /// busy background can hold hundreds of look-alikes and a printed sheet hundreds of
  /// finders, and the triples of all of them grow with their cube. So every open pattern
  /// also makes triples with its `neighbours` nearest patterns of a size it could share a
  /// symbol with: a symbol's three finders are each among the others' nearest, even on a
  /// sheet of codes side by side (their quiet zones keep the next code's finders about as
  /// far away as the symbol's own).
  ///
  /// With `anchors`, the first `anchors` patterns are the trusted ones (the strict
  /// census's) and the rest were found by a looser one: a triple then needs two trusted
  /// patterns, so the look-alikes the loose census adds can only complete a symbol whose
  /// other two finders are sure; only the `limit` patterns take part then.
  static func candidates(
    _ patterns: [FinderPatternScan.Pattern], excluding used: Set<Int> = [], limit: Int = 24, anchors: Int = 0,
    neighbours: Int = 12
  ) -> [FinderTriple] {
    let open = patterns.indices.filter { patterns[$0].rows >= 2 && !used.contains($0) }
    let trusted = open.filter { $0 < anchors }
    let ranked = trusted + open.filter { $0 >= anchors }.sorted { patterns[$0].rows > patterns[$1].rows }
    let chosen = Array(ranked.prefix(max(limit, trusted.count)))
    let chosenSet = Set(chosen)
    var memberSets: [(Int, Int, Int)] = []
    for a in 0..<chosen.count {
      for b in a + 1..<chosen.count {
        for c in b + 1..<chosen.count { memberSets.append((chosen[a], chosen[b], chosen[c])) }
      }
    }
    // Not among a loose census's look-alikes, which come in hundreds where a symbol's
    // third finder is missing: there the two sure ones anchor every triple.
    if anchors == 0, ranked.count > chosen.count {
      memberSets += nearbySets(patterns, Array(ranked.prefix(maximumNeighbourhoodPatterns)), count: neighbours)
        .filter { !(chosenSet.contains($0.0) && chosenSet.contains($0.1) && chosenSet.contains($0.2)) }
    }
    var triples: [FinderTriple] = []
    // Triples with the right angle at the other corner (see `corners`).
    var others: [FinderTriple] = []
    for (i, j, k) in memberSets {
      if anchors > 0, [i, j, k].count(where: { $0 < anchors }) < 2 { continue }
      for (rank, corner) in Self.corners(patterns, i, j, k).enumerated() {
        guard let triple = FinderTriple(patterns, i, j, k, corner: corner) else { continue }
        if rank == 0 {
          triples.append(triple)
        } else {
          var other = triple
          other.isOtherCorner = true
          others.append(other)
        }
      }
    }
    // The other corners come after every usual triple, with tries of their own (see
    // `SymbolRectifier.maximumOtherCornerTries`): mixed in, they came before a real
    // symbol's triple and used up its tries (measured: one capture of seed 202). Among a
    // loose census's finders, where a steep angle is the likely reason a finder was
    // missed, they compete on regularity.
    if anchors > 0 { triples += others }
    let sorted = triples.sorted { $0.irregularity < $1.irregularity }
    return anchors > 0 ? sorted : sorted + others.sorted { $0.irregularity < $1.irregularity }
  }

  /// The most patterns whose neighbourhoods make triples: the finders of a full printed
  /// sheet (200 codes), and a bound on the work of a busy image (each pattern's
  /// neighbours are found among all of these).
  static let maximumNeighbourhoodPatterns = 600

  /// Each of `indices` with every pair of its `count` nearest patterns among them whose
  /// module size is within three times its own (as a symbol's finders' are), each set of
  /// three once, its members ascending.
  private static func nearbySets(
    _ patterns: [FinderPatternScan.Pattern], _ indices: [Int], count: Int
  ) -> [(Int, Int, Int)] {
    var seen = Set<Int>()
    var sets: [(Int, Int, Int)] = []
    let total = patterns.count
    for centre in indices {
      let here = patterns[centre]
      // The nearest `count`, kept sorted by squared distance.
      var nearest: [(distance: Double, index: Int)] = []
      for other in indices where other != centre {
        let there = patterns[other]
        guard max(here.moduleSize, there.moduleSize) <= 3 * min(here.moduleSize, there.moduleSize) else { continue }
        let dx = there.x - here.x
        let dy = there.y - here.y
        let distance = dx * dx + dy * dy
        guard nearest.count < count || distance < nearest[nearest.count - 1].distance else { continue }
        let place = nearest.firstIndex { $0.distance > distance } ?? nearest.count
        nearest.insert((distance, other), at: place)
        if nearest.count > count { nearest.removeLast() }
      }
      for first in 0..<nearest.count {
        for second in first + 1..<nearest.count {
          let members = [centre, nearest[first].index, nearest[second].index].sorted()
          guard seen.insert((members[0] * total + members[1]) * total + members[2]).inserted else { continue }
          sets.append((members[0], members[1], members[2]))
        }
      }
    }
    return sets
  }
}
