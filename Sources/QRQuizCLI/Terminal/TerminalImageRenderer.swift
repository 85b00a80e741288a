internal import CQRQuizCLI
import Foundation
import QRQuiz

/// Draws pictures in a terminal with libchafa, in the best way the terminal offers: real
/// pixels (kitty, iTerm2, sixels) or colour block symbols. The terminal is described by
/// its environment (`TERM`, `COLORTERM`, `TERM_PROGRAM`, …), as chafa's own tool reads it.
enum TerminalImageRenderer {
  /// How a terminal draws images.
  enum Capability: Sendable, Hashable {
    /// It has no colours: a picture cannot be drawn usefully.
    case none
    /// Colour block symbols.
    case symbols
    /// Real pixels.
    case pixels
  }

  /// What the terminal described by `environment` can draw, by chafa's terminal database.
  /// The database assumes colours for any terminal it does not know: whether the
  /// terminal has colours at all is the caller's to judge.
  static func capability(environment: [String: String]) -> Capability {
    withEnvironment(environment) { envp in
      switch CQRQuizCLI_chafa_capability(envp) {
      case CQRQuizCLI_TERMINAL_PIXELS: .pixels
      case CQRQuizCLI_TERMINAL_SYMBOLS: .symbols
      default: .none
      }
    }
  }

  /// `image` as terminal output fitting `columns` × `rows` cells (its aspect ratio kept),
  /// with the cells it takes; `nil` when chafa fails.
  static func render(
    _ image: RGBAImage, columns: Int, rows: Int, environment: [String: String]
  ) -> (text: String, columns: Int, rows: Int)? {
    guard image.width > 0, image.height > 0 else { return nil }
    var usedColumns: Int32 = 0
    var usedRows: Int32 = 0
    let output = withEnvironment(environment) { envp in
      image.pixels.withUnsafeBytes { bytes in
        CQRQuizCLI_chafa_draw(
          bytes.bindMemory(to: UInt8.self).baseAddress, Int32(image.width), Int32(image.height),
          Int32(image.width * 4), Int32(columns), Int32(rows), envp, &usedColumns, &usedRows)
      }
    }
    guard let output else { return nil }
    defer { free(output) }
    return (String(cString: output), Int(usedColumns), Int(usedRows))
  }

  private static func withEnvironment<T>(
    _ environment: [String: String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T
  ) -> T {
    var strings = environment.map { strdup("\($0.key)=\($0.value)") }
    strings.append(nil)
    defer { for string in strings { free(string) } }
    return strings.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { body($0.baseAddress!) }
    }
  }
}
