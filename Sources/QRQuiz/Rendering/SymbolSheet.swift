import QRQuizReading

/// Several QR symbols on one page: a grid, each symbol with its own quiet zone and a
/// label ("1/3", "2/3", …) beneath, so a person can tell which parts are scanned, and the
/// topic's name above them, so a printed sheet says what it is. With a ``caption``, each
/// symbol has it beneath instead ("Geografía", "1 of 3").
public struct SymbolSheet: Sendable {
  /// The symbols, in part order.
  public var matrices: [QRMatrix]
  /// What the sheet is (the topic's name), printed above a sheet of several symbols.
  public var title: String?
  /// Text under each symbol (the topic's name, a stranger's text): wrapped to the
  /// symbol's width in two lines at most, ending in "…" when cut, with "1 of 3" beneath
  /// when there are several symbols. It replaces the title and the "1/3" labels.
  public var caption: String?
  /// Which part of its topic a sheet of one symbol is ("2 of 5" under its caption), when
  /// a topic's symbols go to a file each.
  public var part: (number: Int, count: Int)?
  /// Pixels per module.
  public var scale: Int
  /// Quiet zone in modules around each symbol.
  public var margin: Int

  /// Creates a sheet.
  public init(matrices: [QRMatrix], scale: Int, margin: Int, title: String? = nil, caption: String? = nil) {
    precondition(!matrices.isEmpty && scale >= 1 && margin >= 0, "a sheet needs symbols, scale >= 1, margin >= 0")
    self.matrices = matrices
    self.scale = scale
    self.margin = margin
    self.title = title
    self.caption = caption
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

  /// Characters of the caption or title that the image (PNG) draws as boxes: its font
  /// has Latin capitals only. The SVG writes them as they are.
  public var charactersMissingFromImage: [Character] {
    BitmapFont.missingCharacters(in: (imageCaption.flatMap { $0 } + [drawnTitle ?? ""]).joined())
  }

  var labelScale: Int { max(2, scale) }
  var cellSide: Int { (matrices.map(\.size).max()! + 2 * margin) * scale }
  var labelHeight: Int {
    if caption != nil { return 2 * captionScale + captionLineCount * captionLineAdvance }
    return matrices.count > 1 ? (BitmapFont.height + 3) * labelScale : 0
  }
  var cellHeight: Int { cellSide + labelHeight }
  var width: Int { columns * cellSide }
  var height: Int { titleHeight + rows * cellHeight }

  /// The title as drawn in pixels, in capitals, cut to the width; `nil` for one symbol,
  /// with a caption, or for a name with nothing to draw.
  var drawnTitle: String? {
    guard matrices.count > 1, caption == nil, let title else { return nil }
    let room = Double((width - 2 * labelScale) / labelScale)
    let text = BitmapFont.printable(CaptionText.cleaned(title))
    return CaptionText.lines(text, width: room, maximumLines: 1) { Double(BitmapFont.width(of: $0)) }.first
  }

  /// The title in SVG text, cut by its estimated width.
  var textTitle: String? {
    guard matrices.count > 1, caption == nil, let title else { return nil }
    return CaptionText.lines(
      CaptionText.cleaned(title), width: Double(width - 2 * labelScale), maximumLines: 1,
      measure: { CaptionText.estimatedEms($0) * Double(textSize) }
    ).first
  }

  /// Pixels above the grid for the title.
  var titleHeight: Int { drawnTitle == nil ? 0 : (BitmapFont.lineHeight + 1) * labelScale }

  /// Font pixels of the caption: half a module, so its capitals are 3.5 modules tall.
  var captionScale: Int { max(1, (scale + 1) / 2) }
  /// Pixels from one caption line's top to the next.
  var captionLineAdvance: Int { (BitmapFont.lineHeight + 1) * captionScale }
  /// The SVG's font size for captions, labels and title: its capitals as tall as the
  /// bitmap font's.
  var textSize: Int { (BitmapFont.height + 3) * (caption == nil ? labelScale : captionScale) }

  /// The caption's lines under each symbol as the image draws them (capitals, by the
  /// bitmap font's widths), the part ("1 of 3") last.
  var imageCaption: [[String]] {
    let scale = captionScale
    return captionLines(prepare: BitmapFont.printable) { text, room in
      CaptionText.lines(BitmapFont.printable(text), width: Double(room / scale), maximumLines: 2) {
        Double(BitmapFont.width(of: $0))
      }
    }
  }

  /// The caption's lines under each symbol as the SVG writes them, by estimated widths.
  var textCaption: [[String]] {
    let size = Double(textSize)
    return captionLines { text, room in
      CaptionText.lines(text, width: Double(room), maximumLines: 2) { CaptionText.estimatedEms($0) * size }
    }
  }

  private func captionLines(
    prepare: (String) -> String = { $0 }, _ wrap: (String, Int) -> [String]
  ) -> [[String]] {
    guard let caption else { return matrices.map { _ in [] } }
    let text = CaptionText.cleaned(caption)
    return matrices.indices.map { index in
      let part =
        if let part, matrices.count == 1 {
          part.count > 1 ? ["\(part.number) of \(part.count)"] : []
        } else {
          matrices.count > 1 ? ["\(index + 1) of \(matrices.count)"] : []
        }
      return wrap(text, matrices[index].size * scale) + part.map(prepare)
    }
  }

  /// Lines every caption band has room for: the most either rendering needs.
  var captionLineCount: Int { max(imageCaption.map(\.count).max() ?? 0, textCaption.map(\.count).max() ?? 0) }

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
      BitmapFont.drawLine(title, into: &sheet, x: (width - titleWidth) / 2, y: 0, scale: labelScale)
    }
    let captions = imageCaption
    for (index, matrix) in matrices.enumerated() {
      let symbol = matrix.image(scale: scale, margin: margin)
      let origin = symbolOrigin(index)
      for y in 0..<symbol.height {
        let target = (origin.y + y) * sheet.width + origin.x
        sheet.pixels.replaceSubrange(
          target..<target + symbol.width, with: symbol.pixels[y * symbol.width..<(y + 1) * symbol.width])
      }
      let cell = cellOrigin(index)
      for (line, text) in captions[index].enumerated() {
        let textWidth = BitmapFont.width(of: text) * captionScale
        BitmapFont.drawLine(
          text, into: &sheet, x: cell.x + (cellSide - textWidth) / 2,
          y: cell.y + cellSide + captionScale + line * captionLineAdvance, scale: captionScale)
      }
      if caption == nil, let label = label(index) {
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
  /// - Throws: `ImageEncodingError` when libpng fails (memory).
  public func pngData() throws(ImageEncodingError) -> [UInt8] {
    if matrices.count == 1, caption == nil { return try matrices[0].pngData(scale: scale, margin: margin) }
    return try PNGWriter.encodeBilevel(image())
  }
}
