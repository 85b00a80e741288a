/// Thresholds in a symbol's own module grid: window sums over the modules around each
/// module (a summed-area table of a side of a few hundred modules at most), for the first
/// guess at each module and for the local dark and light levels.
enum ModuleNeighbourhood {
  /// Modules each way around a module in its window.
  static let radius = 3

  /// Whether each module is lighter than the mean of the 7 × 7 modules around it.
  static func firstGuess(_ levels: [Float], size: Int) -> [Bool] {
    let sums = SummedArea(levels.map(Double.init), size: size)
    return (0..<size * size).map { index in
      let (total, count) = sums.window(x: index % size, y: index / size, radius: radius)
      return Double(levels[index]) * count >= total
    }
  }

  /// Each level rescaled so that the mean of the dark modules around it (as `light`
  /// guesses them) is 0 and the mean of the light ones 1; where a window holds too few of
  /// either, or hardly any contrast, the whole symbol's means stand in.
  static func normalised(_ levels: [Float], light: [Bool], size: Int) -> [Float] {
    let darkLevels = SummedArea(zip(levels, light).map { $1 ? 0 : Double($0) }, size: size)
    let darkCounts = SummedArea(light.map { $0 ? 0 : 1 }, size: size)
    let lightLevels = SummedArea(zip(levels, light).map { $1 ? Double($0) : 0 }, size: size)
    let lightCounts = SummedArea(light.map { $0 ? 1 : 0 }, size: size)
    let whole = size - 1
    let darkTotal = darkCounts.sum(0, 0, whole, whole)
    let lightTotal = lightCounts.sum(0, 0, whole, whole)
    let globalDark = darkTotal > 0 ? darkLevels.sum(0, 0, whole, whole) / darkTotal : 0
    let globalLight = lightTotal > 0 ? lightLevels.sum(0, 0, whole, whole) / lightTotal : 255
    let wide = radius + 1
    return (0..<size * size).map { index in
      let (x, y) = (index % size, index / size)
      let darks = darkCounts.window(x: x, y: y, radius: wide).total
      let lights = lightCounts.window(x: x, y: y, radius: wide).total
      var dark = globalDark
      var lit = globalLight
      if darks >= 4, lights >= 4 {
        let localDark = darkLevels.window(x: x, y: y, radius: wide).total / darks
        let localLight = lightLevels.window(x: x, y: y, radius: wide).total / lights
        if localLight - localDark >= 4 { (dark, lit) = (localDark, localLight) }
      }
      guard lit - dark >= 1 else { return 0.5 }
      return Float((Double(levels[index]) - dark) / (lit - dark))
    }
  }
}

/// A summed-area table over a square grid: the sum of any rectangle in constant time.
struct SummedArea {
  private let side: Int
  /// (side + 1)², with a zero row and column before the grid's.
  private let sums: [Double]

  init(_ values: [Double], size: Int) {
    side = size
    var sums = [Double](repeating: 0, count: (size + 1) * (size + 1))
    for y in 0..<size {
      var row = 0.0
      for x in 0..<size {
        row += values[y * size + x]
        sums[(y + 1) * (size + 1) + x + 1] = sums[y * (size + 1) + x + 1] + row
      }
    }
    self.sums = sums
  }

  /// The sum over columns `left…right` and rows `top…bottom`, inclusive.
  func sum(_ left: Int, _ top: Int, _ right: Int, _ bottom: Int) -> Double {
    let stride = side + 1
    return sums[(bottom + 1) * stride + right + 1] - sums[top * stride + right + 1] - sums[(bottom + 1) * stride + left]
      + sums[top * stride + left]
  }

  /// The sum over the window of `radius` around (x, y), clipped to the grid, and how
  /// many cells it holds.
  func window(x: Int, y: Int, radius: Int) -> (total: Double, count: Double) {
    let left = max(0, x - radius)
    let top = max(0, y - radius)
    let right = min(side - 1, x + radius)
    let bottom = min(side - 1, y + radius)
    return (sum(left, top, right, bottom), Double((right - left + 1) * (bottom - top + 1)))
  }
}
