import Foundation
import QRQuiz

/// How `qrquiz encode` draws symbols, fixed once for all topics.
struct SymbolStyle: Sendable {
  enum Output: Sendable { case png, svg, terminal, compactTerminal }
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
  static func write(_ matrices: [QRMatrix], title: String? = nil, to target: String, style: SymbolStyle) throws {
    switch (style.output, style.layout) {
    case (.terminal, _), (.compactTerminal, _):
      let compact = style.output == .compactTerminal
      let margin = max(style.margin, 1)
      try checkTerminalWidth(matrices, margin: margin, compact: compact)
      var text = ""
      for (index, matrix) in matrices.enumerated() {
        if matrices.count > 1 { text += "\(index + 1)/\(matrices.count)\n" }
        text +=
          compact
          ? TerminalRenderer.quarterBlocks(matrix, margin: margin) : TerminalRenderer.text(matrix, margin: margin)
      }
      Console.text(text)
    case (_, .grid):
      try Console.write(try render(matrices, title: title, style: style), to: target)
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

  /// A code wider than the terminal wraps and cannot be scanned: refused, with the ways out.
  private static func checkTerminalWidth(_ matrices: [QRMatrix], margin: Int, compact: Bool) throws {
    guard isatty(STDOUT_FILENO) == 1, let columns = RawTerminal.size(descriptor: STDOUT_FILENO)?.columns else {
      return
    }
    let side = (matrices.map(\.size).max() ?? 0) + 2 * margin
    let width = compact ? (side + 1) / 2 : side
    guard width > columns else { return }
    var ways = ["widen the terminal (or make its font smaller)"]
    if !compact, (side + 1) / 2 <= columns { ways.append("use --compact-terminal (\((side + 1) / 2) columns)") }
    ways.append("write an image with -o FILE.png")
    throw CLIError(
      .outputFailed,
      "the QR code is \(width) columns wide and this terminal has \(columns): it would wrap and not scan; "
        + ways.joined(separator: ", or "))
  }

  private static func render(_ matrices: [QRMatrix], title: String? = nil, style: SymbolStyle)
    throws(ImageEncodingError)
    -> [UInt8]
  {
    var sheet = SymbolSheet(matrices: matrices, scale: style.scale, margin: style.margin)
    sheet.title = title
    if style.output == .svg { return Array(SVGRenderer.svg(sheet).utf8) }
    return try sheet.pngData()
  }
}
