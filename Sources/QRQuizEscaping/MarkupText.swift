/// Text made safe for markup: HTML pages and the SVG files of QR codes alike.
package enum MarkupText {
  /// Appends `text` to `escaped`, safe inside an element or a quoted attribute (either
  /// quote). Control characters, and the bidirectional overrides that can make text read
  /// differently than it is, are replaced, not passed on; line breaks and tabs stay.
  package static func escape(_ text: String, into escaped: inout String) {
    escaped.reserveCapacity(escaped.utf8.count + text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&#39;"
      case "\n", "\t": escaped.unicodeScalars.append(scalar)
      case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{202A}"..."\u{202E}", "\u{2066}"..."\u{2069}":
        escaped += "\u{FFFD}"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
  }

  /// `text` escaped as ``escape(_:into:)`` does.
  package static func escaped(_ text: String) -> String {
    var escaped = ""
    escape(text, into: &escaped)
    return escaped
  }
}
