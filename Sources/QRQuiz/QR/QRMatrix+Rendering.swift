extension QRMatrix {
  /// The symbol as a black-on-white image.
  ///
  /// - Parameters:
  ///   - scale: pixels per module, at least 1.
  ///   - margin: quiet-zone width in modules on each side; the standard asks for 4.
  public func image(scale: Int, margin: Int) -> GrayImage {
    precondition(scale >= 1 && margin >= 0, "scale must be >= 1 and margin >= 0")
    let side = (size + 2 * margin) * scale
    var pixels = [UInt8](repeating: 255, count: side * side)
    for moduleY in 0..<size {
      // Build one pixel row of this module row, then repeat it `scale` times.
      var row = [UInt8](repeating: 255, count: side)
      for moduleX in 0..<size where self[moduleX, moduleY] {
        let start = (moduleX + margin) * scale
        for x in start..<start + scale { row[x] = 0 }
      }
      for repeatIndex in 0..<scale {
        let y = (moduleY + margin) * scale + repeatIndex
        pixels.replaceSubrange(y * side..<(y + 1) * side, with: row)
      }
    }
    return GrayImage(width: side, height: side, pixels: pixels)
  }

  /// The symbol as a 1-bit greyscale PNG: the smallest faithful file.
  ///
  /// - Throws: when libpng fails, which happens only when memory runs out.
  public func pngData(scale: Int, margin: Int) throws -> [UInt8] {
    try PNGWriter.encodeBilevel(image(scale: scale, margin: margin))
  }
}
