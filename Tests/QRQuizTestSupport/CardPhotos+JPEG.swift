import QRQuizTestPhotos

@testable import QRQuiz

extension CardPhotos {
  /// `image` as JPEG bytes at `quality` (QRQuiz's own writer, which only the tests may call
  /// from outside: the test photos' module sees QRQuiz's public and package parts alone).
  package static func jpeg(_ image: GrayImage, quality: Int = 85) throws -> [UInt8] {
    let pixels = image.pixels.map { value -> UInt32 in
      let v = UInt32(value)
      return 0xFF00_0000 | v << 16 | v << 8 | v
    }
    return try PictureWriter.jpeg(RGBAImage(width: image.width, height: image.height, pixels: pixels), quality: quality)
  }
}
