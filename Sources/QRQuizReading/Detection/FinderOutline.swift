import Foundation

/// The square inside a finder pattern's dark ring (5×5 modules) as it appears in the image: four corners, which a
/// camera at an angle turns into any convex quadrilateral. Three finders' twelve corners
/// pin down a symbol's perspective far better than their three centres: the centres alone
/// cannot tell a symbol tilted away (its far side shrinks) from a flat parallelogram.
///
/// Rays from the centre find the inner edge of the dark ring in every direction; the four
/// corners are the extremes of those edge points, and each side is then fitted by a line
/// through the points between its corners, whose crossings are the refined corners (a
/// blurred corner is rounded; its sides are not).
enum FinderOutline {
  /// The square's corners clockwise on screen from the one nearest the direction
  /// `-(right + down)`, that is: the finder's top-left, top-right, bottom-right and
  /// bottom-left as the symbol is read, when `right` and `down` are the symbol's axes.
  static func corners(
    of centre: Point, moduleSize: Double, in image: BinaryImage, right: Point, down: Point
  ) -> [Point]? {
    let edge = edgePoints(of: centre, moduleSize: moduleSize, in: image)
    guard edge.count >= 24 else { return nil }
    // Extremes: the farthest point, the farthest from it, then the farthest on each side
    // of the diagonal they span.
    let first = edge.max { length($0 - centre) < length($1 - centre) }!
    let third = edge.max { length($0 - first) < length($1 - first) }!
    let diagonal = third - first
    func side(_ point: Point) -> Double { cross(diagonal, point - first) }
    guard let second = edge.max(by: { side($0) < side($1) }), let fourth = edge.min(by: { side($0) < side($1) }),
      side(second) > 0, side(fourth) < 0
    else { return nil }
    var rough = [first, second, third, fourth]
    rough = refined(rough, edge: edge) ?? rough
    // Name them by their direction from the centre along the symbol's axes.
    func named(_ wantRight: Double, _ wantDown: Double) -> Point {
      rough.max { corner, other in
        let a = corner - centre
        let b = other - centre
        return dot(a, right) * wantRight + dot(a, down) * wantDown
          < dot(b, right) * wantRight + dot(b, down) * wantDown
      }!
    }
    let ordered = [named(-1, -1), named(1, -1), named(1, 1), named(-1, 1)]
    guard Set(ordered.map { [$0.x, $0.y] }).count == 4 else { return nil }
    return ordered
  }

  /// Where rays from `centre` in 64 directions cross from the light ring into the dark
  /// ring (at most five modules out). That edge, a 5×5-module square, is enclosed by the
  /// finder itself, so dark data modules touching the finder's outside cannot stretch it.
  /// A change of colour counts only once it lasts a third of a module: a noise speckle
  /// does not end a ray early.
  static func edgePoints(of centre: Point, moduleSize: Double, in image: BinaryImage) -> [Point] {
    var points: [Point] = []
    let reach = moduleSize * 5
    let step = 0.5
    let persistence = max(1, Int((moduleSize / 3 / step).rounded()))
    for index in 0..<64 {
      let angle = Double(index) * .pi / 32
      let direction = Point(cos(angle), sin(angle))
      var wantDark = false
      var transitions = 0
      var streak = 0
      var distance = 0.0
      var streakStart = 0.0
      while transitions < 2, distance < reach {
        distance += step
        let point = centre + direction * distance
        // Truncating x + ½ rounds to the nearest pixel once x ≥ −½, without a library call.
        guard point.x >= -0.5, point.y >= -0.5 else { break }
        let x = Int(point.x + 0.5)
        let y = Int(point.y + 0.5)
        guard x < image.width, y < image.height else { break }
        guard image.isDark(x, y) == wantDark else {
          streak = 0
          continue
        }
        if streak == 0 { streakStart = distance }
        streak += 1
        if streak == persistence {
          transitions += 1
          wantDark.toggle()
          streak = 0
        }
      }
      // The edge lies half a step before the first dark sample.
      if transitions == 2 { points.append(centre + direction * (streakStart - step / 2)) }
    }
    return points
  }

  /// The corners where lines fitted to each side's middle points cross, or nil if a side
  /// has too few points or two sides are parallel.
  private static func refined(_ corners: [Point], edge: [Point]) -> [Point]? {
    var lines: [(point: Point, direction: Point)] = []
    for index in 0..<4 {
      let start = corners[index]
      let end = corners[(index + 1) % 4]
      let direction = (end - start) / length(end - start)
      let span = length(end - start)
      // Points near this side, away from its rounded corners.
      let near = edge.filter { point in
        let along = dot(point - start, direction)
        return along > span * 0.2 && along < span * 0.8 && abs(cross(direction, point - start)) < span * 0.15
      }
      guard near.count >= 3, let line = fittedLine(near) else { return nil }
      lines.append(line)
    }
    var result: [Point] = []
    for index in 0..<4 {
      guard let point = intersection(lines[(index + 3) % 4], lines[index]) else { return nil }
      // A refined corner far from the rough one means a bad fit.
      guard length(point - corners[index]) < length(corners[(index + 1) % 4] - corners[index]) * 0.25 else {
        return nil
      }
      result.append(point)
    }
    return result
  }

  /// The total-least-squares line through `points`: their centroid and main direction.
  private static func fittedLine(_ points: [Point]) -> (point: Point, direction: Point)? {
    let mean = points.reduce(Point.zero, +) / Double(points.count)
    var xx = 0.0
    var xy = 0.0
    var yy = 0.0
    for point in points {
      let d = point - mean
      xx += d.x * d.x
      xy += d.x * d.y
      yy += d.y * d.y
    }
    let angle = 0.5 * atan2(2 * xy, xx - yy)
    return (mean, Point(cos(angle), sin(angle)))
  }

  private static func intersection(
    _ a: (point: Point, direction: Point), _ b: (point: Point, direction: Point)
  ) -> Point? {
    let denominator = cross(a.direction, b.direction)
    guard abs(denominator) > 1e-6 else { return nil }
    let t = cross(b.point - a.point, b.direction) / denominator
    return a.point + a.direction * t
  }
}
