/// Codes cropped to their own edge: a screenshot or a scan cut at the symbol's border has
/// no quiet zone, so the finder patterns' outer dark ring runs into the image's side and
/// neither our census nor zbar sees the light that must surround it. The reader then
/// tries once more with a light frame around the image, the quiet zone the crop took
/// away. Measured on the zxing corpus: `qrcode-5/17` (version 40, one pixel a module, no
/// margin) is read at every rotation with it and at none of 90°, 180°, 270° without.
extension QRCodeReader {
  /// Whether dark pixels touch the image's border often enough that a symbol may have
  /// been cropped at its edge: a tenth of the border or more (a photo with a margin has
  /// almost none; a tight crop has about half).
  package static func isCroppedTight(_ binary: BinaryImage) -> Bool {
    let width = binary.width
    let height = binary.height
    guard width >= 21, height >= 21 else { return false }
    var dark = 0
    for x in 0..<width { dark += Int(binary.bits[x]) + Int(binary.bits[(height - 1) * width + x]) }
    for y in 1..<height - 1 { dark += Int(binary.bits[y * width]) + Int(binary.bits[y * width + width - 1]) }
    let border = 2 * width + 2 * (height - 2)
    return dark * 10 >= border
  }

  /// The symbols read from `image` in a light frame, with coordinates in `image`'s own
  /// pixels; empty when the frame does not help.
  func readFramed(_ image: GrayImage, deadline: Deadline) -> [QRSymbol] {
    let margin = max(8, min(image.width, image.height) / 16)
    let framed = image.framed(by: margin, level: image.lightLevel)
    let view = Self.view(framed, scale: 1)
    guard !view.census.isTruncated else { return [] }
    var symbols = locateAtOwnSize(framed, wide: view, deadline: deadline).outcome.symbols
    if symbols.isEmpty, !deadline.hasPassed {
      symbols = rectify(framed, finders: nil, atOwnSize: false, deadline: deadline)
    }
    return symbols.map { symbol in
      var symbol = symbol
      symbol.x = min(max(0, symbol.x - margin), image.width - 1)
      symbol.y = min(max(0, symbol.y - margin), image.height - 1)
      return symbol
    }
  }
}

extension GrayImage {
  /// The image inside a frame `margin` pixels wide of one grey `level`.
  package func framed(by margin: Int, level: UInt8) -> GrayImage {
    let outWidth = width + 2 * margin
    var output = [UInt8](repeating: level, count: outWidth * (height + 2 * margin))
    for y in 0..<height {
      let target = (y + margin) * outWidth + margin
      output[target..<target + width] = pixels[y * width..<(y + 1) * width]
    }
    return GrayImage(width: outWidth, height: height + 2 * margin, pixels: output)
  }

  /// The grey of the image's light modules and paper: the level that 90% of the pixels
  /// are at or below. A frame of pure white around a dim photo would itself look like a
  /// light edge to the threshold; one of the paper's own grey does not.
  package var lightLevel: UInt8 {
    var histogram = [Int](repeating: 0, count: 256)
    for pixel in pixels { histogram[Int(pixel)] += 1 }
    var seen = 0
    for level in 0..<256 {
      seen += histogram[level]
      if seen * 10 >= pixels.count * 9 { return UInt8(level) }
    }
    return 255
  }
}
