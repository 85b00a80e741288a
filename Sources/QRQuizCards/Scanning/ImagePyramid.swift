import QRQuiz

/// An image and its halves: level 0 is the image, each next level half as wide and high,
/// each pixel the mean of the 2 × 2 below it (a box filter: noise averages out, and a
/// marker's cells stay cells down to about a pixel each).
struct ImagePyramid {
  /// The levels, full size first.
  let levels: [GrayImage]

  /// `image` and its halves down to `depth` levels below it (fewer when it gets too small).
  init(_ image: GrayImage, depth: Int) {
    var levels = [image]
    while levels.count <= depth, let last = levels.last, last.width >= 32, last.height >= 32 {
      levels.append(Self.halved(last))
    }
    self.levels = levels
  }

  /// How much smaller than the image level `index` is (1, 2, 4 …).
  static func scale(of index: Int) -> Int { 1 << index }

  /// `image` at half its width and height, each pixel the rounded mean of four.
  static func halved(_ image: GrayImage) -> GrayImage {
    let width = image.width / 2
    let height = image.height / 2
    var output = [UInt8](repeating: 0, count: width * height)
    image.pixels.withUnsafeBufferPointer { source in
      output.withUnsafeMutableBufferPointer { target in
        for y in 0..<height {
          let top = source.baseAddress! + 2 * y * image.width
          let bottom = top + image.width
          let row = target.baseAddress! + y * width
          for x in 0..<width {
            let sum = Int(top[2 * x]) + Int(top[2 * x + 1]) + Int(bottom[2 * x]) + Int(bottom[2 * x + 1])
            row[x] = UInt8(truncatingIfNeeded: (sum + 2) >> 2)
          }
        }
      }
    }
    return GrayImage(width: width, height: height, pixels: output)
  }
}
