/// Writes compact JSON with a caller-chosen key order: non-ASCII as UTF-8, `/` unescaped,
/// and integral numbers without a fraction, so the same value always gives the same bytes.
package enum JSONWriter {
  static func compact(_ value: JSONValue) -> String {
    var output = ""
    write(value, to: &output)
    return output
  }

  private static func write(_ value: JSONValue, to output: inout String) {
    switch value {
    case .null: output += "null"
    case .bool(let flag): output += flag ? "true" : "false"
    case .number(let number): output += format(number.value)
    case .string(let text): writeString(text, to: &output)
    case .array(let elements):
      output += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { output += "," }
        write(element, to: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { output += "," }
        writeString(member.key, to: &output)
        output += ":"
        write(member.value, to: &output)
      }
      output += "}"
    }
  }

  /// `300` rather than `300.0`; other values in Swift's shortest round-trip form.
  package static func format(_ number: Double) -> String {
    if number == number.rounded(), abs(number) < 9_007_199_254_740_992 {
      return String(Int64(number))
    }
    return "\(number)"
  }

  /// `text` quoted, with what must or should be escaped escaped. The runs between escapes
  /// are appended whole: a scalar at a time made writing a big topic's JSON cost as much as
  /// parsing it.
  private static func writeString(_ text: String, to output: inout String) {
    output += "\""
    let scalars = text.unicodeScalars
    var run = scalars.startIndex
    var index = run
    while index != scalars.endIndex {
      let scalar = scalars[index]
      let next = scalars.index(after: index)
      if let escape = escape(scalar) {
        output += Substring(scalars[run..<index])
        output += escape
        run = next
      }
      index = next
    }
    output += Substring(scalars[run..<index])
    output += "\""
  }

  /// How `scalar` is written inside a string, when not as itself.
  private static func escape(_ scalar: Unicode.Scalar) -> String? {
    // Printable ASCII but for the quote and the backslash: nearly every scalar of a topic.
    if scalar.value >= 0x20, scalar.value < 0x7F, scalar != "\"", scalar != "\\" { return nil }
    switch scalar {
    case "\"": return "\\\""
    case "\\": return "\\\\"
    case "\n": return "\\n"
    case "\r": return "\\r"
    case "\t": return "\\t"
    case "\u{08}": return "\\b"
    case "\u{0C}": return "\\f"
    case _ where TerminalText.needsEscaping(scalar):
      // C0, DEL, C1 (U+009B is a CSI to many terminals), bidi overrides and line
      // separators: escaped, so `qrquiz normalize | cat` cannot drive a terminal and
      // a bidi override cannot disguise the text. The app decodes the same string.
      let hex = String(scalar.value, radix: 16)
      return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    default: return nil
    }
  }
}
