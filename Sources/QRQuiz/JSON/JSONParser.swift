/// Why a document is not JSON, with the line and column of the first bad byte.
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong, for a person.
  public var reason: String
  /// 1-based line of the offending byte.
  public var line: Int
  /// 1-based column (in bytes) of the offending byte.
  public var column: Int

  public var description: String { "line \(line), column \(column): \(reason)" }
}

/// A strict RFC 8259 JSON parser for untrusted input, with a nesting limit so that a
/// hostile `[[[[…` cannot overflow the stack.
package struct JSONParser {
  package typealias SyntaxError = JSONSyntaxError

  /// The deepest nesting of arrays and objects accepted. Topics need 4.
  package static let defaultMaximumDepth = 64

  private let bytes: [UInt8]
  private let maximumDepth: Int
  private var position = 0

  /// Parses a whole document.
  ///
  /// - Parameters:
  ///   - bytes: UTF-8 text. Invalid UTF-8 inside strings is an error.
  ///   - maximumDepth: the deepest nesting accepted.
  /// - Throws: `SyntaxError`.
  package static func parse(
    _ bytes: some Collection<UInt8>, maximumDepth: Int = defaultMaximumDepth
  ) throws(SyntaxError) -> JSONValue {
    var parser = JSONParser(bytes: Array(bytes), maximumDepth: maximumDepth)
    parser.skipWhitespace()
    let value = try parser.parseValue(depth: 0)
    parser.skipWhitespace()
    guard parser.position == parser.bytes.count else {
      throw parser.error("unexpected text after the JSON value")
    }
    return value
  }

  private init(bytes: [UInt8], maximumDepth: Int) {
    self.bytes = bytes
    self.maximumDepth = maximumDepth
  }

  private func error(_ reason: String, at offset: Int? = nil) -> SyntaxError {
    let end = min(offset ?? position, bytes.count)
    var line = 1
    var lineStart = 0
    for index in 0..<end where bytes[index] == UInt8(ascii: "\n") {
      line += 1
      lineStart = index + 1
    }
    return SyntaxError(reason: reason, line: line, column: end - lineStart + 1)
  }

  private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

  private mutating func skipWhitespace() {
    while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
      position += 1
    }
  }

  private mutating func expect(_ literal: String, value: JSONValue) throws(SyntaxError) -> JSONValue {
    let utf8 = Array(literal.utf8)
    guard bytes.count - position >= utf8.count, Array(bytes[position..<position + utf8.count]) == utf8
    else { throw error("invalid literal; expected \(literal)") }
    position += utf8.count
    return value
  }

  private mutating func parseValue(depth: Int) throws(SyntaxError) -> JSONValue {
    guard let byte = current else { throw error("unexpected end of input") }
    switch byte {
    case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
    case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try expect("true", value: .bool(true))
    case UInt8(ascii: "f"): return try expect("false", value: .bool(false))
    case UInt8(ascii: "n"): return try expect("null", value: .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw error("unexpected character '\(Unicode.Scalar(byte).escaped(asASCII: true))'")
    }
  }

  private mutating func parseArray(depth: Int) throws(SyntaxError) -> JSONValue {
    guard depth <= maximumDepth else { throw error("nested deeper than \(maximumDepth) levels") }
    position += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if current == UInt8(ascii: "]") {
      position += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue(depth: depth))
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "]"):
        position += 1
        return .array(elements)
      case nil: throw error("unexpected end of input inside an array")
      default: throw error("expected ',' or ']' in an array")
      }
    }
  }

  private mutating func parseObject(depth: Int) throws(SyntaxError) -> JSONValue {
    guard depth <= maximumDepth else { throw error("nested deeper than \(maximumDepth) levels") }
    position += 1
    var members: [(key: String, value: JSONValue)] = []
    skipWhitespace()
    if current == UInt8(ascii: "}") {
      position += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard current == UInt8(ascii: "\"") else { throw error("expected a string key in an object") }
      let key = try parseString()
      skipWhitespace()
      guard current == UInt8(ascii: ":") else { throw error("expected ':' after an object key") }
      position += 1
      skipWhitespace()
      members.append((key, try parseValue(depth: depth)))
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "}"):
        position += 1
        return .object(members)
      case nil: throw error("unexpected end of input inside an object")
      default: throw error("expected ',' or '}' in an object")
      }
    }
  }

  private mutating func parseNumber() throws(SyntaxError) -> JSONValue {
    let start = position
    func digits(_ parser: inout JSONParser) -> Int {
      let from = parser.position
      while let byte = parser.current, byte >= 0x30, byte <= 0x39 { parser.position += 1 }
      return parser.position - from
    }
    if current == UInt8(ascii: "-") { position += 1 }
    if current == UInt8(ascii: "0") {
      position += 1
      if let byte = current, byte >= 0x30, byte <= 0x39 {
        throw error("numbers must not have leading zeros")
      }
    } else if digits(&self) == 0 {
      throw error("expected digits in a number")
    }
    if current == UInt8(ascii: ".") {
      position += 1
      guard digits(&self) > 0 else { throw error("expected digits after '.' in a number") }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      position += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
      guard digits(&self) > 0 else { throw error("expected digits in a number's exponent") }
    }
    let literal = String(decoding: bytes[start..<position], as: UTF8.self)
    // Like JSONDecoder, a number too large for a Double is not a number at all.
    guard let value = Double(literal), value.isFinite else {
      throw error("number \(literal) is out of range", at: start)
    }
    return .number(JSONNumber.make(value, literal: literal))
  }

  private mutating func parseString() throws(SyntaxError) -> String {
    position += 1  // opening quote
    var scalars = String.UnicodeScalarView()
    var runStart = position
    func flushRun(_ parser: JSONParser, upTo end: Int) throws(SyntaxError) {
      guard runStart < end else { return }
      guard let run = String(validating: parser.bytes[runStart..<end], as: UTF8.self) else {
        throw parser.error("invalid UTF-8 in a string", at: runStart)
      }
      scalars.append(contentsOf: run.unicodeScalars)
    }
    while true {
      guard let byte = current else { throw error("unterminated string") }
      switch byte {
      case UInt8(ascii: "\""):
        try flushRun(self, upTo: position)
        position += 1
        return String(scalars)
      case UInt8(ascii: "\\"):
        try flushRun(self, upTo: position)
        scalars.append(try parseEscape())
        runStart = position
      case 0..<0x20:
        throw error("control character in a string; it must be escaped")
      default:
        position += 1
      }
    }
  }

  private mutating func parseEscape() throws(SyntaxError) -> Unicode.Scalar {
    position += 1  // backslash
    guard let byte = current else { throw error("unterminated escape") }
    position += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let first = try parseHexQuad()
      if (0xD800...0xDBFF).contains(first) {
        guard current == UInt8(ascii: "\\"), position + 1 < bytes.count,
          bytes[position + 1] == UInt8(ascii: "u")
        else { throw error("unpaired UTF-16 surrogate in a \\u escape") }
        position += 2
        let second = try parseHexQuad()
        guard (0xDC00...0xDFFF).contains(second) else {
          throw error("unpaired UTF-16 surrogate in a \\u escape")
        }
        let combined = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        return Unicode.Scalar(combined)!
      }
      guard let scalar = Unicode.Scalar(first) else {
        throw error("unpaired UTF-16 surrogate in a \\u escape")
      }
      return scalar
    default:
      throw error("invalid escape '\\\(Unicode.Scalar(byte).escaped(asASCII: true))'", at: position - 1)
    }
  }

  private mutating func parseHexQuad() throws(SyntaxError) -> UInt32 {
    guard bytes.count - position >= 4 else { throw error("incomplete \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[position]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error("invalid hex digit in a \\u escape")
      }
      value = value << 4 | UInt32(digit)
      position += 1
    }
    return value
  }
}
