/// How many terminal cells text takes: East Asian wide characters and emoji take two,
/// combining marks and joiners none, others one. Used to wrap and align text that mixes
/// scripts (a CJK question, an emoji answer) on a grid of cells.
package enum DisplayWidth {
  /// The cells `text` takes on one line.
  package static func of(_ text: some StringProtocol) -> Int { text.reduce(0) { $0 + of($1) } }

  /// The cells one character (grapheme cluster) takes: 0, 1 or 2.
  package static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    // An emoji shown as a picture is two cells, however many scalars build it (ZWJ
    // sequences, skin tones, flags, a variation selector 16).
    if scalars.contains(where: { $0.properties.isEmojiPresentation })
      || (scalars.contains(where: { $0.properties.isEmoji && $0.value > 0xFF }) && scalars.contains("\u{FE0F}"))
      || scalars.allSatisfy({ (0x1F1E6...0x1F1FF).contains($0.value) }) && scalars.count == 2
    {
      return 2
    }
    var width = 0
    for scalar in scalars { width += of(scalar) }
    return min(width, 2)
  }

  /// One scalar's cells, outside emoji sequences.
  static func of(_ scalar: Unicode.Scalar) -> Int {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: break
    }
    if scalar.value == 0x200B || (0x1160...0x11FF).contains(scalar.value) { return 0 }
    return isWide(scalar.value) ? 2 : 1
  }

  /// East Asian Wide and Fullwidth (Unicode 15, EastAsianWidth.txt), condensed.
  static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3, 0x25FD...0x25FE,
      0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE,
      0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA, 0x26FD, 0x2705,
      0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757, 0x2795...0x2797, 0x27B0, 0x27BF,
      0x2B1B...0x2B1C, 0x2B50, 0x2B55, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
      0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
      0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248,
      0x1F250...0x1F251, 0x1F260...0x1F265, 0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C,
      0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4, 0x1F3F8...0x1F43E,
      0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A,
      0x1F595...0x1F596, 0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC, 0x1F6D0...0x1F6D2,
      0x1F6D5...0x1F6D7, 0x1F6DC...0x1F6DF, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB, 0x1F7F0,
      0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD,
      0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }

  /// `text` broken into lines of at most `width` cells: at spaces when it can, inside a
  /// word only when the word alone is wider than a line. Existing line breaks are kept.
  package static func wrap(_ text: String, width: Int) -> [String] {
    precondition(width > 0, "a line needs at least one cell")
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      var lineWidth = 0
      for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
        let wordWidth = of(word)
        let separator = line.isEmpty ? 0 : 1
        if lineWidth + separator + wordWidth <= width {
          if separator == 1 { line += " " }
          line += word
          lineWidth += separator + wordWidth
          continue
        }
        if !line.isEmpty { lines.append(line) }
        line = ""
        lineWidth = 0
        // A word wider than a line is cut between characters.
        for character in word {
          let characterWidth = of(character)
          if lineWidth + characterWidth > width {
            lines.append(line)
            line = ""
            lineWidth = 0
          }
          line.append(character)
          lineWidth += characterWidth
        }
      }
      lines.append(line)
    }
    return lines
  }

  /// `text` cut to at most `width` cells, with an ellipsis when it was longer.
  package static func truncate(_ text: String, width: Int) -> String {
    guard of(text) > width else { return text }
    var result = ""
    var used = 0
    for character in text {
      let characterWidth = of(character)
      guard used + characterWidth <= width - 1 else { break }
      result.append(character)
      used += characterWidth
    }
    return result + "…"
  }
}
