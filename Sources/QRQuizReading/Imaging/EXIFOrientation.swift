/// The EXIF orientation of a JPEG (tag 0x0112 in the APP1 `Exif` segment): how the
/// camera was held, which phones record instead of rotating the pixels.
enum EXIFOrientation {
  /// The orientation value 1...8, or 1 when there is none or it cannot be read. Reads at
  /// most the segments before the image data; never trusts an offset without a bounds check.
  static func value(in jpeg: [UInt8]) -> Int {
    var offset = 2  // after SOI
    while offset + 4 <= jpeg.count, jpeg[offset] == 0xFF {
      let marker = jpeg[offset + 1]
      // Start of scan or end of image: no more metadata.
      if marker == 0xDA || marker == 0xD9 { return 1 }
      let length = Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3])
      guard length >= 2, offset + 2 + length <= jpeg.count else { return 1 }
      let segment = jpeg[(offset + 4)..<(offset + 2 + length)]
      if marker == 0xE1, segment.starts(with: Array("Exif\0\0".utf8)) {
        return orientation(tiff: Array(segment.dropFirst(6))) ?? 1
      }
      offset += 2 + length
    }
    return 1
  }

  private static func orientation(tiff: [UInt8]) -> Int? {
    guard tiff.count >= 8 else { return nil }
    let littleEndian: Bool
    switch (tiff[0], tiff[1]) {
    case (0x49, 0x49): littleEndian = true
    case (0x4D, 0x4D): littleEndian = false
    default: return nil
    }
    func read16(_ at: Int) -> Int? {
      guard at >= 0, at + 2 <= tiff.count else { return nil }
      return littleEndian ? Int(tiff[at]) | Int(tiff[at + 1]) << 8 : Int(tiff[at]) << 8 | Int(tiff[at + 1])
    }
    func read32(_ at: Int) -> Int? {
      guard let high = read16(littleEndian ? at + 2 : at), let low = read16(littleEndian ? at : at + 2) else {
        return nil
      }
      return high << 16 | low
    }
    guard read16(2) == 42, let ifd = read32(4), let count = read16(ifd) else { return nil }
    for entry in 0..<min(count, 512) {
      let at = ifd + 2 + entry * 12
      guard let tag = read16(at) else { return nil }
      if tag == 0x0112, let value = read16(at + 8), (1...8).contains(value) { return value }
    }
    return nil
  }

  /// `image` turned upright for `orientation`.
  static func apply(_ orientation: Int, to image: GrayImage) -> GrayImage {
    let upright = upright(image.pixels, width: image.width, height: image.height, orientation: orientation)
    return GrayImage(width: upright.width, height: upright.height, pixels: upright.pixels)
  }

  /// A colour `image` turned upright for `orientation`.
  static func apply(_ orientation: Int, to image: RGBAImage) -> RGBAImage {
    let upright = upright(image.pixels, width: image.width, height: image.height, orientation: orientation)
    return RGBAImage(width: upright.width, height: upright.height, pixels: upright.pixels)
  }

  /// Row-major `pixels` turned upright for `orientation`, in one pass: each output pixel
  /// read from where the orientation put it.
  private static func upright<Pixel>(
    _ pixels: [Pixel], width: Int, height: Int, orientation: Int
  ) -> (pixels: [Pixel], width: Int, height: Int) {
    guard (2...8).contains(orientation) else { return (pixels, width, height) }
    // Orientations 5-8 swap the axes.
    let swaps = orientation >= 5
    let outputWidth = swaps ? height : width
    let outputHeight = swaps ? width : height
    guard let first = pixels.first else { return (pixels, outputWidth, outputHeight) }
    var output = [Pixel](repeating: first, count: pixels.count)
    for y in 0..<outputHeight {
      for x in 0..<outputWidth {
        let (sourceX, sourceY): (Int, Int) =
          switch orientation {
          case 2: (width - 1 - x, y)
          case 3: (width - 1 - x, height - 1 - y)
          case 4: (x, height - 1 - y)
          case 5: (y, x)
          case 6: (y, height - 1 - x)
          case 7: (width - 1 - y, height - 1 - x)
          default: (width - 1 - y, x)
          }
        output[y * outputWidth + x] = pixels[sourceY * width + sourceX]
      }
    }
    return (output, outputWidth, outputHeight)
  }
}
