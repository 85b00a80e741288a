internal import CQRQuizReading

/// Encodes colour pictures (a question's uploaded photo or drawing) through the C shim:
/// the pixels only, never a chunk or marker of the file they came from.
package enum PictureWriter {
  /// A PNG of `image`: RGB when every pixel is opaque, RGBA otherwise.
  package static func png(_ image: RGBAImage) throws(ImageEncodingError) -> [UInt8] {
    let opaque = image.pixels.allSatisfy { $0 >> 24 == 0xFF }
    let channels = opaque ? 3 : 4
    let bytes = opaque ? rgb(image) : image.pixels.withUnsafeBytes { Array($0) }
    var output: UnsafeMutablePointer<UInt8>?
    var size = 0
    var message = [CChar](repeating: 0, count: 256)
    let status = bytes.withUnsafeBufferPointer { pixels in
      CQRQuizReading_png_write_color(
        pixels.baseAddress, UInt32(image.width), UInt32(image.height), Int32(channels), 6, &output, &size, &message,
        message.count)
    }
    guard status == 0, let output else { throw ImageEncodingError(message: failure(message)) }
    defer { CQRQuizReading_png_free(output) }
    return Array(UnsafeBufferPointer(start: output, count: size))
  }

  /// A baseline JPEG of `image` at `quality` (transparency over white).
  package static func jpeg(_ image: RGBAImage, quality: Int = 85) throws(ImageEncodingError) -> [UInt8] {
    let bytes = rgb(image)
    var output: UnsafeMutablePointer<UInt8>?
    var size = 0
    var message = [CChar](repeating: 0, count: 256)
    let status = bytes.withUnsafeBufferPointer { pixels in
      CQRQuizReading_jpeg_encode_rgb(
        pixels.baseAddress, UInt32(image.width), UInt32(image.height), Int32(quality), &output, &size, &message,
        message.count)
    }
    guard status == 0, let output else { throw ImageEncodingError(message: failure(message)) }
    defer { CQRQuizReading_jpeg_free(output) }
    return Array(UnsafeBufferPointer(start: output, count: size))
  }

  /// Three bytes a pixel, transparency blended over white.
  private static func rgb(_ image: RGBAImage) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: image.width * image.height * 3)
    for (index, pixel) in image.pixels.enumerated() {
      let alpha = Int(pixel >> 24)
      for channel in 0..<3 {
        let value = Int((pixel >> UInt32(channel * 8)) & 0xFF)
        bytes[index * 3 + channel] = UInt8((value * alpha + 255 * (255 - alpha) + 127) / 255)
      }
    }
    return bytes
  }

  private static func failure(_ message: [CChar]) -> String {
    let text = CMessage.text(message)
    return text.isEmpty ? "out of memory" : text
  }
}
