import Foundation
import QRQuiz

/// Builds one frame of terminal output and writes it at once (no flicker): cursor moves,
/// styles (only when the terminal has colours), and lines cleared to their end. Every
/// text drawn from a topic goes through ``TerminalText`` first.
struct Screen {
  enum Style {
    case plain, bold, dim, reverse, right, wrong, accent

    var code: String {
      switch self {
      case .plain: "0"
      case .bold: "1"
      case .dim: "2"
      case .reverse: "7"
      case .right: "1;32"
      case .wrong: "1;31"
      case .accent: "1;36"
      }
    }
  }

  let columns: Int
  let rows: Int
  let colour: Bool
  private(set) var output = ""

  init(columns: Int, rows: Int, colour: Bool) {
    self.columns = columns
    self.rows = rows
    self.colour = colour
  }

  /// Clears the whole screen (and kitty's image layer, where there is one).
  mutating func clear() {
    if Terminal.environment["KITTY_WINDOW_ID"] != nil { output += "\u{1B}_Ga=d\u{1B}\\" }
    output += "\u{1B}[H\u{1B}[2J"
  }

  /// Moves to `row`, `column` (1-based).
  mutating func move(_ row: Int, _ column: Int = 1) { output += "\u{1B}[\(row);\(column)H" }

  /// Writes `text` (made safe, cut to the width left) at `row`, clearing the rest of it.
  mutating func line(_ row: Int, _ text: String, style: Style = .plain, column: Int = 1) {
    guard row >= 1, row <= rows else { return }
    move(row, column)
    styled(DisplayWidth.truncate(TerminalText.safe(text), width: columns - column + 1), style)
    output += "\u{1B}[K"
  }

  /// Writes safe `text` in `style` where the cursor is.
  mutating func styled(_ text: String, _ style: Style) {
    guard colour || style == .reverse, style != .plain else {
      output += text
      return
    }
    // Without colours, reverse video still marks the header on a monochrome terminal.
    output += "\u{1B}[\(colour ? style.code : Style.reverse.code)m\(text)\u{1B}[0m"
  }

  /// Raw terminal output this program made (an image from chafa): written as it is.
  mutating func raw(_ text: String) { output += text }

  /// Writes the frame.
  func flush() {
    var bytes = Array(output.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { write(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset) }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return }
      offset += written
    }
  }
}
