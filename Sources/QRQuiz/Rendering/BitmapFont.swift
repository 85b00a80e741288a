import Foundation

/// A 5×7 pixel font for what an image says in its pixels: part labels ("2/5"), the title
/// above a grid of symbols and captions under codes, so no font library is needed. It has
/// capitals, digits and common punctuation, with accents drawn above capitals (Á, Ñ, Ü,
/// Ç…), so Latin-script names keep their letters; text is drawn in capitals. A character it
/// has no glyph for (Greek, CJK, emoji…) is drawn as a hollow box, never left out, and
/// ``missingCharacters(in:)`` names them so a caller can say so.
enum BitmapFont {
  static let width = 5
  static let height = 7
  /// Rows of one line of text: two above the glyphs for accents, one below for a cedilla.
  static let lineHeight = height + 3
  /// Font pixels from one glyph's left edge to the next.
  static let advance = width + 1

  private static let glyphs: [Character: [String]] = [
    "0": [".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###."],
    "1": ["..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."],
    "2": [".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"],
    "3": ["#####", "...#.", "..#..", "...#.", "....#", "#...#", ".###."],
    "4": ["...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."],
    "5": ["#####", "#....", "####.", "....#", "....#", "#...#", ".###."],
    "6": ["..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."],
    "7": ["#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."],
    "8": [".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."],
    "9": [".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."],
    "/": ["....#", "....#", "...#.", "..#..", ".#...", "#....", "#...."],
    " ": [".....", ".....", ".....", ".....", ".....", ".....", "....."],
    "A": [".###.", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"],
    "B": ["####.", "#...#", "#...#", "####.", "#...#", "#...#", "####."],
    "C": [".###.", "#...#", "#....", "#....", "#....", "#...#", ".###."],
    "D": ["###..", "#..#.", "#...#", "#...#", "#...#", "#..#.", "###.."],
    "E": ["#####", "#....", "#....", "####.", "#....", "#....", "#####"],
    "F": ["#####", "#....", "#....", "####.", "#....", "#....", "#...."],
    "G": [".###.", "#...#", "#....", "#.###", "#...#", "#...#", ".####"],
    "H": ["#...#", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"],
    "I": [".###.", "..#..", "..#..", "..#..", "..#..", "..#..", ".###."],
    "J": ["..###", "...#.", "...#.", "...#.", "...#.", "#..#.", ".##.."],
    "K": ["#...#", "#..#.", "#.#..", "##...", "#.#..", "#..#.", "#...#"],
    "L": ["#....", "#....", "#....", "#....", "#....", "#....", "#####"],
    "M": ["#...#", "##.##", "#.#.#", "#.#.#", "#...#", "#...#", "#...#"],
    "N": ["#...#", "#...#", "##..#", "#.#.#", "#..##", "#...#", "#...#"],
    "O": [".###.", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."],
    "P": ["####.", "#...#", "#...#", "####.", "#....", "#....", "#...."],
    "Q": [".###.", "#...#", "#...#", "#...#", "#.#.#", "#..#.", ".##.#"],
    "R": ["####.", "#...#", "#...#", "####.", "#.#..", "#..#.", "#...#"],
    "S": [".####", "#....", "#....", ".###.", "....#", "....#", "####."],
    "T": ["#####", "..#..", "..#..", "..#..", "..#..", "..#..", "..#.."],
    "U": ["#...#", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."],
    "V": ["#...#", "#...#", "#...#", "#...#", "#...#", ".#.#.", "..#.."],
    "W": ["#...#", "#...#", "#...#", "#.#.#", "#.#.#", "#.#.#", ".#.#."],
    "X": ["#...#", "#...#", ".#.#.", "..#..", ".#.#.", "#...#", "#...#"],
    "Y": ["#...#", "#...#", ".#.#.", "..#..", "..#..", "..#..", "..#.."],
    "Z": ["#####", "....#", "...#.", "..#..", ".#...", "#....", "#####"],
    "-": [".....", ".....", ".....", "#####", ".....", ".....", "....."],
    ".": [".....", ".....", ".....", ".....", ".....", ".##..", ".##.."],
    ",": [".....", ".....", ".....", ".....", ".##..", "..#..", ".#..."],
    ":": [".....", ".##..", ".##..", ".....", ".##..", ".##..", "....."],
    "'": ["..#..", "..#..", ".#...", ".....", ".....", ".....", "....."],
    "!": ["..#..", "..#..", "..#..", "..#..", "..#..", ".....", "..#.."],
    "?": [".###.", "#...#", "....#", "...#.", "..#..", ".....", "..#.."],
    "(": ["...#.", "..#..", ".#...", ".#...", ".#...", "..#..", "...#."],
    ")": [".#...", "..#..", "...#.", "...#.", "...#.", "..#..", ".#..."],
    "&": [".##..", "#..#.", "#.#..", ".#...", "#.#.#", "#..#.", ".##.#"],
    "+": [".....", "..#..", "..#..", "#####", "..#..", "..#..", "....."],
    "#": [".#.#.", ".#.#.", "#####", ".#.#.", "#####", ".#.#.", ".#.#."],
    "·": [".....", ".....", ".....", "..#..", ".....", ".....", "....."],
    "¿": ["..#..", ".....", "..#..", ".#...", "#....", "#...#", ".###."],
    "¡": ["..#..", ".....", "..#..", "..#..", "..#..", "..#..", "..#.."],
    "\"": [".#.#.", ".#.#.", ".....", ".....", ".....", ".....", "....."],
    "%": ["##...", "##..#", "...#.", "..#..", ".#...", "#..##", "...##"],
    "=": [".....", ".....", "#####", ".....", "#####", ".....", "....."],
    "*": [".....", "..#..", "#.#.#", ".###.", "#.#.#", "..#..", "....."],
    "_": [".....", ".....", ".....", ".....", ".....", ".....", "#####"],
    ";": [".....", ".##..", ".##..", ".....", ".##..", "..#..", ".#..."],
    "[": [".###.", ".#...", ".#...", ".#...", ".#...", ".#...", ".###."],
    "]": [".###.", "...#.", "...#.", "...#.", "...#.", "...#.", ".###."],
    "<": ["...#.", "..#..", ".#...", "#....", ".#...", "..#..", "...#."],
    ">": [".#...", "..#..", "...#.", "....#", "...#.", "..#..", ".#..."],
    "$": ["..#..", ".####", "#.#..", ".###.", "..#.#", "####.", "..#.."],
    "€": ["..###", ".#...", "####.", ".#...", "####.", ".#...", "..###"],
    "°": [".##..", "#..#.", "#..#.", ".##..", ".....", ".....", "....."],
    "º": [".###.", ".#.#.", ".###.", ".....", ".###.", ".....", "....."],
    "ª": [".##..", "...#.", ".###.", ".#.#.", ".###.", ".....", "....."],
    "…": [".....", ".....", ".....", ".....", ".....", ".....", "#.#.#"],
    "«": [".....", "..#.#", ".#.#.", "#.#..", ".#.#.", "..#.#", "....."],
    "»": [".....", "#.#..", ".#.#.", "..#.#", ".#.#.", "#.#..", "....."],
    "@": [".###.", "#...#", "#.###", "#.#.#", "#.###", "#....", ".###."],
    "\\": ["#....", "#....", ".#...", "..#..", "...#.", "....#", "....#"],
    "|": ["..#..", "..#..", "..#..", "..#..", "..#..", "..#..", "..#.."],
    "~": [".....", ".....", ".#...", "#.#.#", "...#.", ".....", "....."],
    "×": [".....", "#...#", ".#.#.", "..#..", ".#.#.", "#...#", "....."],
    "÷": [".....", "..#..", ".....", "#####", ".....", "..#..", "....."],
    "Ø": [".####", "#..##", "#.#.#", "#.#.#", "#.#.#", "##..#", "####."],
    "Æ": [".####", "#.#..", "#.#..", "####.", "#.#..", "#.#..", "#.###"],
  ]

  /// Characters drawn as another glyph: typographic dashes and quotes.
  private static let aliases: [Character: Character] = [
    "–": "-", "—": "-", "‐": "-", "−": "-", "‘": "'", "’": "'", "‚": ",", "“": "\"", "”": "\"", "„": "\"",
  ]

  /// Accents drawn in the two rows above a capital, by their combining character.
  private static let marksAbove: [Unicode.Scalar: [String]] = [
    "\u{0301}": ["...#.", "..#.."],  // acute
    "\u{0300}": [".#...", "..#.."],  // grave
    "\u{0302}": ["..#..", ".#.#."],  // circumflex
    "\u{0308}": [".....", ".#.#."],  // diaeresis
    "\u{0303}": [".##.#", "#..#."],  // tilde
    "\u{030A}": [".###.", ".#.#."],  // ring
    "\u{030C}": [".#.#.", "..#.."],  // caron
    "\u{0307}": [".....", "..#.."],  // dot
    "\u{0306}": [".#.#.", ".###."],  // breve
    "\u{0304}": [".....", ".###."],  // macron
  ]
  /// The cedilla, in the row below.
  private static let cedilla: Unicode.Scalar = "\u{0327}"

  /// What a character without a glyph is drawn as: a hollow box, so it shows.
  private static let missing = ["#####", "#...#", "#...#", "#...#", "#...#", "#...#", "#####"]

  /// How one character is drawn: a glyph and its accents, or `nil` when the font has no
  /// glyph for it.
  private static func shape(of character: Character) -> (glyph: [String], above: [String]?, cedilla: Bool)? {
    let character = aliases[character] ?? character
    if let glyph = glyphs[character] { return (glyph, nil, false) }
    // An accented capital: its base letter's glyph and the accent's marks.
    let scalars = Array(String(character).decomposedStringWithCanonicalMapping.unicodeScalars)
    guard let base = scalars.first, let glyph = glyphs[Character(base)], scalars.count <= 3 else { return nil }
    var above: [String]?
    var hasCedilla = false
    for mark in scalars.dropFirst() {
      if mark == cedilla, !hasCedilla {
        hasCedilla = true
      } else if above == nil, let marks = marksAbove[mark] {
        above = marks
      } else {
        return nil
      }
    }
    return (glyph, above, hasCedilla)
  }

  /// `text` as this font writes it: in capitals ("ß" becomes "SS"), one line.
  static func printable(_ text: String) -> String { text.uppercased() }

  /// The characters of `text` (as ``printable(_:)`` makes it) drawn as boxes, each once.
  static func missingCharacters(in text: String) -> [Character] {
    var seen: Set<Character> = []
    return printable(text).filter { $0 != " " && shape(of: $0) == nil && seen.insert($0).inserted }.map { $0 }
  }

  /// Width in font pixels of `text`, one blank column between characters.
  static func width(of text: String) -> Int { max(0, text.count * advance - 1) }

  /// Draws `text` in black with the top-left corner of its glyphs at (`x`, `y`), each font
  /// pixel a `scale` × `scale` square: labels of digits and "/", drawn as they are.
  static func draw(_ text: String, into image: inout GrayImage, x: Int, y: Int, scale: Int) {
    for (offset, character) in text.enumerated() {
      guard let rows = glyphs[character] else { continue }
      draw(rows, into: &image, x: x + offset * advance * scale, y: y, scale: scale)
    }
  }

  /// Draws one line of ``printable(_:)`` text, ``lineHeight`` rows tall, with its top-left
  /// corner at (`x`, `y`): accents above the capitals, boxes for what the font lacks.
  static func drawLine(_ text: String, into image: inout GrayImage, x: Int, y: Int, scale: Int) {
    for (offset, character) in text.enumerated() where character != " " {
      let left = x + offset * advance * scale
      let shape = shape(of: character) ?? (missing, nil, false)
      if let above = shape.above { draw(above, into: &image, x: left, y: y, scale: scale) }
      draw(shape.glyph, into: &image, x: left, y: y + 2 * scale, scale: scale)
      if shape.cedilla { draw(["..##."], into: &image, x: left, y: y + (2 + height) * scale, scale: scale) }
    }
  }

  private static func draw(_ rows: [String], into image: inout GrayImage, x: Int, y: Int, scale: Int) {
    for (row, pattern) in rows.enumerated() {
      for (column, mark) in pattern.enumerated() where mark == "#" {
        fill(&image, x: x + column * scale, y: y + row * scale, size: scale)
      }
    }
  }

  private static func fill(_ image: inout GrayImage, x: Int, y: Int, size: Int) {
    for py in y..<min(y + size, image.height) where py >= 0 {
      for px in x..<min(x + size, image.width) where px >= 0 { image[px, py] = 0 }
    }
  }
}
