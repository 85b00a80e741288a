import QRQuiz

/// The pixels a PNG or JPEG says it has, read from its header alone: what decoding it
/// would cost, known before it is paid.
enum DeclaredPixels {
  /// Width × height from a PNG's IHDR or a JPEG's frame header; `nil` for other bytes or
  /// a header not found.
  static func count(in bytes: [UInt8]) -> Int? {
    if bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
      return Int(bigEndian32(bytes, 16)) * Int(bigEndian32(bytes, 20))
    }
    guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
    // Segments until a start-of-frame marker (SOF0–SOF15, except DHT, JPG and DAC).
    var index = 2
    while index + 9 < bytes.count {
      guard bytes[index] == 0xFF else { return nil }
      let marker = bytes[index + 1]
      if marker == 0xFF {
        index += 1
        continue
      }
      let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
      if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
        let height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
        let width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
        return width * height
      }
      guard length >= 2 else { return nil }
      index += 2 + length
    }
    return nil
  }

  private static func bigEndian32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
  }
}
