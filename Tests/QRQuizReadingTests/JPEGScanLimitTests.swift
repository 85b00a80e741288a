import QRQuizTestSupport
import Testing

@testable import QRQuizReading

/// A progressive JPEG's scans are counted from its markers before libjpeg decodes any, so a
/// file of too many is refused by its count, whatever the time limit or the machine's speed.
@Suite struct JPEGScanLimitTests {
  @Test func tenThousandScansAreRefusedBeforeAnyDecoding() throws {
    let bomb = try Fixtures.bytes("bombs/scans.jpg")
    // A deadline of a millisecond, which libjpeg could never meet reading a hundred scans
    // of 2000 × 2000 pixels: only a count made before decoding refuses the file by its scans.
    #expect(throws: ImageDecodingError.tooManyScans(limit: 100)) {
      _ = try ImageDecoder.decodeNotingReduction(bomb, limits: .default, targetPixels: nil, timeLimit: 0.001)
    }
    #expect(throws: ImageDecodingError.tooManyScans(limit: 100)) { _ = try ImageDecoder.decodeRGBA(bomb) }
    // The count stops one past the limit: the rest of the file is never walked.
    #expect(JPEGMarkers.scanCount(in: bomb, stoppingAfter: 100) == 101)
  }

  @Test func scansAreCountedAsLibjpegReadsThem() throws {
    // One scan in a baseline file (its EXIF segment skipped, whatever it holds), ten in
    // libjpeg's own progressive one.
    #expect(JPEGMarkers.scanCount(in: try Fixtures.bytes("jpeg/upright.jpg"), stoppingAfter: 100) == 1)
    #expect(JPEGMarkers.scanCount(in: try Fixtures.bytes("jpeg/photo-gps-6.jpg"), stoppingAfter: 100) == 1)
    let progressive = try Fixtures.bytes("jpeg/progressive.jpg")
    #expect(JPEGMarkers.scanCount(in: progressive, stoppingAfter: 100) == 10)
    // At its limit a file decodes; one scan past it, refused.
    #expect(try ImageDecoder.decode(progressive, limits: ImageLimits(maximumScans: 10)).width > 0)
    #expect(throws: ImageDecodingError.tooManyScans(limit: 9)) {
      _ = try ImageDecoder.decode(progressive, limits: ImageLimits(maximumScans: 9))
    }
    // Markers that break off are counted as far as they go, and libjpeg names the damage.
    #expect(JPEGMarkers.scanCount(in: Array(progressive.prefix(40)), stoppingAfter: 100) == 0)
    #expect(throws: ImageDecodingError.self) { _ = try ImageDecoder.decode(Array(progressive.prefix(40))) }
  }
}
