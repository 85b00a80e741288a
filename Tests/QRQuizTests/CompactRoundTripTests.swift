import Foundation
import QRQuiz
import QRQuizTestSupport
import Testing

/// Topics from 100 B to 40 KB through the compact form and back: in files read in shuffled
/// order, and in one grid image; each symbol also read by zxing-cpp.
@Suite struct CompactRoundTripTests {
  static let sizes = [100, 400, 1_000, 1_500, 3_300, 8_000, 20_000, 40_000]

  @Test(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread, arguments: sizes)
  func roundTripThroughShuffledFiles(_ size: Int) throws {
    var generator = TopicGenerator(seed: UInt64(size))
    let topic = generator.topic(atMost: size)
    let codes = try TopicQREncoder(format: .compact).encode(try ValidTopic(topic))
    let scratch = try TemporaryDirectory()
    var paths: [String] = []
    for (index, matrix) in codes.matrices.enumerated() {
      let path = scratch.path("part-\(index + 1).png")
      try Data(try matrix.pngData(scale: 3, margin: 4)).write(to: URL(fileURLWithPath: path))
      paths.append(path)
    }
    var random = SeededGenerator(seed: UInt64(size) + 1)
    var collector = TopicCollector()
    let reader = QRCodeReader(timeLimit: .infinity)
    for path in paths.shuffled(using: &random) {
      let symbols = reader.symbols(in: try ImageDecoder.decode(contentsOf: URL(fileURLWithPath: path)))
      #expect(symbols.count == 1)
      for symbol in symbols { try collector.add(symbol, from: path) }
    }
    let topics = try collector.finish().compactMap { entry -> Topic? in
      if case .topic(let found, _) = entry { return found.topic }
      return nil
    }
    #expect(topics == [topic.normalizedRoundTrip])

    // Every symbol we write reads in an independent decoder too, to the same text.
    let zxing = try ProcessRunner.tool("python3", [Fixtures.url("zxing_read.py").path] + paths)
    #expect(zxing.status == 0, "\(zxing.stderr)")
    #expect(zxing.stdoutText.split(separator: "\n").count == paths.count)
  }

  @Test(arguments: sizes)
  func roundTripThroughOneGridImage(_ size: Int) throws {
    var generator = TopicGenerator(seed: UInt64(size) + 100)
    let topic = generator.topic(atMost: size)
    let codes = try TopicQREncoder(format: .compact).encode(try ValidTopic(topic))
    let image = try ImageDecoder.decode(try SymbolSheet(matrices: codes.matrices, scale: 3, margin: 4).pngData())
    let symbols = QRCodeReader(timeLimit: .infinity).symbols(in: image)
    #expect(symbols.count == codes.matrices.count)
    var collector = TopicCollector()
    for symbol in symbols { try collector.add(symbol, from: "grid.png") }
    guard case .topic(let found, _) = try #require(try collector.finish().first) else {
      Issue.record("expected a topic")
      return
    }
    #expect(found.topic == topic.normalizedRoundTrip)
  }

  @Test func autoKeepsTheAppFormWhileItFitsVersionForty() throws {
    var generator = TopicGenerator(seed: 9)
    let small = generator.topic(atMost: 1_200)
    #expect(try TopicQREncoder().encode(try ValidTopic(small)).format == .json)
    // Past version 25, still the app's form: one dense symbol the app reads.
    let dense = generator.topic(atMost: 2_900)
    #expect(dense.normalizedJSON.utf8.count > 1_273)
    let denseCodes = try TopicQREncoder().encode(try ValidTopic(dense))
    #expect(denseCodes.format == .json && denseCodes.appReadable && denseCodes.isDense)
    #expect(denseCodes.largestVersion > TopicQREncoder.comfortableVersion)
    #expect(denseCodes.printedCentimetres >= 10)
    // Only past version 40 the compact form, in symbols of version 25 at most.
    let large = generator.topic(atMost: 4_000)
    #expect(large.normalizedJSON.utf8.count > 2_953)
    let codes = try TopicQREncoder().encode(try ValidTopic(large))
    #expect(codes.format == .compact && !codes.appReadable)
    #expect(codes.matrices.allSatisfy { $0.version <= TopicQREncoder.comfortableVersion })
    // --max-version 25 keeps the app's form within it, as before.
    #expect(try TopicQREncoder(maximumVersion: 25).encode(try ValidTopic(dense)).format == .compact)
  }

  @Test func compactFormNeedsFarFewerSymbols() throws {
    var generator = TopicGenerator(seed: 40)
    let topic = generator.topic(atMost: 40_000)
    let compact = try TopicQREncoder(format: .compact).encode(try ValidTopic(topic)).matrices.count
    // Plain JSON split over version-25 symbols would need this many.
    let plain = (topic.normalizedJSON.utf8.count + 1272) / 1273
    #expect(compact * 2 < plain, "compact \(compact) vs plain \(plain)")
  }

  @Test func topicsTooLargeEvenCompressedAreRefused() {
    var generator = TopicGenerator(seed: 41)
    let topic = generator.topic(atMost: 40_000)
    #expect(throws: TopicQREncoder.Error.self) {
      _ = try TopicQREncoder(maximumVersion: 2, format: .compact).encode(try ValidTopic(topic))
    }
  }
}
