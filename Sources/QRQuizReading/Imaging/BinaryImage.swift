/// A black-and-white image, one byte a pixel: 1 dark, 0 light. What QR detection reads.
public struct BinaryImage: Sendable, Hashable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// `width * height` values, row by row; 1 is dark.
  public var bits: [UInt8]

  /// Whether the pixel at column `x`, row `y` is dark.
  @inline(__always)
  public func isDark(_ x: Int, _ y: Int) -> Bool { bits[y * width + x] != 0 }
}

extension GrayImage {
  /// ``binarized(radius:)``'s window half-width when none is given: about a sixteenth of
  /// the shorter side, at least 4.
  var defaultBinarizationRadius: Int { max(4, min(width, height) / 16) }

  /// Each pixel compared with the mean of the square window of `radius` around it (a
  /// small bias keeps flat light areas white): handles shadows and uneven light.
  ///
  /// Memory is one output byte a pixel plus one running sum a column, whatever the image
  /// size: the window sums slide down the columns and along each row, rather than living
  /// in an integral image of eight bytes a pixel (320 MB for a 40 MP photo).
  ///
  /// - Parameter radius: the half-width of the window; by default about a sixteenth of
  ///   the shorter side, wide enough to hold a finder pattern of a code that fills the
  ///   image.
  public func binarized(radius: Int? = nil) -> BinaryImage {
    let radius = radius ?? defaultBinarizationRadius
    var bits = [UInt8](repeating: 0, count: width * height)
    guard width > 0, height > 0 else { return BinaryImage(width: width, height: height, bits: bits) }
    // Column c's sum over the window's rows lives at columnSums[c + radius + 1], with zeros
    // on both sides: sliding the window along a row then needs no test at either edge.
    let offset = radius + 1
    // 32-bit sums (a column of 255s over a window of a 40 MP photo's height is far below
    // 2³¹) let the compiler move eight columns at a time.
    var columnSums = [Int32](repeating: 0, count: width + 2 * radius + 2)
    // The window's width at each column, clipped by the image's sides.
    let windowWidths = (0..<width).map { x in min(width - 1, x + radius) - max(0, x - radius) + 1 }
    pixels.withUnsafeBufferPointer { pixels in
      bits.withUnsafeMutableBufferPointer { bits in
        columnSums.withUnsafeMutableBufferPointer { columnSums in
          windowWidths.withUnsafeBufferPointer { windowWidths in
            for y in 0...min(radius, height - 1) {
              for x in 0..<width { columnSums[x &+ offset] &+= Int32(pixels[y * width + x]) }
            }
            for y in 0..<height {
              let rows = min(height - 1, y + radius) - max(0, y - radius) + 1
              var sum = 0
              for column in 1...offset + radius { sum &+= Int(columnSums[column]) }
              let row = y * width
              // Wrapping arithmetic (the values stay far below 2⁶³: 255 · count · 100) lets
              // the compiler drop an overflow check from every pixel.
              let rowsTimes100 = rows &* 100
              for x in 0..<width {
                // Dark when below 93% of the window's mean: pixel · count < sum · 0.93.
                let threshold = Int(pixels[row &+ x]) &* rowsTimes100 &* windowWidths[x]
                bits[row &+ x] = threshold < sum &* 93 ? 1 : 0
                sum = sum &+ Int(columnSums[x &+ 2 &* radius &+ 2]) &- Int(columnSums[x &+ 1])
              }
              // Move the window down one row: the row entering and the row leaving at once.
              let entering = y + radius + 1 < height ? (y + radius + 1) * width : -1
              let leaving = y - radius >= 0 ? (y - radius) * width : -1
              if entering >= 0, leaving >= 0 {
                for x in 0..<width {
                  columnSums[x &+ offset] &+= Int32(pixels[entering &+ x]) &- Int32(pixels[leaving &+ x])
                }
              } else if entering >= 0 {
                for x in 0..<width { columnSums[x &+ offset] &+= Int32(pixels[entering &+ x]) }
              } else if leaving >= 0 {
                for x in 0..<width { columnSums[x &+ offset] &-= Int32(pixels[leaving &+ x]) }
              }
            }
          }
        }
      }
    }
    return BinaryImage(width: width, height: height, bits: bits)
  }
}
