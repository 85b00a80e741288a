extension ModuleGridMap {
  /// The grey level of every module of the symbol in `image`, row by row: the centre,
  /// counted twice, and four points a fifth of a module towards the module's corners, each
  /// interpolated between pixels. Several points a module average out noise and JPEG's
  /// ringing; the centre weighs most because blur leaves the most of a module's own colour
  /// there. Off the image a point is white, as the quiet zone would be.
  func levels(in image: GrayImage) -> [Float] {
    let size = dimension
    var centres = [Point](repeating: .zero, count: size * size)
    for y in 0..<size {
      for x in 0..<size { centres[y * size + x] = map(Point(Double(x) + 0.5, Double(y) + 0.5)) }
    }
    var levels = [Float](repeating: 255, count: size * size)
    image.pixels.withUnsafeBufferPointer { pixels in
      let sampler = LevelSampler(pixels: pixels, width: image.width, height: image.height)
      for y in 0..<size {
        for x in 0..<size {
          let centre = centres[y * size + x]
          // The module's axes in the image, from its neighbours' centres (one-sided at the edges).
          let across =
            (centres[y * size + min(size - 1, x + 1)] - centres[y * size + max(0, x - 1)])
            / Double(min(size - 1, x + 1) - max(0, x - 1))
          let down =
            (centres[min(size - 1, y + 1) * size + x] - centres[max(0, y - 1) * size + x])
            / Double(min(size - 1, y + 1) - max(0, y - 1))
          let first = (across + down) * 0.2
          let second = (across - down) * 0.2
          let sum =
            2 * sampler.level(at: centre) + sampler.level(at: centre + first) + sampler.level(at: centre - first)
            + sampler.level(at: centre + second) + sampler.level(at: centre - second)
          levels[y * size + x] = sum / 6
        }
      }
    }
    return levels
  }
}

/// Levels between a grey image's pixels.
struct LevelSampler {
  let pixels: UnsafeBufferPointer<UInt8>
  let width: Int
  let height: Int

  /// The level at `point` (pixel centres at whole coordinates), interpolated between the
  /// four pixels around it; white off the image and for a point that is not finite.
  @inline(__always)
  func level(at point: Point) -> Float {
    guard point.x >= 0, point.y >= 0, point.x < Double(width - 1), point.y < Double(height - 1) else {
      return edgeLevel(at: point)
    }
    let left = Int(point.x)
    let top = Int(point.y)
    let fx = Float(point.x - Double(left))
    let fy = Float(point.y - Double(top))
    let index = top &* width &+ left
    let upper = Float(pixels[index]) * (1 - fx) + Float(pixels[index &+ 1]) * fx
    let lower = Float(pixels[index &+ width]) * (1 - fx) + Float(pixels[index &+ width &+ 1]) * fx
    return upper * (1 - fy) + lower * fy
  }

  /// The nearest pixel's level for a point on the image's last row or column; white
  /// beyond the image.
  private func edgeLevel(at point: Point) -> Float {
    guard point.x > -0.5, point.y > -0.5, point.x < Double(width) - 0.5, point.y < Double(height) - 0.5 else {
      return 255
    }
    return Float(pixels[Int(point.y + 0.5) * width + Int(point.x + 0.5)])
  }
}
