import Foundation
import QRQuiz
import Testing

/// Builds minimal PNG headers for limit tests.
package enum PNGBuilder {
  package static func header(width: UInt32, height: UInt32) -> [UInt8] {
    var ihdr = bigEndian(width) + bigEndian(height)
    ihdr += [8, 0, 0, 0, 0]  // 8-bit grey, deflate, no filter method, no interlace
    // libpng reads the header up to the first IDAT before it reports the dimensions.
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr)
      + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00]) + chunk("IEND", [])
  }

  package static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
  }

  package static func bigEndian(_ value: UInt32) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
  }

  package static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
}
