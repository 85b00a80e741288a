import Foundation
import Testing

@testable import QRQuiz

/// Captures that zxing-cpp read and QRQuiz did not (Fixtures/hard-captures, from
/// make_captures.py), and the pieces that read them: each colour channel tried, finders
/// thinned by a steep angle, the right angle at the other corner, an image cleaned of
/// noise and faintness, and an image doubled bicubically. QRQuiz's own passes only, so zbar's passes are not what reads them.
@Suite struct HardCaptureTests {
  static var ownPasses: QRCodeReader { QRCodeReader(passes: [.located, .rectified], timeLimit: .infinity) }

  static func fixture(_ name: String) throws -> (bytes: [UInt8], text: String) {
    let file = try #require(
      ["png", "jpg"].map { Fixtures.url("hard-captures/\(name).\($0)") }
        .first { FileManager.default.fileExists(atPath: $0.path) })
    let text = String(
      decoding: try Data(contentsOf: Fixtures.url("hard-captures/\(name).txt")), as: UTF8.self)
    return (Array(try Data(contentsOf: file)), text)
  }

  @Test(arguments: [
    "blurred-colour-busy", "blurred-colour-tilted", "steep-small-faint", "noisy-faint-tight", "ink-on-paper-tight",
    "shaken-small-inverted", "blurred-steep-small", "steep-rotated-faint",
  ])
  func hardCapturesAreReadExactly(_ name: String) throws {
    let (bytes, text) = try Self.fixture(name)
    #expect(try Self.ownPasses.scan(imageData: bytes).symbols.map(\.text) == [text])
  }

  /// The colour captures read in one channel and not in their brightness. (The third,
  /// `blurred-colour-tilted`, reads in its brightness too since the sharpened last try.)
  @Test(arguments: ["blurred-colour-busy", "ink-on-paper-tight"])
  func colourCapturesNeedAChannel(_ name: String) throws {
    let (bytes, _) = try Self.fixture(name)
    #expect(try Self.ownPasses.scan(ImageDecoder.decode(bytes)).symbols.isEmpty)
    #expect(try ImageDecoder.decodeRGBA(bytes).channelsByContrast().count == 3)
  }

  /// The steep capture's far finder has a light ring a pixel wide: only the loose census
  /// sees it.
  @Test func aSteepFinderIsFoundOnlyThinned() throws {
    let image = try ImageDecoder.decode(try Self.fixture("steep-small-faint").bytes)
    let binary = image.binarized()
    let nearFarFinder = { (patterns: [FinderPatternScan.Pattern]) in
      patterns.contains { $0.rows >= 2 && abs($0.x - 216) < 6 && abs($0.y - 387) < 6 }
    }
    #expect(!nearFarFinder(FinderPatternScan(binary).patterns))
    #expect(nearFarFinder(FinderPatternScan(binary, thinned: true).patterns))
  }

  /// Three finders of a symbol tilted steeply away (the steep capture's): its top side is
  /// longer than its diagonal, so the right angle is not opposite the longest side. Both
  /// corners are candidates; a square's is found once.
  @Test func aSteepTripleHasItsRightAngleAtTheOtherCorner() {
    func pattern(_ x: Double, _ y: Double, _ module: Double) -> FinderPatternScan.Pattern {
      FinderPatternScan.Pattern(x: x, y: y, moduleSize: module, rows: 8)
    }
    let steep = [pattern(111, 173, 2.8), pattern(453, 154, 3.9), pattern(216, 387, 1.7)]
    let corners = FinderTriple.candidates(steep).map(\.topLeft)
    #expect(corners.contains(Point(111, 173)))
    let square = [pattern(100, 100, 4), pattern(300, 100, 4), pattern(100, 300, 4)]
    #expect(FinderTriple.candidates(square).map(\.topLeft) == [Point(100, 100)])
  }

  /// Loose finders only complete a triple of two strict ones: three look-alikes the loose
  /// census alone found make no candidate.
  @Test func looseFindersNeedTwoTrustedOnes() {
    let patterns = [(100.0, 100.0), (300.0, 100.0), (100.0, 300.0)].map {
      FinderPatternScan.Pattern(x: $0.0, y: $0.1, moduleSize: 4, rows: 8)
    }
    #expect(FinderTriple.candidates(patterns, anchors: 1).isEmpty)
    #expect(FinderTriple.candidates(patterns, anchors: 2).count == 1)
  }

  @Test func smoothingSpreadsASpikeOverItsNeighbours() {
    var spike = GrayImage(width: 3, height: 3, pixels: [UInt8](repeating: 0, count: 9))
    spike[1, 1] = 160
    let smoothed = spike.smoothed()
    #expect(smoothed.pixels == [10, 20, 10, 20, 40, 20, 10, 20, 10])
    let flat = GrayImage(width: 4, height: 2, pixels: [UInt8](repeating: 77, count: 8))
    #expect(flat.smoothed() == flat)
  }

  /// Bicubic doubling keeps a flat image flat and a one-pixel light gap between dark
  /// pixels lighter than the linear doubling does: the thin ring the census needs.
  @Test func bicubicDoublingKeepsAThinGapOpen() {
    let flat = GrayImage(width: 5, height: 3, pixels: [UInt8](repeating: 90, count: 15))
    #expect(flat.bicubicallyDoubled() == GrayImage(width: 10, height: 6, pixels: [UInt8](repeating: 90, count: 60)))
    // Columns: dark, dark, light, dark, dark — the middle a finder's ring blurred thin.
    let row: [UInt8] = [40, 40, 200, 40, 40]
    let gap = GrayImage(width: 5, height: 3, pixels: row + row + row)
    let bicubic = gap.bicubicallyDoubled()
    let linear = gap.smoothlyDoubled()
    #expect(bicubic.width == 10 && bicubic.height == 6)
    // Output columns 4 and 5 are the light pixel's two halves.
    #expect(bicubic[4, 2] > linear[4, 2] && bicubic[5, 2] > linear[5, 2])
    // The side lobes darken the dark pixels beside the gap, clamped at black, never wrapped.
    let edge = GrayImage(width: 4, height: 1, pixels: [0, 0, 255, 255]).bicubicallyDoubled()
    #expect(edge.pixels == [0, 0, 0, 52, 203, 255, 255, 255] + [0, 0, 0, 52, 203, 255, 255, 255])
  }
}
