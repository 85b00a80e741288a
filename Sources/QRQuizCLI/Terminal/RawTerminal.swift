internal import CQRQuizCLI

/// A terminal in raw mode for a full-screen program: keys arrive one by one, unechoed
/// (Ctrl-C as a key, not a signal), the program draws on the alternate screen with the
/// cursor hidden, and everything is put back when it ends: on `restore()`, at exit, and
/// when SIGTERM, SIGHUP, SIGINT or SIGQUIT arrives (a signal handler in C restores the
/// terminal, then the signal ends the process as usual).
enum RawTerminal {
  /// Switches to the alternate screen, hides the cursor and clears the screen.
  static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J"
  /// Shows the cursor, resets colours and leaves the alternate screen.
  static let leaveSequence = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

  /// Enters raw mode on `descriptor` (standard input by default).
  ///
  /// - Parameters:
  ///   - descriptor: the terminal's file descriptor.
  ///   - alternateScreen: draw on the alternate screen (restored on leaving).
  /// - Returns: false when the descriptor is not a terminal.
  @discardableResult
  static func enter(descriptor: Int32 = 0, alternateScreen: Bool = true) -> Bool {
    CQRQuizCLI_terminal_enter(
      descriptor, alternateScreen ? enterSequence : "", alternateScreen ? leaveSequence : "\u{1B}[0m") == 0
  }

  /// Puts the terminal back as it was (safe to call more than once).
  static func restore() { CQRQuizCLI_terminal_leave() }

  /// The terminal's size in character cells, or `nil` when `descriptor` is no terminal.
  static func size(descriptor: Int32 = 1) -> (columns: Int, rows: Int)? {
    var columns: Int32 = 0
    var rows: Int32 = 0
    guard CQRQuizCLI_terminal_size(descriptor, &columns, &rows) != 0 else { return nil }
    return (Int(columns), Int(rows))
  }
}
