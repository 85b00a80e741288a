import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizReading

/// Captures that zxing-cpp read and QRQuiz did not (Fixtures/hard-captures, from
/// make_captures.py), and the pieces that read them: each colour channel tried, finders
/// thinned by a steep angle, the right angle at the other corner, triples as perspective
/// makes them, an image cleaned of noise and faintness, and an image doubled bicubically.
/// QRQuiz's own passes only, so zbar's passes are not what reads them.
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
    "shaken-small-inverted", "blurred-steep-small", "steep-rotated-faint", "steep-wide-small-busy",
    "shaken-steep-small", "steep-noisy-inverted", "steep-busy-inverted-tight", "steep-rotated-uneven",
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

  /// A colour photo's channels are located before its brightness's last tries, which cost
  /// most and read neither capture: the channel reads it and the last tries never run. A
  /// grey photo has no channels, and gets its last tries as before.
  @Test(arguments: ["blurred-colour-busy", "ink-on-paper-tight"])
  func channelsAreLocatedBeforeTheLastTries(_ name: String) throws {
    let (bytes, text) = try Self.fixture(name)
    let reader = Self.ownPasses
    #expect(try reader.scan(imageData: bytes).symbols.map(\.text) == [text])
    #expect(reader.lastTriesRun == 0)
    let grey = try Self.fixture("noisy-faint-tight")
    #expect(try reader.scan(imageData: grey.bytes).symbols.map(\.text) == [grey.text])
    #expect(reader.lastTriesRun == 1)
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
    let steep = [pattern(111, 173, 2.8), pattern(453, 154, 3.9), pattern(216, 387, 1.7)]
    let corners = FinderTriple.candidates(steep).map(\.topLeft)
    #expect(corners.contains(Point(111, 173)))
    let square = [pattern(100, 100, 4), pattern(300, 100, 4), pattern(100, 300, 4)]
    #expect(FinderTriple.candidates(square).map(\.topLeft) == [Point(100, 100)])
  }

  /// A steep tilt bends the corner to 126° (`steep-wide-small-busy`'s finders, where the
  /// capture's geometry puts them) and makes the near finder's modules two and a half
  /// times the far one's (`shaken-steep-small`'s, as the census measured them): both are
  /// still a triple. The second's top side is its longest, so its right angle is at the
  /// other corner; so is the third's (`steep-rotated-uneven`'s finders: a side of 470
  /// pixels, the diagonal 416, the corner 60°).
  @Test func steepTriplesAreCandidates() {
    let wide = [pattern(395, 703, 2.7), pattern(334, 227, 3.3), pattern(788, 916, 4.3)]
    #expect(FinderTriple.candidates(wide).map(\.topLeft).contains(Point(395, 703)))
    let unequal = [pattern(237, 120, 2.86), pattern(678, 292.5, 4.49), pattern(236.5, 455, 1.79)]
    #expect(FinderTriple.candidates(unequal).contains { $0.topLeft == Point(237, 120) && $0.isOtherCorner })
    let squeezed = [pattern(731, 299.5, 4.35), pattern(423.5, 313.5, 2.54), pattern(517.75, 718.6, 7.05)]
    #expect(FinderTriple.candidates(squeezed).contains { $0.topLeft == Point(731, 299.5) && $0.isOtherCorner })
  }

  /// Legs unequal in pixels are equal in modules when each end's module size follows the
  /// perspective (`steep-noisy-inverted`'s finders: the longer leg ends at the larger
  /// modules): that triple is more regular than the same three points with the far
  /// finders' sizes swapped, which no view of a square gives.
  @Test func legsAreComparedInModules() throws {
    let tilted = [(84.0, 166.0, 3.16), (599, 135, 4.1), (217, 490, 1.88)].map { pattern($0.0, $0.1, $0.2, rows: 12) }
    let swapped = [(84.0, 166.0, 3.16), (599, 135, 1.88), (217, 490, 4.1)].map { pattern($0.0, $0.1, $0.2, rows: 12) }
    let usual = { (patterns: [FinderPatternScan.Pattern]) in
      FinderTriple.candidates(patterns).first { $0.topLeft == Point(84, 166) && !$0.isOtherCorner }
    }
    let real = try #require(usual(tilted))
    let impossible = try #require(usual(swapped))
    #expect(real.irregularity + 0.5 < impossible.irregularity)
  }

  /// A finder whose dark ring runs into a dark surround (a tight quiet zone) is measured
  /// by its inward half, which ends at the separator: 4-pixel modules come out 28 pixels
  /// wide within a pixel, as with a quiet zone (before: 46, the surround counted in).
  @Test func aFinderOnADarkSurroundIsMeasuredInwards() {
    // One row, left to right: ten light pixels (the quiet zone), a dark surround of
    // `surround` pixels joined to the finder's dark ring, light ring, centre, light ring,
    // dark ring, and light from the separator to the edge.
    func row(surround: Int) -> [UInt8] {
      [UInt8](repeating: 0, count: 10) + [UInt8](repeating: 1, count: surround + 4) + [0, 0, 0, 0]
        + [UInt8](repeating: 1, count: 12) + [0, 0, 0, 0, 1, 1, 1, 1] + [UInt8](repeating: 0, count: 24)
    }
    for surround in [0, 18] {
      let bits = row(surround: surround)
      let image = BinaryImage(width: bits.count, height: 1, bits: bits)
      // The middle of the centre's twelve pixels.
      let centre = Point(Double(10 + surround + 4 + 4) + 5.5, 0)
      let width = FinderTriple.finderWidth(image, centre: centre, inwards: Point(1, 0))
      #expect(width.map { abs($0 - 28) <= 1 } == true, "\(String(describing: width))")
    }
  }

  /// A symbol with no quiet zone on a dark band (then light, as a busy surround is): its
  /// size is estimated right, each finder measured along each leg by its inward half.
  /// Measured through the band, as before, a module came out 5.7 pixels for 4 and the size
  /// 41 modules for 57.
  @Test func aSymbolOnADarkSurroundIsSizedRight() throws {
    let matrix = try TopicQREncoder().encode(bytes: Array(String(repeating: "Surround ", count: 30).utf8))
    let scale = 4
    let band = 12
    let offset = 20
    let side = offset * 2 + matrix.size * scale
    var bits = [UInt8](repeating: 0, count: side * side)
    for y in 0..<side {
      for x in 0..<side {
        let (column, row) = ((x - offset) / scale, (y - offset) / scale)
        let inSymbol = x >= offset && y >= offset && column < matrix.size && row < matrix.size
        let bandRange = offset - band..<side - offset + band
        let inBand = bandRange.contains(x) && bandRange.contains(y)
        if inSymbol ? matrix[column, row] : inBand { bits[y * side + x] = 1 }
      }
    }
    let image = BinaryImage(width: side, height: side, bits: bits)
    let centre = { (column: Int, row: Int) in
      FinderPatternScan.Pattern(
        x: Double(offset + column * scale) + 3.5 * Double(scale) - 0.5,
        y: Double(offset + row * scale) + 3.5 * Double(scale) - 0.5, moduleSize: Double(scale), rows: 12)
    }
    let far = matrix.size - 7
    let triple = try #require(FinderTriple.candidates([centre(0, 0), centre(far, 0), centre(0, far)]).first)
    let estimate = try #require(triple.estimatedDimension(in: image))
    #expect(estimate.dimension == matrix.size)
    #expect(abs(estimate.moduleSize - Double(scale)) < 0.5)
  }

  /// Loose finders only complete a triple of two strict ones: three look-alikes the loose
  /// census alone found make no candidate.
  @Test func looseFindersNeedTwoTrustedOnes() {
    let patterns = [(100.0, 100.0), (300.0, 100.0), (100.0, 300.0)].map { pattern($0.0, $0.1, 4) }
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

/// A finder pattern as the census gives it, at (`x`, `y`), for the triple tests.
private func pattern(_ x: Double, _ y: Double, _ module: Double, rows: Int = 8) -> FinderPatternScan.Pattern {
  FinderPatternScan.Pattern(x: x, y: y, moduleSize: module, rows: rows)
}
