import QRQuiz

/// GIFT's escapes (`\=` `\~` `\#` `\{` `\}` `\:` `\\`, and `\n` a line break), and finding what
/// is not escaped.
extension GIFTParser {
  private static let escapable: Set<Character> = ["=", "~", "#", "{", "}", ":", "\\"]

  /// `\=` and the other escapes made plain; `\n` a line break.
  static func unescape(_ text: Substring) -> String {
    var output = ""
    var escaped = false
    for character in text {
      if escaped {
        if character == "n" {
          output.append("\n")
        } else {
          if !escapable.contains(character) { output.append("\\") }
          output.append(character)
        }
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else {
        output.append(character)
      }
    }
    if escaped { output.append("\\") }
    return output
  }

  static func unescapedIndex(of target: Character, in text: Substring) -> Substring.Index? {
    var escaped = false
    for index in text.indices {
      let character = text[index]
      if escaped {
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == target {
        return index
      }
    }
    return nil
  }

  static func unescapedRange(of target: String, in text: Substring) -> Range<Substring.Index>? {
    var escaped = false
    var index = text.startIndex
    while index < text.endIndex {
      if escaped {
        escaped = false
      } else if text[index] == "\\" {
        escaped = true
      } else if text[index...].hasPrefix(target) {
        return index..<text.index(index, offsetBy: target.count)
      }
      index = text.index(after: index)
    }
    return nil
  }
}
