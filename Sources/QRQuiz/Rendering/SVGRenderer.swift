internal import QRQuizEscaping

/// Vector output: symbols as SVG paths (one per symbol, horizontal runs merged) on a white
/// background, laid out as a ``SymbolSheet``, labels, title and captions as text (any
/// script, escaped: a topic's name is a stranger's). Scales to any print size.
public enum SVGRenderer {
  /// The SVG document for `sheet`; one user unit is one pixel at the sheet's scale.
  public static func svg(_ sheet: SymbolSheet) -> String {
    let (width, height) = (sheet.width, sheet.height)
    var svg = """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" \
      shape-rendering="crispEdges">
      <rect width="\(width)" height="\(height)" fill="#fff"/>

      """
    if sheet.drawnTitle != nil, let title = sheet.textTitle {
      let size = Double(sheet.textSize)
      svg += text(
        title, x: Double(width) / 2, baseline: Double((2 + BitmapFont.height) * sheet.labelScale), size: size,
        length: CaptionText.estimatedEms(title) * size)
    }
    let captions = sheet.caption == nil ? nil : sheet.textCaption
    for (index, matrix) in sheet.matrices.enumerated() {
      // The path is in modules, inside the quiet zone.
      let origin = sheet.symbolOrigin(index)
      let left = origin.x + sheet.margin * sheet.scale
      let top = origin.y + sheet.margin * sheet.scale
      svg += "<path transform=\"translate(\(left) \(top)) scale(\(sheet.scale))\" d=\"\(path(matrix))\"/>\n"
      let cell = sheet.cellOrigin(index)
      let centreX = Double(cell.x + sheet.cellSide / 2)
      if let lines = captions?[index] {
        let size = Double(sheet.textSize)
        for (line, caption) in lines.enumerated() {
          let top = cell.y + sheet.cellSide + sheet.captionScale + line * sheet.captionLineAdvance
          svg += text(
            caption, x: centreX, baseline: Double(top + (2 + BitmapFont.height) * sheet.captionScale), size: size,
            length: CaptionText.estimatedEms(caption) * size)
        }
      } else if let label = sheet.label(index) {
        let baseline = cell.y + sheet.cellSide + (BitmapFont.height + 1) * sheet.labelScale
        svg +=
          "<text x=\"\(centreX)\" y=\"\(baseline)\" font-family=\"monospace\" "
          + "font-size=\"\(BitmapFont.height * sheet.labelScale + sheet.labelScale)\" text-anchor=\"middle\">\(label)</text>\n"
      }
    }
    return svg + "</svg>\n"
  }

  /// One line of a stranger's text centred on `x`, held to `length` wide (its estimated
  /// width, within the room it was broken for) whatever font draws it.
  static func text(_ text: String, x: Double, baseline: Double, size: Double, length: Double) -> String {
    "<text x=\"\(number(x))\" y=\"\(number(baseline))\" font-family=\"sans-serif\" font-size=\"\(number(size))\" "
      + "text-anchor=\"middle\" textLength=\"\(number(length))\" lengthAdjust=\"spacingAndGlyphs\">"
      + MarkupText.escaped(text) + "</text>\n"
  }

  /// A coordinate with at most two decimals: "12", "12.5".
  static func number(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }

  /// Dark modules as one path in module units, each horizontal run a rectangle.
  static func path(_ matrix: QRMatrix) -> String {
    var commands: [String] = []
    for y in 0..<matrix.size {
      var x = 0
      while x < matrix.size {
        guard matrix[x, y] else {
          x += 1
          continue
        }
        let start = x
        while x < matrix.size && matrix[x, y] { x += 1 }
        commands.append("M\(start) \(y)h\(x - start)v1h-\(x - start)z")
      }
    }
    return commands.joined()
  }
}
