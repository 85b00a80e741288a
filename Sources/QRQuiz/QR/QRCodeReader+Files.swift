extension QRCodeReader {
  /// Large photos are first scanned at about this many pixels (a 12 MP JPEG at half size
  /// in the DCT), which is several times faster and finds nearly every code; only when that
  /// finds nothing is the full resolution decoded and scanned.
  public static let fastScanPixels = 4_000_000

  /// Decodes an image file's bytes (PNG or JPEG) and scans it.
  ///
  /// - Throws: ``ImageDecodingError`` when the bytes are not a readable image.
  public func scan(imageData bytes: [UInt8], limits: ImageLimits = .default) throws(ImageDecodingError) -> Scan {
    let first = try ImageDecoder.decodeNotingReduction(bytes, limits: limits, targetPixels: Self.fastScanPixels)
    let scanned = scan(first.image)
    // Only a reduced decode is worth repeating at full size.
    guard scanned.symbols.isEmpty, first.isReduced else { return scanned }
    return scan(try ImageDecoder.decode(bytes, limits: limits))
  }

  /// Reads an image file (PNG or JPEG) and scans it.
  ///
  /// - Throws: ``ImageDecodingError`` when the file cannot be read or is not an image.
  public func scan(contentsOfFile path: String, limits: ImageLimits = .default) throws(ImageDecodingError) -> Scan {
    try scan(imageData: try ImageDecoder.read(path, limits: limits), limits: limits)
  }
}
