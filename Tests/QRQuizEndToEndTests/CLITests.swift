import Foundation
import QRQuiz
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

/// End-to-end tests of the built `qrquiz` binary: stdout, stderr and exit codes.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct CLITests {
  let scratch: TemporaryDirectory

  init() throws { scratch = try TemporaryDirectory() }

  func write(_ text: String, to name: String) throws -> String {
    let path = scratch.path(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  var samplePaths: [String] { Fixtures.sampleTopicNames.map { Fixtures.sampleTopic($0).path } }

  // MARK: validate

  @Test func validateReportsOkAndWarningsForTheSamples() throws {
    let result = try ProcessRunner.qrquiz(["validate"] + samplePaths)
    #expect(result.status == 0)
    let lines = result.stdoutText.split(separator: "\n")
    #expect(lines.filter { $0.hasSuffix(": ok") }.count == 4)
    #expect(lines.contains { $0.hasSuffix("People.json: warning: options.name: no name: the file name is shown") })
  }

  @Test func validateListsEveryProblemAndFails() throws {
    let path = try write(
      #"{"sets":[[{"question":"","answers":["a","a"],"correct":3}]]}"#, to: "bad.json")
    let result = try ProcessRunner.qrquiz(["validate", path])
    #expect(result.status == 1)
    #expect(
      result.stdoutText == """
        \(path): invalid (3 problems)
        \(path): error: sets[0][0].question (set 1, question 1): the question text is empty
        \(path): error: sets[0][0].answers[1] (set 1, question 1, answer 2): duplicates answer 1 ("a")
        \(path): error: sets[0][0].correct (set 1, question 1): index 3 is out of range for 2 answers (0...1)
        \(path): warning: options.name: no name: the file name is shown

        """)
  }

  @Test func validateJSONLinesAreMachineReadable() throws {
    let bad = try write(#"{"sets":[[]]}"#, to: "bad.json")
    let result = try ProcessRunner.qrquiz(["validate", "--json", samplePaths[1], bad, scratch.path("missing.json")])
    #expect(result.status == 3)
    let objects = try result.stdoutText.split(separator: "\n").map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
    #expect(objects.count == 3)
    #expect(objects[0]["valid"] as? Bool == true)
    #expect(objects[0]["name"] as? String == "People")
    #expect(objects[1]["valid"] as? Bool == false)
    let problem = try #require((objects[1]["problems"] as? [[String: Any]])?.first)
    #expect(problem["kind"] as? String == "emptySet")
    #expect(problem["path"] as? String == "sets[0]")
    #expect(problem["location"] as? String == "set 1")
    #expect((objects[2]["error"] as? String)?.contains("No such file or directory") == true)
  }

  @Test func validateReadsStdin() throws {
    let result = try ProcessRunner.qrquiz(["validate", "-"], stdin: Data(#"{"sets":[]}"#.utf8))
    #expect(result.status == 0)
    #expect(result.stdoutText.hasPrefix("stdin: ok\n"))
  }

  @Test(arguments: [
    ("empty.json", Data(), "empty input; expected a topic's JSON"),
    ("notjson.json", Data("{".utf8), "not valid JSON: line 1, column 2: expected a string key in an object"),
    ("latin1.json", Data([0x7B, 0xE9, 0x7D]), "not UTF-8 text (invalid byte at offset 1)"),
    (
      "deep.json", Data(String(repeating: "[", count: 100_000).utf8),
      "not valid JSON: line 1, column 65: nested deeper than 64 levels"
    ),
  ])
  func validateGivesOneClearLineForUnreadableFiles(_ name: String, _ content: Data, _ message: String) throws {
    let path = scratch.path(name)
    try content.write(to: URL(fileURLWithPath: path))
    let result = try ProcessRunner.qrquiz(["validate", path])
    #expect(result.status == 1)
    #expect(result.stderr == "\(path): \(message)\n")
  }

  @Test func oversizedTopicIsRefusedBeforeReading() throws {
    let path = try scratch.sparseFile("huge.json", size: TopicDocument.maximumSize + 1)
    let result = try ProcessRunner.qrquiz(["validate", path])
    #expect(result.status == 1)
    #expect(result.stderr.contains("16777217 bytes is over the 16777216-byte limit"))
  }

  // MARK: normalize

  @Test func normalizeIsIdempotent() throws {
    let first = try ProcessRunner.qrquiz(["normalize", samplePaths[2]])
    #expect(first.status == 0)
    let second = try ProcessRunner.qrquiz(["normalize", "-"], stdin: first.stdout)
    #expect(second.stdout == first.stdout)
    let output = scratch.path("out.json")
    #expect(try ProcessRunner.qrquiz(["normalize", samplePaths[2], "-o", output]).status == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == first.stdout)
  }

  @Test func normalizeRefusesInvalidTopicsAndWritesNothing() throws {
    let path = try write(#"{"sets":[[]]}"#, to: "bad.json")
    let result = try ProcessRunner.qrquiz(["normalize", path, "-o", scratch.path("out.json")])
    #expect(result.status == 1)
    #expect(result.stderr.contains("invalid topic: sets[0] (set 1): a set must have at least one question"))
    #expect(try scratch.contents() == ["bad.json"])
  }

  // MARK: encode

  @Test func encodeWritesOnePNGPerTopicInOneProcess() throws {
    let directory = scratch.path("out")
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let result = try ProcessRunner.qrquiz(["encode"] + samplePaths + ["--out-dir", directory])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    for name in Fixtures.sampleTopicNames {
      let image = try ImageDecoder.decode(contentsOf: URL(fileURLWithPath: "\(directory)/\(name).png"))
      let symbol = try #require(QRCodeReader(timeLimit: .infinity).symbols(in: image).first)
      let topic = try Fixtures.validTopic(Fixtures.sampleTopic(name))
      #expect(symbol.bytes == Array(topic.normalizedJSON.utf8))
    }
  }

  @Test func encodeToStdoutWritesAPNG() throws {
    let result = try ProcessRunner.qrquiz(["encode", samplePaths[1], "-o", "-", "--scale", "2", "--margin", "1"])
    #expect(result.status == 0)
    let image = try ImageDecoder.decode(Array(result.stdout))
    let topic = try Fixtures.validTopic(Fixtures.sampleTopic("People"))
    let matrix = try TopicQREncoder().encode(topic).matrices[0]
    #expect(image.width == (matrix.size + 2) * 2 && image.height == image.width)
    #expect(QRCodeReader(timeLimit: .infinity).symbols(in: image).count == 1)
  }

  @Test func encodeRefusesAnInvalidTopicAndWritesNothing() throws {
    let path = try write(#"{"sets":[[{"question":"Q","answers":["a","b"]}]]}"#, to: "bad.json")
    let result = try ProcessRunner.qrquiz(["encode", path, "-o", scratch.path("bad.png")])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "\(path): invalid topic: sets[0][0] (set 1, question 1): no correct answer: set \"correct\" or \"correctAnswers\"\n"
    )
    #expect(try scratch.contents() == ["bad.json"])
  }

  @Test func encodeNamesTheSizeAndLimitOfATopicTooLargeForOneSymbol() throws {
    let answers = (0..<4).map { "\"answer \($0) \(String(repeating: "y", count: 60))\"" }.joined(separator: ",")
    let questions = (0..<20).map { #"{"question":"Q\#($0)","answers":[\#(answers)],"correct":0}"# }
    let path = try write(#"{"sets":[["# + questions.joined(separator: ",") + "]]}", to: "big.json")
    let result = try ProcessRunner.qrquiz(["encode", path, "-o", scratch.path("big.png"), "--format", "json"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("bytes of JSON; one QR symbol holds at most 2953 bytes at level L up to version 40"))
    #expect(!FileManager.default.fileExists(atPath: scratch.path("big.png")))
  }

  @Test(arguments: [
    (["encode", "x.json"], "say where to write"),
    (["encode", "a.json", "b.json", "-o", "x.png"], "-o takes one topic"),
    (["encode", "x.json", "-o", "x.png", "--ec", "X"], "--ec must be L, M, Q or H, not 'X'"),
    (["encode", "x.json", "-o", "x.png", "--scale", "0"], "--scale must be a whole number from 1 to 100"),
    (["encode", "x.json", "-o", "x.png", "--bogus"], "unknown option --bogus"),
    (["encode", "x.json", "-o"], "-o needs a value"),
    (["frobnicate"], "unknown command 'frobnicate'"),
    (["decode"], "decode needs an image"),
  ])
  func usageErrorsExitWithTwo(_ arguments: [String], _ message: String) throws {
    let result = try ProcessRunner.qrquiz(arguments)
    #expect(result.status == 2)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  // MARK: decode

  @Test func decodePrintsTheTopicOfEachImage() throws {
    let images = Fixtures.sampleTopicNames.map { Fixtures.sampleImage($0).path }
    let result = try ProcessRunner.qrquiz(["decode"] + images)
    #expect(result.status == 0, "\(result.stderr)")
    let expected = try Fixtures.sampleTopicNames.map { name in
      try Fixtures.validTopic(Fixtures.sampleTopic(name)).normalizedJSON + "\n"
    }
    #expect(result.stdoutText == expected.joined())
  }

  @Test func decodeRawPrintsAnyText() throws {
    let png = scratch.path("hello.png")
    try Data(try TopicQREncoder().encode(bytes: Array("hello, world".utf8)).pngData(scale: 3, margin: 4))
      .write(to: URL(fileURLWithPath: png))
    let raw = try ProcessRunner.qrquiz(["decode", "--raw", png])
    #expect(raw.status == 0)
    #expect(raw.stdoutText == "hello, world\n")
    let asTopic = try ProcessRunner.qrquiz(["decode", png])
    #expect(asTopic.status == 1)
    #expect(asTopic.stderr.hasPrefix("\(png): QR code text is not a topic: not valid JSON"))
  }

  @Test func decodeErrorsAreOneLineAndLeaveNoOutput() throws {
    let notImage = try write("not an image", to: "x.png")
    let blank = scratch.path("blank.png")
    try Data(
      try QRMatrix(size: 21, version: 1, modules: Array(repeating: false, count: 441)).pngData(scale: 2, margin: 4)
    )
    .write(to: URL(fileURLWithPath: blank))
    let output = scratch.path("out.json")
    let good = Fixtures.sampleImage("People").path

    let corrupt = try ProcessRunner.qrquiz(["decode", good, notImage, "-o", output])
    #expect(corrupt.status == 1)
    #expect(corrupt.stderr == "\(notImage): not a PNG or JPEG image\n")
    let empty = try ProcessRunner.qrquiz(["decode", good, blank, "-o", output])
    #expect(empty.status == 3)
    #expect(empty.stderr == "\(blank): no QR code found\n")
    let missing = try ProcessRunner.qrquiz(["decode", scratch.path("nope.png")])
    #expect(missing.status == 3)
    #expect(!FileManager.default.fileExists(atPath: output))

    #expect(try ProcessRunner.qrquiz(["decode", good, "-o", output]).status == 0)
    #expect(try scratch.contents() == ["blank.png", "out.json", "x.png"])
  }

  @Test func helpDocumentsTheExitCodes() throws {
    let result = try ProcessRunner.qrquiz(["help"])
    #expect(result.status == 0)
    for line in ["0   success", "1   invalid input", "2   usage error", "3   not found", "70  internal error"] {
      #expect(result.stdoutText.contains(line))
    }
  }
}
