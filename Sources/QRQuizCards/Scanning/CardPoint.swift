/// A point in an image, in pixels from its top-left corner (y grows downwards), along the
/// pixels' edges: the top-left pixel spans 0 to 1 in x and y, its middle is (0.5, 0.5).
public struct CardPoint: Sendable, Hashable {
  /// Pixels from the left edge.
  public var x: Double
  /// Pixels from the top edge.
  public var y: Double

  /// Creates a point.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  static func + (lhs: CardPoint, rhs: CardPoint) -> CardPoint { CardPoint(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
  static func - (lhs: CardPoint, rhs: CardPoint) -> CardPoint { CardPoint(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
  static func * (lhs: CardPoint, rhs: Double) -> CardPoint { CardPoint(x: lhs.x * rhs, y: lhs.y * rhs) }

  /// The distance to `other`.
  func distance(to other: CardPoint) -> Double {
    ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
  }
}

/// A rectangle of whole pixels of an image.
struct PixelRegion: Hashable {
  var x: Int
  var y: Int
  var width: Int
  var height: Int
}
