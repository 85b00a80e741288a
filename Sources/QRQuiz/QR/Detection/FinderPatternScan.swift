/// Finds QR finder patterns (the three 7×7 squares in a symbol's corners) the way the
/// standard describes (ISO/IEC 18004 §12): dark-light-dark-light-dark runs in the ratio
/// 1:1:3:1:1 along a row, confirmed by the same ratio along the column through their
/// centre, then merged across rows into one centre per pattern.
///
/// It serves twice: to count how many finder patterns an image holds before zbar sees it
/// (zbar's time grows faster than linearly with them: an 84 KB PNG tiled with them kept it
/// busy for minutes), and to locate the symbols the rectifying pass samples.
struct FinderPatternScan {
  /// One finder pattern: its centre, its module size, and how many rows confirmed it.
  struct Pattern: Sendable, Hashable {
    var x: Double
    var y: Double
    var moduleSize: Double
    var rows: Int
  }

  /// The patterns found, one per finder, in the order first seen (top to bottom).
  private(set) var patterns: [Pattern] = []
  /// Rows crossing a finder's centre that passed the column check: the work zbar does
  /// with this image grows with it.
  private(set) var crossings = 0
  /// True when the scan stopped at its crossing limit.
  private(set) var isTruncated = false

  /// Patterns by a coarse grid cell of their centre, to merge rows in constant time even
  /// when an image holds tens of thousands of them.
  private var cells: [Int: [Int]] = [:]
  private let cellSize = 16.0

  /// Scans every row of `image`, stopping after `crossingLimit` confirmed crossings.
  init(_ image: BinaryImage, crossingLimit: Int = .max) {
    for y in 0..<image.height {
      scanRow(y, of: image, crossingLimit: crossingLimit)
      if isTruncated { return }
    }
  }

  private mutating func scanRow(_ y: Int, of image: BinaryImage, crossingLimit: Int) {
    // The last five runs, oldest first, and whether the newest is dark.
    var runs = (0, 0, 0, 0, 0)
    var current = 0
    var currentIsDark = false
    var runCount = 0
    let rowStart = y * image.width
    image.bits.withUnsafeBufferPointer { bits in
      for x in 0...image.width {
        let dark = x < image.width && bits[rowStart + x] != 0
        if x < image.width, dark == currentIsDark {
          current += 1
          continue
        }
        // A run ended at x.
        if current > 0 {
          runs = (runs.1, runs.2, runs.3, runs.4, current)
          runCount += 1
          // Five runs ending with a dark one start with a dark one: test the ratio.
          if currentIsDark, runCount >= 5, Self.hasFinderRatio(runs) {
            let total = runs.0 + runs.1 + runs.2 + runs.3 + runs.4
            let centerX = Double(x - runs.4 - runs.3) - Double(runs.2) / 2
            if let (centerY, verticalTotal) = Self.crossCheckColumn(
              image, x: Int(centerX), y: y, expectedTotal: total)
            {
              add(x: centerX, y: centerY, moduleSize: Double(total + verticalTotal) / 14)
              if crossings >= crossingLimit {
                isTruncated = true
                return
              }
            }
          }
        }
        current = 1
        currentIsDark = dark
      }
    }
  }

  /// 1:1:3:1:1 within half a module for each unit (ZXing's tolerance, generous enough for
  /// photos at an angle).
  static func hasFinderRatio(_ runs: (Int, Int, Int, Int, Int)) -> Bool {
    let total = runs.0 + runs.1 + runs.2 + runs.3 + runs.4
    guard total >= 7 else { return false }
    let module = Double(total) / 7
    let tolerance = module / 2
    return abs(module - Double(runs.0)) < tolerance && abs(module - Double(runs.1)) < tolerance
      && abs(3 * module - Double(runs.2)) < 3 * tolerance && abs(module - Double(runs.3)) < tolerance
      && abs(module - Double(runs.4)) < tolerance
  }

  /// The same ratio down the column through (x, y), of a size close to the row's: the
  /// refined centre row and the column's total, or nil.
  static func crossCheckColumn(_ image: BinaryImage, x: Int, y: Int, expectedTotal: Int) -> (Double, Int)? {
    guard x >= 0, x < image.width, image.isDark(x, y) else { return nil }
    let limit = expectedTotal * 2
    var runs = [0, 0, 0, 0, 0]
    // Up from the centre: the centre's dark run, then light, then dark.
    var row = y
    while row >= 0, image.isDark(x, row), runs[2] <= limit {
      runs[2] += 1
      row -= 1
    }
    while row >= 0, !image.isDark(x, row), runs[1] <= limit {
      runs[1] += 1
      row -= 1
    }
    while row >= 0, image.isDark(x, row), runs[0] <= limit {
      runs[0] += 1
      row -= 1
    }
    // Down: the rest of the centre, then light, then dark.
    row = y + 1
    while row < image.height, image.isDark(x, row), runs[2] <= limit {
      runs[2] += 1
      row += 1
    }
    let centerEnd = row
    while row < image.height, !image.isDark(x, row), runs[3] <= limit {
      runs[3] += 1
      row += 1
    }
    while row < image.height, image.isDark(x, row), runs[4] <= limit {
      runs[4] += 1
      row += 1
    }
    let total = runs.reduce(0, +)
    // A column of very different size is not the same pattern seen across.
    guard 5 * abs(total - expectedTotal) < 2 * expectedTotal,
      hasFinderRatio((runs[0], runs[1], runs[2], runs[3], runs[4]))
    else { return nil }
    return (Double(centerEnd) - Double(runs[2]) / 2, total)
  }

  private mutating func add(x: Double, y: Double, moduleSize: Double) {
    crossings += 1
    let reach = Int((moduleSize / cellSize).rounded(.up))
    let cellX = Int(x / cellSize)
    let cellY = Int(y / cellSize)
    for dy in -reach...reach {
      for dx in -reach...reach {
        for index in cells[Self.key(cellX + dx, cellY + dy)] ?? [] {
          var pattern = patterns[index]
          // The same pattern seen from another row: close, and of a similar module size.
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
    patterns.append(Pattern(x: x, y: y, moduleSize: moduleSize, rows: 1))
  }

  private static func key(_ x: Int, _ y: Int) -> Int { x &* 1_000_003 &+ y }
}
