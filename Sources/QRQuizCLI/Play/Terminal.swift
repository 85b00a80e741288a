import Foundation
import QRQuiz

/// Facts about the terminal the player runs in.
enum Terminal {
  /// Both standard input and output are a terminal: the full-screen game can run.
  static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

  static var environment: [String: String] { ProcessInfo.processInfo.environment }

  /// Colours only on a terminal that has them, and never with `NO_COLOR` set
  /// (no-color.org). `COLORTERM` says so outright; otherwise `TERM` is judged as `ls
  /// --color=auto` and dircolors do (chafa's database assumes 256 colours for any name,
  /// so it cannot tell a VT100 from an xterm).
  static var hasColour: Bool {
    if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return false }
    if let colourTerm = environment["COLORTERM"], !colourTerm.isEmpty { return true }
    let term = environment["TERM"] ?? ""
    let colourTerms = [
      "color", "256", "direct", "xterm", "screen", "tmux", "rxvt", "linux", "konsole", "kitty", "alacritty",
      "foot", "wezterm", "vte", "gnome", "putty", "cygwin", "ansi",
    ]
    return colourTerms.contains { term.contains($0) }
  }

  /// How the terminal can draw a picture: not at all without colours.
  static var imageCapability: TerminalImageRenderer.Capability {
    hasColour ? TerminalImageRenderer.capability(environment: environment) : .none
  }

  /// The smallest terminal the full-screen game draws in.
  static let minimumSize = (columns: 80, rows: 24)
}
