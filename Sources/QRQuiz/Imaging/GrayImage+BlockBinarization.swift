extension GrayImage {
  /// As ``binarized(radius:)`` — each pixel dark when below 93% of the mean of the window
  /// of `radius` around it — with the window's mean worked out once per block of pixels
  /// rather than once per pixel: 4 × 4 blocks for a window of 16 pixels or more each way,
  /// 2 × 2 from 8, single pixels below. The mean moves little across a block a fraction of
  /// the window wide, and comparing each pixel with its block's threshold, a row at a time,
  /// costs a fraction of sliding the window. What the QR reader thresholds with.
  func blockBinarized(radius: Int? = nil) -> BinaryImage {
    let radius = radius ?? max(4, min(width, height) / 16)
    let block = radius >= 16 ? 4 : radius >= 8 ? 2 : 1
    guard block > 1, width >= block, height >= block else { return binarized(radius: radius) }
    let columns = (width + block - 1) / block
    let rows = (height + block - 1) / block
    // Sums over each block, then over the window of blocks around each (a summed-area
    // table of blocks, a zero row and column first).
    var sums = [Int](repeating: 0, count: (columns + 1) * (rows + 1))
    pixels.withUnsafeBufferPointer { pixels in
      var rowSums = [Int](repeating: 0, count: columns)
      for row in 0..<rows {
        for index in rowSums.indices { rowSums[index] = 0 }
        for y in row * block..<min(height, (row + 1) * block) {
          let start = y * width
          for x in 0..<width { rowSums[x / block] &+= Int(pixels[start &+ x]) }
        }
        var running = 0
        for column in 0..<columns {
          running &+= rowSums[column]
          sums[(row + 1) * (columns + 1) + column + 1] = sums[row * (columns + 1) + column + 1] &+ running
        }
      }
    }
    let reach = radius / block
    var thresholds = [UInt8](repeating: 0, count: columns * rows)
    for row in 0..<rows {
      let top = max(0, row - reach)
      let bottom = min(rows - 1, row + reach)
      let pixelRows = min(height, (bottom + 1) * block) - top * block
      for column in 0..<columns {
        let left = max(0, column - reach)
        let right = min(columns - 1, column + reach)
        let stride = columns + 1
        let total =
          sums[(bottom + 1) * stride + right + 1] - sums[top * stride + right + 1] - sums[(bottom + 1) * stride + left]
          + sums[top * stride + left]
        let count = pixelRows * (min(width, (right + 1) * block) - left * block)
        // Dark below 93% of the mean: the least level not dark, rounded up.
        thresholds[row * columns + column] = UInt8((total * 93 + count * 100 - 1) / (count * 100))
      }
    }
    var bits = [UInt8](repeating: 0, count: width * height)
    var rowThresholds = [UInt8](repeating: 0, count: width)
    pixels.withUnsafeBufferPointer { pixels in
      bits.withUnsafeMutableBufferPointer { bits in
        rowThresholds.withUnsafeMutableBufferPointer { rowThresholds in
          for y in 0..<height {
            if y % block == 0 {
              let first = y / block * columns
              for x in 0..<width { rowThresholds[x] = thresholds[first + x / block] }
            }
            let start = y * width
            for x in 0..<width { bits[start &+ x] = pixels[start &+ x] < rowThresholds[x] ? 1 : 0 }
          }
        }
      }
    }
    return BinaryImage(width: width, height: height, bits: bits)
  }
}
