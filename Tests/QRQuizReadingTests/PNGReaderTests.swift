import Foundation
import QRQuiz
import QRQuizTestSupport
import Testing

@Suite struct PNGReaderTests {
  static let variants = [
    "gray1", "gray2", "gray4", "gray8", "gray16", "gray8-interlaced", "gray-alpha8", "rgb8", "rgb16",
    "rgba8-transparent", "rgba8-interlaced", "palette1", "palette2", "palette4", "palette8", "palette1-trns",
    "palette8-trns-interlaced",
  ]

  @Test(arguments: variants)
  func everyColourTypeAndDepthReads(_ variant: String) throws {
    let image = try ImageDecoder.decode(try Fixtures.bytes("png/\(variant).png"))
    let expected = try Fixtures.bytes("png/expected.txt")
    let symbols = QRCodeReader(timeLimit: .infinity).symbols(in: image)
    #expect(symbols.map(\.bytes) == [expected])
  }

  @Test func transparencyIsCompositedOverWhite() throws {
    let image = try ImageDecoder.decode(try Fixtures.bytes("png/rgba8-transparent.png"))
    // The corner is quiet zone: transparent black in the file, white once composited.
    #expect(image[0, 0] == 255)
  }

  @Test func writerOutputReadsBackPixelForPixel() throws {
    // An odd width (46 pixels) exercises the padding bits of the 1-bit rows.
    let matrix = QRMatrix(size: 21, version: 1, modules: (0..<441).map { $0 % 3 == 0 })
    let rendered = matrix.image(scale: 2, margin: 1)
    #expect(try ImageDecoder.decode(try matrix.pngData(scale: 2, margin: 1)) == rendered)
    let sheet = SymbolSheet(matrices: [matrix, matrix, matrix], scale: 3, margin: 2)
    #expect(try ImageDecoder.decode(try sheet.pngData()) == sheet.image())
  }

  @Test func truncatedFilesAreErrorsNotCrashes() throws {
    let bytes = Array(try Data(contentsOf: Fixtures.sampleImage("People")))
    // Cut anywhere before the end of the image data. (A file cut inside the final IEND
    // chunk still holds every pixel, and libpng rightly reads it.)
    for length in [0, 7, 8, 20, 33, 50, 100, bytes.count / 2, bytes.count - 17, bytes.count - 13] {
      #expect(throws: ImageDecodingError.self, "truncated to \(length) bytes") {
        _ = try ImageDecoder.decode(Array(bytes.prefix(length)))
      }
    }
  }

  @Test func corruptedFilesNeverCrash() throws {
    let bytes = Array(try Data(contentsOf: Fixtures.sampleImage("People")))
    var generator = SeededGenerator(seed: 42)
    var refused = 0
    for _ in 0..<300 {
      var damaged = bytes
      for _ in 0..<Int.random(in: 1...8, using: &generator) {
        damaged[Int.random(in: 8..<damaged.count, using: &generator)] ^= UInt8.random(in: 1...255, using: &generator)
      }
      // Never a crash or an abort; a refusal is a corrupt-image error with libpng's reason.
      do {
        _ = try ImageDecoder.decode(damaged)
      } catch {
        guard case .corrupt(let reason) = error else {
          Issue.record("unexpected error \(error)")
          continue
        }
        #expect(!reason.isEmpty)
        refused += 1
      }
    }
    // Every chunk carries a CRC-32: nearly every damaged file must be refused, not decoded
    // into a wrong image (a changed byte can land in an ancillary chunk, which libpng skips).
    #expect(refused >= 285, "\(refused) of 300 refused")
  }

  @Test func hugeDimensionsAreRefusedBeforeAllocating() {
    let png = PNGBuilder.header(width: 100_000, height: 100_000)
    #expect(throws: ImageDecodingError.tooManyPixels(width: 100_000, height: 100_000, limit: 40_000_000)) {
      _ = try ImageDecoder.decode(png)
    }
    #expect(throws: ImageDecodingError.tooManyPixels(width: 200, height: 200, limit: 1000)) {
      _ = try ImageDecoder.decode(PNGBuilder.header(width: 200, height: 200), limits: ImageLimits(maximumPixels: 1000))
    }
  }

  @Test func oversizedFilesAreRefused() {
    let limits = ImageLimits(maximumPixels: 1000, maximumFileSize: 10)
    #expect(throws: ImageDecodingError.fileTooLarge(size: 11, limit: 10)) {
      _ = try ImageDecoder.decode([UInt8](repeating: 0, count: 11), limits: limits)
    }
  }

  @Test func otherFormatsAreNamedUnsupported() {
    #expect(throws: ImageDecodingError.unsupportedFormat) {
      _ = try ImageDecoder.decode(Array("GIF89a not really".utf8))
    }
  }
}
