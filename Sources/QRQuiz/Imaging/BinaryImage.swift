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
    let radius = radius ?? max(4, min(width, height) / 16)
    var bits = [UInt8](repeating: 0, count: width * height)
    guard width > 0, height > 0 else { return BinaryImage(width: width, height: height, bits: bits) }
    // columnSums[x]: the sum of column x over the rows of the current window.
    var columnSums = [UInt32](repeating: 0, count: width)
    pixels.withUnsafeBufferPointer { pixels in
      bits.withUnsafeMutableBufferPointer { bits in
        columnSums.withUnsafeMutableBufferPointer { columnSums in
          for y in 0...min(radius, height - 1) {
            for x in 0..<width { columnSums[x] += UInt32(pixels[y * width + x]) }
          }
          for y in 0..<height {
            let top = max(0, y - radius)
            let bottom = min(height - 1, y + radius)
            let rows = bottom - top + 1
            // Slide the window along the row.
            var sum = 0
            for x in 0...min(radius, width - 1) { sum += Int(columnSums[x]) }
            for x in 0..<width {
              let left = max(0, x - radius)
              let right = min(width - 1, x + radius)
              let count = rows * (right - left + 1)
              if Int(pixels[y * width + x]) * count * 100 < sum * 93 { bits[y * width + x] = 1 }
              if x + radius + 1 < width { sum += Int(columnSums[x + radius + 1]) }
              if x - radius >= 0 { sum -= Int(columnSums[x - radius]) }
            }
            // Move the window down one row.
            if y + radius + 1 < height {
              for x in 0..<width { columnSums[x] += UInt32(pixels[(y + radius + 1) * width + x]) }
            }
            if y - radius >= 0 {
              for x in 0..<width { columnSums[x] -= UInt32(pixels[(y - radius) * width + x]) }
            }
          }
        }
      }
    }
    return BinaryImage(width: width, height: height, bits: bits)
  }
}
