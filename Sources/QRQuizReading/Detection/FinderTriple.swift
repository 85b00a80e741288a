/// Three finder patterns that may be one symbol's corners, ordered top-left (the corner
/// with the right angle), top-right, bottom-left as the symbol is read, whatever its
/// rotation in the image.
struct FinderTriple {
  var topLeft: Point
  var topRight: Point
  var bottomLeft: Point
  /// Indices of the three patterns in the scan, to skip triples sharing a decoded one.
  var members: Set<Int>
  /// How far from an ideal symbol corner the geometry is: 0 is a perfect square.
  var irregularity: Double
  /// Whether the right angle is at the corner opposite the second longest side (see
  /// `corners`): tried after the usual triples, within a budget of its own.
  var isOtherCorner = false

  /// Which of patterns `i`, `j`, `k` (0, 1 or 2) may be the corner with the right angle:
  /// the one opposite the longest side, and also the one opposite the second longest when
  /// the two are within a fifth of each other. A symbol tilted steeply away squeezes its
  /// far finder's side so much that its diagonal is no longer the longest side (seen on
  /// the captures: 342 pixels for the top side, 332 for the diagonal; and 470 for a side,
  /// 416 for the diagonal, the corner bent to 60°).
  static func corners(_ patterns: [FinderPatternScan.Pattern], _ i: Int, _ j: Int, _ k: Int) -> [Int] {
    let points = [i, j, k].map { Point(patterns[$0].x, patterns[$0].y) }
    let sides = [length(points[1] - points[2]), length(points[0] - points[2]), length(points[0] - points[1])]
    let order = sides.indices.sorted { sides[$0] > sides[$1] }
    return sides[order[1]] * 10 >= sides[order[0]] * 8 ? [order[0], order[1]] : [order[0]]
  }

  /// The triple of patterns `i`, `j`, `k` with the right angle at `corner` (0, 1 or 2) if
  /// they could be one symbol's finders: module sizes within three times each other (seen:
  /// 2.51 times between a steeply tilted symbol's near and far finders), the corner between
  /// the two legs within 40° of a right angle (seen: 126°), and legs within twice each
  /// other in pixels and at least 14 modules long by the mean module size over 1.5. The
  /// most regular are ranked first (see `irregularity`).
  init?(_ patterns: [FinderPatternScan.Pattern], _ i: Int, _ j: Int, _ k: Int, corner: Int) {
    let points = [i, j, k].map { Point(patterns[$0].x, patterns[$0].y) }
    let sizes = [i, j, k].map { patterns[$0].moduleSize }
    guard sizes.max()! <= 3 * sizes.min()! else { return nil }
    let corners = [(corner + 1) % 3, (corner + 2) % 3]
    var first = points[corners[0]] - points[corner]
    var second = points[corners[1]] - points[corner]
    let legs = (length(first), length(second))
    let module = sizes.reduce(0, +) / 3
    guard min(legs.0, legs.1) >= 14 * module / 1.5, max(legs.0, legs.1) <= 2 * min(legs.0, legs.1) else { return nil }
    let cosine = dot(first, second) / (legs.0 * legs.1)
    guard abs(cosine) < 0.64 else { return nil }
    // Reading order: turning from the top-right leg to the bottom-left one is clockwise on
    // screen (y grows downwards), so their cross product is positive.
    if first.x * second.y - first.y * second.x < 0 { swap(&first, &second) }
    topLeft = points[corner]
    topRight = topLeft + first
    bottomLeft = topLeft + second
    members = [i, j, k]
    let sizeSpread = sizes.max()! / sizes.min()! - 1
    // A real finder's centre is crossed by about three modules' worth of rows; a look-alike
    // in the data by one or two.
    let support = [i, j, k].map { min(1, Double(patterns[$0].rows) / (2 * patterns[$0].moduleSize)) }.min()!
    // The legs in modules, each over the geometric mean of its two ends' module sizes: exact
    // along a line seen in perspective for sizes measured along it, and close with the
    // census's (across rows and columns), so a steeply tilted symbol's legs, unequal in
    // pixels, come out nearly equal (a capture's: 516 and 350 pixels, 143 and 144 modules
    // for a true 146), which three look-alikes seldom manage. The size spread then weighs
    // less, being what such a tilt gives too.
    let legModules = [
      legs.0 / (sizes[corner] * sizes[corners[0]]).squareRoot(),
      legs.1 / (sizes[corner] * sizes[corners[1]]).squareRoot(),
    ]
    irregularity = abs(cosine) + (legModules.max()! / legModules.min()! - 1) + sizeSpread / 4 + (1 - support)
  }

  /// The symbol's modules per side estimated from the finders' distances in module sizes
  /// measured along each leg (a module measured across a rotated finder's row would be up
  /// to √2 too long), rounded to a valid size; `nil` if the finders cannot be measured.
  func estimatedDimension(in image: BinaryImage) -> (dimension: Int, moduleSize: Double)? {
    guard let across = Self.moduleSize(image, topLeft, topRight),
      let down = Self.moduleSize(image, topLeft, bottomLeft)
    else { return nil }
    let modules = (length(topRight - topLeft) / across + length(bottomLeft - topLeft) / down) / 2 + 7
    guard modules.isFinite, modules < 1000 else { return nil }
    let version = Int(((modules - 17) / 4).rounded())
    guard (1...40).contains(version) else { return nil }
    return (SymbolGeometry.dimension(ofVersion: version), (across + down) / 2)
  }

  /// The module size along the line from finder `from` to finder `to`: the mean of both
  /// finders' widths along it, over the seven modules a finder spans.
  private static func moduleSize(_ image: BinaryImage, _ from: Point, _ to: Point) -> Double? {
    let direction = (to - from) / length(to - from)
    guard let first = finderWidth(image, centre: from, inwards: direction),
      let second = finderWidth(image, centre: to, inwards: direction * -1)
    else { return nil }
    return (first + second) / 14
  }

  /// Pixels between the outer edges of the finder centred at `centre`, along `inwards` (a
  /// unit vector towards another finder of the symbol) and back. The inward half ends at
  /// the separator, which every symbol has; the outward half at the quiet zone, which a
  /// tight margin on a dark or busy surround runs on into: an outward half over a third
  /// longer than the inward one counts as the inward one (seen on a capture: the module
  /// along one leg measured many times its size, the symbol's estimated at 65 modules for
  /// 117). A third is more than perspective makes between a finder's two halves (a few
  /// percent on a topic's symbol; a third only on a version-1 symbol whose far modules are
  /// two and a half times smaller) and less than a surround adds once it runs past about a
  /// module. If either half runs off the image, no width: a symbol cropped at its own edge
  /// is read in the image framed (`QRCodeReader+Framing`), which places it to the pixel
  /// (read unframed, its corner came out a pixel outside the image).
  static func finderWidth(_ image: BinaryImage, centre: Point, inwards: Point) -> Double? {
    guard let inward = halfWidth(image, centre: centre, direction: inwards),
      let outward = halfWidth(image, centre: centre, direction: inwards * -1)
    else { return nil }
    return inward + (outward > inward * 4 / 3 ? inward : outward)
  }

  /// Pixels from `centre` to the finder's outer edge along `direction` (a unit vector):
  /// through the dark centre, the light ring and the dark ring to the light beyond.
  private static func halfWidth(_ image: BinaryImage, centre: Point, direction: Point) -> Double? {
    var transitions = 0
    var wasDark = true
    var step = 0.0
    while transitions < 3 {
      step += 1
      let point = centre + direction * step
      // Truncating x + ½ rounds to the nearest pixel once x ≥ −½, without a library call.
      guard point.x >= -0.5, point.y >= -0.5, step < 400 else { return nil }
      let x = Int(point.x + 0.5)
      let y = Int(point.y + 0.5)
      guard x < image.width, y < image.height else { return nil }
      let dark = image.isDark(x, y)
      if dark != wasDark {
        transitions += 1
        wasDark = dark
      }
    }
    return step - 0.5
  }
}
