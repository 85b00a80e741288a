/// The data codewords of a symbol read as its segments (ISO/IEC 18004 §7.4), giving the
/// bytes zbar gives in binary mode: digits and alphanumerics as ASCII, bytes as they are,
/// kanji as Shift_JIS, all segments joined. Extended channel interpretation, structured
/// append, FNC1 and Hanzi segments are left to zbar, which the caller then asks.
enum SegmentParser {
  enum Failure: Error, Hashable {
    /// A mode this parser leaves to zbar; `structuredAppend` for a part of a sequence,
    /// whose parts zbar joins across the whole image.
    case unsupported(structuredAppend: Bool)
    /// Bits that no valid symbol holds: a count past the end, a digit group over 999.
    case malformed
  }

  static let alphanumerics = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:".utf8)

  static func bytes(_ data: [UInt8], version: Int) throws(Failure) -> [UInt8] {
    var reader = BitReader(data)
    var output: [UInt8] = []
    // Character-count widths by version range (Table 3): numeric, alphanumeric, byte, kanji.
    let widths = version <= 9 ? (10, 9, 8, 8) : version <= 26 ? (12, 11, 16, 10) : (14, 13, 16, 12)
    while reader.remaining >= 4 {
      let mode = reader.read(4)
      switch mode {
      case 0: return output
      case 1:
        var count = try reader.checkedRead(widths.0)
        while count >= 3 {
          let group = try reader.checkedRead(10)
          guard group < 1000 else { throw .malformed }
          output += [group / 100, group / 10 % 10, group % 10].map { UInt8(0x30 + $0) }
          count -= 3
        }
        if count == 2 {
          let group = try reader.checkedRead(7)
          guard group < 100 else { throw .malformed }
          output += [group / 10, group % 10].map { UInt8(0x30 + $0) }
        } else if count == 1 {
          let digit = try reader.checkedRead(4)
          guard digit < 10 else { throw .malformed }
          output.append(UInt8(0x30 + digit))
        }
      case 2:
        var count = try reader.checkedRead(widths.1)
        while count >= 2 {
          let pair = try reader.checkedRead(11)
          guard pair < 45 * 45 else { throw .malformed }
          output += [alphanumerics[pair / 45], alphanumerics[pair % 45]]
          count -= 2
        }
        if count == 1 {
          let single = try reader.checkedRead(6)
          guard single < 45 else { throw .malformed }
          output.append(alphanumerics[single])
        }
      case 4:
        let count = try reader.checkedRead(widths.2)
        guard reader.remaining >= count * 8 else { throw .malformed }
        for _ in 0..<count { output.append(UInt8(reader.read(8))) }
      case 8:
        let count = try reader.checkedRead(widths.3)
        guard reader.remaining >= count * 13 else { throw .malformed }
        for _ in 0..<count {
          let value = reader.read(13)
          var code = (value / 0xC0) << 8 | value % 0xC0
          code += code + 0x8140 <= 0x9FFC ? 0x8140 : 0xC140
          output += [UInt8(code >> 8), UInt8(code & 0xFF)]
        }
      case 3: throw .unsupported(structuredAppend: true)
      case 5, 7, 9, 13: throw .unsupported(structuredAppend: false)
      default: throw .malformed
      }
    }
    return output
  }
}

/// Bits of a byte array, most significant first.
struct BitReader {
  private let bytes: [UInt8]
  private var position = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var remaining: Int { bytes.count * 8 - position }

  /// The next `count` bits (at most 24) as a number; the caller has checked `remaining`.
  mutating func read(_ count: Int) -> Int {
    var value = 0
    for _ in 0..<count {
      value = value << 1 | Int(bytes[position >> 3] >> (7 - UInt8(position & 7)) & 1)
      position += 1
    }
    return value
  }

  mutating func checkedRead(_ count: Int) throws(SegmentParser.Failure) -> Int {
    guard remaining >= count else { throw .malformed }
    return read(count)
  }
}
