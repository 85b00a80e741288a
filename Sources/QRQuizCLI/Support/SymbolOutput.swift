import Foundation
import QRQuiz

/// How `qrquiz encode` draws symbols, fixed once for all topics.
struct SymbolStyle: Sendable {
  enum Output: Sendable { case png, svg, terminal }
  enum Layout: String, Sendable, ArgumentChoice { case grid, files }

  var output: Output
  var layout: Layout
  var scale: Int
  var margin: Int

  var fileExtension: String { output == .svg ? "svg" : "png" }
}

/// Writes a topic's symbols as `qrquiz encode` was asked: one PNG or SVG (a labelled grid
/// when there are several symbols), numbered files, or text for the terminal.
enum SymbolOutput {
  static func write(_ matrices: [QRMatrix], to target: String, style: SymbolStyle) throws {
    switch (style.output, style.layout) {
    case (.terminal, _):
      var text = ""
      for (index, matrix) in matrices.enumerated() {
        if matrices.count > 1 { text += "\(index + 1)/\(matrices.count)\n" }
        text += TerminalRenderer.text(matrix, margin: max(style.margin, 1))
      }
      Console.text(text)
    case (_, .grid):
      try Console.write(try render(matrices, style: style), to: target)
    case (_, .files):
      // NAME.png → NAME-1.png … NAME-N.png, numbered even for one symbol.
      let url = URL(fileURLWithPath: target)
      let stem = url.deletingPathExtension().lastPathComponent
      let directory = url.deletingLastPathComponent()
      for (index, matrix) in matrices.enumerated() {
        let path = directory.appendingPathComponent("\(stem)-\(index + 1).\(style.fileExtension)").path
        try Console.write(try render([matrix], style: style), to: path)
      }
    }
  }

  private static func render(_ matrices: [QRMatrix], style: SymbolStyle) throws(ImageEncodingError) -> [UInt8] {
    let sheet = SymbolSheet(matrices: matrices, scale: style.scale, margin: style.margin)
    if style.output == .svg { return Array(SVGRenderer.svg(sheet).utf8) }
    return try sheet.pngData()
  }
}
