import Foundation
import QRQuiz
import QRQuizTestSupport
import Testing

/// The QR standard's structured append, as `qrencode -S` writes it: zbar merges the parts
/// when they are all in one image; parts in separate images cannot be put in order.
@Suite struct StructuredAppendTests {
  static let json =
    #"{"sets":[[{"question":"Structured append question one?","answers":["alpha answer","beta answer","gamma"],"#
    + #""correct":1}],[{"question":"Second set question","answers":["x","y"],"correctAnswers":[0]}]]}"#

  /// The part images `qrencode -S` writes for `json`.
  func partImages(in scratch: TemporaryDirectory) throws -> [GrayImage] {
    let input = scratch.path("topic.json")
    try Data(Self.json.utf8).write(to: URL(fileURLWithPath: input))
    let made = try ProcessRunner.tool(
      "qrencode", ["-S", "-v", "2", "-l", "L", "-8", "-r", input, "-o", scratch.path("sa.png")])
    #expect(made.status == 0, "\(made.stderr)")
    let names = try scratch.contents().filter { $0.hasPrefix("sa-") }
    #expect(names.count > 2)
    return try names.map { try ImageDecoder.decode(contentsOf: scratch.url.appendingPathComponent($0)) }
  }

  /// The images side by side on one white page.
  func montage(_ images: [GrayImage]) -> GrayImage {
    var page = GrayImage(width: images.map(\.width).reduce(0, +), height: images.map(\.height).max()!, filledWith: 255)
    var left = 0
    for image in images {
      for y in 0..<image.height {
        for x in 0..<image.width { page[left + x, y] = image[x, y] }
      }
      left += image.width
    }
    return page
  }

  @Test func allPartsInOneImageMergeIntoTheTopic() throws {
    let scratch = try TemporaryDirectory()
    let symbols = QRCodeReader(timeLimit: .infinity).symbols(in: montage(try partImages(in: scratch)))
    #expect(symbols.count == 1)
    var collector = TopicCollector()
    for symbol in symbols { try collector.add(symbol, from: "montage.png") }
    guard case .topic(let found, _) = try #require(try collector.finish().first) else {
      Issue.record("expected a topic")
      return
    }
    #expect(found.topic.sets.count == 2)
  }

  @Test(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) func aLonePartIsAClearError() throws {
    let scratch = try TemporaryDirectory()
    let symbols = QRCodeReader(timeLimit: .infinity).symbols(in: try partImages(in: scratch)[0])
    let symbol = try #require(symbols.first)
    #expect(symbol.isPartial)
    var collector = TopicCollector()
    #expect {
      try collector.add(symbol, from: "sa-01.png")
    } throws: { error in
      String(describing: error).hasPrefix("sa-01.png: a structured-append QR code without its other parts")
    }
  }
}
