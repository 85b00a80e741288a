/// The rectifying pass: finds QR symbols zbar's own detector misses (large symbols seen at
/// an angle), samples their module grids itself, and lets zbar decode a clean, upright
/// rendering of each. zbar stays the decoder: error correction and the bytes are its job.
///
/// For each plausible triple of finder patterns, most regular first: estimate the size
/// from the finders' distances, find the bottom-right alignment pattern, settle the
/// version by reading the version information (from version 7), find every alignment
/// pattern, and sample the grid through ``ModuleGridMap``; if zbar cannot read that, bend
/// the map to follow the data modules themselves (paper that is not flat, cloth) and
/// sample again. Each decoded symbol takes its finders out of play, so several symbols in
/// one image are each read once.
package struct SymbolRectifier {
  /// The image thresholded, where patterns are found and modules sampled.
  let image: BinaryImage
  let patterns: [FinderPatternScan.Pattern]
  /// Finder triples tried at most: each costs a few renderings and zbar passes.
  var maximumTriples = 12
  /// Whether a grid zbar cannot read is bent to follow its data modules and sampled again.
  var followsBends = true

  package init(
    image: BinaryImage, patterns: [FinderPatternScan.Pattern], maximumTriples: Int = 12, followsBends: Bool = true
  ) {
    self.image = image
    self.patterns = patterns
    self.maximumTriples = maximumTriples
    self.followsBends = followsBends
  }

  /// The symbols read, by way of `decode` (zbar on a clean rendering), until `deadline`.
  package func symbols(decode: (GrayImage) -> [QRSymbol], deadline: Deadline) -> [QRSymbol] {
    var used = Set<Int>()
    var found: [QRSymbol] = []
    var tried = 0
    for triple in FinderTriple.candidates(patterns) where triple.members.isDisjoint(with: used) {
      guard tried < maximumTriples, !deadline.hasPassed else { break }
      tried += 1
      if let symbol = read(triple, decode: decode, deadline: deadline) {
        found.append(symbol)
        used.formUnion(triple.members)
      }
    }
    return found
  }

  private func read(_ triple: FinderTriple, decode: (GrayImage) -> [QRSymbol], deadline: Deadline) -> QRSymbol? {
    guard let (estimate, moduleSize) = triple.estimatedDimension(in: image) else { return nil }
    let finders = FinderCorners(triple, moduleSize: moduleSize, in: image)
    let corner = bottomRightAlignment(finders, dimension: estimate)
    for dimension in dimensions(finders, estimate: estimate, corner: corner) {
      guard !deadline.hasPassed, let global = finders.map(dimension: dimension, corner: corner) else { continue }
      let (refined, found) = alignmentPatterns(global, finders: finders, dimension: dimension, corner: corner)
      var maps = [ModuleGridMap(dimension: dimension, global: refined, found: found)]
      if dimension >= SymbolGeometry.dimension(ofVersion: 7) {
        maps.append(ModuleGridMap(dimension: dimension, global: refined, found: [:]))
      }
      for map in maps {
        let matrix = map.sample(image)
        if var symbol = decode(matrix.image(scale: 3, margin: 4)).first {
          (symbol.x, symbol.y) = map.origin
          return symbol
        }
        // Paper or cloth that is not flat bends the grid away from any perspective map:
        // follow it through the data modules' own positions.
        guard followsBends, !deadline.hasPassed else { continue }
        var bent = map
        var resampled = matrix
        for _ in 0..<2 {
          bent = bent.following(resampled, in: image)
          resampled = bent.sample(image)
          if var symbol = decode(resampled.image(scale: 3, margin: 4)).first {
            (symbol.x, symbol.y) = map.origin
            return symbol
          }
        }
      }
    }
    return nil
  }

  /// The sizes worth sampling, likeliest first: from version 7 the one whose version
  /// information reads back as itself with the fewest wrong bits, if any reads; else the
  /// estimate and its neighbours.
  private func dimensions(_ finders: FinderCorners, estimate: Int, corner: Point?) -> [Int] {
    let neighbours = [estimate, estimate - 4, estimate + 4].filter { SymbolGeometry.version(ofDimension: $0) != nil }
    guard estimate >= SymbolGeometry.dimension(ofVersion: 7) - 4 else { return neighbours }
    var best: (dimension: Int, errors: Int)?
    // Blur and perspective make the estimate err by up to several versions on large symbols.
    for dimension in stride(from: estimate - 24, through: estimate + 24, by: 4) {
      guard let version = SymbolGeometry.version(ofDimension: dimension), version >= 7,
        let map = finders.map(dimension: dimension, corner: corner)
      else { continue }
      let errors = versionErrors(map, dimension: dimension, version: version)
      if errors <= 3, errors < best?.errors ?? .max { best = (dimension, errors) }
    }
    return best.map { [$0.dimension] } ?? neighbours
  }

  /// Bits of `version`'s information wrong under `map`, in the better of its two blocks.
  private func versionErrors(_ map: Homography, dimension: Int, version: Int) -> Int {
    var topRight = 0
    var bottomLeft = 0
    for bit in 0..<18 {
      let modules = SymbolGeometry.versionInformationModules(bit: bit, dimension: dimension)
      if isDark(map, modules.topRight) { topRight |= 1 << bit }
      if isDark(map, modules.bottomLeft) { bottomLeft |= 1 << bit }
    }
    let expected = SymbolGeometry.versionInformation(version)
    return min((topRight ^ expected).nonzeroBitCount, (bottomLeft ^ expected).nonzeroBitCount)
  }

  private func isDark(_ map: Homography, _ module: (x: Int, y: Int)) -> Bool {
    image.isDark(at: map.map(Point(Double(module.x) + 0.5, Double(module.y) + 0.5)))
  }

  /// The bottom-right alignment pattern's centre near where the finders put it; `nil` for
  /// version 1, which has none, or if not found. The finders' outlines fix the
  /// perspective well enough for a search within four modules; without them (a
  /// parallelogram guess) the search widens to twelve.
  private func bottomRightAlignment(_ finders: FinderCorners, dimension: Int) -> Point? {
    guard dimension >= SymbolGeometry.dimension(ofVersion: 2),
      let map = finders.map(dimension: dimension, corner: nil)
    else { return nil }
    let module = Point(Double(dimension) - 6.5, Double(dimension) - 6.5)
    let size = map.moduleSize(at: module)
    let radii: [Double] = finders.outlines.allSatisfy { $0 != nil } ? [4] : [4, 8, 12]
    for modules in radii {
      if let found = AlignmentPatternSearch.find(
        in: image, near: map.map(module), moduleSize: size, radius: modules * size)
      {
        return found
      }
    }
    return nil
  }

  /// Every alignment pattern found near where `map` puts it, and the map refitted to the
  /// finders and all of them. Patterns are searched nearest the finders first, each
  /// predicted by the map refitted so far, and one far (over 1½ modules) from the final
  /// map is dropped as a look-alike. `corner` is the bottom-right one, found already.
  private func alignmentPatterns(
    _ map: Homography, finders corners: FinderCorners, dimension: Int, corner: Point?
  ) -> (Homography, [Point: Point]) {
    guard let version = SymbolGeometry.version(ofDimension: dimension), version >= 2 else { return (map, [:]) }
    let far = Double(dimension) - 3.5
    let finders = corners.pairs(dimension: dimension)
    var found: [Point: Point] = [:]
    if let corner { found[Point(far - 3, far - 3)] = corner }
    let centres = SymbolGeometry.alignmentCentres(ofVersion: version)
    let last = centres.count - 1
    var grid: [(Int, Int)] = []
    for row in 0...last {
      for column in 0...last {
        // The three corners under the finders hold no alignment pattern.
        if (row == 0 && (column == 0 || column == last)) || (row == last && column == 0) { continue }
        grid.append((column, row))
      }
    }
    grid.sort { $0.0 + $0.1 < $1.0 + $1.1 }
    var current = map
    for (column, row) in grid {
      let module = Point(Double(centres[column]) + 0.5, Double(centres[row]) + 0.5)
      guard found[module] == nil else { continue }
      let size = current.moduleSize(at: module)
      guard size > 0.5,
        let point = AlignmentPatternSearch.find(
          in: image, near: current.map(module), moduleSize: size, radius: 3 * size)
      else { continue }
      found[module] = point
      if let refitted = Homography(fitting: finders + found.map { (module: $0.key, image: $0.value) }) {
        current = refitted
      }
    }
    // Drop look-alikes one at a time, the farthest from the map refitted without it first.
    var kept = found
    while let worst = kept.max(by: { current.distance($0.key, $0.value) < current.distance($1.key, $1.value) }),
      current.distance(worst.key, worst.value) > current.moduleSize(at: worst.key)
    {
      kept[worst.key] = nil
      guard let refitted = Homography(fitting: finders + kept.map { (module: $0.key, image: $0.value) }) else { break }
      current = refitted
    }
    return (current, kept)
  }
}
