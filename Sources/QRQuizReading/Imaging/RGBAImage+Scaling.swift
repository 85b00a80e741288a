extension RGBAImage {
  /// The image made smaller, keeping its proportions, so neither side is longer than
  /// `maximumSide`; each new pixel the average of the pixels it covers. An image that fits
  /// already is returned as it is.
  public func scaled(toFit maximumSide: Int) -> RGBAImage {
    let longest = Swift.max(width, height)
    guard longest > maximumSide, maximumSide > 0 else { return self }
    let newWidth = Swift.max(1, width * maximumSide / longest)
    let newHeight = Swift.max(1, height * maximumSide / longest)
    var output = [UInt32](repeating: 0, count: newWidth * newHeight)
    for y in 0..<newHeight {
      let top = y * height / newHeight
      let bottom = Swift.max(top + 1, (y + 1) * height / newHeight)
      for x in 0..<newWidth {
        let left = x * width / newWidth
        let right = Swift.max(left + 1, (x + 1) * width / newWidth)
        var sums: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
        for row in top..<bottom {
          for column in left..<right {
            let pixel = pixels[row * width + column]
            sums.0 += pixel & 0xFF
            sums.1 += (pixel >> 8) & 0xFF
            sums.2 += (pixel >> 16) & 0xFF
            sums.3 += pixel >> 24
          }
        }
        let count = UInt32((bottom - top) * (right - left))
        let half = count / 2
        output[y * newWidth + x] =
          ((sums.0 + half) / count) | ((sums.1 + half) / count) << 8 | ((sums.2 + half) / count) << 16
          | ((sums.3 + half) / count) << 24
      }
    }
    return RGBAImage(width: newWidth, height: newHeight, pixels: output)
  }
}
