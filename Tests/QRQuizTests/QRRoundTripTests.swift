import Foundation
import QRQuiz
import QRQuizTestSupport
import Testing

@Suite struct QRRoundTripTests {
  @Test(arguments: Fixtures.sampleTopicNames)
  func sampleTopicsRoundTripThroughPNG(_ name: String) throws {
    let topic = try Fixtures.validTopic(Fixtures.sampleTopic(name))
    let codes = try TopicQREncoder().encode(topic)
    #expect(codes.format == .json)
    let png = try codes.matrices[0].pngData(scale: 4, margin: 4)
    let symbols = QRCodeReader(timeLimit: .infinity).symbols(in: try ImageDecoder.decode(png))
    let symbol = try #require(symbols.first)
    #expect(symbols.count == 1)
    #expect(symbol.bytes == Array(topic.normalizedJSON.utf8))
    #expect(try TopicReader.topic(json: symbol.bytes, source: "qr").topic == topic.topic.normalizedRoundTrip)
  }

  @Test(arguments: [QRErrorCorrection.low, .medium, .quartile, .high])
  func everyByteValueSurvives(_ level: QRErrorCorrection) throws {
    let bytes = (0..<256).map(UInt8.init) + [0, 0xFF, 0xC3, 0x28]
    let matrix = try TopicQREncoder(level: level).encode(bytes: bytes)
    let symbols = QRCodeReader(timeLimit: .infinity).symbols(in: matrix.image(scale: 3, margin: 4))
    #expect(symbols.map(\.bytes) == [bytes])
  }

  @Test(arguments: [(QRErrorCorrection.low, 2953), (.medium, 2331), (.quartile, 1663), (.high, 1273)])
  func capacityMatchesTheStandard(_ level: QRErrorCorrection, _ bytes: Int) {
    #expect(TopicQREncoder(level: level, maximumVersion: 40).capacity == bytes)
  }

  @Test func theAppsFormGoesToVersionFortyAndCompactSymbolsStayAtTwentyFive() {
    // ISO/IEC 18004 table 7: version 40 at level L holds 2953 bytes (what the app's share
    // makes); version 25 holds 1853 alphanumerics.
    #expect(TopicQREncoder().capacity == 2953)
    #expect(TopicQREncoder().compactCapacity == 1853)
    // --max-version keeps both within it.
    #expect(TopicQREncoder(maximumVersion: 25).capacity == 1273)
    #expect(
      TopicQREncoder(maximumVersion: 20).compactCapacity
        == QRSymbolEncoder.capacity(mode: .alphanumeric, level: .low, version: 20))
  }

  @Test func topicTooLargeForOneSymbolNamesItsSizeAndTheLimit() throws {
    let answers = (0..<4).map { "answer \($0) " + String(repeating: "x", count: 40) }
    let questions = (0..<20).map { Topic.Question(question: "Question \($0)?", answers: answers, correct: 1) }
    let topic = try ValidTopic(Topic(sets: [questions]))
    let size = topic.normalizedJSON.utf8.count
    #expect(throws: TopicQREncoder.Error.tooLarge(bytes: size, capacity: 2953, level: .low, maximumVersion: 40)) {
      _ = try TopicQREncoder(maximumVersion: 40, format: .json).encode(topic)
    }
    #expect(throws: TopicQREncoder.Error.tooLarge(bytes: 400, capacity: 213, level: .medium, maximumVersion: 10)) {
      _ = try TopicQREncoder(level: .medium, maximumVersion: 10).encode(bytes: [UInt8](repeating: 65, count: 400))
    }
  }

  @Test func invalidTopicsCannotBeMadeValid() {
    let topic = Topic(sets: [[.init(question: "", answers: ["a", "b"], correct: 0)]])
    #expect(throws: TopicError.invalid(source: "quiz", problems: TopicValidator.problems(in: topic), count: 1)) {
      _ = try ValidTopic(topic, defaultName: "quiz")
    }
  }

  @Test func symbolsThatAreNotTopicsAreReported() {
    var collector = TopicCollector()
    #expect {
      try collector.add(QRSymbol(bytes: Array("hello".utf8)), from: "a.png")
    } throws: { error in
      String(describing: error).hasPrefix("a.png: QR code text is not a topic: not valid JSON")
    }
    #expect {
      try collector.add(QRSymbol(bytes: Array(#"{"sets":[[]]}"#.utf8)), from: "b.png")
    } throws: { error in
      String(describing: error)
        == "b.png: QR code holds an invalid topic: sets[0] (set 1): a set must have at least one question"
    }
  }

  @Test func blankImageHasNoSymbols() {
    #expect(QRCodeReader(timeLimit: .infinity).symbols(in: GrayImage(width: 300, height: 200, filledWith: 255)).isEmpty)
    #expect(QRCodeReader(timeLimit: .infinity).symbols(in: GrayImage(width: 0, height: 0, filledWith: 255)).isEmpty)
  }
}
