import QRQuiz

/// A topic's text as HTML that a browser shows as the app does and that ``HTMLText``
/// reads back to the same text: characters escaped, line breaks as `<br>`, every space
/// after the first of a run and every tab as a character reference (HTML would collapse
/// them; ``HTMLText`` decodes references after collapsing).
enum HTMLFragment {
  /// `text` as HTML; with `xhtml`, as XHTML (`<br/>`, which QTI's item bodies need).
  static func from(_ text: String, xhtml: Bool = false) -> String {
    var output = ""
    var previousWasSpace = false
    for character in text {
      let isSpace = character == " "
      switch character {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"": output += "&quot;"
      case "\n", "\r\n", "\r": output += xhtml ? "<br/>" : "<br>"
      case "\t": output += "&#9;"
      case " " where previousWasSpace: output += "&#32;"
      default: output.append(character)
      }
      previousWasSpace = isSpace
    }
    return output
  }
}
