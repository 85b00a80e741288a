import Foundation

/// Turns a symbol's bytes into text the way phone scanners do, since QR byte mode does not
/// say its charset: UTF-8 when the bytes are valid UTF-8 (which is also what zbar produces
/// for ECI-tagged data), else Shift_JIS (the QR standard's Japanese default), else
/// ISO-8859-1 (the standard's default), which accepts any bytes.
public enum SymbolText {
  /// The charsets tried, in order.
  public enum Charset: String, Sendable, Hashable {
    case utf8 = "UTF-8"
    case shiftJIS = "Shift_JIS"
    case isoLatin1 = "ISO-8859-1"
  }

  /// The text of `bytes` and the charset it was read in.
  public static func decode(_ bytes: [UInt8]) -> (text: String, charset: Charset) {
    if let text = String(validating: bytes, as: UTF8.self) { return (text, .utf8) }
    if looksLikeShiftJIS(bytes), let text = String(data: Data(bytes), encoding: .shiftJIS) {
      return (text, .shiftJIS)
    }
    // Every byte is a Latin-1 character: this cannot fail.
    var latin1 = String.UnicodeScalarView()
    latin1.append(contentsOf: bytes.map { Unicode.Scalar($0) })
    return (String(latin1), .isoLatin1)
  }

  /// Shift_JIS structure: lead bytes 0x81–0x9F or 0xE0–0xEF followed by a trail byte
  /// 0x40–0xFC (not 0x7F), or single-byte ASCII and half-width katakana (0xA1–0xDF).
  /// Latin-1 text rarely fits, so this keeps "café" from becoming kanji.
  static func looksLikeShiftJIS(_ bytes: [UInt8]) -> Bool {
    var index = 0
    var doubleByte = 0
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case 0x00...0x7F, 0xA1...0xDF: index += 1
      case 0x81...0x9F, 0xE0...0xEF:
        guard index + 1 < bytes.count else { return false }
        let trail = bytes[index + 1]
        guard (0x40...0xFC).contains(trail), trail != 0x7F else { return false }
        doubleByte += 1
        index += 2
      default: return false
      }
    }
    return doubleByte > 0 || bytes.contains { (0xA1...0xDF).contains($0) }
  }
}

extension QRSymbol {
  /// The symbol's text, its charset detected as ``SymbolText`` describes.
  public var text: String { SymbolText.decode(bytes).text }
}
