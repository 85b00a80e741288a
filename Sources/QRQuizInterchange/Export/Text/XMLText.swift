import QRQuiz

/// Text made safe inside an XML document: `&`, `<`, `>` and quotes escaped, and the
/// characters XML 1.0 cannot hold at all (control characters but tab and line breaks,
/// U+FFFE, U+FFFF) replaced by U+FFFD and counted, so the document always parses.
struct XMLText {
  /// Characters replaced so far.
  private(set) var replaced = 0

  /// Markup made here from escaped text (``HTMLFragment``), its invalid characters replaced.
  mutating func valid(_ markup: String) -> String {
    guard markup.unicodeScalars.contains(where: Self.isInvalid) else { return markup }
    var output = String.UnicodeScalarView()
    for scalar in markup.unicodeScalars {
      if Self.isInvalid(scalar) {
        replaced += 1
        output.append("\u{FFFD}")
      } else {
        output.append(scalar)
      }
    }
    return String(output)
  }

  private static func isInvalid(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r") || scalar.value == 0xFFFE
      || scalar.value == 0xFFFF
  }

  /// `text` for character data or an attribute value (quotes escaped too).
  mutating func escaped(_ text: String) -> String {
    var output = ""
    output.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"": output += "&quot;"
      case "'": output += "&apos;"
      case "\t", "\n", "\r": output.unicodeScalars.append(scalar)
      default:
        if Self.isInvalid(scalar) {
          replaced += 1
          output += "\u{FFFD}"
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    return output
  }
}

/// An XML document written element by element, indented, its text escaped by one
/// ``XMLText``.
struct XMLBuilder {
  private(set) var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  var escaper = XMLText()
  private var depth = 0

  /// `<name a="1">`, then what `content` writes, then `</name>`.
  mutating func element(
    _ name: String, _ attributes: KeyValuePairs<String, String> = [:], _ content: (inout XMLBuilder) -> Void
  ) {
    text += indent + "<" + name + attributeText(attributes) + ">\n"
    depth += 1
    content(&self)
    depth -= 1
    text += indent + "</" + name + ">\n"
  }

  /// `<name a="1">text</name>`, or `<name a="1"/>` without text.
  mutating func element(_ name: String, _ attributes: KeyValuePairs<String, String> = [:], text content: String?) {
    guard let content else {
      text += indent + "<" + name + attributeText(attributes) + "/>\n"
      return
    }
    text += indent + "<" + name + attributeText(attributes) + ">" + escaper.escaped(content) + "</" + name + ">\n"
  }

  /// `<name a="1">`, then what `content` writes, then `</name>`; attributes in a list
  /// made at run time.
  mutating func element(
    _ name: String, attributes: [(String, String)], _ content: (inout XMLBuilder) -> Void
  ) {
    text += indent + "<" + name + attributeText(attributes) + ">\n"
    depth += 1
    content(&self)
    depth -= 1
    text += indent + "</" + name + ">\n"
  }

  /// `<name a="1">text</name>`, or `<name a="1"/>` without text; attributes in a list.
  mutating func element(_ name: String, attributes: [(String, String)], text content: String?) {
    guard let content else {
      text += indent + "<" + name + attributeText(attributes) + "/>\n"
      return
    }
    text += indent + "<" + name + attributeText(attributes) + ">" + escaper.escaped(content) + "</" + name + ">\n"
  }

  /// Markup this program made itself (an item body), written as it is.
  mutating func raw(_ markup: String) { text += indent + markup + "\n" }

  /// A comment of this program's own words (never a stranger's text: a name belongs in an
  /// element). `--` cannot appear in a comment, nor `-` at its end: a space goes between
  /// any two dashes, whatever the text.
  mutating func comment(_ comment: String) {
    var safe = ""
    for character in escaper.escaped(comment) {
      if character == "-", safe.last == "-" { safe.append(" ") }
      safe.append(character)
    }
    text += indent + "<!-- " + safe + " -->\n"
  }

  private var indent: String { String(repeating: "  ", count: depth) }

  private mutating func attributeText(_ attributes: KeyValuePairs<String, String>) -> String {
    attributeText(attributes.map { ($0.key, $0.value) })
  }

  private mutating func attributeText(_ attributes: [(String, String)]) -> String {
    attributes.map { " \($0.0)=\"\(escaper.escaped($0.1))\"" }.joined()
  }
}
