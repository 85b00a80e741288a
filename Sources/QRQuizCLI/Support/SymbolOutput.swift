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
  /// What to print under each symbol; `nil` for nothing.
  var caption: Caption?

  /// A caption: the topic's name, or a text given for it.
  enum Caption: Sendable, Equatable {
    case name
    case text(String)

    func text(forTopicNamed name: String) -> String {
      switch self {
      case .name: name
      case .text(let text): text
      }
    }
  }

  var fileExtension: String { output == .svg ? "svg" : "png" }
}

/// Writes a topic's symbols as `qrquiz encode` was asked: one PNG or SVG (a labelled grid
/// when there are several symbols), numbered files, or text for the terminal.
enum SymbolOutput {
  /// Writes the symbols; returns the characters of the PNG's caption or title that its
  /// font drew as boxes (none for SVG or the terminal).
  @discardableResult
  static func write(_ matrices: [QRMatrix], title: String? = nil, to target: String, style: SymbolStyle) throws
    -> [Character]
  {
    let caption = style.caption.map { $0.text(forTopicNamed: title ?? "") }
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
      return []
    case (_, .grid):
      var sheet = SymbolSheet(matrices: matrices, scale: style.scale, margin: style.margin, title: title)
      sheet.caption = caption
      try Console.write(try render(sheet, style: style), to: target)
      return style.output == .png ? sheet.charactersMissingFromImage : []
    case (_, .files):
      // NAME.png → NAME-1.png … NAME-N.png, numbered even for one symbol.
      let url = URL(fileURLWithPath: target)
      let stem = url.deletingPathExtension().lastPathComponent
      let directory = url.deletingLastPathComponent()
      var missing: [Character] = []
      for (index, matrix) in matrices.enumerated() {
        let path = directory.appendingPathComponent("\(stem)-\(index + 1).\(style.fileExtension)").path
        var sheet = SymbolSheet(matrices: [matrix], scale: style.scale, margin: style.margin, caption: caption)
        sheet.part = (index + 1, matrices.count)
        try Console.write(try render(sheet, style: style), to: path)
        if style.output == .png { missing = sheet.charactersMissingFromImage }
      }
      return missing
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

  private static func render(_ sheet: SymbolSheet, style: SymbolStyle) throws(ImageEncodingError) -> [UInt8] {
    if style.output == .svg { return Array(SVGRenderer.svg(sheet).utf8) }
    return try sheet.pngData()
  }
}
