/// A finder triple's known points (centres, and outline corners where they could be
/// traced) and the module points they are at for a symbol of a given size.
struct FinderCorners {
  let triple: FinderTriple
  /// Top-left, top-right, bottom-left finders' outlines (see ``FinderOutline``), if traced.
  let outlines: [[Point]?]

  init(_ triple: FinderTriple, moduleSize: Double, in image: BinaryImage) {
    self.triple = triple
    let right = triple.topRight - triple.topLeft
    let down = triple.bottomLeft - triple.topLeft
    outlines = [triple.topLeft, triple.topRight, triple.bottomLeft].map { centre in
      FinderOutline.corners(of: centre, moduleSize: moduleSize, in: image, right: right, down: down)
    }
  }

  /// Module point and image point of each known point of a symbol `dimension` modules wide.
  func pairs(dimension: Int) -> [(module: Point, image: Point)] {
    let side = Double(dimension)
    // The top-left module of each finder: (0, 0), (side − 7, 0), (0, side − 7).
    let origins = [Point(0, 0), Point(side - 7, 0), Point(0, side - 7)]
    let centres = [triple.topLeft, triple.topRight, triple.bottomLeft]
    var pairs: [(module: Point, image: Point)] = []
    for index in 0..<3 {
      pairs.append((origins[index] + Point(3.5, 3.5), centres[index]))
      guard let outline = outlines[index] else { continue }
      let offsets = [Point(1, 1), Point(6, 1), Point(6, 6), Point(1, 6)]
      for (offset, corner) in zip(offsets, outline) { pairs.append((origins[index] + offset, corner)) }
    }
    return pairs
  }

  /// The perspective map through the known points and the bottom-right alignment pattern's
  /// centre `corner`; without either outlines or that centre, the parallelogram the three
  /// centres span stands in for the perspective.
  func map(dimension: Int, corner: Point?) -> Homography? {
    var pairs = pairs(dimension: dimension)
    let far = Double(dimension) - 3.5
    if let corner, dimension >= SymbolGeometry.dimension(ofVersion: 2) {
      pairs.append((Point(far - 3, far - 3), corner))
    } else if pairs.count < 5 {
      pairs.append((Point(far, far), triple.topRight + triple.bottomLeft - triple.topLeft))
    }
    return Homography(fitting: pairs)
  }
}
