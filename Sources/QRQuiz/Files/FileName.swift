import Foundation

/// File names made from untrusted text (topic names, image names): safe on every file
/// system QRQuiz runs on, and short enough in bytes (not characters: one CJK character is
/// three bytes, one emoji up to 28) to leave room for a temporary file's suffix within the
/// 255-byte limit of a name.
package enum FileName {
  /// The longest name made by ``safe(_:maximumBytes:)``: 200 bytes, which leaves 55 for
  /// an extension and ``AtomicFile``'s temporary suffix.
  package static let maximumBytes = 200

  /// `name` made safe as a file name: no path separators or control characters, no
  /// leading dot (hidden files, `..`), at most `maximumBytes` UTF-8 bytes cut on a
  /// character boundary; "topic" when nothing is left. A name that had to be shortened
  /// ends in `~` and eight hex digits of a hash of the whole name, so two long names that
  /// share their first 200 bytes still get different files.
  package static func safe(_ name: String, maximumBytes: Int = maximumBytes) -> String {
    var safe = String(
      String.UnicodeScalarView(
        name.unicodeScalars.map { scalar in
          scalar == "/" || scalar == "\\" || CharacterSet.controlCharacters.contains(scalar)
            || TerminalText.isBidiControl(scalar) ? "_" : scalar
        })
    ).trimmingCharacters(in: .whitespacesAndNewlines)
    while safe.hasPrefix(".") { safe.removeFirst() }
    if safe.utf8.count > maximumBytes {
      let hash = String(CacheKey(name).hash.prefix(8))
      safe = prefix(safe, maximumBytes: maximumBytes - 9).trimmingCharacters(in: .whitespaces) + "~" + hash
    }
    return safe.isEmpty ? "topic" : safe
  }

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
