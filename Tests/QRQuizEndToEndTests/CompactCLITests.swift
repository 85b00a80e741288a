import Foundation
import QRQuiz
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

/// `qrquiz encode`/`decode` with topics too large for one symbol.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct CompactCLITests {
  let scratch: TemporaryDirectory
  let topicPath: String
  let normalized: String

  init() throws {
    scratch = try TemporaryDirectory()
    var generator = TopicGenerator(seed: 33)
    let topic = generator.topic(atMost: 12_000, name: "Large")
    topicPath = scratch.path("large.json")
    try Data(topic.normalizedJSON.utf8).write(to: URL(fileURLWithPath: topicPath))
    normalized = topic.normalizedRoundTrip.normalizedJSON + "\n"
  }

  @Test func gridImageIsTheDefaultAndDecodes() throws {
    let grid = scratch.path("grid.png")
    let encoded = try ProcessRunner.qrquiz(["encode", topicPath, "-o", grid])
    #expect(encoded.status == 0)
    #expect(
      encoded.stderr.contains(
        "11890 bytes of JSON do not fit one QR code up to version 40 (at most 2953 at level L); wrote 4 compact "
          + "symbols. The Questions app cannot read the compact form: qrquiz decode reads it; or share the topic by its "
          + "address with qrquiz serve (one small code the app scans)"), "\(encoded.stderr)")
    let decoded = try ProcessRunner.qrquiz(["decode", grid])
    #expect(decoded.status == 0, "\(decoded.stderr)")
    #expect(decoded.stdoutText == normalized)
  }

  @Test func numberedFilesDecodeInAnyOrderAndMissingOnesAreNamed() throws {
    let directory = scratch.url.appendingPathComponent("parts")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let encoded = try ProcessRunner.qrquiz([
      "encode", topicPath, "--layout", "files", "-o", directory.path + "/quiz.png",
    ])
    #expect(encoded.status == 0)
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    try #require(files.count >= 3)
    #expect(files == (1...files.count).map { "quiz-\($0).png" }.sorted())
    let paths = files.map { directory.appendingPathComponent($0).path }

    let decoded = try ProcessRunner.qrquiz(["decode"] + paths.reversed())
    #expect(decoded.stdoutText == normalized)

    let partial = try ProcessRunner.qrquiz(["decode", paths[0], paths[2]])
    #expect(partial.status == 3)
    #expect(
      partial.stderr.hasSuffix(
        "have parts 1, 3 of \(files.count); missing 2"
          + (files.count > 3 ? ", " + (4...files.count).map(String.init).joined(separator: ", ") : "") + "\n"))
    #expect(partial.stdout.isEmpty)
  }

  @Test func oneSymbolIsNumberedToo() throws {
    let small = Fixtures.sampleTopic("People").path
    let result = try ProcessRunner.qrquiz(["encode", small, "--layout", "files", "-o", scratch.path("one.png")])
    #expect(result.status == 0)
    #expect(try scratch.contents().contains("one-1.png"))
  }

  @Test func formatJSONRefusesAndFormatCompactForces() throws {
    let json = try ProcessRunner.qrquiz(["encode", topicPath, "--format", "json", "-o", scratch.path("x.png")])
    #expect(json.status == 1)
    #expect(json.stderr.contains("one QR symbol holds at most 2953 bytes at level L up to version 40"))
    let small = Fixtures.sampleTopic("People").path
    let compact = try ProcessRunner.qrquiz(["encode", small, "--format", "compact", "-o", scratch.path("c.png")])
    #expect(compact.status == 0)
    let raw = try ProcessRunner.qrquiz(["decode", "--raw", scratch.path("c.png")])
    #expect(raw.stdoutText.hasPrefix("QRQ1:"))
  }

  @Test func tooManySymbolsIsAClearError() throws {
    let result = try ProcessRunner.qrquiz(["encode", topicPath, "--max-version", "1", "-o", scratch.path("x.png")])
    #expect(result.status == 1)
    #expect(
      result.stderr.contains("symbols at level L up to version 1; the limit is 99: raise --max-version or lower --ec"))
    #expect(!FileManager.default.fileExists(atPath: scratch.path("x.png")))
  }

  @Test func terminalOutputReadsBackAsTheSameCodes() throws {
    let result = try ProcessRunner.qrquiz(["encode", topicPath, "--terminal"])
    #expect(result.status == 0)
    // Rebuild each symbol from its half blocks (a block is light, as a light-on-dark
    // terminal shows it) and read it: the terminal output is the code itself.
    var collector = TopicCollector()
    var symbolCount = 0
    for block in result.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).split(whereSeparator: {
      $0.contains("/")
    }) where block.contains(where: { !$0.isEmpty }) {
      let rows = block.filter { !$0.isEmpty }.map { Array($0) }
      let scale = 4
      var image = GrayImage(width: rows[0].count * scale, height: rows.count * 2 * scale, filledWith: 0)
      for (row, characters) in rows.enumerated() {
        for (column, character) in characters.enumerated() {
          let (top, bottom): (Bool, Bool) =
            switch character {
            case "█": (true, true)
            case "▀": (true, false)
            case "▄": (false, true)
            default: (false, false)
            }
          for dy in 0..<scale {
            for dx in 0..<scale {
              if top { image[column * scale + dx, row * 2 * scale + dy] = 255 }
              if bottom { image[column * scale + dx, (row * 2 + 1) * scale + dy] = 255 }
            }
          }
        }
      }
      for symbol in QRCodeReader(passes: [.plain], timeLimit: .infinity).symbols(in: image) {
        try collector.add(symbol, from: "terminal")
        symbolCount += 1
      }
    }
    #expect(symbolCount > 1)
    guard case .topic(let found, _)? = try collector.finish().first else {
      Issue.record("no topic read back from the terminal output")
      return
    }
    #expect(found.normalizedJSON == String(normalized.dropLast()))
  }

  @Test func svgPathsMatchTheSymbol() throws {
    let people = Fixtures.sampleTopic("People").path
    let result = try ProcessRunner.qrquiz(["encode", people, "--svg", "-o", "-"])
    #expect(result.status == 0)
    let svg = result.stdoutText
    #expect(svg.hasPrefix("<?xml"))
    // Rebuild the modules from the path's runs and compare with the matrix we encode.
    let topic = try Fixtures.validTopic(Fixtures.sampleTopic("People"))
    let matrix = try TopicQREncoder().encode(topic).matrices[0]
    let path = try #require(svg.split(separator: "d=\"").last?.split(separator: "\"").first)
    var dark = Set<Int>()
    for command in path.split(separator: "M") {
      let numbers = command.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
      let (x, y, run) = (numbers[0], numbers[1], numbers[2])
      for offset in 0..<run { dark.insert(y * matrix.size + x + offset) }
    }
    #expect(dark == Set(matrix.modules.indices.filter { matrix.modules[$0] }))
  }
}
