/// Base45 (RFC 9285): binary data as text in the QR alphanumeric character set, which QR
/// codes store in 5.5 bits a character and every scanner passes through unchanged.
package enum Base45 {
  /// The 45 characters, in value order.
  static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:".utf8)

  private static let values: [UInt8: Int] = Dictionary(
    uniqueKeysWithValues: alphabet.enumerated().map { ($1, $0) })

  package typealias DecodingError = Base45DecodingError

  /// Encodes bytes: each pair becomes three characters, a last single byte two.
  package static func encode(_ bytes: some Collection<UInt8>) -> String {
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count + 1) / 2 * 3)
    var iterator = bytes.makeIterator()
    while let first = iterator.next() {
      if let second = iterator.next() {
        var value = Int(first) << 8 | Int(second)
        for _ in 0..<3 {
          output.append(alphabet[value % 45])
          value /= 45
        }
      } else {
        output.append(alphabet[Int(first) % 45])
        output.append(alphabet[Int(first) / 45])
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The number of characters `byteCount` bytes encode to.
  package static func encodedLength(of byteCount: Int) -> Int { byteCount / 2 * 3 + byteCount % 2 * 2 }

  /// Decodes base45 text.
  ///
  /// - Throws: ``DecodingError``.
  package static func decode(_ text: some StringProtocol) throws(DecodingError) -> [UInt8] {
    let characters = Array(text.utf8)
    guard characters.count % 3 != 1 else { throw .invalidLength }
    var output: [UInt8] = []
    output.reserveCapacity(characters.count / 3 * 2 + 1)
    var offset = 0
    while offset < characters.count {
      let width = min(3, characters.count - offset)
      var value = 0
      var weight = 1
      for index in offset..<offset + width {
        guard let digit = values[characters[index]] else { throw .invalidCharacter(offset: index) }
        value += digit * weight
        weight *= 45
      }
      if width == 3 {
        guard value <= 0xFFFF else { throw .valueOutOfRange(offset: offset) }
        output += [UInt8(value >> 8), UInt8(value & 0xFF)]
      } else {
        guard value <= 0xFF else { throw .valueOutOfRange(offset: offset) }
        output.append(UInt8(value))
      }
      offset += width
    }
    return output
  }
}

/// Why text is not base45 (RFC 9285).
public enum Base45DecodingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A character outside the alphabet, at this offset.
  case invalidCharacter(offset: Int)
  /// A length that leaves one lone character.
  case invalidLength
  /// A triple whose value is over 65535, at this offset.
  case valueOutOfRange(offset: Int)

  public var description: String {
    switch self {
    case .invalidCharacter(let offset): "a character outside base45 at offset \(offset)"
    case .invalidLength: "a length that leaves one lone character"
    case .valueOutOfRange(let offset): "a triple over 65535 at offset \(offset)"
    }
  }
}
