extension QRCodeReader {
  /// Large photos are first scanned at about this many pixels (a 12 MP JPEG at half size
  /// in the DCT), which is several times faster and finds nearly every code; only when that
  /// finds nothing is the full resolution decoded and scanned.
  public static let fastScanPixels = 4_000_000

  /// Decodes an image file's bytes (PNG or JPEG) and scans it.
  ///
  /// - Throws: ``ImageDecodingError`` when the bytes are not a readable image.
  public func scan(imageData bytes: [UInt8], limits: ImageLimits = .default) throws(ImageDecodingError) -> Scan {
    let reduced = try ImageDecoder.decode(bytes, limits: limits, targetPixels: Self.fastScanPixels)
    let first = scan(reduced)
    guard first.symbols.isEmpty, JPEGReader.isJPEG(bytes) else { return first }
    let full = try ImageDecoder.decode(bytes, limits: limits)
    guard full.width > reduced.width else { return first }
    return scan(full)
  }
}
