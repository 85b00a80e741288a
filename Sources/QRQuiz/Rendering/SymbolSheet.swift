/// Several QR symbols on one page: a grid, each symbol with its own quiet zone and a
/// label ("1/3", "2/3", …) beneath, so a person can tell which parts are scanned, and the
/// topic's name above them, so a printed sheet says what it is.
public struct SymbolSheet: Sendable {
  /// The symbols, in part order.
  public var matrices: [QRMatrix]
  /// What the sheet is (the topic's name), printed above a sheet of several symbols.
  public var title: String?
  /// Pixels per module.
  public var scale: Int
  /// Quiet zone in modules around each symbol.
  public var margin: Int

  /// Creates a sheet.
  public init(matrices: [QRMatrix], scale: Int, margin: Int, title: String? = nil) {
    precondition(!matrices.isEmpty && scale >= 1 && margin >= 0, "a sheet needs symbols, scale >= 1, margin >= 0")
    self.matrices = matrices
    self.scale = scale
    self.margin = margin
    self.title = title
  }

  /// Columns of the grid: as square as possible.
  public var columns: Int {
    var columns = 1
    while columns * columns < matrices.count { columns += 1 }
    return columns
  }

  /// Rows of the grid.
  public var rows: Int { (matrices.count + columns - 1) / columns }

  /// The label under symbol `index` (0-based): "1/3"; none for a single symbol.
  public func label(_ index: Int) -> String? { matrices.count > 1 ? "\(index + 1)/\(matrices.count)" : nil }

  var labelScale: Int { max(2, scale) }
  var cellSide: Int { (matrices.map(\.size).max()! + 2 * margin) * scale }
  var labelHeight: Int { matrices.count > 1 ? (BitmapFont.height + 3) * labelScale : 0 }
  var cellHeight: Int { cellSide + labelHeight }
  var width: Int { columns * cellSide }
  var height: Int { titleHeight + rows * cellHeight }

  /// The title as drawn in pixels (see ``BitmapFont/drawable(_:)``), cut to the width;
  /// `nil` for one symbol, or a name with nothing drawable.
  var drawnTitle: String? {
    guard matrices.count > 1, let title else { return nil }
    var text = BitmapFont.drawable(title)
    let room = max(4, (width - 2 * labelScale) / ((BitmapFont.width + 1) * labelScale))
    if text.count > room { text = String(text.prefix(room - 3)).trimmingCharacters(in: .whitespaces) + "..." }
    return text.isEmpty ? nil : text
  }

  /// Pixels above the grid for the title.
  var titleHeight: Int { drawnTitle == nil ? 0 : (BitmapFont.height + 4) * labelScale }

  /// The top-left corner of symbol `index`'s cell, in pixels.
  func cellOrigin(_ index: Int) -> (x: Int, y: Int) {
    (index % columns * cellSide, titleHeight + index / columns * cellHeight)
  }

  /// The top-left corner of symbol `index` with its quiet zone: smaller symbols sit centred
  /// in a cell sized for the largest. Both the image and the SVG lay symbols out by it.
  func symbolOrigin(_ index: Int) -> (x: Int, y: Int) {
    let offset = (cellSide - (matrices[index].size + 2 * margin) * scale) / 2
    let cell = cellOrigin(index)
    return (cell.x + offset, cell.y + offset)
  }

  /// The sheet as a black-and-white image.
  public func image() -> GrayImage {
    var sheet = GrayImage(width: width, height: height, filledWith: 255)
    if let title = drawnTitle {
      let titleWidth = BitmapFont.width(of: title) * labelScale
      BitmapFont.draw(title, into: &sheet, x: (width - titleWidth) / 2, y: 2 * labelScale, scale: labelScale)
    }
    for (index, matrix) in matrices.enumerated() {
      let symbol = matrix.image(scale: scale, margin: margin)
      let origin = symbolOrigin(index)
      for y in 0..<symbol.height {
        let target = (origin.y + y) * sheet.width + origin.x
        sheet.pixels.replaceSubrange(
          target..<target + symbol.width, with: symbol.pixels[y * symbol.width..<(y + 1) * symbol.width])
      }
      if let label = label(index) {
        let cell = cellOrigin(index)
        let labelWidth = BitmapFont.width(of: label) * labelScale
        BitmapFont.draw(
          label, into: &sheet, x: cell.x + (cellSide - labelWidth) / 2, y: cell.y + cellSide + labelScale,
          scale: labelScale)
      }
    }
    return sheet
  }

  /// The sheet as a 1-bit PNG.
  ///
  /// - Throws: ``ImageEncodingError`` when libpng fails (memory).
  public func pngData() throws(ImageEncodingError) -> [UInt8] {
    if matrices.count == 1 { return try matrices[0].pngData(scale: scale, margin: margin) }
    return try PNGWriter.encodeBilevel(image())
  }
}
