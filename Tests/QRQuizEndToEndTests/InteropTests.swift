import Foundation
import QRQuiz
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

/// Our QR codes read in other decoders, and theirs in ours. The tools are installed by
/// scripts/install-deps; a missing tool fails these tests rather than skipping them.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct InteropTests {
  @Test(arguments: Fixtures.sampleTopicNames)
  func zbarimgReadsOurPNGsExactly(_ name: String) throws {
    let expected = try Fixtures.validTopic(Fixtures.sampleTopic(name)).normalizedJSON
    let result = try ProcessRunner.tool("zbarimg", ["-q", "--raw", "-Sbinary", Fixtures.sampleImage(name).path])
    #expect(result.status == 0, "\(result.stderr)")
    // In binary mode zbarimg prints the symbol's bytes and nothing else.
    #expect(result.stdout == Data(expected.utf8))
  }

  @Test(arguments: Fixtures.sampleTopicNames)
  func zxingReadsOurPNGsExactly(_ name: String) throws {
    let expected = try Fixtures.validTopic(Fixtures.sampleTopic(name)).normalizedJSON
    let script = Fixtures.url("zxing_read.py").path
    let result = try ProcessRunner.tool("python3", [script, Fixtures.sampleImage(name).path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdoutText == Data(expected.utf8).hexString + "\n")
  }

  @Test func zxingReadsEveryErrorCorrectionLevel() throws {
    let scratch = try TemporaryDirectory()
    let bytes = Array("QRQuiz ✓ interop".utf8) + [0xFF, 0x00, 0x80]
    for level in QRErrorCorrection.allCases {
      let path = scratch.path("\(level.rawValue).png")
      try Data(try TopicQREncoder(level: level).encode(bytes: bytes).pngData(scale: 3, margin: 4))
        .write(to: URL(fileURLWithPath: path))
      let result = try ProcessRunner.tool("python3", [Fixtures.url("zxing_read.py").path, path])
      #expect(result.stdoutText == Data(bytes).hexString + "\n", "level \(level.rawValue)")
    }
  }

  @Test(arguments: Fixtures.sampleTopicNames)
  func qrencodePNGsDecodeWithOurs(_ name: String) throws {
    let scratch = try TemporaryDirectory()
    // Exactly what the app shares: the JSON as written, byte mode, level L.
    let json = try Data(contentsOf: Fixtures.sampleTopic(name))
    let jsonPath = scratch.path("topic.json")
    try json.write(to: URL(fileURLWithPath: jsonPath))
    let pngPath = scratch.path("topic.png")
    let made = try ProcessRunner.tool("qrencode", ["-l", "L", "-8", "-r", jsonPath, "-o", pngPath])
    #expect(made.status == 0, "\(made.stderr)")
    let image = try ImageDecoder.decode(contentsOf: URL(fileURLWithPath: pngPath))
    let symbol = try #require(QRCodeReader(timeLimit: .infinity).symbols(in: image).first)
    #expect(symbol.bytes == Array(json))
    #expect((try? TopicReader.topic(json: symbol.bytes, source: "qr")) != nil)
  }
}

extension Data {
  var hexString: String { map { String(format: "%02x", $0) }.joined() }
}
