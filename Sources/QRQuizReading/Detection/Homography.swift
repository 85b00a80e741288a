/// A perspective map from a symbol's module grid (u, v) to image pixels (x, y): how a flat
/// square looks through a camera, x = (a·u + b·v + c) / (g·u + h·v + 1), and likewise y.
///
/// Fitted by least squares to four or more correspondences, so that many alignment-pattern
/// centres average out each one's error. Both sides are normalised (centred and scaled to
/// about ±1) before solving: image pixels in the thousands next to module numbers in the
/// tens would otherwise leave the normal equations badly conditioned.
package struct Homography {
  // The eight coefficients a…h as stored properties, not an array: `map` runs for every
  // module sampled, and an array's bounds checks and reference counting dominated it.
  private let a, b, c, d, e, f, g, h: Double
  private let moduleOffset: Point
  private let moduleScale: Double
  private let imageOffset: Point
  private let imageScale: Double

  /// The map that best fits `pairs` (module point, image point); `nil` for fewer than four
  /// pairs or a degenerate set (three on a line).
  package init?(fitting pairs: [(module: Point, image: Point)]) {
    guard pairs.count >= 4 else { return nil }
    (moduleOffset, moduleScale) = Self.normalisation(pairs.map(\.module))
    (imageOffset, imageScale) = Self.normalisation(pairs.map(\.image))
    // Normal equations AᵀA·h = Aᵀb of the linearised map, two rows a pair.
    var normal = [Double](repeating: 0, count: 64)
    var right = [Double](repeating: 0, count: 8)
    for pair in pairs {
      let u = (pair.module - moduleOffset) / moduleScale
      let p = (pair.image - imageOffset) / imageScale
      let rows: [([Double], Double)] = [
        ([u.x, u.y, 1, 0, 0, 0, -u.x * p.x, -u.y * p.x], p.x),
        ([0, 0, 0, u.x, u.y, 1, -u.x * p.y, -u.y * p.y], p.y),
      ]
      for (row, value) in rows {
        for i in 0..<8 {
          right[i] += row[i] * value
          for j in 0..<8 { normal[i * 8 + j] += row[i] * row[j] }
        }
      }
    }
    guard let solution = LinearSystem.solve(normal, right, size: 8) else { return nil }
    (a, b, c, d, e, f, g, h) = (
      solution[0], solution[1], solution[2], solution[3], solution[4], solution[5], solution[6], solution[7]
    )
  }

  /// The image point of module point `module`.
  @inline(__always)
  package func map(_ module: Point) -> Point {
    let u = (module - moduleOffset) / moduleScale
    let denominator = g * u.x + h * u.y + 1
    let x = (a * u.x + b * u.y + c) / denominator
    let y = (d * u.x + e * u.y + f) / denominator
    return Point(x, y) * imageScale + imageOffset
  }

  /// Pixels a module spans around module point `module`: the mean of its two sides.
  func moduleSize(at module: Point) -> Double {
    let origin = map(module)
    return (length(map(module + Point(1, 0)) - origin) + length(map(module + Point(0, 1)) - origin)) / 2
  }

  /// Pixels between where the map puts `module` and `image`, where it was found.
  func distance(_ module: Point, _ image: Point) -> Double { length(map(module) - image) }

  private static func normalisation(_ points: [Point]) -> (Point, Double) {
    let centre = points.reduce(Point.zero, +) / Double(points.count)
    let spread = points.map { length($0 - centre) }.max() ?? 0
    return (centre, max(spread, 1e-9))
  }
}
