/// The symbols read from one image through several views of it (other thresholds, other
/// sizes, the full resolution of a photo first read reduced), each with its outline in the
/// image's own coordinates: a later view leaves out the finders of what an earlier one
/// read, and a symbol read twice counts once. How a photo of many codes (a printed sheet)
/// is read whole: what is read is masked out, and the search goes on.
struct SymbolGathering {
  private(set) var symbols: [QRSymbol] = []
  /// Each symbol's outer corners, clockwise, in the image's coordinates.
  private(set) var outlines: [[Point]] = []

  /// Adds the symbols of `outcome`, read in a view `scale` times the image's size whose
  /// origin is at `offset` in the image, that are not here already (their outline's centre
  /// inside one read); how many were new.
  @discardableResult
  mutating func add(_ outcome: SymbolRectifier.Outcome, scale: Double, offset: Point = .zero) -> Int {
    var added = 0
    for (symbol, outline) in zip(outcome.symbols, outcome.outlines) {
      let placed = outline.map { $0 / scale + offset }
      guard !placed.isEmpty, !covers(placed.reduce(Point.zero, +) / Double(placed.count)) else { continue }
      var moved = symbol
      moved.x = Int(Double(symbol.x) / scale + offset.x)
      moved.y = Int(Double(symbol.y) / scale + offset.y)
      symbols.append(moved)
      outlines.append(placed)
      added += 1
    }
    return added
  }

  /// Adds symbols found by zbar, which gives no outline: each one whose text is not
  /// here already, at its bounding box's corner (zbar passes scale their coordinates back).
  mutating func add(unplaced found: [QRSymbol]) {
    for symbol in found where !symbols.contains(where: { $0.bytes == symbol.bytes }) {
      symbols.append(symbol)
      outlines.append([])
    }
  }

  /// These symbols at `factor` times the size.
  func scaled(by factor: Double) -> SymbolGathering {
    var scaled = self
    scaled.symbols = symbols.map { symbol in
      var symbol = symbol
      symbol.x = Int(Double(symbol.x) * factor)
      symbol.y = Int(Double(symbol.y) * factor)
      return symbol
    }
    scaled.outlines = outlines.map { $0.map { $0 * factor } }
    return scaled
  }

  /// Whether `point` (in the image's coordinates) lies in a symbol read already.
  func covers(_ point: Point) -> Bool { outlines.contains { Self.contains($0, point) } }

  /// `patterns` found in a view `scale` times the image's size whose origin is at
  /// `offset` in the image, but those inside a symbol read already.
  func open(
    _ patterns: [FinderPatternScan.Pattern], scale: Double, offset: Point = .zero
  ) -> [FinderPatternScan.Pattern] {
    guard !outlines.isEmpty else { return patterns }
    return patterns.filter { !covers(Point($0.x / scale + offset.x, $0.y / scale + offset.y)) }
  }

  /// The nearest partners each pattern is paired with: a symbol's other two finders.
  static let nearestPartners = 2

  /// Pairs of `patterns` (of a view `scale` times the image's size) that no symbol read
  /// explains and that could be two corners of one symbol: sizes within three times each
  /// other, as far apart as a symbol's finders can be, each crossed by as many rows as a
  /// finder rather than a look-alike in the data. The third finder is missing or the
  /// symbol was not read: another view may read it. Each pair's centres in the image, and
  /// its larger module size there; none past `limit` pairs (a sheet of 60 codes has 180
  /// finders, each paired with its nearest two).
  func finderPairs(
    _ patterns: [FinderPatternScan.Pattern], scale: Double, limit: Int = 192
  ) -> [(first: Point, second: Point, moduleSize: Double)] {
    let strong = open(patterns, scale: scale).filter { Double($0.rows) >= 1.5 * $0.moduleSize && $0.rows >= 3 }
    var pairs: [(first: Point, second: Point, moduleSize: Double)] = []
    var seen = Set<[Int]>()
    let considered = Array(strong.prefix(400))
    for (index, first) in considered.enumerated() {
      // Each pattern's nearest partners only: a symbol's finders are among each other's
      // nearest, even on a sheet, where the pairs across codes (farther, and windows too
      // large to read) used up the limit before a page's own (measured: `make_scenes.py`
      // seed 1 photo 020 read 40 of 60).
      var partners: [(distance: Double, index: Int)] = []
      for (other, second) in considered.enumerated() where other != index {
        let small = min(first.moduleSize, second.moduleSize)
        let large = max(first.moduleSize, second.moduleSize)
        guard large <= 3 * small else { continue }
        let distance = length(Point(first.x - second.x, first.y - second.y))
        guard distance >= 14 * small / 1.5, distance <= 250 * large else { continue }
        partners.append((distance, other))
      }
      for partner in partners.sorted(by: { $0.distance < $1.distance }).prefix(Self.nearestPartners) {
        guard seen.insert([min(index, partner.index), max(index, partner.index)]).inserted else { continue }
        let second = considered[partner.index]
        pairs.append(
          (
            Point(first.x, first.y) / scale, Point(second.x, second.y) / scale,
            max(first.moduleSize, second.moduleSize) / scale
          ))
        if pairs.count >= limit { return pairs }
      }
    }
    return pairs
  }

  /// `image` with every symbol read painted over with `level`, a module beyond its outline
  /// (for zbar, which then sees only what is left).
  func masked(_ image: GrayImage, level: UInt8) -> GrayImage {
    var masked = image
    for outline in outlines where outline.count == 4 {
      let centre = outline.reduce(Point.zero, +) / 4
      // Grown by a tenth, about a module or two of a small symbol's quiet zone.
      let grown = outline.map { centre + ($0 - centre) * 1.1 }
      guard let left = pixelIndex(grown.map(\.x).min()!), let right = pixelIndex(grown.map(\.x).max()!),
        let top = pixelIndex(grown.map(\.y).min()!), let bottom = pixelIndex(grown.map(\.y).max()!)
      else { continue }
      let (x0, x1) = (max(0, left), min(image.width - 1, right))
      let (y0, y1) = (max(0, top), min(image.height - 1, bottom))
      guard x0 <= x1, y0 <= y1 else { continue }
      for y in y0...y1 {
        for x in x0...x1 where Self.contains(grown, Point(Double(x), Double(y))) { masked[x, y] = level }
      }
    }
    return masked
  }

  /// Whether the convex quadrilateral `outline` (corners in order) holds `point`.
  static func contains(_ outline: [Point], _ point: Point) -> Bool {
    guard outline.count == 4 else { return false }
    let sides = (0..<4).map { cross(outline[($0 + 1) % 4] - outline[$0], point - outline[$0]) }
    return sides.allSatisfy { $0 >= 0 } || sides.allSatisfy { $0 <= 0 }
  }
}
