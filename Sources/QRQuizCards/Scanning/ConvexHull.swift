/// The convex hull of points (Andrew's monotone chain), counter-clockwise.
struct ConvexHull {
  let points: [CardPoint]

  init(_ points: [CardPoint]) {
    let sorted = Set(points.map { PointKey(x: $0.x, y: $0.y) }).sorted { ($0.x, $0.y) < ($1.x, $1.y) }
    guard sorted.count >= 3 else {
      self.points = sorted.map { CardPoint(x: $0.x, y: $0.y) }
      return
    }
    func cross(_ o: PointKey, _ a: PointKey, _ b: PointKey) -> Double {
      (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
    }
    var lower: [PointKey] = []
    for point in sorted {
      while lower.count >= 2, cross(lower[lower.count - 2], lower[lower.count - 1], point) <= 0 { lower.removeLast() }
      lower.append(point)
    }
    var upper: [PointKey] = []
    for point in sorted.reversed() {
      while upper.count >= 2, cross(upper[upper.count - 2], upper[upper.count - 1], point) <= 0 { upper.removeLast() }
      upper.append(point)
    }
    self.points = (lower.dropLast() + upper.dropLast()).map { CardPoint(x: $0.x, y: $0.y) }
  }

  private struct PointKey: Hashable {
    var x: Double
    var y: Double
  }

  /// The polygon's area.
  var area: Double { Self.area(points) }

  static func area(_ polygon: [CardPoint]) -> Double {
    guard polygon.count >= 3 else { return 0 }
    var sum = 0.0
    for index in polygon.indices {
      let a = polygon[index]
      let b = polygon[(index + 1) % polygon.count]
      sum += a.x * b.y - b.x * a.y
    }
    return abs(sum) / 2
  }

  /// The area of the largest quadrilateral with corners among the hull's: as much of the
  /// hull as four corners hold (a square's all of it, a disc's 64%).
  var largestQuadrilateralArea: Double {
    let count = points.count
    guard count > 4 else { return area }
    func triangle(_ a: Int, _ b: Int, _ c: Int) -> Double {
      abs(
        (points[b].x - points[a].x) * (points[c].y - points[a].y) - (points[c].x - points[a].x)
          * (points[b].y - points[a].y)) / 2
    }
    var best = 0.0
    // A diagonal from i to j, and the farthest corner on each side of it: on a convex
    // polygon the farthest corner moves forward as j does, so each side is one sweep.
    for i in 0..<count {
      var left = i + 1
      var right = i + 3
      for j in (i + 2)..<(i + count - 1) {
        if left >= j { left = j - 1 }
        while left + 1 < j, triangle(i, j % count, (left + 1) % count) >= triangle(i, j % count, left % count) {
          left += 1
        }
        if right <= j { right = j + 1 }
        while right + 1 < i + count,
          triangle(i, j % count, (right + 1) % count) >= triangle(i, j % count, right % count)
        {
          right += 1
        }
        best = max(best, triangle(i, j % count, left % count) + triangle(i, j % count, right % count))
      }
    }
    return best
  }
}
