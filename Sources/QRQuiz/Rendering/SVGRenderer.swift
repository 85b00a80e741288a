/// Vector output: symbols as SVG paths (one per symbol, horizontal runs merged) on a white
/// background, laid out as a ``SymbolSheet``, labels as text. Scales to any print size.
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
    if sheet.drawnTitle != nil, let title = sheet.title {
      // The whole name, in any script: SVG has real text. Escaped: it is a stranger's.
      svg +=
        "<text x=\"\(width / 2)\" y=\"\((BitmapFont.height + 2) * sheet.labelScale)\" font-family=\"sans-serif\" "
        + "font-size=\"\(BitmapFont.height * sheet.labelScale + sheet.labelScale)\" text-anchor=\"middle\">"
        + MarkupText.escaped(title) + "</text>\n"
    }
    for (index, matrix) in sheet.matrices.enumerated() {
      // The path is in modules, inside the quiet zone.
      let origin = sheet.symbolOrigin(index)
      let left = origin.x + sheet.margin * sheet.scale
      let top = origin.y + sheet.margin * sheet.scale
      svg += "<path transform=\"translate(\(left) \(top)) scale(\(sheet.scale))\" d=\"\(path(matrix))\"/>\n"
      if let label = sheet.label(index) {
        let cell = sheet.cellOrigin(index)
        let centreX = cell.x + sheet.cellSide / 2
        let baseline = cell.y + sheet.cellSide + (BitmapFont.height + 1) * sheet.labelScale
        svg +=
          "<text x=\"\(centreX)\" y=\"\(baseline)\" font-family=\"monospace\" "
          + "font-size=\"\(BitmapFont.height * sheet.labelScale + sheet.labelScale)\" text-anchor=\"middle\">\(label)</text>\n"
      }
    }
    return svg + "</svg>\n"
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
