/// The text of an imported file: UTF-8 (a byte-order mark skipped), UTF-16 with a
/// byte-order mark (Excel's "Unicode text"), or, where the caller allows it, Windows-1252
/// (what Excel on Windows saves as "CSV": no byte-order mark, `é` as one byte 0xE9). A
/// NUL, or a byte that is text in none of these, is refused with its line.
package enum ImportText {
  /// Bytes that are not text: the line of the first NUL or byte that is text in no
  /// encoding tried.
  package struct NotText: Error, Sendable {
    package let line: Int
  }

  /// The text, and the encoding it was read in when not UTF-8.
  ///
  /// - Parameter allowsWindows1252: asked with the text read as Windows-1252 when the
  ///   bytes are not UTF-8: whether that reading is right for this file (a spreadsheet).
  /// - Throws: ``NotText``.
  package static func decode(
    _ bytes: [UInt8], allowsWindows1252: (String) -> Bool
  ) throws(NotText) -> (text: String, encoding: TextEncoding?) {
    if let text = utf16(bytes) {
      guard !text.contains("\0") else { throw NotText(line: line(of: "\0", in: text)) }
      return (text, .utf16)
    }
    if let text = String(validating: bytes, as: UTF8.self), !bytes.contains(0) {
      return (text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text, nil)
    }
    if let text = Windows1252.decode(bytes), allowsWindows1252(text) { return (text, .windows1252) }
    throw NotText(line: firstBadLine(bytes))
  }

  /// What a spreadsheet program's own file is (xlsx, ods, xls), from its first bytes;
  /// `nil` for anything else.
  package static func spreadsheetKind(_ bytes: [UInt8]) -> String? {
    if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return "xlsx or ods" }
    if bytes.starts(with: [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) { return "xls" }
    return nil
  }

  /// UTF-16 text behind its byte-order mark (`FF FE` little-endian, `FE FF` big-endian).
  private static func utf16(_ bytes: [UInt8]) -> String? {
    guard bytes.count >= 2, bytes.count % 2 == 0 else { return nil }
    let littleEndian: Bool
    switch (bytes[0], bytes[1]) {
    case (0xFF, 0xFE): littleEndian = true
    case (0xFE, 0xFF): littleEndian = false
    default: return nil
    }
    let units = stride(from: 2, to: bytes.count, by: 2).map { index in
      littleEndian
        ? UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8 : UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1])
    }
    return String(validating: units, as: UTF16.self)
  }

  private static func line(of character: Character, in text: String) -> Int {
    text.prefix { $0 != character }.reduce(1) { $1 == "\n" || $1 == "\r\n" ? $0 + 1 : $0 }
  }

  /// The line of the first byte that is not UTF-8, or of the first NUL.
  private static func firstBadLine(_ bytes: [UInt8]) -> Int {
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    var line = 1
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        if scalar == "\0" { return line }
        if scalar == "\n" { line += 1 }
      case .emptyInput: return line
      case .error: return line
      }
    }
  }
}

/// Windows code page 1252: ASCII, then 0x80–0x9F as Windows defines them (€, curly
/// quotes, dashes …) and 0xA0–0xFF as Latin-1. Text only: a NUL, a control character
/// other than tab and line breaks, or one of the five bytes the code page leaves
/// undefined means the bytes are not a text file in it.
enum Windows1252 {
  /// The characters of 0x80–0x9F; `nil` for the undefined ones.
  static let high: [Unicode.Scalar?] = [
    "\u{20AC}", nil, "\u{201A}", "\u{0192}", "\u{201E}", "\u{2026}", "\u{2020}", "\u{2021}",
    "\u{02C6}", "\u{2030}", "\u{0160}", "\u{2039}", "\u{0152}", nil, "\u{017D}", nil,
    nil, "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2022}", "\u{2013}", "\u{2014}",
    "\u{02DC}", "\u{2122}", "\u{0161}", "\u{203A}", "\u{0153}", nil, "\u{017E}", "\u{0178}",
  ]

  /// The text of `bytes`, or `nil` when they are not text in this code page.
  static func decode(_ bytes: [UInt8]) -> String? {
    var scalars = String.UnicodeScalarView()
    scalars.reserveCapacity(bytes.count)
    for byte in bytes {
      switch byte {
      case 0x09, 0x0A, 0x0D, 0x20...0x7E: scalars.append(Unicode.Scalar(byte))
      case 0x80...0x9F:
        guard let scalar = high[Int(byte - 0x80)] else { return nil }
        scalars.append(scalar)
      case 0xA0...0xFF: scalars.append(Unicode.Scalar(byte))
      default: return nil
      }
    }
    return String(scalars)
  }
}

/// A text encoding other than UTF-8 that an import reads.
public enum TextEncoding: String, Sendable, Hashable, CustomStringConvertible {
  /// Windows' Western European code page, which Excel on Windows writes as "CSV".
  case windows1252
  /// UTF-16 with a byte-order mark, which Excel writes as "Unicode text".
  case utf16

  public var description: String {
    switch self {
    case .windows1252: "Windows-1252, the encoding Excel on Windows saves CSV files in"
    case .utf16: "UTF-16, the encoding of Excel's \"Unicode text\""
    }
  }
}
