internal import CQRQuizReading

/// Decodes JPEG (phones save photos as JPEG) to 8-bit grey with the system libjpeg-turbo,
/// through the C shim that keeps libjpeg's `longjmp` errors away from Swift.
enum JPEGReader {
  static func isJPEG(_ bytes: [UInt8]) -> Bool { bytes.starts(with: [0xFF, 0xD8, 0xFF]) }

  /// Decodes at the largest of full, ½, ¼ or ⅛ size that has at most `targetPixels`
  /// pixels (nil: full size), refusing images over the limits (pixels, scans) before
  /// allocating or decoding.
  ///
  /// - Parameter timeLimit: seconds the decode may take; nil for no limit.
  /// - Returns: the image, and whether it is smaller than the full size.
  static func decode(
    _ bytes: [UInt8], limits: ImageLimits, targetPixels: Int?, timeLimit: Double? = nil
  ) throws(ImageDecodingError) -> (image: GrayImage, isReduced: Bool) {
    let decoded = try decode(bytes, channels: 1, limits: limits, targetPixels: targetPixels, timeLimit: timeLimit)
    return (GrayImage(width: decoded.width, height: decoded.height, pixels: decoded.bytes), decoded.isReduced)
  }

  /// In colour, for showing (a terminal, a page), at most about `targetPixels`.
  static func decodeRGBA(_ bytes: [UInt8], limits: ImageLimits, targetPixels: Int?) throws(ImageDecodingError)
    -> RGBAImage
  {
    let decoded = try decode(bytes, channels: 4, limits: limits, targetPixels: targetPixels, timeLimit: nil)
    return RGBAImage(width: decoded.width, height: decoded.height, bytes: decoded.bytes)
  }

  private static func decode(
    _ bytes: [UInt8], channels: Int, limits: ImageLimits, targetPixels: Int?, timeLimit: Double?
  ) throws(ImageDecodingError) -> (bytes: [UInt8], width: Int, height: Int, isReduced: Bool) {
    var message = [CChar](repeating: 0, count: 256)
    var denominator: Int32 = 1
    var width: UInt32 = 0
    var height: UInt32 = 0
    var fullWidth: UInt32 = 0
    var fullHeight: UInt32 = 0
    while true {
      let status = bytes.withUnsafeBufferPointer { buffer in
        CQRQuizReading_jpeg_dimensions(
          buffer.baseAddress, buffer.count, denominator, &width, &height, &fullWidth, &fullHeight,
          &message, message.count)
      }
      guard status == 0 else { throw .corrupt(CMessage.text(message)) }
      let (fullPixels, overflow) = Int(fullWidth).multipliedReportingOverflow(by: Int(fullHeight))
      guard !overflow, fullPixels <= limits.maximumPixels else {
        throw .tooManyPixels(width: Int(fullWidth), height: Int(fullHeight), limit: limits.maximumPixels)
      }
      guard let targetPixels, Int(width) * Int(height) > targetPixels, denominator < 8 else { break }
      denominator *= 2
    }
    // Counted from the markers, before libjpeg reads a scan: a file of too many scans is
    // refused by its count, never by the time limit however slow the machine (libjpeg's
    // own count, in the progress callback, stays as a second guard).
    if limits.maximumScans > 0,
      JPEGMarkers.scanCount(in: bytes, stoppingAfter: limits.maximumScans) > limits.maximumScans
    {
      throw .tooManyScans(limit: limits.maximumScans)
    }
    var pixels = [UInt8](repeating: 255, count: Int(width) * Int(height) * channels)
    let status = bytes.withUnsafeBufferPointer { buffer in
      pixels.withUnsafeMutableBufferPointer { output in
        CQRQuizReading_jpeg_decode(
          buffer.baseAddress, buffer.count, denominator, Int32(channels), output.baseAddress, output.count,
          Int32(limits.maximumScans), timeLimit.map { max(1, Int64($0 * 1000)) } ?? 0, &message, message.count)
      }
    }
    switch status {
    case 0: break
    case -2: throw .tooManyScans(limit: limits.maximumScans)
    case -3: throw .timeLimitExceeded
    default: throw .corrupt(CMessage.text(message))
    }
    return (pixels, Int(width), Int(height), denominator > 1)
  }
}
