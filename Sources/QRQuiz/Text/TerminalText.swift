/// Makes untrusted text (from a QR code, a topic, a server, a community list) safe to
/// print on a terminal: every character that could move the cursor, change colours,
/// retitle the window, hide text or reorder it is shown visibly escaped instead.
///
/// Escaped: C0 controls (tab and newline kept only where the caller allows them), DEL,
/// C1 controls (U+009B is a CSI to many terminals), the Unicode bidi overrides, embeddings,
/// isolates and marks, and the line and paragraph separators. Each becomes `\u{1B}`.
///
/// ```swift
/// let name = "Quiz\u{1B}]0;pwned\u{07}"
/// print("topic '\(TerminalText.safe(name))' saved")  // topic 'Quiz\u{1B}]0;pwned\u{7}' saved
/// ```
package enum TerminalText {
  /// `text` with every unsafe character escaped.
  ///
  /// - Parameters:
  ///   - text: untrusted text.
  ///   - allowNewlines: keep `\n` (for multi-line text such as a question).
  ///   - allowTabs: keep `\t` (for tab-separated listings whose fields were made safe).
  package static func safe(_ text: String, allowNewlines: Bool = false, allowTabs: Bool = false) -> String {
    guard text.unicodeScalars.contains(where: needsEscaping) else { return text }
    var output = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if (scalar == "\n" && allowNewlines) || (scalar == "\t" && allowTabs) || !needsEscaping(scalar) {
        output.append(scalar)
      } else {
        output.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
      }
    }
    return String(output)
  }

  /// Whether `scalar` must not reach a terminal (or a JSON string) as it is.
  package static func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x2028, 0x2029: true
    default: isBidiControl(scalar)
    }
  }

  /// The bidi formatting characters (Trojan Source, CVE-2021-42574): they reorder how the
  /// text around them is displayed.
  package static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
