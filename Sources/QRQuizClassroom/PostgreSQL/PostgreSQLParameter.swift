internal import CLibPQ
import Foundation

/// PostgreSQL's type numbers (OIDs) for what this program binds and reads.
enum PostgreSQLType {
  case bool, integer, real, text, bytea, other

  init(oid: Oid) {
    switch oid {
    case 16: self = .bool
    case 20, 21, 23: self = .integer
    case 700, 701, 1700: self = .real
    case 17: self = .bytea
    case 25, 1043, 1042: self = .text
    default: self = .other
    }
  }

  /// The value of a column of this type given in PostgreSQL's text format.
  func value(_ text: String) -> DatabaseValue {
    switch self {
    case .bool: return .integer(text == "t" ? 1 : 0)
    case .integer: return Int64(text).map(DatabaseValue.integer) ?? .text(text)
    case .real: return Double(text).map(DatabaseValue.real) ?? .text(text)
    case .bytea: return Self.bytes(hex: text).map(DatabaseValue.blob) ?? .text(text)
    case .text, .other: return .text(text)
    }
  }

  /// `\x0102ff` (bytea's hex output) as bytes.
  static func bytes(hex text: String) -> [UInt8]? {
    let digits = Array(text.utf8)
    guard digits.count >= 2, digits[0] == UInt8(ascii: "\\"), digits[1] == UInt8(ascii: "x"), digits.count % 2 == 0
    else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(digits.count / 2 - 1)
    var index = 2
    while index < digits.count {
      guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else { return nil }
      bytes.append(high << 4 | low)
      index += 2
    }
    return bytes
  }

  private static func hexValue(_ digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}

/// A bound value as libpq takes it: its type, and its bytes in text format (binary for
/// bytes), or none for NULL.
struct PostgreSQLParameter {
  let type: Oid
  let bytes: [UInt8]?
  let isBinary: Bool

  init(_ value: DatabaseValue) {
    switch value {
    case .null: (type, bytes, isBinary) = (0, nil, false)
    case .integer(let number): (type, bytes, isBinary) = (20, Array(String(number).utf8), false)
    case .real(let number): (type, bytes, isBinary) = (701, Array(Self.text(number).utf8), false)
    case .text(let text): (type, bytes, isBinary) = (25, Array(text.utf8), false)
    case .blob(let data): (type, bytes, isBinary) = (17, data, true)
    }
  }

  /// A double as PostgreSQL's float8 reads it back exactly.
  static func text(_ number: Double) -> String {
    if number.isNaN { return "NaN" }
    if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
    return number.description
  }
}

/// Calls `body` with libpq's four parameter arrays for `parameters`, valid during the call.
func withParameters<T>(
  _ parameters: [PostgreSQLParameter],
  _ body: (
    UnsafePointer<Oid>?, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?
  ) -> T
) -> T {
  // Each value copied with a NUL after it (text format reads up to the NUL; binary by length).
  let copies: [UnsafeMutablePointer<CChar>?] = parameters.map { parameter in
    guard let bytes = parameter.bytes else { return nil }
    let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
    bytes.withUnsafeBufferPointer { source in
      source.withMemoryRebound(to: CChar.self) { copy.update(from: $0.baseAddress!, count: bytes.count) }
    }
    copy[bytes.count] = 0
    return copy
  }
  defer { for copy in copies { copy?.deallocate() } }
  let types = parameters.map(\.type)
  let values: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } }
  let lengths = parameters.map { Int32($0.bytes?.count ?? 0) }
  let formats = parameters.map { Int32($0.isBinary ? 1 : 0) }
  return types.withUnsafeBufferPointer { types in
    values.withUnsafeBufferPointer { values in
      lengths.withUnsafeBufferPointer { lengths in
        formats.withUnsafeBufferPointer { formats in
          body(types.baseAddress, values.baseAddress, lengths.baseAddress, formats.baseAddress)
        }
      }
    }
  }
}
