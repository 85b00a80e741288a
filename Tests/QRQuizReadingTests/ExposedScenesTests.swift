import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuizReading

/// Photos of three codes under- and over-exposed (Fixtures/exposed-scenes, from
/// make_scenes.py): the first census misses some codes' finders, so a photo read in part
/// whose levels are squeezed or clipped is read on past what was read (a narrower
/// threshold window, windows around the finders left).
@Suite struct ExposedScenesTests {
  static func scene(_ name: String) throws -> (bytes: [UInt8], texts: [String]) {
    struct Expected: Decodable { let texts: [String] }
    let expected = try JSONDecoder().decode(
      Expected.self, from: Data(contentsOf: Fixtures.url("exposed-scenes/\(name).json")))
    return (try Fixtures.bytes("exposed-scenes/\(name).jpg"), expected.texts)
  }

  /// The reader before the exposure check read one code of the under-exposed photo and two
  /// of the over-exposed one.
  @Test(arguments: ["under-exposed-three", "over-exposed-three"])
  func everyCodeOfABadlyExposedPhotoIsRead(_ name: String) throws {
    let (bytes, texts) = try Self.scene(name)
    #expect(texts.count == 3)
    let read = try QRCodeReader(timeLimit: .infinity).scan(imageData: bytes).symbols.map(\.text)
    #expect(read.sorted() == texts.sorted())
  }

  @Test func exposureIsToldFromTheHistogram() throws {
    #expect(try ImageDecoder.decode(Self.scene("under-exposed-three").bytes).exposure == .under)
    #expect(try ImageDecoder.decode(Self.scene("over-exposed-three").bytes).exposure == .over)
    // A page of ink on paper, evenly lit: half dark, half light.
    var page = GrayImage(width: 64, height: 64, filledWith: 235)
    for y in 0..<64 { for x in 0..<32 { page[x, y] = 20 } }
    #expect(page.exposure == .normal)
    // The same page with every level a fifth: the lightest under the under-exposed level.
    #expect(GrayImage(width: 64, height: 64, pixels: page.pixels.map { $0 / 5 }).exposure == .under)
    // Its paper clipped and its ink washed out to grey.
    #expect(GrayImage(width: 64, height: 64, pixels: page.pixels.map { $0 > 128 ? 255 : 150 }).exposure == .over)
    // Clipped paper with black ink is a well-exposed page.
    #expect(GrayImage(width: 64, height: 64, pixels: page.pixels.map { $0 > 128 ? 255 : 10 }).exposure == .normal)
  }
}
