import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz

/// Codes cropped at their own edge (no quiet zone) and faint codes that each threshold
/// window sees only in part: the located pass's last tries (`QRCodeReader+Framing`,
/// `locateBetweenWindows`). Each image here was missed before them; only the located
/// pass runs, so zbar's passes cannot be what reads them.
@Suite struct TightAndFaintCodeTests {
  static var locatedOnly: QRCodeReader { QRCodeReader(passes: [.located], timeLimit: .infinity) }

  /// The zxing corpus's version-40 code at one pixel a module with no margin
  /// (qrcode-5/17), at every quarter turn: before the frame it read at none of them by
  /// the located pass, and at 270° by no pass at all.
  @Test(arguments: 0..<4)
  func aCodeCroppedAtItsEdgeIsReadAtEveryRotation(_ quarterTurns: Int) throws {
    let file = Fixtures.corpus.appendingPathComponent("qrcode-5/17.png")
    let expected = String(
      decoding: try Data(contentsOf: file.deletingPathExtension().appendingPathExtension("txt")), as: UTF8.self)
    let image = try ImageDecoder.decode(Array(Data(contentsOf: file))).rotated(quarterTurns: quarterTurns)
    let scan = try Self.locatedOnly.scan(image)
    #expect(scan.symbols.map(\.text) == [expected])
  }

  /// Our own symbols rendered with no margin at 1, 2 and 5 pixels a module: the frame
  /// the reader adds is the quiet zone the crop took, and the symbol's position stays in
  /// the image's own pixels.
  @Test(arguments: [1, 2, 5])
  func marginlessSymbolsAreFramed(_ scale: Int) throws {
    let text = String(repeating: "Marginless symbol ", count: 20)
    let image = try TopicQREncoder().encode(bytes: Array(text.utf8)).image(scale: scale, margin: 0)
    #expect(QRCodeReader.isCroppedTight(image.binarized()))
    let symbols = try Self.locatedOnly.scan(image).symbols
    #expect(symbols.map(\.text) == [text])
    let symbol = try #require(symbols.first)
    #expect((0..<image.width).contains(symbol.x) && (0..<image.height).contains(symbol.y))
  }

  /// A code with its quiet zone is not taken for a tight crop (the frame would only cost
  /// time), nor is an image with no code in it.
  @Test func codesWithAMarginAreNotFramed() throws {
    let withMargin = try TopicQREncoder().encode(bytes: Array("A margin".utf8)).image(scale: 4, margin: 4)
    #expect(!QRCodeReader.isCroppedTight(withMargin.binarized()))
    let blank = GrayImage(width: 300, height: 200, pixels: [UInt8](repeating: 200, count: 60_000))
    #expect(!QRCodeReader.isCroppedTight(blank.binarized()))
  }

  /// The frame is the paper's own grey, not white: a dim photo's frame must not itself
  /// look like a light edge.
  @Test func theFrameIsThePapersGrey() {
    let dim = GrayImage(width: 10, height: 10, pixels: (0..<100).map { UInt8($0 < 50 ? 40 : 120) })
    #expect(dim.lightLevel == 120)
    let framed = dim.framed(by: 3, level: dim.lightLevel)
    #expect(framed.width == 16 && framed.height == 16)
    #expect(framed[0, 0] == 120 && framed[3, 3] == 40 && framed[12, 12] == 120 && framed[15, 15] == 120)
  }

  /// Two faint captures (Fixtures/faint, seed 101 of make_captures.py) that zxing-cpp
  /// read and QRQuiz did not: finders split between the two windows' censuses, and a
  /// blurred inverted code that only a window between them thresholds well.
  @Test(arguments: ["windows-split-finders", "blurred-inverted"])
  func faintCodesAreReadBetweenTheWindows(_ name: String) throws {
    let file = Fixtures.url("faint/\(name).png")
    let expected = String(decoding: try Data(contentsOf: Fixtures.url("faint/\(name).txt")), as: UTF8.self)
    let scan = try Self.locatedOnly.scan(imageData: Array(Data(contentsOf: file)))
    #expect(scan.symbols.map(\.text) == [expected])
  }
}
