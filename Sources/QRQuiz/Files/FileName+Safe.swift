import Foundation
import QRQuizFiles

extension FileName {
  /// The longest name made by ``safe(_:maximumBytes:)``: 200 bytes, which leaves 55 for
  /// an extension and `AtomicFile`'s temporary suffix.
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
}
