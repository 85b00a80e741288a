/// Finds a QR alignment pattern (a dark module in a light ring in a dark ring, 5×5 modules)
/// near where the symbol's geometry predicts one.
///
/// A row through its centre crosses dark, light, dark, light, dark; the inner three runs
/// are one module each and the outer dark ones at least half a module (a dark data module
/// next to the ring lengthens them). The same must hold down the column through the
/// centre, which rules out almost all look-alikes in the data around it.
enum AlignmentPatternSearch {
  /// The centre of the pattern nearest `prediction` within `radius` pixels, for modules
  /// of about `moduleSize` pixels; `nil` if there is none.
  static func find(in image: BinaryImage, near prediction: Point, moduleSize: Double, radius: Double) -> Point? {
    guard prediction.isUsable, moduleSize.isFinite, moduleSize >= 1, radius.isFinite, radius < 1e6 else { return nil }
    let top = max(0, Int(prediction.y - radius))
    let bottom = min(image.height - 1, Int(prediction.y + radius))
    let left = max(0, Int(prediction.x - radius))
    let right = min(image.width - 1, Int(prediction.x + radius))
    guard top < bottom, left < right else { return nil }
    var best: (point: Point, distance: Double)?
    image.bits.withUnsafeBufferPointer { bits in
      for y in top...bottom {
        let row = bits.baseAddress! + y * image.width
        // The last five runs, oldest first: a tuple, as an array's shifting allocated.
        var runs = (0, 0, 0, 0, 0)
        var runCount = 0
        var wasDark = row[left] != 0
        var current = 0
        for x in left...right + 1 {
          let dark = x <= right && row[x] != 0
          if x <= right, dark == wasDark {
            current &+= 1
            continue
          }
          runs = (runs.1, runs.2, runs.3, runs.4, current)
          runCount &+= 1
          if wasDark, runCount >= 5, matches(runs, moduleSize: moduleSize) {
            let centreX = Double(x - runs.4 - runs.3) - Double(runs.2) / 2 - 0.5
            if let centreY = crossCheckColumn(image, x: Int(centreX), y: y, moduleSize: moduleSize),
              let refinedX = crossCheckRow(image, x: Int(centreX), y: Int(centreY), moduleSize: moduleSize)
            {
              let point = Point(refinedX, centreY)
              let distance = length(point - prediction)
              if distance <= radius, distance < best?.distance ?? .infinity { best = (point, distance) }
            }
          }
          current = 1
          wasDark = dark
        }
      }
    }
    return best?.point
  }

  /// Dark, light, dark, light, dark with the inner three one module each (within half a
  /// module, as ZXing allows) and the outer two at least half a module.
  static func matches(_ runs: [Int], moduleSize: Double) -> Bool {
    matches((runs[0], runs[1], runs[2], runs[3], runs[4]), moduleSize: moduleSize)
  }

  @inline(__always)
  static func matches(_ runs: (Int, Int, Int, Int, Int), moduleSize: Double) -> Bool {
    let tolerance = moduleSize * 0.5 + 0.5
    guard abs(Double(runs.1) - moduleSize) <= tolerance, abs(Double(runs.2) - moduleSize) <= tolerance,
      abs(Double(runs.3) - moduleSize) <= tolerance
    else { return false }
    return Double(runs.0) >= moduleSize / 2 && Double(runs.4) >= moduleSize / 2
      && Double(runs.0) <= moduleSize * 4 && Double(runs.4) <= moduleSize * 4
  }

  /// The five runs along one line centred on the dark run holding `start` (`isDark` is nil
  /// off the image), and the centre of that dark run.
  private static func runs(
    through start: Int, moduleSize: Double, isDark: (Int) -> Bool?
  ) -> (runs: [Int], centre: Double)? {
    guard isDark(start) == true else { return nil }
    let cap = Int(moduleSize * 4) + 2
    var runs = [Int](repeating: 0, count: 5)
    // Backwards: the rest of the centre, the light ring, the dark ring.
    var position = start
    for (index, dark) in [(2, true), (1, false), (0, true)] {
      while let value = isDark(position), value == dark, runs[index] <= cap {
        runs[index] += 1
        position -= 1
      }
    }
    let centreStart = start - runs[2] + 1
    position = start + 1
    for (index, dark) in [(2, true), (3, false), (4, true)] {
      while let value = isDark(position), value == dark, runs[index] <= cap {
        runs[index] += 1
        position += 1
      }
    }
    return (runs, Double(centreStart) + Double(runs[2]) / 2 - 0.5)
  }

  private static func crossCheckColumn(_ image: BinaryImage, x: Int, y: Int, moduleSize: Double) -> Double? {
    guard x >= 0, x < image.width,
      let found = runs(
        through: y, moduleSize: moduleSize,
        isDark: { $0 >= 0 && $0 < image.height ? image.isDark(x, $0) : nil }),
      matches(found.runs, moduleSize: moduleSize)
    else { return nil }
    return found.centre
  }

  private static func crossCheckRow(_ image: BinaryImage, x: Int, y: Int, moduleSize: Double) -> Double? {
    guard y >= 0, y < image.height,
      let found = runs(
        through: x, moduleSize: moduleSize,
        isDark: { $0 >= 0 && $0 < image.width ? image.isDark($0, y) : nil }),
      matches(found.runs, moduleSize: moduleSize)
    else { return nil }
    return found.centre
  }
}
