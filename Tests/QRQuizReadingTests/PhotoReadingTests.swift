import Foundation
import QRQuizTestPhotos
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizReading

/// Reading photos: the retry passes (each with a constructed image that needs it),
/// charset detection, JPEG with EXIF orientation, and the real-photo corpus.
@Suite struct RetryPassTests {
  static let text = "QRQuiz retry step test"

  /// The test code at `scale` pixels per module, dark 0 and light 255.
  static func code(scale: Int) throws -> GrayImage {
    try TopicQREncoder().encode(bytes: Array(text.utf8)).image(scale: scale, margin: 4)
  }

  static func mapped(_ image: GrayImage, _ transform: (Int, Int, UInt8) -> UInt8) -> GrayImage {
    var output = image
    for y in 0..<image.height { for x in 0..<image.width { output[x, y] = transform(x, y, image[x, y]) } }
    return output
  }

  static func cases() throws -> [(QRCodeReader.Pass, GrayImage)] {
    let four = try code(scale: 4)
    let eight = try code(scale: 8)
    return [
      (.plain, four),
      // Light on dark.
      (.inverted, four.inverted()),
      // Light modules made of a fine black-and-grey checkerboard: averaging removes it.
      (.downscaled, mapped(eight) { x, y, value in value < 128 ? 0 : (x + y) % 2 == 0 ? 255 : 60 }),
      // One pixel per module.
      (.upscaled, try code(scale: 1)),
      // Dark 127, light 129: two grey levels apart.
      (.contrast, mapped(four) { _, _, value in value < 128 ? 127 : 129 }),
      // Out of focus: edges too soft for zbar until thresholded locally.
      (.binarized, DamagedPhotos.blurred(four, sigma: 1.8)),
      // Light falling off to the left, dark modules only 10% darker than their surround.
      (
        .sharpened,
        mapped(four) { x, _, value in
          let light = 30 + 225 * x * x / (four.width * four.width)
          return UInt8(value < 128 ? light * 9 / 10 : light)
        }
      ),
    ]
  }

  /// zbar's passes, each tried after the one before it found nothing.
  @Test func eachPassReadsTheImageThatNeedsIt() throws {
    let zbarPasses = QRCodeReader.Pass.allCases.filter { $0 != .located }
    for (expected, image) in try Self.cases() {
      let scan = try QRCodeReader(passes: zbarPasses, timeLimit: .infinity).scan(image)
      #expect(scan.pass == expected, "\(expected)")
      #expect(scan.symbols.map(\.text) == [Self.text], "\(expected)")
      // And the image does need it: the passes before it find nothing.
      let earlier = Array(zbarPasses.prefix { $0 != expected })
      if !earlier.isEmpty {
        #expect(try QRCodeReader(passes: earlier, timeLimit: .infinity).scan(image).symbols.isEmpty, "\(expected)")
      }
      // Every pass together reads it too, whichever comes first.
      #expect(try QRCodeReader(timeLimit: .infinity).scan(image).symbols.map(\.text) == [Self.text], "\(expected)")
    }
    // A clean code never needs zbar: QRQuiz locates and decodes it first.
    #expect(try QRCodeReader(timeLimit: .infinity).scan(try Self.code(scale: 4)).pass == .located)
  }

  @Test func symbolPositionsAreInTheOriginalImagesCoordinates() throws {
    var page = GrayImage(width: 600, height: 400, filledWith: 255)
    let code = try Self.code(scale: 2).upscaled(by: 2)
    for y in 0..<code.height { for x in 0..<code.width { page[300 + x, 150 + y] = code[x, y] } }
    let scan = try QRCodeReader(passes: [.downscaled], timeLimit: .infinity).scan(page)
    let symbol = try #require(scan.symbols.first)
    #expect(abs(symbol.x - (300 + 16)) <= 4 && abs(symbol.y - (150 + 16)) <= 4, "\(symbol.x), \(symbol.y)")
  }
}

@Suite struct SymbolTextTests {
  @Test(arguments: [
    ([UInt8]("Grüße ✓".utf8), "Grüße ✓", SymbolText.Charset.utf8),
    ([0x82, 0xA0, 0x82, 0xA2, 0xB1, 0xB2], "あいｱｲ", .shiftJIS),
    ([0x93, 0xFA, 0x96, 0x7B], "日本", .shiftJIS),
    ([0x63, 0x61, 0x66, 0xE9], "café", .isoLatin1),
    ([0x41, 0xA9, 0x20, 0xFF], "A© ÿ", .isoLatin1),
    // Valid in both: one half-width katakana or one double-byte pair is an accent.
    ([0xC5, 0x6C, 0x61, 0x6E, 0x64], "Åland", .isoLatin1),
    ([0x63, 0x72, 0xE8, 0x6D, 0x65], "crème", .isoLatin1),
    ([0x6E, 0x61, 0xEF, 0x76, 0x65], "naïve", .isoLatin1),
    // Runs of three or more are Japanese.
    ([0xB6, 0xC0, 0xB6, 0xC5], "ｶﾀｶﾅ", .shiftJIS),
    ([0xC3, 0xDE, 0xBB, 0xDE, 0xB2, 0xDD, 0x51, 0x52], "ﾃﾞｻﾞｲﾝQR", .shiftJIS),
  ])
  func charsetIsDetected(_ bytes: [UInt8], _ text: String, _ charset: SymbolText.Charset) {
    let decoded = SymbolText.decode(bytes)
    #expect(decoded.text == text)
    #expect(decoded.charset == charset)
  }
}

@Suite struct JPEGTests {
  func decode(_ name: String) throws -> GrayImage {
    try ImageDecoder.decode(try Fixtures.bytes("jpeg/\(name).jpg"))
  }

  @Test(arguments: ["upright", "rotated-6", "mirrored-2", "progressive"])
  func exifOrientationIsHonoured(_ name: String) throws {
    let upright = try decode("upright")
    let image = try decode(name)
    #expect(image.width == upright.width && image.height == upright.height)
    // The marker square is back at the top left, so the pixels are upright.
    #expect(image[10, 10] < 60)
    #expect(image[image.width - 10, 10] > 200)
    let expected = String(decoding: try Fixtures.bytes("jpeg/expected.txt"), as: UTF8.self)
    #expect(QRCodeReader(timeLimit: .infinity).symbols(in: image).map(\.text) == [expected])
  }

  /// Four-component JPEGs (print workflows, Photoshop) come out as what they show: CMYK
  /// with Adobe's inverted values, the same as YCCK, and CMYK of plain ink amounts without
  /// Adobe's marker (Fixtures/write_cmyk_jpeg.c). The code reads in grey; the cyan marker
  /// square is cyan in colour, and an uploaded picture keeps it.
  @Test(arguments: ["cmyk-adobe", "ycck-adobe", "cmyk-plain"])
  func fourComponentJPEGsAreConverted(_ name: String) throws {
    let bytes = try Fixtures.bytes("jpeg/\(name).jpg")
    let expected = String(decoding: try Fixtures.bytes("jpeg/expected.txt"), as: UTF8.self)
    #expect(try QRCodeReader(timeLimit: .infinity).scan(imageData: bytes).symbols.map(\.text) == [expected])
    let grey = try ImageDecoder.decode(bytes)
    // Cyan is 0.587 + 0.114 of white in grey; the page white, the finder black.
    #expect((170...190).contains(grey[10, 10]), "\(grey[10, 10])")
    #expect(grey[60, 5] > 245)
    func isCyan(_ pixel: UInt32) -> Bool {
      pixel & 0xFF < 12 && pixel >> 8 & 0xFF > 243 && pixel >> 16 & 0xFF > 243 && pixel >> 24 == 0xFF
    }
    let colour = try ImageDecoder.decodeRGBA(bytes)
    let marker = colour.pixels[10 * colour.width + 10]
    #expect(isCyan(marker), "\(String(marker, radix: 16))")
    let picture = try ImageDecoder.decodeRGBA(try QuestionPicture(uploaded: bytes).bytes)
    #expect(isCyan(picture.pixels[10 * picture.width + 10]))
  }

  /// Every EXIF orientation, for grey and colour pixels alike, is the mirror and quarter
  /// turns the EXIF specification names (orientations 3, 4, 7 and 8 have no fixture photo).
  @Test(arguments: 1...8)
  func everyOrientationIsTheTransformItNames(_ orientation: Int) {
    let (width, height) = (5, 3)
    let gray = GrayImage(width: width, height: height, pixels: (0..<15).map { UInt8($0) })
    let expected: GrayImage =
      switch orientation {
      case 2: gray.mirrored()
      case 3: gray.rotated(quarterTurns: 2)
      case 4: gray.mirrored().rotated(quarterTurns: 2)
      case 5: gray.mirrored().rotated(quarterTurns: 3)
      case 6: gray.rotated(quarterTurns: 1)
      case 7: gray.mirrored().rotated(quarterTurns: 1)
      case 8: gray.rotated(quarterTurns: 3)
      default: gray
      }
    #expect(EXIFOrientation.apply(orientation, to: gray) == expected)
    let colour = RGBAImage(width: width, height: height, pixels: gray.pixels.map { UInt32($0) * 0x0101_0101 })
    let turned = EXIFOrientation.apply(orientation, to: colour)
    #expect(turned.width == expected.width && turned.height == expected.height)
    #expect(turned.pixels == expected.pixels.map { UInt32($0) * 0x0101_0101 })
  }

  @Test func truncatedAndCorruptJPEGsAreErrors() throws {
    let bytes = try Fixtures.bytes("jpeg/upright.jpg")
    for length in [3, 20, 200, bytes.count / 2, bytes.count - 2] {
      #expect(throws: ImageDecodingError.self, "\(length)") { _ = try ImageDecoder.decode(Array(bytes.prefix(length))) }
    }
    let original = try ImageDecoder.decode(bytes)
    var random = SeededGenerator(seed: 8)
    var refused = 0
    var decoded = 0
    for _ in 0..<200 {
      var damaged = bytes
      for _ in 0..<4 {
        damaged[Int.random(in: 3..<damaged.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
      }
      // JPEG has no checksum: damaged scans still decode. Never a crash; a refusal is a
      // corrupt-image error with libjpeg's reason; an image decoded within the limits.
      do {
        let image = try ImageDecoder.decode(damaged)
        #expect(image.width * image.height <= ImageLimits.default.maximumPixels)
        decoded += 1
      } catch {
        guard case .corrupt(let reason) = error else {
          Issue.record("unexpected error \(error)")
          continue
        }
        #expect(!reason.isEmpty)
        refused += 1
      }
    }
    // Both outcomes happen, so both paths were exercised.
    #expect(refused > 0 && decoded > 0, "refused \(refused), decoded \(decoded)")
    #expect(original.width > 0)
  }

  @Test func hugeDimensionsAreRefusedBeforeDecoding() throws {
    var bytes = try Fixtures.bytes("jpeg/upright.jpg")
    // Rewrite the frame header (SOF0/SOF2) to claim 60000 × 60000 pixels.
    let frame = try #require(
      bytes.indices.dropLast(9).first { bytes[$0] == 0xFF && (bytes[$0 + 1] == 0xC0 || bytes[$0 + 1] == 0xC2) })
    bytes[frame + 5] = 0xEA
    bytes[frame + 6] = 0x60
    bytes[frame + 7] = 0xEA
    bytes[frame + 8] = 0x60
    #expect(throws: ImageDecodingError.tooManyPixels(width: 60_000, height: 60_000, limit: 40_000_000)) {
      _ = try ImageDecoder.decode(bytes)
    }
  }

  @Test func largePhotosAreReadAtReducedSizeFirst() throws {
    // A 12-megapixel phone photo, made here: no script to wait for.
    let matrix = try TopicQREncoder().encode(bytes: Array("QRQuiz 12 MP".utf8))
    let bytes = try CardPhotos.jpeg(PhonePhotos.photo(of: matrix), quality: 88)
    let reduced = try ImageDecoder.decode(bytes, targetPixels: QRCodeReader.fastScanPixels)
    #expect(reduced.width == 2000 && reduced.height == 1500)
    let scan = try QRCodeReader(timeLimit: .infinity).scan(imageData: bytes)
    #expect(scan.symbols.map(\.text) == ["QRQuiz 12 MP"])
  }
}

/// The real-photo corpus from the zxing project (Corpus/qr-zxing, Apache-2.0): a floor on
/// the exact-text rate so it never regresses (measured 175 of 179, 97.8%, at rotation 0;
/// 93.3% before the rectifying pass), and no wrong text on any image.
@Suite struct CorpusTests {
  static let corpus = Fixtures.packageRoot.appendingPathComponent("Corpus/qr-zxing")

  @Test func exactTextRateStaysAboveTheFloor() throws {
    let folders = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).filter {
      $0.hasPrefix("qrcode-")
    }
    var total = 0
    var exact = 0
    var wrong: [String] = []
    let reader = QRCodeReader(timeLimit: .infinity)
    for folder in folders {
      let directory = Self.corpus.appendingPathComponent(folder)
      for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) where file.hasSuffix(".png") {
        let image = directory.appendingPathComponent(file)
        let expected = String(
          decoding: try Data(contentsOf: image.deletingPathExtension().appendingPathExtension("txt")), as: UTF8.self)
        total += 1
        let texts = try reader.scan(imageData: Array(Data(contentsOf: image))).symbols.map(\.text)
        if texts.contains(expected) {
          exact += 1
        } else if !texts.isEmpty {
          wrong.append("\(folder)/\(file)")
        }
      }
    }
    #expect(total == 179)
    #expect(exact >= 175, "\(exact) of \(total)")
    #expect(wrong.isEmpty, "wrong text from \(wrong)")
  }

  @Test func allFourCodesInOneImage() throws {
    let folder = Self.corpus.appendingPathComponent("multi-qrcode-1")
    let expected =
      try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("1.multi.json")))
          as? [String: Any])["expected"] as? [String]
    let photo = Array(try Data(contentsOf: folder.appendingPathComponent("1.png")))
    let symbols = try QRCodeReader(timeLimit: .infinity).scan(imageData: photo).symbols
    #expect(symbols.map(\.text).sorted() == expected?.sorted())
  }
}
