/// The alignment patterns of a symbol, found across the whole of it: a large symbol on
/// paper that is not flat, or through a lens that bulges, strays from any one perspective
/// map by whole modules in its middle. Each pattern is looked for where the map of the
/// finders and the patterns found so far puts it, moved by as much as that map misses the
/// patterns found around it (their residuals: the bend is smooth, so neighbours share it,
/// and the map keeps the perspective). The patterns then make a mesh of local maps
/// (``ModuleGridMap``), one between each four neighbours, as zxing-cpp's and BoofCV's
/// readers do.
extension SymbolRectifier {
  /// Every alignment pattern found, the map refitted to the finders and all of them, and
  /// the mesh's corners (those found, and the others where the found ones around them put
  /// them); `corner` is the bottom-right one, found already. One that disagrees with where its
  /// neighbours put it (by over 1½ modules) is dropped as a look-alike.
  func alignmentPatterns(
    _ map: Homography, finders corners: FinderCorners, dimension: Int, corner: Point?
  ) -> (map: Homography, found: [Point: Point], mesh: [Point: Point]) {
    guard let version = SymbolGeometry.version(ofDimension: dimension), version >= 2 else { return (map, [:], [:]) }
    let finders = corners.pairs(dimension: dimension)
    let lattice = AlignmentLattice(version: version)
    var found: [Point: Point] = [:]
    if let corner { found[lattice.module(lattice.last, lattice.last)] = corner }
    var current = map
    let reference = map.moduleSize(at: Point(3.5, 3.5))
    for (column, row) in lattice.searchOrder {
      let module = lattice.module(column, row)
      guard found[module] == nil else { continue }
      let size = current.moduleSize(at: module)
      guard size > 0.5, Self.isPlausible(size, besides: reference) else { continue }
      let global = current.map(module)
      let local = lattice.predicted(column, row, known: found, map: current)
      var point: Point?
      if let local {
        point = AlignmentPatternSearch.find(in: image, near: local, moduleSize: size, radius: 3 * size)
      }
      if point == nil, local.map({ length($0 - global) > size }) ?? true {
        point = AlignmentPatternSearch.find(in: image, near: global, moduleSize: size, radius: 3 * size)
      }
      guard let point else { continue }
      found[module] = point
      if let refitted = Homography(fitting: finders + found.map { (module: $0.key, image: $0.value) }) {
        current = refitted
      }
    }
    // Drop look-alikes one at a time, the one farthest from where its neighbours put it first.
    var kept = found
    while let worst = kept.map({ ($0.key, lattice.disagreement(at: $0.key, known: kept, map: current)) })
      .max(by: { $0.1 < $1.1 }),
      worst.1 > 1.5 * current.moduleSize(at: worst.0)
    {
      kept[worst.0] = nil
      guard let refitted = Homography(fitting: finders + kept.map { (module: $0.key, image: $0.value) }) else { break }
      current = refitted
    }
    return (current, kept, lattice.filled(kept, map: current))
  }
}

/// Where a symbol's alignment patterns are, as a lattice of columns and rows of module
/// positions (ISO/IEC 18004 Annex E), and where the patterns found put the others.
struct AlignmentLattice {
  /// The rows (and columns) of the patterns' centres, in module points (centre + ½).
  let centres: [Double]
  var last: Int { centres.count - 1 }

  init(version: Int) {
    centres = SymbolGeometry.alignmentCentres(ofVersion: version).map { Double($0) + 0.5 }
  }

  func module(_ column: Int, _ row: Int) -> Point { Point(centres[column], centres[row]) }

  /// Every lattice position holding a pattern (not the three under the finders), nearest
  /// the top-left first, so each is reached after the neighbours that predict it.
  var searchOrder: [(Int, Int)] {
    var order: [(Int, Int)] = []
    for row in 0...last {
      for column in 0...last where !isUnderFinder(column, row) { order.append((column, row)) }
    }
    return order.sorted { $0.0 + $0.1 < $1.0 + $1.1 }
  }

  func isUnderFinder(_ column: Int, _ row: Int) -> Bool {
    (row == 0 && (column == 0 || column == last)) || (row == last && column == 0)
  }

  /// Where `map` puts position (column, row), moved by the mean of what it misses the
  /// patterns of `known` by among the eight around it; nil when none of them is known.
  func predicted(_ column: Int, _ row: Int, known: [Point: Point], map: Homography) -> Point? {
    guard let residual = residual(around: column, row, known: known, map: map) else { return nil }
    return map.map(module(column, row)) + residual
  }

  /// `known` with every position it lacks but one of whose neighbours it holds placed where
  /// they put it (see ``predicted(_:_:known:map:)``): the corners of the mesh's regions.
  func filled(_ known: [Point: Point], map: Homography) -> [Point: Point] {
    var filled = known
    for (column, row) in searchOrder where known[module(column, row)] == nil {
      if let guess = predicted(column, row, known: known, map: map) { filled[module(column, row)] = guess }
    }
    return filled
  }

  /// How far the pattern at `module` (found, in `known`) lies from where its neighbours
  /// put it (see ``predicted(_:_:known:map:)``); from where `map` puts it, less a module,
  /// when none of them is known (the map alone is the least sure).
  func disagreement(at module: Point, known: [Point: Point], map: Homography) -> Double {
    guard let point = known[module], let column = centres.firstIndex(of: module.x),
      let row = centres.firstIndex(of: module.y)
    else { return 0 }
    var others = known
    others[module] = nil
    guard let guess = predicted(column, row, known: others, map: map) else {
      return max(0, map.distance(module, point) - map.moduleSize(at: module))
    }
    return length(guess - point)
  }

  /// The mean of `known` patterns' offsets from `map` among the eight positions around
  /// (column, row).
  private func residual(around column: Int, _ row: Int, known: [Point: Point], map: Homography) -> Point? {
    var sum = Point.zero
    var count = 0.0
    for dr in -1...1 {
      for dc in -1...1 where dc != 0 || dr != 0 {
        let (c, r) = (column + dc, row + dr)
        guard (0...last).contains(c), (0...last).contains(r), let point = known[module(c, r)] else { continue }
        sum += point - map.map(module(c, r))
        count += 1
      }
    }
    return count > 0 ? sum / count : nil
  }
}
