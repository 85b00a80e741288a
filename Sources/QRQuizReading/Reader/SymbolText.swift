import Foundation

/// Turns a symbol's bytes into text the way phone scanners do, since QR byte mode does not
/// say its charset: UTF-8 when the bytes are valid UTF-8 (which is also what zbar produces
/// for ECI-tagged data), else Shift_JIS (the QR standard's Japanese default) when the bytes
/// look Japanese, else ISO-8859-1 (the standard's default), which accepts any bytes.
///
/// Bytes valid in both charsets are ISO-8859-1 unless they hold a run of three or more
/// Japanese characters: "Åland" in ISO-8859-1 is also "ﾅland" in Shift_JIS (0xC5 is a
/// half-width katakana), and a decoder that returns wrong text is worse than one that
/// returns nothing.
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

  /// Whether `bytes` are better read as Shift_JIS than as ISO-8859-1.
  ///
  /// Shift_JIS structure: lead bytes 0x81–0x9F or 0xE0–0xEF followed by a trail byte
  /// 0x40–0xFC (not 0x7F), or single bytes: ASCII and half-width katakana (0xA1–0xDF).
  /// Bytes that fit it and hold a C1 control (0x80–0x9F, never text in ISO-8859-1) are
  /// Shift_JIS; bytes that fit both charsets are Shift_JIS only with a run of three or more
  /// katakana or double-byte characters, which accented Latin text never has ("crème"
  /// holds one double-byte pair, "Åland" one katakana).
  static func looksLikeShiftJIS(_ bytes: [UInt8]) -> Bool {
    var index = 0
    var katakanaRun = 0
    var doubleByteRun = 0
    var longestRun = 0
    var hasControl = false
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case 0x00...0x7F:
        katakanaRun = 0
        doubleByteRun = 0
        index += 1
      case 0xA1...0xDF:
        katakanaRun += 1
        doubleByteRun = 0
        longestRun = max(longestRun, katakanaRun)
        index += 1
      case 0x81...0x9F, 0xE0...0xEF:
        guard index + 1 < bytes.count else { return false }
        let trail = bytes[index + 1]
        guard (0x40...0xFC).contains(trail), trail != 0x7F else { return false }
        hasControl = hasControl || byte <= 0x9F || (0x80...0x9F).contains(trail)
        doubleByteRun += 1
        katakanaRun = 0
        longestRun = max(longestRun, doubleByteRun)
        index += 2
      default: return false
      }
    }
    return hasControl || longestRun >= 3
  }
}

extension QRSymbol {
  /// The symbol's text, its charset detected as ``SymbolText`` describes.
  public var text: String { SymbolText.decode(bytes).text }
}
