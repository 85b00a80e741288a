/// Locates QR symbols by their finder and alignment patterns and samples their module
/// grids, for a decoder of sampled grids (``GridDecoder``, with zbar for what it leaves):
/// it reads symbols zbar's own detector misses (large symbols seen at an angle, paper that
/// is not flat) and, being cheaper than a zbar pass over a whole image, is tried first.
///
/// For each plausible triple of finder patterns, most regular first: estimate the size
/// from the finders' distances, find the bottom-right alignment pattern, settle the
/// version by reading the version information (from version 7), find every alignment
/// pattern, and sample the grid through ``ModuleGridMap``; if that does not read, bend
/// the map to follow the data modules themselves (paper that is not flat, cloth) and
/// sample again. A triple of version 7 or more whose version information reads at no size
/// and whose format information is off by two bits or more is given up before any of that
/// (see `formatNearlyReads`). Each decoded symbol takes its finders out of play, so several
/// symbols in one image are each read once.
package struct SymbolRectifier {
  /// What reading one sampled grid gave.
  package enum GridReading {
    case symbol(QRSymbol)
    case unreadable
    /// One part of a structured-append sequence: zbar joins the parts over the whole
    /// image, so the caller leaves this image to it.
    case structuredAppend
  }

  /// What the rectifier read in an image.
  package struct Outcome {
    /// The symbols read, at the image's own coordinates.
    package var symbols: [QRSymbol] = []
    /// Each symbol's outer corners in the image, clockwise from its top-left.
    package var outlines: [[Point]] = []
    /// Where triples were tried and not read whose finders no symbol read uses and whose
    /// grid looked like a symbol's (its timing patterns mostly right): the centre of their
    /// finders. Another symbol may be there that the grids did not give.
    package var unreadPlaces: [Point] = []
    /// Whether the tries ran out with triples left: another symbol may be among them.
    package var outOfTries = false
    /// A structured-append part was found (see ``GridReading/structuredAppend``).
    package var structuredAppend = false
    /// Finder triples tried.
    package var triedTriples = 0
    /// Grids sampled from the thresholded image (each a map's modules, straight or bent):
    /// the work a triple costs.
    package var sampledGrids = 0
  }

  /// The image thresholded, where patterns are found and modules sampled.
  let image: BinaryImage
  /// The image in grey, where modules are sampled first (see ``SampledGrid/init(levels:size:version:)``).
  let gray: GrayImage?
  let patterns: [FinderPatternScan.Pattern]
  /// Finder triples tried and not read at most: each costs a few samplings.
  var maximumUnreadTriples = 12
  /// Whether a grid that does not read is bent to follow its data modules and sampled again.
  package var followsBends = true
  /// Triples with the right angle at the other corner (a steeply tilted symbol, see
  /// ``FinderTriple/isOtherCorner``) tried and not read at most, besides the others.
  package static let maximumOtherCornerTries = 4
  /// How many of `patterns`, from the first, are trusted: when set, each triple holds two
  /// of them (see ``FinderTriple/candidates(_:excluding:limit:anchors:)``).
  var anchors = 0

  package init(
    image: BinaryImage, gray: GrayImage? = nil, patterns: [FinderPatternScan.Pattern], maximumUnreadTriples: Int = 12,
    followsBends: Bool = true
  ) {
    self.image = image
    self.gray = gray
    self.patterns = patterns
    self.maximumUnreadTriples = maximumUnreadTriples
    self.followsBends = followsBends
  }

  /// The symbols read by way of `decode`, until `deadline`. Triples are drawn from the
  /// patterns seen across the most rows and from each pattern's neighbours; once symbols
  /// are read, from those left, so a sheet of many symbols is read whole.
  ///
  /// Tries that do not read are counted against budgets that grow with the candidate codes
  /// (a third of the finders seen across rows). Triples that show timing patterns between
  /// their finders (see ``FinderTriple/showsTimingPatterns(in:)``) have one of their own
  /// (``likelyTriesPerCode``): on a printed sheet each code is one, and three finders of
  /// different codes seldom are, so once the other tries are spent (``otherTriesPerCode``
  /// a code past ``maximumUnreadTriples``, and ``maximumOtherCornerTries``: what a busy
  /// picture's look-alikes use up) those are still read.
  package func read(decode: (SampledGrid) -> GridReading, deadline: Deadline) -> Outcome {
    var used = Set<Int>()
    var outcome = Outcome()
    // Triples tried and not read, by their finders and which corner was the right angle: the
    // same three finders are tried again with the right angle at the other corner.
    var unread = Set<TripleKey>()
    var likelySymbols: [FinderTriple] = []
    var unreadLikely = 0
    var unreadOthers = 0
    var otherCornersUnread = 0
    // The budgets grow with the candidate codes: a third of the finders seen across rows.
    let candidateCodes = patterns.count(where: { $0.rows >= 2 }) / 3
    let likelyBudget = Self.likelyTriesPerCode * candidateCodes
    let othersBudget = max(maximumUnreadTriples, Self.otherTriesPerCode * candidateCodes)
    var progress = true
    rounds: while progress {
      progress = false
      // Those that show timing patterns first (each to be read), then the rest in order.
      var showing: [FinderTriple] = []
      var others: [FinderTriple] = []
      for triple in FinderTriple.candidates(patterns, excluding: used, anchors: anchors)
      where !unread.contains(TripleKey(triple)) {
        if anchors == 0, triple.showsTimingPatterns(in: image) { showing.append(triple) } else { others.append(triple) }
      }
      for (likely, triple) in showing.map({ (true, $0) }) + others.map({ (false, $0) })
      where triple.members.isDisjoint(with: used) && !unread.contains(TripleKey(triple)) {
        guard !deadline.hasPassed else { break rounds }
        if likely {
          guard unreadLikely < likelyBudget else { continue }
        } else if triple.isOtherCorner {
          // Tries of their own, so a steep symbol is reached after a busy image's look-alikes.
          guard otherCornersUnread < Self.maximumOtherCornerTries else { break rounds }
        } else if unreadOthers >= othersBudget {
          // Out of tries with triples left: another symbol may be among them. The other
          // corners come last (but among loose finders): go on to them.
          outcome.outOfTries = true
          guard anchors == 0 else { break rounds }
          continue
        }
        outcome.triedTriples += 1
        var outline: [Point] = []
        var likeASymbol = false
        switch read(
          triple, decode: decode, deadline: deadline, outline: &outline, likeASymbol: &likeASymbol,
          sampled: &outcome.sampledGrids)
        {
        case .symbol(let symbol):
          outcome.symbols.append(symbol)
          outcome.outlines.append(outline)
          progress = true
          // Its finders, and the look-alikes its data held, take no further part.
          used.formUnion(triple.members)
          for (index, pattern) in patterns.enumerated() where Self.contains(outline, Point(pattern.x, pattern.y)) {
            used.insert(index)
          }
        case .structuredAppend:
          outcome.structuredAppend = true
          return outcome
        case .unreadable:
          unread.insert(TripleKey(triple))
          if likely {
            unreadLikely += 1
          } else if triple.isOtherCorner {
            otherCornersUnread += 1
          } else {
            unreadOthers += 1
          }
          if likeASymbol { likelySymbols.append(triple) }
        }
      }
    }
    outcome.unreadPlaces = likelySymbols.filter { $0.members.isDisjoint(with: used) }.map { triple in
      (triple.topLeft + triple.topRight + triple.bottomLeft) / 3
    }
    return outcome
  }

  /// Tries a candidate code (three finders seen across rows) for triples that show timing
  /// patterns and do not read: its finders make three such triples (the right angle at
  /// each), and a symbol that shows its timing patterns seldom fails to read.
  static let likelyTriesPerCode = 3
  /// Tries a candidate code for the other triples, past ``maximumUnreadTriples``: on a
  /// sheet of many codes, those whose timing patterns blur or a tilt hid.
  static let otherTriesPerCode = 2

  /// A triple's finders and whether its right angle is at the other corner.
  private struct TripleKey: Hashable {
    let members: Set<Int>
    let otherCorner: Bool

    init(_ triple: FinderTriple) {
      members = triple.members
      otherCorner = triple.isOtherCorner
    }
  }

  /// Whether the convex quadrilateral `outline` (corners in order) holds `point`.
  private static func contains(_ outline: [Point], _ point: Point) -> Bool {
    guard outline.count == 4 else { return false }
    let sides = (0..<4).map { cross(outline[($0 + 1) % 4] - outline[$0], point - outline[$0]) }
    return sides.allSatisfy { $0 >= 0 } || sides.allSatisfy { $0 <= 0 }
  }

  /// One triple read, trying each likely size and map; `outline` receives the corners of
  /// the symbol read, `likeASymbol` whether a grid sampled looked like one.
  private func read(
    _ triple: FinderTriple, decode: (SampledGrid) -> GridReading, deadline: Deadline, outline: inout [Point],
    likeASymbol: inout Bool, sampled count: inout Int
  ) -> GridReading {
    guard let (estimate, moduleSize) = triple.estimatedDimension(in: image) else { return .unreadable }
    let finders = FinderCorners(triple, moduleSize: moduleSize, in: image)
    let corner = bottomRightAlignment(finders, dimension: estimate)
    // Every straight map of every likely size first: bending one costs several samplings,
    // and a map of the wrong size never reads however it is bent.
    var sampled: [(map: ModuleGridMap, matrix: QRMatrix)] = []
    let (candidates, versionRead) = dimensions(finders, estimate: estimate, corner: corner)
    if estimate >= SymbolGeometry.dimension(ofVersion: 7), !versionRead,
      !candidates.contains(where: { dimension in
        finders.map(dimension: dimension, corner: corner).map { formatNearlyReads($0, dimension: dimension) } ?? true
      })
    {
      // A large symbol's version information read at no size, and its format information
      // off by two bits or more at each size tried: measured, no such triple reads (see
      // `formatNearlyReads`). Given up before its alignment patterns, grids and bends.
      return .unreadable
    }
    for dimension in candidates {
      guard !deadline.hasPassed, let global = finders.map(dimension: dimension, corner: corner) else { continue }
      let (refined, _, mesh) = alignmentPatterns(global, finders: finders, dimension: dimension, corner: corner)
      var maps = [ModuleGridMap(dimension: dimension, global: refined, found: mesh)]
      // The map without the mesh as well; unless no alignment pattern was found, when the
      // two are the same map and would read the same grid.
      if dimension >= SymbolGeometry.dimension(ofVersion: 7), !mesh.isEmpty {
        maps.append(ModuleGridMap(dimension: dimension, global: refined, found: [:]))
      }
      for map in maps {
        count += 1
        let (reading, matrix) = read(map, decode: decode)
        if let reading = placed(reading, at: map, outline: &outline) { return reading }
        sampled.append((map, matrix))
      }
    }
    // Paper or cloth that is not flat bends the grid away from any perspective map:
    // follow it through the data modules' own positions. Only a grid that is nearly right
    // is worth it: following costs several samplings, and a grid of look-alikes never reads.
    let nearlyRight = sampled.filter { Self.timingAgreement($0.matrix) >= 0.7 }
    likeASymbol = !nearlyRight.isEmpty
    guard followsBends else { return .unreadable }
    for (map, matrix) in nearlyRight {
      var bent = map
      var resampled = matrix
      for _ in 0..<2 {
        guard !deadline.hasPassed else { return .unreadable }
        bent = bent.following(resampled, in: image)
        count += 1
        let reading: GridReading
        (reading, resampled) = read(bent, decode: decode)
        if let reading = placed(reading, at: map, outline: &outline) { return reading }
      }
    }
    return .unreadable
  }

  /// The grid under `map` read: its modules as the thresholded image has them first (one
  /// lookup a module, and what reads most grids), then, if that does not read, decided
  /// from the grey image's levels in the symbol's own grid (see
  /// ``SampledGrid/init(levels:size:version:)``: against blur, low contrast and noise).
  /// Also the thresholded modules, which bending the map follows (it finds them again in
  /// the thresholded image).
  private func read(_ map: ModuleGridMap, decode: (SampledGrid) -> GridReading) -> (GridReading, QRMatrix) {
    let thresholded = map.sample(image)
    let reading = decode(SampledGrid(matrix: thresholded))
    // A grid of look-alikes (a triple of patterns in a busy background) is not worth the
    // grey levels: its timing patterns agree by chance (half), and its format information
    // lies within one bit of a valid format by chance only once in thirty (within three,
    // which the format corrects, more often than not).
    guard case .unreadable = reading, let gray,
      Self.timingAgreement(thresholded) >= 0.6 || (FormatInformation.nearest(in: thresholded)?.wrongBits ?? 2) <= 1
    else { return (reading, thresholded) }
    let version = SymbolGeometry.version(ofDimension: map.dimension) ?? 1
    let grid = SampledGrid(levels: map.levels(in: gray), size: map.dimension, version: version)
    return (decode(grid), thresholded)
  }

  /// The share of timing-pattern modules (row and column 6, between the finders) sampled
  /// as they must be. Measured on the corpus and the captures: every grid that read once
  /// bent had 0.96 or more; of 488 that did not, 13 had 0.7 or more (chance gives 0.5).
  static func timingAgreement(_ matrix: QRMatrix) -> Double {
    let size = matrix.size
    guard size > 16 else { return 0 }
    var agreeing = 0
    for index in 8..<size - 8 {
      let dark = index % 2 == 0
      if matrix[index, 6] == dark { agreeing += 1 }
      if matrix[6, index] == dark { agreeing += 1 }
    }
    return Double(agreeing) / Double(2 * (size - 16))
  }

  /// A reading worth returning, its symbol placed where `map` puts the grid (its corners
  /// in `outline`); nil to go on.
  private func placed(_ reading: GridReading, at map: ModuleGridMap, outline: inout [Point]) -> GridReading? {
    switch reading {
    case .symbol(var symbol):
      (symbol.x, symbol.y) = map.origin
      outline = map.corners
      return .symbol(symbol)
    case .structuredAppend: return .structuredAppend
    case .unreadable: return nil
    }
  }

  /// The sizes worth sampling, likeliest first: from version 7 the one whose version
  /// information reads back as itself with the fewest wrong bits, if any reads; else the
  /// estimate and its neighbours.
  private func dimensions(
    _ finders: FinderCorners, estimate: Int, corner: Point?
  ) -> (dimensions: [Int], versionRead: Bool) {
    let neighbours = [estimate, estimate - 4, estimate + 4].filter { SymbolGeometry.version(ofDimension: $0) != nil }
    guard estimate >= SymbolGeometry.dimension(ofVersion: 7) - 4 else { return (neighbours, false) }
    var best: (dimension: Int, errors: Int)?
    // Blur and perspective make the estimate err by up to several versions on large symbols.
    for dimension in stride(from: estimate - 24, through: estimate + 24, by: 4) {
      guard let version = SymbolGeometry.version(ofDimension: dimension), version >= 7,
        let map = finders.map(dimension: dimension, corner: corner)
      else { continue }
      let errors = versionErrors(map, dimension: dimension, version: version)
      if errors <= 3, errors < best?.errors ?? .max { best = (dimension, errors) }
    }
    return best.map { ([$0.dimension], true) } ?? (neighbours, false)
  }

  /// Whether the format information read through `map` (the finders' map of a symbol of
  /// `dimension` modules: it lies beside the finders, which place it whatever the size) is
  /// within one bit of a valid format in either copy, as it is or mirrored. A grid whose
  /// format is off by more only reads from the grey levels, and those only when the
  /// thresholded modules are nearly right. Measured (the hard captures, faint, the
  /// captures and the zxing corpus, every triple the rectifiers tried, 1,811): of the 228
  /// that read, 227 had their format exact in the first grid sampled and one off by two,
  /// and every one from version 7 up had its version information read; of the 793 from
  /// version 7 up whose version read at no size, none read, 774 had their format off by two
  /// bits or more, and they took three quarters of the rectifiers' time (1.8 of 2.4 s).
  private func formatNearlyReads(_ map: Homography, dimension: Int) -> Bool {
    var modules = [Bool](repeating: false, count: dimension * dimension)
    // Row and column 8 beside each finder: both copies, and their mirror images.
    for index in Array(0...8) + Array(dimension - 8..<dimension) {
      modules[8 * dimension + index] = isDark(map, (index, 8))
      modules[index * dimension + 8] = isDark(map, (8, index))
    }
    let matrix = QRMatrix(
      size: dimension, version: SymbolGeometry.version(ofDimension: dimension) ?? 1, modules: modules)
    let wrongBits = [false, true].map { FormatInformation.nearest(in: matrix, mirrored: $0)?.wrongBits ?? 4 }
    return wrongBits.min()! <= 1
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
    // A map that puts modules there at over three times the finders' size is not of one
    // symbol (three finders of different codes): its search would cover much of the image.
    guard Self.isPlausible(size, besides: map.moduleSize(at: Point(3.5, 3.5))) else { return nil }
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

  /// Whether a module size `size` a map gives somewhere in a symbol is within three times
  /// `reference`, its size at a finder: perspective makes no more of it.
  static func isPlausible(_ size: Double, besides reference: Double) -> Bool {
    size.isFinite && reference.isFinite && size <= 3 * reference && 3 * size >= reference
  }
}
