import Foundation

/// File names made from untrusted text (topic names, image names): safe on every file
/// system QRQuiz runs on, and short enough in bytes (not characters: one CJK character is
/// three bytes, one emoji up to 28) to leave room for a temporary file's suffix within the
/// 255-byte limit of a name. `FileName.safe` (in QRQuiz) makes a name from a topic's; this
/// module keeps what the files themselves need.
package enum FileName {
  /// The longest prefix of `text` of at most `maximumBytes` UTF-8 bytes that ends on a
  /// character boundary (never inside a multi-byte character or a grapheme cluster).
  package static func prefix(_ text: String, maximumBytes: Int) -> String {
    guard text.utf8.count > maximumBytes else { return text }
    var result = ""
    var bytes = 0
    for character in text {
      let width = character.utf8.count
      guard bytes + width <= maximumBytes else { break }
      result.append(character)
      bytes += width
    }
    return result
  }
}
