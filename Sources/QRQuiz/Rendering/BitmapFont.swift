/// A 5×7 pixel font for the part labels ("2/5") drawn under symbols on a sheet: only the
/// characters labels use, so no font library is needed.
enum BitmapFont {
  static let width = 5
  static let height = 7

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
  ]

  /// Width in font pixels of `text`, one blank column between characters.
  static func width(of text: String) -> Int { max(0, text.count * (width + 1) - 1) }

  /// Draws `text` in black with its top-left corner at (`x`, `y`), each font pixel a
  /// `scale` × `scale` square. Characters without a glyph are left blank.
  static func draw(_ text: String, into image: inout GrayImage, x: Int, y: Int, scale: Int) {
    for (offset, character) in text.enumerated() {
      guard let rows = glyphs[character] else { continue }
      let left = x + offset * (width + 1) * scale
      for (row, pattern) in rows.enumerated() {
        for (column, mark) in pattern.enumerated() where mark == "#" {
          fill(&image, x: left + column * scale, y: y + row * scale, size: scale)
        }
      }
    }
  }

  private static func fill(_ image: inout GrayImage, x: Int, y: Int, size: Int) {
    for py in y..<min(y + size, image.height) where py >= 0 {
      for px in x..<min(x + size, image.width) where px >= 0 { image[px, py] = 0 }
    }
  }
}
