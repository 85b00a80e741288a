/// One symbol's worth of a compact payload (docs/FORMAT.md):
/// `QRQ1:<ID>:<INDEX>:<COUNT>:<BASE45 DATA>`, every character in the QR alphanumeric set.
public struct CompactPart: Sendable, Hashable {
  /// The text every compact part starts with, before its version digit.
  public static let magic = "QRQ"
  /// The format version this build writes and reads.
  public static let version = 1
  /// The most parts one payload may have (two decimal digits).
  public static let maximumCount = 99

  /// Identifies the whole payload: the CRC-32 of its compressed bytes.
  public var id: UInt32
  /// 1-based position of this part.
  public var index: Int
  /// How many parts the payload has.
  public var count: Int
  /// This part's slice of the compressed bytes.
  public var data: [UInt8]

  /// Why a symbol's text is not a compact part.
  public enum ParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Made by a newer qrquiz.
    case unsupportedVersion(String)
    /// The header is not `QRQ1:ID:INDEX:COUNT:`; what is wrong with it.
    case malformedHeader(String)
    /// The data after the header is not base45.
    case malformedData(Base45DecodingError)

    public var description: String {
      switch self {
      case .unsupportedVersion(let version):
        "compact format version \(version) is newer than this qrquiz reads (version \(CompactPart.version)); update qrquiz"
      case .malformedHeader(let reason): "malformed compact part header: \(reason)"
      case .malformedData(let error): "malformed compact part data: \(error)"
      }
    }
  }

  /// Creates a part.
  public init(id: UInt32, index: Int, count: Int, data: [UInt8]) {
    self.id = id
    self.index = index
    self.count = count
    self.data = data
  }

  /// The id as eight uppercase hex digits, as written in the header and in messages.
  public var idText: String { Self.hex(id) }

  static func hex(_ id: UInt32) -> String {
    let digits = String(id, radix: 16, uppercase: true)
    return String(repeating: "0", count: 8 - digits.count) + digits
  }

  /// The symbol text.
  public var text: String { header + Base45.encode(data) }

  var header: String { Self.header(id: id, index: index, count: count) }

  static func header(id: UInt32, index: Int, count: Int) -> String {
    "\(magic)\(version):\(hex(id)):\(index):\(count):"
  }

  /// True when `bytes` look like a compact part of any version, so it is worth parsing.
  public static func isCompactPart(_ bytes: [UInt8]) -> Bool {
    bytes.count > 4 && bytes.starts(with: Array(magic.utf8)) && (0x30...0x39).contains(bytes[3])
  }

  /// Parses a symbol's text.
  ///
  /// - Throws: ``ParseError``.
  public init(text: String) throws(ParseError) {
    let fields = text.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
    guard fields.count == 5 else { throw .malformedHeader("expected QRQ1:ID:INDEX:COUNT:DATA") }
    guard fields[0] == "\(Self.magic)\(Self.version)" else {
      guard fields[0].hasPrefix(Self.magic) else { throw .malformedHeader("does not start with \(Self.magic)") }
      throw .unsupportedVersion(String(fields[0].dropFirst(Self.magic.count)))
    }
    guard fields[1].count == 8, fields[1].allSatisfy({ $0.isHexDigit && !$0.isLowercase }),
      let id = UInt32(fields[1], radix: 16)
    else { throw .malformedHeader("id '\(fields[1].prefix(16))' is not eight hex digits") }
    guard let count = Self.smallNumber(fields[3]), (1...Self.maximumCount).contains(count) else {
      throw .malformedHeader("part count '\(fields[3].prefix(8))' is not 1 to \(Self.maximumCount)")
    }
    guard let index = Self.smallNumber(fields[2]), (1...count).contains(index) else {
      throw .malformedHeader("part index '\(fields[2].prefix(8))' is not 1 to \(count)")
    }
    do {
      self.init(id: id, index: index, count: count, data: try Base45.decode(fields[4]))
    } catch {
      throw .malformedData(error)
    }
  }

  /// A decimal number of at most two digits without a leading zero.
  private static func smallNumber(_ text: Substring) -> Int? {
    // Only the digits 0-9: Int("+1") is 1, but "+1" is not what the format writes.
    guard (1...2).contains(text.count), text.allSatisfy({ ("0"..."9").contains($0) }), text.first != "0" else {
      return nil
    }
    return Int(text)
  }
}
