internal import CQRQuizReading

/// Encodes greyscale PNGs through the C shim (libpng's classic API needs `setjmp`).
package enum PNGWriter {
  /// zlib level 6, the default, as qrencode uses, so the image data compresses the same
  /// and our files are smaller by the PLTE, tRNS and pHYs chunks we leave out. Measured on
  /// generated topics: level 5 (or Z_FILTERED) is faster but loses to qrencode on 7% (or,
  /// at scale 3, a third) of files; levels 7-9 make larger files, their lazy matching
  /// suiting these long repeats worse.
  static let compressionLevel: Int32 = 6

  /// A 1-bit PNG from packed rows (eight pixels a byte, most significant bit first,
  /// 1 = white).
  static func encodeBilevel(packedRows: [UInt8], width: Int, height: Int) throws(ImageEncodingError) -> [UInt8] {
    try encode(rows: packedRows, width: width, height: height, rowBytes: (width + 7) / 8, bitDepth: 1)
  }

  /// A 1-bit PNG of a black-and-white image: pixels below 128 are black.
  package static func encodeBilevel(_ image: GrayImage) throws(ImageEncodingError) -> [UInt8] {
    let rowBytes = (image.width + 7) / 8
    var packed = [UInt8](repeating: 0, count: rowBytes * image.height)
    for y in 0..<image.height {
      for x in 0..<image.width where image.pixels[y * image.width + x] >= 128 {
        packed[y * rowBytes + x >> 3] |= 0x80 >> UInt8(x & 7)
      }
    }
    return try encodeBilevel(packedRows: packed, width: image.width, height: image.height)
  }

  private static func encode(
    rows: [UInt8], width: Int, height: Int, rowBytes: Int, bitDepth: Int32
  ) throws(ImageEncodingError) -> [UInt8] {
    var output: UnsafeMutablePointer<UInt8>?
    var size = 0
    var message = [CChar](repeating: 0, count: 256)
    let status = rows.withUnsafeBufferPointer { rows in
      CQRQuizReading_png_write_gray(
        rows.baseAddress, UInt32(width), UInt32(height), rowBytes, bitDepth, compressionLevel,
        &output, &size, &message, message.count)
    }
    guard status == 0, let output else {
      let text = CMessage.text(message)
      throw ImageEncodingError(message: text.isEmpty ? "out of memory" : text)
    }
    defer { CQRQuizReading_png_free(output) }
    return Array(UnsafeBufferPointer(start: output, count: size))
  }
}
