/// Finds QR finder patterns (the three 7×7 squares in a symbol's corners) the way the
/// standard describes (ISO/IEC 18004 §12): dark-light-dark-light-dark runs in the ratio
/// 1:1:3:1:1 along a row, confirmed by the same ratio along the column through their
/// centre, then merged across rows into one centre per pattern. The same runs read with
/// light and dark swapped give the finders of light-on-dark symbols, in the same pass.
///
/// It serves twice: to count how many finder patterns an image holds before zbar sees it
/// (zbar's time grows faster than linearly with them: an 84 KB PNG tiled with them kept it
/// busy for minutes), and to locate the symbols the rectifying pass samples.
package struct FinderPatternScan {
  /// One finder pattern: its centre, its module size, and how many rows confirmed it.
  package struct Pattern: Sendable, Hashable {
    package var x: Double
    package var y: Double
    package var moduleSize: Double
    package var rows: Int
  }

  /// The dark-on-light patterns found, one per finder, in the order first seen (top to bottom).
  package var patterns: [Pattern] { darkOnLight.patterns }
  /// The light-on-dark patterns (a dark centre in the image with light and dark swapped).
  package var lightOnDarkPatterns: [Pattern] { lightOnDark.patterns }
  /// Rows crossing a finder's centre that passed the column check, of either polarity: the
  /// work zbar does with this image (and with it inverted) grows with them.
  package private(set) var crossings = 0
  /// True when the scan stopped at its crossing limit.
  private(set) var isTruncated = false

  private var darkOnLight = PatternMerger()
  private var lightOnDark = PatternMerger()
  /// Whether runs thinned or thickened by blur pass (see ``hasFinderRatio(_:thinned:)``).
  private let thinned: Bool
  /// Whether a finder whose dark ring runs into the data on one side passes (see
  /// ``mergedFinderTotal(_:)``).
  private let acceptsMergedRings: Bool

  /// Scans every row of `image`, stopping after `crossingLimit` confirmed crossings.
  ///
  /// - Parameter thinned: accept finders whose rings blur has thinned to a quarter of a
  ///   module or thickened to two (see ``hasFinderRatio(_:thinned:)``). Look-alikes pass
  ///   it far more often, so it is for a last try, not the first census.
  ///   - mergedRings: accept finders whose dark ring runs on into a dark module on one
  ///     side (see ``mergedFinderTotal(_:)``). They are common on a photographed sheet of
  ///     small codes, and so are look-alikes in the data: it is for the search past the
  ///     symbols read first, not the first census.
  package init(_ image: BinaryImage, crossingLimit: Int = .max, thinned: Bool = false, mergedRings: Bool = false) {
    self.thinned = thinned
    acceptsMergedRings = mergedRings && !thinned
    for y in 0..<image.height {
      scanRow(y, of: image, crossingLimit: crossingLimit)
      if isTruncated { return }
    }
  }

  private mutating func scanRow(_ y: Int, of image: BinaryImage, crossingLimit: Int) {
    // The last five runs, oldest first.
    var runs = (0, 0, 0, 0, 0)
    var runCount = 0
    let width = image.width
    image.bits.withUnsafeBufferPointer { bits in
      let row = bits.baseAddress! + y * width
      var start = 0
      while start < width {
        // One run, measured in a tight loop: the ratio test runs once a run, not a pixel.
        let value = row[start]
        let end = Self.runEnd(row, from: start &+ 1, width: width, value: value)
        runs = (runs.1, runs.2, runs.3, runs.4, end &- start)
        runCount &+= 1
        start = end
        // Five runs ending with a dark one start with a dark one (a light one, a light
        // one: a light-on-dark finder): test the ratio.
        guard runCount >= 5 else { continue }
        let total: Int
        if Self.hasFinderRatio(runs, thinned: thinned) {
          total = runs.0 &+ runs.1 &+ runs.2 &+ runs.3 &+ runs.4
        } else if acceptsMergedRings, let merged = Self.mergedFinderTotal(runs) {
          total = merged
        } else {
          continue
        }
        let dark = value != 0
        let centreX = Double(end - runs.4 - runs.3) - Double(runs.2) / 2 - 0.5
        if let (centreY, verticalTotal) = Self.crossCheckColumn(
          image, x: Int(centreX.rounded()), y: y, expectedTotal: total, dark: dark, thinned: thinned,
          mergedRings: acceptsMergedRings),
          let refinedX = Self.crossCheckRow(
            image, x: Int(centreX.rounded()), y: Int(centreY.rounded()), expectedTotal: total, dark: dark,
            thinned: thinned, mergedRings: acceptsMergedRings)
        {
          crossings += 1
          let pattern = Pattern(x: refinedX, y: centreY, moduleSize: Double(total + verticalTotal) / 14, rows: 1)
          if dark { darkOnLight.add(pattern) } else { lightOnDark.add(pattern) }
          if crossings >= crossingLimit {
            isTruncated = true
            return
          }
        }
      }
    }
  }

  /// Where the run of `value` that continues at `start` ends in a row of `width` bytes:
  /// eight bytes compared at a time while they all continue it (a light page or a dark
  /// border is a long run), then byte by byte.
  @inline(__always)
  private static func runEnd(_ row: UnsafePointer<UInt8>, from start: Int, width: Int, value: UInt8) -> Int {
    var end = start
    let repeated = UInt64(value) &* 0x0101_0101_0101_0101
    while end &+ 8 <= width {
      let word = UInt64(littleEndian: UnsafeRawPointer(row + end).loadUnaligned(as: UInt64.self))
      let differing = word ^ repeated
      if differing != 0 { return end &+ differing.trailingZeroBitCount &>> 3 }
      end &+= 8
    }
    while end < width, row[end] == value { end &+= 1 }
    return end
  }

  /// 1:1:3:1:1 within half a module for each unit (ZXing's tolerance, generous enough for
  /// photos at an angle), in integers: a unit run r of a total t passes when |t/7 − r| <
  /// t/14, that is |2t − 14r| < t, and the centre when |6t − 14r| < 3t.
  ///
  /// `thinned`: a finder seen through blur at under about two pixels a module, or squashed
  /// by a steep angle, keeps its shape but not its ratio: the threshold takes its thin
  /// light ring down to a pixel or thickens it (ISO's 1:1:3:1:1 becomes 2:0.5:3:0.5:2).
  /// Then each ring passes from a quarter of a unit to twice one, and the centre from two
  /// units to five.
  @inline(__always)
  static func hasFinderRatio(_ runs: (Int, Int, Int, Int, Int), thinned: Bool = false) -> Bool {
    let total = runs.0 &+ runs.1 &+ runs.2 &+ runs.3 &+ runs.4
    guard total >= 7 else { return false }
    if thinned {
      // r > t/28 and r < 2t/7 for a ring; 2t/7 < c < 5t/7 for the centre.
      func isRing(_ run: Int) -> Bool { 28 &* run > total && 7 &* run < 2 &* total }
      return isRing(runs.0) && isRing(runs.1) && isRing(runs.3) && isRing(runs.4)
        && 7 &* runs.2 > 2 &* total && 7 &* runs.2 < 5 &* total
    }
    let unit = 2 &* total
    return abs(unit &- 14 &* runs.0) < total && abs(unit &- 14 &* runs.1) < total
      && abs(3 &* unit &- 14 &* runs.2) < 3 &* total && abs(unit &- 14 &* runs.3) < total
      && abs(unit &- 14 &* runs.4) < total
  }

  /// The total a finder's five runs would have (seven units) when its dark ring runs on
  /// into a dark module beyond it on one side: the light ring, the centre and the other
  /// light ring in 1:3:1 (within half a unit), the dark ring on one side a unit, on the
  /// other one to four (the ring and the data or a dark surround it touches). Blur and a
  /// photo's threshold close the one-module separator between a finder and the data next
  /// to it; the finder keeps its shape. Nil when the runs are not such a finder.
  @inline(__always)
  static func mergedFinderTotal(_ runs: (Int, Int, Int, Int, Int)) -> Int? {
    // Five units inside the rings: a run r of a unit passes when |5r − inner| < inner / 2.
    let inner = runs.1 &+ runs.2 &+ runs.3
    guard inner >= 5 else { return nil }
    func isUnit(_ run: Int) -> Bool { abs(10 &* run &- 2 &* inner) < inner }
    guard isUnit(runs.1), isUnit(runs.3), abs(10 &* runs.2 &- 6 &* inner) < 3 &* inner else { return nil }
    let (first, last) = (isUnit(runs.0), isUnit(runs.4))
    guard first != last else { return nil }
    let long = first ? runs.4 : runs.0
    guard 10 &* long > 2 &* inner, 10 &* long <= 8 &* inner else { return nil }
    return inner &* 7 / 5
  }

  /// The same ratio down the column through (x, y), of a size close to the row's: the
  /// refined centre row and the column's total, or nil. `dark` is the centre's colour.
  static func crossCheckColumn(
    _ image: BinaryImage, x: Int, y: Int, expectedTotal: Int, dark: Bool = true, thinned: Bool = false,
    mergedRings: Bool = false
  ) -> (Double, Int)? {
    guard x >= 0, x < image.width else { return nil }
    return crossCheck(through: y, expectedTotal: expectedTotal, thinned: thinned, mergedRings: mergedRings) {
      $0 >= 0 && $0 < image.height ? image.isDark(x, $0) == dark : nil
    }
  }

  /// The same ratio along row `y` through x again, once the column has found the centre
  /// row: the refined centre column (the first row's centre was measured off-centre).
  static func crossCheckRow(
    _ image: BinaryImage, x: Int, y: Int, expectedTotal: Int, dark: Bool = true, thinned: Bool = false,
    mergedRings: Bool = false
  ) -> Double? {
    guard y >= 0, y < image.height else { return nil }
    return crossCheck(through: x, expectedTotal: expectedTotal, thinned: thinned, mergedRings: mergedRings) {
      $0 >= 0 && $0 < image.width ? image.isDark($0, y) == dark : nil
    }?.0
  }

  /// The five runs along a line through `start` (a pixel of the centre's run; `isDark`
  /// says whether a position has the centre's colour, nil off the image), tested for the finder ratio and a total close to
  /// `expectedTotal`: the centre of the dark run and the total, or nil.
  private static func crossCheck(
    through start: Int, expectedTotal: Int, thinned: Bool, mergedRings: Bool, isDark: (Int) -> Bool?
  ) -> (Double, Int)? {
    guard isDark(start) == true else { return nil }
    let limit = expectedTotal * 3
    var runs = [0, 0, 0, 0, 0]
    // Backwards from the centre: the centre's dark run, then light, then dark.
    var position = start
    for (index, dark) in [(2, true), (1, false), (0, true)] {
      while let value = isDark(position), value == dark, runs[index] <= limit {
        runs[index] += 1
        position -= 1
      }
    }
    // Forwards: the rest of the centre, then light, then dark.
    position = start + 1
    var centreEnd = position
    for (index, dark) in [(2, true), (3, false), (4, true)] {
      while let value = isDark(position), value == dark, runs[index] <= limit {
        runs[index] += 1
        position += 1
      }
      if index == 2 { centreEnd = position }
    }
    let measured = (runs[0], runs[1], runs[2], runs[3], runs[4])
    let total: Int
    if hasFinderRatio(measured, thinned: thinned) {
      total = runs.reduce(0, +)
    } else if mergedRings, let merged = mergedFinderTotal(measured) {
      total = merged
    } else {
      return nil
    }
    // A line of very different size is not the same pattern seen across; a symbol
    // tilted away from the camera squashes its finders up to about 2.5 : 1.
    guard 5 * total > 2 * expectedTotal, 2 * total < 5 * expectedTotal else { return nil }
    return (Double(centreEnd) - Double(runs[2]) / 2 - 0.5, total)
  }

}

/// Patterns merged across rows: a crossing close to a known pattern, of a similar module
/// size, is the same pattern seen from another row. Kept by a coarse grid cell of their
/// centres, to merge in constant time even when an image holds tens of thousands of them.
private struct PatternMerger {
  private(set) var patterns: [FinderPatternScan.Pattern] = []
  private var cells: [Int: [Int]] = [:]
  private let cellSize = 16.0

  mutating func add(_ crossing: FinderPatternScan.Pattern) {
    let (x, y, moduleSize) = (crossing.x, crossing.y, crossing.moduleSize)
    let reach = Int((moduleSize / cellSize).rounded(.up))
    let cellX = Int(x / cellSize)
    let cellY = Int(y / cellSize)
    for dy in -reach...reach {
      for dx in -reach...reach {
        for index in cells[Self.key(cellX + dx, cellY + dy)] ?? [] {
          var pattern = patterns[index]
          guard abs(pattern.x - x) <= pattern.moduleSize, abs(pattern.y - y) <= pattern.moduleSize,
            abs(pattern.moduleSize - moduleSize) <= max(1, pattern.moduleSize / 2)
          else { continue }
          let rows = Double(pattern.rows)
          pattern.x = (pattern.x * rows + x) / (rows + 1)
          pattern.y = (pattern.y * rows + y) / (rows + 1)
          pattern.moduleSize = (pattern.moduleSize * rows + moduleSize) / (rows + 1)
          pattern.rows += 1
          patterns[index] = pattern
          return
        }
      }
    }
    cells[Self.key(cellX, cellY), default: []].append(patterns.count)
    patterns.append(crossing)
  }

  private static func key(_ x: Int, _ y: Int) -> Int { x &* 1_000_003 &+ y }
}
