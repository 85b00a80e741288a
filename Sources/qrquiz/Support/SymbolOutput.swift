import Foundation
import QRQuiz

/// Writes a topic's symbols as `qrquiz encode` was asked: one PNG or SVG (a labelled grid
/// when there are several symbols), numbered files, or text for the terminal.
enum SymbolOutput {
  static func write(_ matrices: [QRMatrix], to target: String, settings: EncodeSettings) throws(CLIError) {
    switch (settings.output, settings.layout) {
    case (.terminal, _):
      var text = ""
      for (index, matrix) in matrices.enumerated() {
        if matrices.count > 1 { text += "\(index + 1)/\(matrices.count)\n" }
        text += TerminalRenderer.text(matrix, margin: max(settings.margin, 1))
      }
      Console.out(text)
    case (_, .grid):
      try Console.write(try render(matrices, settings: settings), to: target)
    case (_, .files):
      // NAME.png → NAME-1.png … NAME-N.png, numbered even for one symbol.
      let url = URL(fileURLWithPath: target)
      let stem = url.deletingPathExtension().lastPathComponent
      let directory = url.deletingLastPathComponent()
      for (index, matrix) in matrices.enumerated() {
        let path = directory.appendingPathComponent("\(stem)-\(index + 1).\(settings.fileExtension)").path
        try Console.write(try render([matrix], settings: settings), to: path)
      }
    }
  }

  private static func render(_ matrices: [QRMatrix], settings: EncodeSettings) throws(CLIError) -> [UInt8] {
    let sheet = SymbolSheet(matrices: matrices, scale: settings.scale, margin: settings.margin)
    if settings.output == .svg { return Array(SVGRenderer.svg(sheet).utf8) }
    do {
      return try sheet.pngData()
    } catch {
      throw CLIError(.internalError, "cannot make PNG: \(error)")
    }
  }
}
