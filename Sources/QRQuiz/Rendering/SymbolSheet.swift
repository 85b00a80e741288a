/// Several QR symbols on one page: a grid, each symbol with its own quiet zone and a
/// label ("1/3", "2/3", …) beneath, so a person can tell which parts are scanned.
public struct SymbolSheet: Sendable {
  /// The symbols, in part order.
  public var matrices: [QRMatrix]
  /// Pixels per module.
  public var scale: Int
  /// Quiet zone in modules around each symbol.
  public var margin: Int

  /// Creates a sheet.
  public init(matrices: [QRMatrix], scale: Int, margin: Int) {
    precondition(!matrices.isEmpty && scale >= 1 && margin >= 0, "a sheet needs symbols, scale >= 1, margin >= 0")
    self.matrices = matrices
    self.scale = scale
    self.margin = margin
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

  /// The sheet as a black-and-white image.
  public func image() -> GrayImage {
    let cellHeight = cellSide + labelHeight
    var sheet = GrayImage(width: columns * cellSide, height: rows * cellHeight, filledWith: 255)
    for (index, matrix) in matrices.enumerated() {
      let cellX = index % columns * cellSide
      let cellY = index / columns * cellHeight
      let symbol = matrix.image(scale: scale, margin: margin)
      // Smaller symbols sit centred in a cell sized for the largest.
      let offset = (cellSide - symbol.width) / 2
      for y in 0..<symbol.height {
        let target = (cellY + offset + y) * sheet.width + cellX + offset
        sheet.pixels.replaceSubrange(
          target..<target + symbol.width, with: symbol.pixels[y * symbol.width..<(y + 1) * symbol.width])
      }
      if let label = label(index) {
        let labelWidth = BitmapFont.width(of: label) * labelScale
        BitmapFont.draw(
          label, into: &sheet, x: cellX + (cellSide - labelWidth) / 2, y: cellY + cellSide + labelScale,
          scale: labelScale)
      }
    }
    return sheet
  }

  /// The sheet as a 1-bit PNG.
  public func pngData() throws -> [UInt8] {
    if matrices.count == 1 { return try matrices[0].pngData(scale: scale, margin: margin) }
    return try PNGWriter.encodeBilevel(image())
  }
}
