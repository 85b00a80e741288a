internal import CPNG

/// Decodes PNG with libpng's simplified API, whose errors come back as messages rather
/// than a `longjmp`. Every colour type and bit depth, interlaced or not, becomes 8-bit
/// grey, with transparency composited over white.
enum PNGReader {
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  static func isPNG(_ bytes: [UInt8]) -> Bool { bytes.starts(with: signature) }

  static func decode(_ bytes: [UInt8], limits: ImageLimits) throws(ImageDecodingError) -> GrayImage {
    let (pixels, width, height) = try decode(bytes, limits: limits, channels: 1)
    return GrayImage(width: width, height: height, pixels: pixels)
  }

  /// In colour, transparency kept, for showing.
  static func decodeRGBA(_ bytes: [UInt8], limits: ImageLimits) throws(ImageDecodingError) -> RGBAImage {
    let (pixels, width, height) = try decode(bytes, limits: limits, channels: 4)
    return RGBAImage(width: width, height: height, bytes: pixels)
  }

  private static func decode(
    _ bytes: [UInt8], limits: ImageLimits, channels: Int
  ) throws(ImageDecodingError) -> (pixels: [UInt8], width: Int, height: Int) {
    guard isPNG(bytes) else { throw .unsupportedFormat }
    // libpng reads from the buffer until png_image_finish_read, so both calls stay
    // inside one withUnsafeBytes.
    let result = bytes.withUnsafeBytes { buffer in
      Result { () throws(ImageDecodingError) in try decode(buffer, limits: limits, channels: channels) }
    }
    return try result.get()
  }

  private static func decode(
    _ buffer: UnsafeRawBufferPointer, limits: ImageLimits, channels: Int
  ) throws(ImageDecodingError) -> (pixels: [UInt8], width: Int, height: Int) {
    var image = png_image()
    image.version = png_uint_32(PNG_IMAGE_VERSION)
    defer { png_image_free(&image) }

    guard png_image_begin_read_from_memory(&image, buffer.baseAddress, buffer.count) != 0 else {
      throw .corrupt(message(of: &image))
    }
    // The header is read: refuse huge images before allocating their pixels.
    let width = Int(image.width)
    let height = Int(image.height)
    let (pixelCount, overflow) = width.multipliedReportingOverflow(by: height)
    guard !overflow, pixelCount <= limits.maximumPixels else {
      throw .tooManyPixels(width: width, height: height, limit: limits.maximumPixels)
    }

    // PNG_FORMAT_RGBA is a macro expression Swift does not import: colour | alpha.
    image.format =
      channels == 4 ? png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA) : png_uint_32(PNG_FORMAT_GRAY)
    var pixels = [UInt8](repeating: 255, count: pixelCount * channels)
    // For grey output libpng composites alpha over the background's green channel.
    var white = png_color(red: 255, green: 255, blue: 255)
    let finished = pixels.withUnsafeMutableBytes { output in
      png_image_finish_read(&image, &white, output.baseAddress, png_int_32(width * channels), nil)
    }
    guard finished != 0 else { throw .corrupt(message(of: &image)) }
    return (pixels, width, height)
  }

  private static func message(of image: inout png_image) -> String {
    withUnsafeBytes(of: &image.message) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
  }
}
