/// How blur mixes neighbouring modules into each module's level, fitted to a sampled
/// symbol: a module's level (0 dark … 1 light, see ``ModuleNeighbourhood/normalised``) is
/// modelled as `offset + own · light + across · (left + right) / 2 + down · (up + down) /
/// 2 + diagonal · (the four diagonal neighbours) / 4`, each neighbour 1 when light (off the
/// symbol too: the quiet zone is light). Across and down are fitted apart because a symbol
/// seen at an angle is blurred more, in modules, along its foreshortened side.
///
/// Fitted by least squares per tile of about 25 × 25 modules (the blur in modules changes
/// across a symbol in perspective), a tile with too little to go on taking the fit of the
/// whole symbol.
struct BlurModel {
  private let size: Int
  private let tilesPerSide: Int
  /// Per tile, row by row: offset, own, across, down, diagonal.
  private let coefficients: [[Float]]
  private let features: Features

  /// The model of `levels` (normalised) given which modules are `light`, as guessed.
  init(fitting levels: [Float], light: [Bool], size: Int) {
    let perSide = max(1, size / 25)
    let tileCount = perSide * perSide
    let features = Features(light, size: size)
    // The normal equations of each tile (the upper triangle: 15 sums of products, then 5
    // of products with the level), and of the whole symbol last, their total.
    var sums = [Double](repeating: 0, count: (tileCount + 1) * 20)
    for y in 0..<size {
      for x in 0..<size {
        let index = y * size + x
        let row = (
          Double(features.own[index]), Double(features.across[index]), Double(features.down[index]),
          Double(features.diagonal[index])
        )
        Self.accumulate(&sums, at: Self.tile(x, y, size: size, perSide: perSide) * 20, row, Double(levels[index]))
      }
    }
    for tile in 0..<tileCount {
      for k in 0..<20 { sums[tileCount * 20 + k] += sums[tile * 20 + k] }
    }
    self.size = size
    self.features = features
    tilesPerSide = perSide
    let whole = Self.fit(sums, target: tileCount)
    coefficients = (0..<tileCount).map { Self.fit(sums, target: $0) ?? whole ?? [0, 1, 0, 0, 0] }
  }

  /// Adds one module to a tile's sums: its features (the constant 1 left implicit) and
  /// its level.
  @inline(__always)
  private static func accumulate(
    _ sums: inout [Double], at base: Int, _ f: (Double, Double, Double, Double), _ value: Double
  ) {
    sums[base] += 1
    sums[base + 1] += f.0
    sums[base + 2] += f.1
    sums[base + 3] += f.2
    sums[base + 4] += f.3
    sums[base + 5] += f.0 * f.0
    sums[base + 6] += f.0 * f.1
    sums[base + 7] += f.0 * f.2
    sums[base + 8] += f.0 * f.3
    sums[base + 9] += f.1 * f.1
    sums[base + 10] += f.1 * f.2
    sums[base + 11] += f.1 * f.3
    sums[base + 12] += f.2 * f.2
    sums[base + 13] += f.2 * f.3
    sums[base + 14] += f.3 * f.3
    sums[base + 15] += value
    sums[base + 16] += f.0 * value
    sums[base + 17] += f.1 * value
    sums[base + 18] += f.2 * value
    sums[base + 19] += f.3 * value
  }

  /// The least-squares fit of tile `target` from its sums (see the initialiser), if usable.
  private static func fit(_ sums: [Double], target: Int) -> [Float]? {
    let t = Array(sums[target * 20..<target * 20 + 20])
    // Upper-triangle positions of each row's products in `t`.
    let index = [[0, 1, 2, 3, 4], [1, 5, 6, 7, 8], [2, 6, 9, 10, 11], [3, 7, 10, 12, 13], [4, 8, 11, 13, 14]]
    let normal = index.flatMap { $0.map { t[$0] } }
    return LinearSystem.solve(normal, Array(t[15..<20]), size: 5).flatMap(usable)
  }

  /// Each module's level with its neighbours' shares taken out and rescaled by its own
  /// share: about 0 for dark, 1 for light, whatever the blur.
  func corrected(_ levels: [Float]) -> [Float] {
    var corrected = levels
    for y in 0..<size {
      for x in 0..<size {
        let index = y * size + x
        let model = coefficients[Self.tile(x, y, size: size, perSide: tilesPerSide)]
        let neighbours =
          model[2] * features.across[index] + model[3] * features.down[index] + model[4] * features.diagonal[index]
        corrected[index] = (levels[index] - model[0] - neighbours) / model[1]
      }
    }
    return corrected
  }

  /// A fit worth using: the module's own colour must carry a real share of its level
  /// (a fifth or more), else the grid was not sampled where the symbol is.
  private static func usable(_ solution: [Double]) -> [Float]? {
    guard solution.allSatisfy(\.isFinite), solution[1] >= 0.2 else { return nil }
    return solution.map { Float($0) }
  }

  @inline(__always)
  private static func tile(_ x: Int, _ y: Int, size: Int, perSide: Int) -> Int {
    min(perSide - 1, y * perSide / size) * perSide + min(perSide - 1, x * perSide / size)
  }
}

/// What the blur model reads of each module's neighbourhood: its own lightness (1 light,
/// 0 dark), its left and right neighbours' mean, its upper and lower ones', and its four
/// diagonal ones'; a neighbour off the symbol counts as light.
private struct Features {
  let own: [Float]
  let across: [Float]
  let down: [Float]
  let diagonal: [Float]

  init(_ light: [Bool], size: Int) {
    // The lightness with a light border all round, so no neighbour needs a bounds test.
    let side = size + 2
    var padded = [Float](repeating: 1, count: side * side)
    for y in 0..<size {
      for x in 0..<size where !light[y * size + x] { padded[(y + 1) * side + x + 1] = 0 }
    }
    var own = [Float](repeating: 0, count: size * size)
    var across = own
    var down = own
    var diagonal = own
    padded.withUnsafeBufferPointer { p in
      for y in 0..<size {
        for x in 0..<size {
          let index = y * size + x
          let centre = (y + 1) * side + x + 1
          own[index] = p[centre]
          across[index] = (p[centre - 1] + p[centre + 1]) * 0.5
          down[index] = (p[centre - side] + p[centre + side]) * 0.5
          diagonal[index] =
            (p[centre - side - 1] + p[centre - side + 1] + p[centre + side - 1] + p[centre + side + 1]) * 0.25
        }
      }
    }
    (self.own, self.across, self.down, self.diagonal) = (own, across, down, diagonal)
  }
}
