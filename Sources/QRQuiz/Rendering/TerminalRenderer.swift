/// Prints symbols with Unicode half blocks, two module rows per text line, as
/// `qrencode -t UTF8` does: light modules are drawn (the terminal's foreground), dark ones
/// left blank, so a phone reads the code from a light-on-dark terminal.
package enum TerminalRenderer {
  /// The lines of text for one symbol with `margin` modules of quiet zone.
  package static func text(_ matrix: QRMatrix, margin: Int) -> String {
    let side = matrix.size + 2 * margin
    func isDark(_ x: Int, _ y: Int) -> Bool {
      let mx = x - margin
      let my = y - margin
      guard mx >= 0, my >= 0, mx < matrix.size, my < matrix.size else { return false }
      return matrix[mx, my]
    }
    var lines: [String] = []
    for y in stride(from: 0, to: side, by: 2) {
      var line = ""
      for x in 0..<side {
        let top = isDark(x, y)
        let bottom = y + 1 < side ? isDark(x, y + 1) : false
        switch (top, bottom) {
        case (false, false): line += "█"
        case (false, true): line += "▀"
        case (true, false): line += "▄"
        case (true, true): line += " "
        }
      }
      lines.append(line)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The lines for one symbol with quarter blocks, 2×2 modules a character: half as wide
  /// as ``text(_:margin:)``, for narrow terminals. A terminal cell is about twice as tall as
  /// wide, so modules come out twice as tall as wide: a stretch readers undo, as they do
  /// any perspective.
  package static func quarterBlocks(_ matrix: QRMatrix, margin: Int) -> String {
    let side = matrix.size + 2 * margin
    // Index: top-left, top-right, bottom-left, bottom-right light = bits 8, 4, 2, 1.
    let glyphs: [Character] = [" ", "▗", "▖", "▄", "▝", "▐", "▞", "▟", "▘", "▚", "▌", "▙", "▀", "▜", "▛", "█"]
    func isLight(_ x: Int, _ y: Int) -> Bool {
      let mx = x - margin
      let my = y - margin
      guard mx >= 0, my >= 0, mx < matrix.size, my < matrix.size else { return true }
      return !matrix[mx, my]
    }
    var lines: [String] = []
    for y in stride(from: 0, to: side, by: 2) {
      var line = ""
      for x in stride(from: 0, to: side, by: 2) {
        var index = 0
        if isLight(x, y) { index |= 8 }
        if isLight(x + 1, y) { index |= 4 }
        if isLight(x, y + 1) { index |= 2 }
        if isLight(x + 1, y + 1) { index |= 1 }
        line.append(glyphs[index])
      }
      lines.append(line)
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
