/// A cheap look at a dark region before libapriltag reads a window around it: a marker's
/// black border, with the dark cells touching it, has a convex quadrilateral outline, so
/// the region filled along its rows nearly fills its convex hull, and four of the hull's
/// corners hold most of it. Round letters and digits, letters with arms (k, y, T, h), lines
/// and most shapes of the clutter fail it, at a few operations a row of the region, where
/// libapriltag spends a few hundred nanoseconds a pixel of the window.
enum MarkerShape {
  /// How much of its hull a marker's filled outline covers at least (blur, noise and the
  /// pixels of a small region bring a square's 1 down).
  static let leastSolidity = 0.75
  /// How much of its hull the largest quadrilateral on it holds at least (a square's 1, a
  /// disc's 0.64).
  static let leastQuadrilateral = 0.75

  /// How much of its filled outline a marker's light cells take at least, when they are
  /// two pixels or more: every code has ten light cells or more (a sixth of the marker), of
  /// which blur leaves a part.
  static let leastCounters = 0.04

  /// Whether `blob` may be a marker's black border; with `counters`, one with light cells
  /// inside (a filled rectangle has none).
  static func mayBeMarker(_ blob: DarkBlobs.Blob, counters: Bool) -> Bool {
    var corners: [CardPoint] = []
    corners.reserveCapacity(blob.rows.count * 4)
    var filled = 0
    for span in blob.rows {
      filled += span.right - span.left + 1
      // Each pixel a unit square, so the hull and the count measure the same area.
      let top = Double(span.row)
      let left = Double(span.left)
      let right = Double(span.right + 1)
      corners += [
        CardPoint(x: left, y: top), CardPoint(x: right, y: top), CardPoint(x: left, y: top + 1),
        CardPoint(x: right, y: top + 1),
      ]
    }
    let hull = ConvexHull(corners)
    guard hull.area > 0 else { return false }
    if counters, Double(filled - blob.count) < leastCounters * Double(filled) { return false }
    return Double(filled) / hull.area >= leastSolidity
      && hull.largestQuadrilateralArea / hull.area >= leastQuadrilateral
  }
}
