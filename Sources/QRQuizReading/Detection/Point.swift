/// A point (or vector) in an image or in a symbol's module grid.
///
/// A plain struct rather than `SIMD2<Double>`: the generic SIMD operators are not
/// specialised in debug builds, where they made the rectifying pass a hundred times slower
/// than in release and the test suite's photos ran into their time limit.
package struct Point: Hashable, Sendable, CustomStringConvertible {
  package var x: Double
  package var y: Double

  package init(_ x: Double, _ y: Double) {
    self.x = x
    self.y = y
  }

  static let zero = Point(0, 0)

  static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
  static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
  static func += (a: inout Point, b: Point) { a = a + b }
  static func * (a: Point, factor: Double) -> Point { Point(a.x * factor, a.y * factor) }
  static func / (a: Point, divisor: Double) -> Point { Point(a.x / divisor, a.y / divisor) }

  package var description: String { "(\(x), \(y))" }
}

/// The Euclidean length of `vector`.
func length(_ vector: Point) -> Double { (vector.x * vector.x + vector.y * vector.y).squareRoot() }

/// The dot product of two vectors.
func dot(_ a: Point, _ b: Point) -> Double { a.x * b.x + a.y * b.y }

/// The z component of the cross product of two plane vectors.
func cross(_ a: Point, _ b: Point) -> Double { a.x * b.y - a.y * b.x }

/// `value` rounded to the nearest pixel index; nil unless it is finite and within ±2³¹ (a
/// degenerate perspective map puts points at infinity, and converting those to Int traps).
func pixelIndex(_ value: Double) -> Int? {
  guard value.isFinite, abs(value) < 2_147_483_648 else { return nil }
  return Int(value.rounded())
}

extension Point {
  /// Whether both coordinates are finite and within ±2³¹.
  var isUsable: Bool { pixelIndex(x) != nil && pixelIndex(y) != nil }
}

extension BinaryImage {
  /// Whether the pixel nearest `point` is dark; false off the image (and for a point that
  /// is not finite, which no comparison lets through).
  @inline(__always)
  func isDark(at point: Point) -> Bool {
    // Truncating x + ½ rounds to the nearest pixel once x ≥ −½: cheaper than `rounded()`,
    // which is a library call, for every module of every grid sampled.
    guard point.x >= -0.5, point.y >= -0.5, point.x < Double(width) - 0.5, point.y < Double(height) - 0.5 else {
      return false
    }
    return isDark(Int(point.x + 0.5), Int(point.y + 0.5))
  }
}
