/// `application/x-www-form-urlencoded` bodies, as HTML forms post them.
public enum FormBody {
  /// The fields of `body`; a repeated name keeps its first value. Malformed escapes are
  /// kept as they are.
  public static func parse(_ body: [UInt8]) -> [String: String] {
    var fields: [String: String] = [:]
    for pair in body.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
      let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
      let name = decode(parts[0])
      let value = parts.count > 1 ? decode(parts[1]) : ""
      if fields[name] == nil { fields[name] = value }
    }
    return fields
  }

  private static func decode(_ bytes: ArraySlice<UInt8>) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte == UInt8(ascii: "+") {
        output.append(UInt8(ascii: " "))
      } else if byte == UInt8(ascii: "%"), index + 2 < bytes.endIndex,
        let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
      {
        output.append(high << 4 | low)
        index += 2
      } else {
        output.append(byte)
      }
      index += 1
    }
    // Invalid UTF-8 becomes U+FFFD rather than an error: the form is checked afterwards.
    return String(decoding: output, as: UTF8.self)
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
