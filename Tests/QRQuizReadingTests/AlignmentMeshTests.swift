import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizReading

/// Large symbols through a lens that bulges: the alignment patterns are found across the
/// whole symbol, each where the patterns around it put it, and make a mesh of local maps.
@Suite struct AlignmentMeshTests {
  /// `matrix` at `scale` pixels a module with a four-module margin, seen through a lens
  /// whose barrel distortion moves a point at the page's half-width `bulge` pixels towards
  /// its centre (and further out more, as the square of the distance).
  static func bulging(_ matrix: QRMatrix, scale: Int, bulge: Double) -> GrayImage {
    let page = matrix.image(scale: scale, margin: 4)
    let centre = Double(page.width) / 2
    let k = bulge / centre
    var photo = GrayImage(width: page.width, height: page.height, filledWith: 255)
    for y in 0..<page.height {
      for x in 0..<page.width {
        let (dx, dy) = ((Double(x) - centre) / centre, (Double(y) - centre) / centre)
        let factor = 1 + k * (dx * dx + dy * dy)
        let (sx, sy) = (centre + dx * centre * factor, centre + dy * centre * factor)
        let (left, top) = (Int(sx.rounded(.down)), Int(sy.rounded(.down)))
        guard left >= 0, top >= 0, left + 1 < page.width, top + 1 < page.height else { continue }
        let (fx, fy) = (sx - Double(left), sy - Double(top))
        let upper = Double(page[left, top]) * (1 - fx) + Double(page[left + 1, top]) * fx
        let lower = Double(page[left, top + 1]) * (1 - fx) + Double(page[left + 1, top + 1]) * fx
        photo[x, y] = UInt8((upper * (1 - fy) + lower * fy).rounded())
      }
    }
    return photo
  }

  /// A version-30 symbol bulging by four modules at its sides' middles: read through the mesh
  /// of its alignment patterns, most of them found (the reader before found four and did
  /// not read it).
  @Test func aBulgingLargeSymbolIsReadThroughItsAlignmentPatterns() throws {
    let text = String(repeating: "Which river flows through Zurich? Limmat. ", count: 30)
    let matrix = try QRSymbolEncoder.encode(Array(text.utf8), mode: .byte, level: .low, minimumVersion: 30)
    #expect(matrix.version == 30)
    let photo = Self.bulging(matrix, scale: 4, bulge: 16)
    let binary = photo.binarized()
    let patterns = FinderPatternScan(binary).patterns
    let triple = try #require(FinderTriple.candidates(patterns).first)
    let rectifier = SymbolRectifier(image: binary, gray: photo, patterns: patterns)
    let (_, moduleSize) = try #require(triple.estimatedDimension(in: binary))
    let finders = FinderCorners(triple, moduleSize: moduleSize, in: binary)
    let global = try #require(finders.map(dimension: matrix.size, corner: nil))
    let (_, found, mesh) = rectifier.alignmentPatterns(global, finders: finders, dimension: matrix.size, corner: nil)
    let lattice = AlignmentLattice(version: 30).searchOrder.count
    // Measured: 22 of 33 (as many as with no bulge, 24); a search where one map of the
    // finders and the patterns so far puts each, and a look-alike test against it, found 4.
    #expect(found.count >= 20, "\(found.count) of \(lattice) found")
    #expect(mesh.count == lattice, "\(mesh.count)")
    let scan = try QRCodeReader(passes: [.located], timeLimit: .infinity).scan(photo)
    #expect(scan.symbols.map(\.text) == [text])
  }

  /// Where the patterns around a position put it: the map's point moved by what the map
  /// misses its known neighbours by; nothing when none is known.
  @Test func aPatternIsPredictedFromItsNeighboursOffsets() throws {
    let lattice = AlignmentLattice(version: 14)
    #expect(lattice.centres == [6.5, 26.5, 46.5, 66.5])
    let pairs = [(0.0, 0.0), (73, 0), (73, 73), (0, 73)].map {
      (module: Point($0.0, $0.1), image: Point($0.0, $0.1) * 3)
    }
    let map = try #require(Homography(fitting: pairs))
    let shift = Point(4, -2)
    var known: [Point: Point] = [:]
    for (column, row) in [(1, 1), (2, 1), (1, 2)] {
      known[lattice.module(column, row)] = map.map(lattice.module(column, row)) + shift
    }
    let predicted = try #require(lattice.predicted(2, 2, known: known, map: map))
    #expect(length(predicted - (map.map(lattice.module(2, 2)) + shift)) < 1e-6)
    #expect(lattice.predicted(3, 3, known: [:], map: map) == nil)
    // A look-alike two modules (six pixels) off where its neighbours put it.
    known[lattice.module(2, 2)] = predicted + Point(6, 0)
    #expect(lattice.disagreement(at: lattice.module(2, 2), known: known, map: map) > 1.5 * 3)
  }
}
