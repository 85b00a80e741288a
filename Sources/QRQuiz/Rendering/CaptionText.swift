/// A stranger's text (a topic's name) made fit to print under a QR code: cleaned of what
/// could make it read otherwise than it is, and broken into lines no wider than the code.
enum CaptionText {
  /// Characters kept of a caption: enough for two lines at any width, so a name of a
  /// million characters costs no more than a long one.
  static let maximumLength = 400

  /// `text` without control characters, bidirectional overrides and isolates (a name
  /// with U+202E would print reversed) or other invisible formatting, every run of white
  /// space one space, trimmed, at most ``maximumLength`` characters. Joiners stay: emoji
  /// and Indic scripts need them.
  static func cleaned(_ text: String) -> String {
    var result = ""
    var pendingSpace = false
    for character in text.prefix(maximumLength * 2) {
      if character.isWhitespace {
        pendingSpace = !result.isEmpty
        continue
      }
      let scalars = character.unicodeScalars.filter(isKept)
      guard !scalars.isEmpty else { continue }
      if pendingSpace { result.append(" ") }
      pendingSpace = false
      result.unicodeScalars.append(contentsOf: scalars)
      if result.count >= maximumLength { break }
    }
    return result
  }

  private static func isKept(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator: false
    case .format: scalar == "\u{200C}" || scalar == "\u{200D}"
    default: !scalar.properties.isNoncharacterCodePoint
    }
  }

  /// `text` in at most `maximumLines` lines, each at most `width` wide by `measure`:
  /// broken between words (a word wider than a line between its characters), the last
  /// line ending in "…" when text is left over. Empty when not even one character fits.
  static func lines(
    _ text: String, width: Double, maximumLines: Int, measure: (String) -> Double
  ) -> [String] {
    var lines: [String] = []
    var words = text.split(separator: " ").map(String.init)[...]
    var current = ""
    while let word = words.first, lines.count < maximumLines {
      let candidate = current.isEmpty ? word : current + " " + word
      if measure(candidate) <= width {
        current = candidate
        words.removeFirst()
        continue
      }
      if current.isEmpty {
        // A word wider than the line: as much of it as fits, the rest on the next.
        let head = longestPrefix(of: word, fitting: width, measure: measure)
        guard !head.isEmpty else { return [] }
        current = head
        words[words.startIndex] = String(word.dropFirst(head.count))
      }
      lines.append(current)
      current = ""
    }
    if !current.isEmpty { lines.append(current) }
    guard !words.isEmpty, let last = lines.popLast() else { return lines }
    // Text left over: the last line says so.
    var shortened = last
    while !shortened.isEmpty, measure(shortened + "…") > width { shortened.removeLast() }
    while shortened.last == " " { shortened.removeLast() }
    lines.append(shortened + "…")
    return lines
  }

  private static func longestPrefix(of word: String, fitting width: Double, measure: (String) -> Double) -> String {
    var prefix = ""
    for character in word {
      guard measure(prefix + String(character)) <= width else { break }
      prefix.append(character)
    }
    return prefix
  }

  /// A width for `text` in ems, a little over what DejaVu Sans (the widest of the usual
  /// sans-serif fonts, Linux's default) takes. SVG cannot ask a font how wide text is, so
  /// a line is broken by this and given it as its `textLength`, which holds the line to
  /// that width in whatever font draws it.
  static func estimatedEms(_ text: String) -> Double {
    text.reduce(0) { total, character in total + ems(character) }
  }

  private static func ems(_ character: Character) -> Double {
    guard let scalar = character.unicodeScalars.first else { return 0 }
    switch scalar.value {
    case 0x20: return 0.32
    case 0x69, 0x6A, 0x6C, 0x49, 0x21, 0x2E, 0x2C, 0x3A, 0x3B, 0x27, 0x7C: return 0.32  // i j l I ! . , : ; ' |
    case 0x6D, 0x77, 0x4D, 0x57, 0x40: return 1.0  // m w M W @
    case 0x61...0x7A: return 0.62
    case 0x41...0x5A, 0x30...0x39: return 0.8
    case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
      return 1.05  // East Asian wide and emoji
    default: return character.isLetter && character.isLowercase ? 0.66 : 0.8
    }
  }
}
