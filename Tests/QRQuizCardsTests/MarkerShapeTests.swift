import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizCards

/// The cheap look at a dark region before libapriltag reads it: a marker's border passes,
/// turned or not; a disc, a filled square and a letter with arms do not.
@Suite struct MarkerShapeTests {
  /// The largest dark region of a 100 × 100 light image where `dark(x, y)` holds (a
  /// marker's middle cell, not touching its border, is a region of its own).
  func region(_ dark: (Double, Double) -> Bool) throws -> DarkBlobs.Blob {
    var image = GrayImage(width: 100, height: 100, filledWith: 230)
    for y in 0..<100 {
      for x in 0..<100 where dark(Double(x) + 0.5, Double(y) + 0.5) { image[x, y] = 20 }
    }
    let blobs = DarkBlobs.find(in: image, sides: 10...100)
    return try #require(blobs.max { $0.count < $1.count })
  }

  /// A marker 48 px wide centred in the image, turned `degrees`: its border (6 px) and, at
  /// its middle, a light cell of 12 × 12 with a dark one inside.
  func marker(turned degrees: Double) -> (Double, Double) -> Bool {
    let angle = degrees * .pi / 180
    return { x, y in
      let u = (x - 50) * cos(angle) + (y - 50) * sin(angle)
      let v = -(x - 50) * sin(angle) + (y - 50) * cos(angle)
      let edge = max(abs(u), abs(v))
      return edge <= 24 && (edge > 18 || edge < 6 || (u > 6 && v > 6 && u < 12))
    }
  }

  @Test(arguments: [0.0, 20, 45])
  func aMarkersBorderPasses(degrees: Double) throws {
    #expect(MarkerShape.mayBeMarker(try region(marker(turned: degrees)), counters: true))
  }

  @Test func aDiscAFilledSquareAndALetterWithArmsFail() throws {
    let disc = try region { x, y in (x - 50) * (x - 50) + (y - 50) * (y - 50) <= 24 * 24 }
    #expect(!MarkerShape.mayBeMarker(disc, counters: false))
    // Small enough that every pixel has light ones around it: the threshold leaves the
    // middle of a larger one light (no contrast), as it does a marker's light cells.
    let filled = try region { x, y in abs(x - 50) <= 5 && abs(y - 50) <= 5 }
    #expect(filled.count == 100, "\(filled.count) dark pixels")
    #expect(MarkerShape.mayBeMarker(filled, counters: false), "a filled square is square")
    #expect(!MarkerShape.mayBeMarker(filled, counters: true), "but has no light cells inside")
    let letterT = try region { x, y in
      (y >= 26 && y <= 34 && abs(x - 50) <= 24) || (abs(x - 50) <= 4 && y >= 26 && y <= 74)
    }
    #expect(!MarkerShape.mayBeMarker(letterT, counters: false))
  }

  @Test func theLargestQuadrilateralOfAHull() {
    var circle: [CardPoint] = []
    for step in 0..<360 {
      let angle = Double(step) * .pi / 180
      circle.append(CardPoint(x: 100 * cos(angle), y: 100 * sin(angle)))
    }
    let hull = ConvexHull(circle)
    #expect(abs(hull.largestQuadrilateralArea / hull.area - 2 / Double.pi) < 0.01)
    let square = ConvexHull([
      CardPoint(x: 0, y: 0), CardPoint(x: 5, y: 0), CardPoint(x: 10, y: 0), CardPoint(x: 10, y: 10),
      CardPoint(x: 0, y: 10), CardPoint(x: 3, y: 4),
    ])
    #expect(square.area == 100)
    #expect(square.largestQuadrilateralArea == 100)
  }
}
