import QRQuizReading

/// A ``PrintSheet``'s pages drawn: SVG sized in millimetres (a browser prints it at its
/// size), or a 1-bit PNG that says its resolution (so it prints at its size too).
extension PrintSheet {
  /// The SVG document of `page` (0-based); one user unit is a millimetre. Captions are
  /// text in any script, escaped.
  public func svg(page: Int) -> String {
    let (width, height) = paper.millimetres
    let size = Self.textSize
    var svg = """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="\(SVGRenderer.number(width))mm" \
      height="\(SVGRenderer.number(height))mm" viewBox="0 0 \(SVGRenderer.number(width)) \(SVGRenderer.number(height))">
      <rect width="\(SVGRenderer.number(width))" height="\(SVGRenderer.number(height))" fill="#fff"/>

      """
    for index in codes(onPage: page) {
      let matrix = codes[index].matrix
      let cell = cellOrigin(index)
      let module = layout.side / Double(matrix.size + 2 * Self.quietZone)
      let inset = Double(Self.quietZone) * module
      svg +=
        "<path transform=\"translate(\(SVGRenderer.number(cell.x + inset)) \(SVGRenderer.number(cell.y + inset))) "
        + "scale(\(module))\" d=\"\(SVGRenderer.path(matrix))\"/>\n"
      let lines = caption(
        index, room: codeWidth(index), prepare: { $0 }, measure: { CaptionText.estimatedEms($0) * size })
      for (line, text) in lines.enumerated() {
        // Capitals 3 mm tall, their tops 2 mm under the code's quiet zone.
        let baseline = cell.y + layout.side + 2 + 3 + Double(line) * Self.lineAdvance
        svg += SVGRenderer.text(
          text, x: cell.x + layout.side / 2, baseline: baseline, size: size,
          length: CaptionText.estimatedEms(text) * size)
      }
    }
    return svg + "</svg>\n"
  }

  /// The captions' font size in millimetres: capitals 3 mm tall.
  static let textSize = 4.1

  /// `page` (0-based) as a black-and-white image at `dotsPerInch`. Each code's modules
  /// are whole pixels (so a little smaller than in the SVG); captions in the bitmap font.
  public func image(page: Int, dotsPerInch: Int = 300) -> GrayImage {
    let pixelsPerMillimetre = Double(dotsPerInch) / 25.4
    func pixels(_ millimetres: Double) -> Int { Int((millimetres * pixelsPerMillimetre).rounded()) }
    let (width, height) = paper.millimetres
    var image = GrayImage(width: pixels(width), height: pixels(height), filledWith: 255)
    // The font's capitals, 7 of its pixels, about 3 mm tall.
    let fontScale = max(1, Int(3 / 7 * pixelsPerMillimetre))
    for index in codes(onPage: page) {
      let matrix = codes[index].matrix
      let cell = cellOrigin(index)
      let sidePixels = pixels(layout.side)
      let scale = max(1, sidePixels / (matrix.size + 2 * Self.quietZone))
      let symbol = matrix.image(scale: scale, margin: Self.quietZone)
      let left = pixels(cell.x) + (sidePixels - symbol.width) / 2
      let top = pixels(cell.y) + (sidePixels - symbol.height) / 2
      for y in 0..<symbol.height {
        let target = (top + y) * image.width + left
        image.pixels.replaceSubrange(
          target..<target + symbol.width, with: symbol.pixels[y * symbol.width..<(y + 1) * symbol.width])
      }
      let room = Double(matrix.size * scale / fontScale)
      let lines = caption(
        index, room: room, prepare: BitmapFont.printable, measure: { Double(BitmapFont.width(of: $0)) })
      for (line, text) in lines.enumerated() {
        let textWidth = BitmapFont.width(of: text) * fontScale
        // The glyphs' tops where the SVG's capitals start; accents in the two rows above.
        let glyphTop = pixels(cell.y + layout.side + 2 + Double(line) * Self.lineAdvance)
        BitmapFont.drawLine(
          text, into: &image, x: pixels(cell.x + layout.side / 2) - textWidth / 2, y: glyphTop - 2 * fontScale,
          scale: fontScale)
      }
    }
    return image
  }

  /// `page` (0-based) as a 1-bit PNG that records `dotsPerInch`, so it prints at size.
  ///
  /// - Throws: `ImageEncodingError` when libpng fails (memory).
  public func pngData(page: Int, dotsPerInch: Int = 300) throws(ImageEncodingError) -> [UInt8] {
    PNGResolution.adding(
      dotsPerInch: dotsPerInch, to: try PNGWriter.encodeBilevel(image(page: page, dotsPerInch: dotsPerInch)))
  }

  /// Characters of the captions that the image draws as boxes (its font has Latin
  /// capitals only); the SVG writes them as they are.
  public var charactersMissingFromImage: [Character] {
    BitmapFont.missingCharacters(in: codes.compactMap(\.caption).map(CaptionText.cleaned).joined())
  }
}

/// A PNG's physical resolution (its `pHYs` chunk), which printers and viewers read to
/// print an image at its size rather than at 72 or 96 dots an inch.
enum PNGResolution {
  /// `png` with a `pHYs` chunk of `dotsPerInch` after its header (IHDR, always first).
  static func adding(dotsPerInch: Int, to png: [UInt8]) -> [UInt8] {
    let headerEnd = 8 + 8 + 13 + 4
    guard png.count > headerEnd else { return png }
    let perMetre = UInt32((Double(dotsPerInch) / 0.0254).rounded())
    var chunk: [UInt8] = Array("pHYs".utf8)
    for _ in 0..<2 { chunk += bigEndian(perMetre) }
    chunk.append(1)  // the unit is the metre
    let length = bigEndian(UInt32(chunk.count - 4))
    return Array(png[..<headerEnd]) + length + chunk + bigEndian(Zlib.crc32(chunk)) + Array(png[headerEnd...])
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }
}
