/// Percent-decoding of a request's path and query, as libmicrohttpd does it, except that
/// `%00` stays as it is: a decoded NUL would end the C string early, and `/t/Quiz%00.json`
/// would quietly become `/t/Quiz`.
package enum PercentDecoding {
  /// Decodes the NUL-terminated `text` in place; returns its new length.
  static func decode(inPlace text: UnsafeMutablePointer<CChar>) -> Int {
    var length = 0
    while text[length] != 0 { length += 1 }
    return text.withMemoryRebound(to: UInt8.self, capacity: length + 1) { bytes in
      let decoded = decode(UnsafeMutableBufferPointer(start: bytes, count: length))
      bytes[decoded] = 0
      return decoded
    }
  }

  /// `bytes` decoded (what the server makes of a path or a query value).
  package static func decode(_ bytes: [UInt8]) -> [UInt8] {
    var copy = bytes
    let length = copy.withUnsafeMutableBufferPointer { decode($0) }
    return Array(copy.prefix(length))
  }

  /// Decodes `bytes` in place, front to back (the result is never longer); returns the
  /// decoded length.
  private static func decode(_ bytes: UnsafeMutableBufferPointer<UInt8>) -> Int {
    var read = 0
    var write = 0
    while read < bytes.count {
      if bytes[read] == UInt8(ascii: "%"), read + 2 < bytes.count,
        let high = hexValue(bytes[read + 1]), let low = hexValue(bytes[read + 2]), high | low != 0
      {
        bytes[write] = high << 4 | low
        read += 3
      } else {
        bytes[write] = bytes[read]
        read += 1
      }
      write += 1
    }
    return write
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
