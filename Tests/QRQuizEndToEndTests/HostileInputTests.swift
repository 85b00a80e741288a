import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz

/// Inputs made to cost far more than their size: CPU bombs within the pixel limits,
/// memory amplification within the size limits, each run as the real `qrquiz` with its
/// peak memory and time measured by the kernel.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct HostileInputTests {
  let scratch: TemporaryDirectory

  init() throws { scratch = try TemporaryDirectory() }

  func run(_ arguments: [String]) throws -> MeasuredRun { try MeasuredRun(arguments, scratch: scratch) }

  // MARK: CPU bombs

  // Each bound below is shown by the program's own limit and its refusal, or by counting
  // work, never by seconds (a busy machine exceeds any): `Benchmarks/hostile.py` times them.

  @Test func anImageTiledWithFinderPatternsIsRefusedByItsCensus() throws {
    // 18 KB, 6300 × 6300: 66 seconds of zbar passes before the census. With no time limit to
    // stop them, only the census's count of crossings can end the run with this refusal.
    let result = try run(["decode", "--time-limit", "600", Fixtures.url("bombs/finders.png").path])
    #expect(result.status == 1)
    #expect(result.stderr.contains("finder-pattern crossings: not a photo of QR codes; refused"), "\(result.stderr)")
    #expect(!result.stderr.contains("gave up after"), "\(result.stderr)")
  }

  @Test func aProgressiveJPEGWithThousandsOfScansIsRefusedAtItsScanLimit() throws {
    // 156 KB, 10,000 scans: 27 seconds (twice, reduced then full size) before the scan limit.
    // No time limit: the count of scans alone must end it.
    let result = try run(["decode", "--time-limit", "600", Fixtures.url("bombs/scans.jpg").path])
    #expect(result.status == 1)
    #expect(result.stderr.contains("progressive JPEG with more than 100 scans; refused"), "\(result.stderr)")
  }

  @Test func eachImageHasATimeBudgetAcrossItsPasses() throws {
    // 2,000 finder patterns: every pass takes a sixth of a second and finds nothing.
    let result = try run(["decode", "--time-limit", "0.3", Fixtures.url("bombs/finders-small.png").path])
    #expect(result.status == 1)
    #expect(result.stderr.hasSuffix(": gave up after 0.3 s (raise it with --time-limit)\n"), "\(result.stderr)")
    // The library says the same, typed. A thousand passes would take minutes: only the
    // budget, checked between them, can end the scan with this error.
    let image = try ImageDecoder.decode(contentsOf: Fixtures.url("bombs/finders-small.png"))
    let reader = QRCodeReader(passes: Array(repeating: .plain, count: 1000), timeLimit: 0.3)
    #expect(throws: QRCodeReader.Error.timeLimitExceeded(seconds: 0.3)) { _ = try reader.scan(image) }
  }

  @Test func theJPEGScanLimitHoldsBeforeLibjpegAndTheDeadlineInsideIt() throws {
    let bytes = try Fixtures.bytes("bombs/scans.jpg")
    #expect(throws: ImageDecodingError.tooManyScans(limit: 100)) { _ = try ImageDecoder.decode(bytes) }
    // With the scan limit lifted, the deadline stops libjpeg in the middle of the file: a
    // 0.2 s deadline ends it before a thousand scans are read, a tenth of the file, timed
    // here on the same machine (a deadline checked only after libjpeg would take all 10,000).
    let clock = ContinuousClock()
    let stopped = clock.measure {
      #expect(throws: ImageDecodingError.timeLimitExceeded) {
        _ = try ImageDecoder.decodeNotingReduction(
          bytes, limits: ImageLimits(maximumScans: 0), targetPixels: nil, timeLimit: 0.2)
      }
    }
    // The same file cut after its thousandth scan (each scan starts with its marker, FF DA,
    // which the compressed data never holds), read whole with no limit.
    let scanStarts = bytes.indices.dropLast().filter { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA }
    let thousand = Array(bytes[..<scanStarts[1000]]) + [0xFF, 0xD9]
    let thousandScans = clock.measure {
      #expect(throws: Never.self) {
        _ = try ImageDecoder.decodeNotingReduction(
          thousand, limits: ImageLimits(maximumScans: 0), targetPixels: nil, timeLimit: nil)
      }
    }
    #expect(stopped < thousandScans, "\(stopped) for the deadline, \(thousandScans) for a thousand scans")
  }

  // MARK: Memory amplification

  @Test func sixteenMebibytesOfWrongTypesStayBoundedInMemoryAndOutput() throws {
    // {"sets":[1,1,…]}: eight million problems. Before the cap: 3.4 GB and 770 MB of output.
    let path = scratch.path("ones.json")
    let count = (TopicDocument.maximumSize - 20) / 2
    let bytes = Array((#"{"sets":["# + String(repeating: "1,", count: count - 1) + "1]}").utf8)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let result = try run(["validate", path])
    #expect(result.status == 1)
    // "invalid (N problems)", the first hundred, "… and N more problems".
    #expect(result.stdoutLines == 1 + TopicDocument.problemLimit + 1)
    // The parse tree costs 16 bytes a value: about 16× the input here, where every value is
    // two bytes; a real topic is mostly text and costs a few times its size.
    #expect(result.peakMegabytes < SanitizerAllowance.memory(300), "\(result.peakMegabytes) MB")
  }

  @Test func documentsKeepTheFirstProblemsAndCountTheRest() throws {
    let json = #"{"sets":["# + String(repeating: "1,", count: 999) + "1]}"
    let document = try TopicDocument(bytes: Array(json.utf8))
    #expect(document.problems.count == TopicDocument.problemLimit)
    #expect(document.problemCount == 1000)
    #expect(!document.isValid)
    #expect(throws: TopicError.invalid(source: "x", problems: document.problems, count: 1000)) {
      _ = try ValidTopic(document, source: "x")
    }
  }

  @Test func aCompactZipBombIsRefusedByItsCompressionRatio() throws {
    // 16 KB of zlib in six symbols that would inflate to 16 MiB of `[1,1,…]`: 2.1 GB before.
    let json = Array((#"{"sets":["# + String(repeating: "1,", count: (8 << 20) - 1) + "1]}").utf8)
    let parts = try CompactPayload.split(json: json, symbolCapacity: 2900)
    #expect(parts.count >= 5)
    var paths: [String] = []
    for part in parts {
      let path = scratch.path("part-\(part.index).png")
      let matrix = try TopicQREncoder(maximumVersion: 40).encode(bytes: Array(part.text.utf8))
      try Data(try matrix.pngData(scale: 2, margin: 4)).write(to: URL(fileURLWithPath: path))
      paths.append(path)
    }
    let result = try run(["decode"] + paths)
    #expect(result.status == 1)
    #expect(result.stderr.contains("decompresses to more than the"), "\(result.stderr)")
    #expect(result.peakMegabytes < SanitizerAllowance.memory(100), "\(result.peakMegabytes) MB")
  }

  // MARK: Output files

  func encodeSample(to output: String) throws -> ProcessResult {
    try ProcessRunner.qrquiz(["encode", Fixtures.sampleTopic("People").path, "-o", output, "--scale", "2"])
  }

  @Test func aFIFOIsWrittenNotReplaced() throws {
    let fifo = scratch.path("pipe")
    #expect(mkfifo(fifo, 0o600) == 0)
    let received = scratch.path("received.png")
    let reader = try ChildProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", "cat '\(fifo)' > '\(received)'"])
    defer { reader.killNow() }
    let result = try encodeSample(to: fifo)
    #expect(reader.wait(), "nothing closed the FIFO")
    #expect(result.status == 0, "\(result.stderr)")
    var status = stat()
    #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    let png = try Data(contentsOf: URL(fileURLWithPath: received))
    #expect(try ImageDecoder.decode(Array(png)).width > 0)
  }

  @Test func aSymlinkIsFollowedAndItsTargetReplacedWhole() throws {
    let target = scratch.path("target.png")
    try Data("old".utf8).write(to: URL(fileURLWithPath: target))
    let link = scratch.path("link.png")
    #expect(symlink("target.png", link) == 0)
    let result = try encodeSample(to: link)
    #expect(result.status == 0, "\(result.stderr)")
    var status = stat()
    #expect(lstat(link, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
    #expect(try ImageDecoder.decode(contentsOf: URL(fileURLWithPath: target)).width > 0)
  }

  @Test func anExistingFileKeepsItsPermissions() throws {
    let path = scratch.path("private.png")
    try Data("old".utf8).write(to: URL(fileURLWithPath: path))
    #expect(chmod(path, 0o600) == 0)
    #expect(try encodeSample(to: path).status == 0)
    var status = stat()
    #expect(stat(path, &status) == 0)
    #expect(status.st_mode & 0o777 == 0o600)
  }

  @Test func standardOutputIsWrittenDirectly() throws {
    let topic = Fixtures.sampleTopic("People").path
    let viaPath = try ProcessRunner.qrquiz(["normalize", topic, "-o", "/dev/stdout"])
    let viaDash = try ProcessRunner.qrquiz(["normalize", topic, "-o", "-"])
    #expect(viaPath.status == 0, "\(viaPath.stderr)")
    #expect(!viaPath.stdout.isEmpty && viaPath.stdout == viaDash.stdout)
  }

  @Test(.enabled(if: Self.canMakeDevices, "needs root to make a device node"))
  func aDeviceIsWrittenNotReplaced() throws {
    // A character device of our own (the same device as /dev/null): written, not replaced.
    let device = scratch.path("null")
    try #require(Self.makeNull(at: device), "mknod \(device): \(String(cString: strerror(errno)))")
    #expect(try encodeSample(to: device).status == 0)
    var status = stat()
    #expect(lstat(device, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
  }

  /// Makes a character device of /dev/null's number, makedev(1, 3), at `path`.
  static func makeNull(at path: String) -> Bool { mknod(path, S_IFCHR | 0o666, (1 << 8) | 3) == 0 }

  /// Whether this process may make device nodes (root, as CI runs).
  static let canMakeDevices: Bool = {
    guard let folder = try? TemporaryDirectory() else { return false }
    return makeNull(at: folder.path("probe"))
  }()

  // MARK: Saving

  func environment(home: String? = nil) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_DATA_HOME"] = scratch.path("data")
    if let home {
      environment["HOME"] = home
      environment["XDG_DATA_HOME"] = nil
      environment["XDG_CACHE_HOME"] = nil
      environment["QRQUIZ_CACHE_DIR"] = nil
    }
    return environment
  }

  func topicFile(_ name: String, question: String, named topicName: String? = nil) throws -> String {
    let path = scratch.path(name)
    let options = topicName.map { #""options":{"name":"\#($0)"},"# } ?? ""
    let json = #"{\#(options)"sets":[[{"question":"\#(question)","answers":["a","b"],"correct":0}]]}"#
    try Data(json.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func twoSavesOfOneNameAtOnceLoseNothingSilently() throws {
    for round in 0..<20 {
      let first = try topicFile("a\(round).json", question: "first \(round)?", named: "Same \(round)")
      let second = try topicFile("b\(round).json", question: "second \(round)?", named: "Same \(round)")
      let processes = try [first, second].map { path -> (ChildProcess, URL) in
        let log = scratch.url.appendingPathComponent(UUID().uuidString)
        let process = try ChildProcess(
          ProcessRunner.qrquiz, ["topics", "add", path], environment: environment(), stderr: log)
        return (process, log)
      }
      for (process, _) in processes { #expect(process.wait()) }
      let statuses = processes.map { $0.0.terminationStatus }.sorted()
      #expect(statuses == [0, 1], "round \(round): \(statuses)")
      let messages = try processes.map { try String(contentsOf: $0.1, encoding: .utf8) }.joined()
      #expect(messages.contains("saved as 'Same \(round)'"))
      #expect(messages.contains("not saved: a topic named 'Same \(round)' is already saved"), "\(messages)")
    }
    let saved = try FileManager.default.contentsOfDirectory(atPath: scratch.path("data/qrquiz/topics"))
    #expect(saved.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.count == 20)
  }

  @Test func decodeSaveNamesEachTopicAfterItsOwnImage() throws {
    func qr(_ name: String, question: String) throws -> String {
      let path = scratch.path(name)
      let json = #"{"sets":[[{"question":"\#(question)","answers":["a","b"],"correct":0}]]}"#
      let matrix = try TopicQREncoder().encode(bytes: Array(json.utf8))
      try Data(try matrix.pngData(scale: 3, margin: 4)).write(to: URL(fileURLWithPath: path))
      return path
    }
    let result = try ProcessRunner.qrquiz(
      ["decode", "--save", try qr("apples.png", question: "Apples?"), try qr("pears.png", question: "Pears?")],
      environment: environment())
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("topic 'apples': saved as 'apples'"))
    #expect(result.stderr.contains("topic 'pears': saved as 'pears'"))
    // Saving the same again is refused, and says so in the exit code.
    let again = try ProcessRunner.qrquiz(["decode", "--save", scratch.path("pears.png")], environment: environment())
    #expect(again.status == 1)
    #expect(again.stderr.contains("not saved: a topic named 'pears' is already saved"))
  }

  @Test func longNamesFitTheFileSystemAndStayDistinct() throws {
    // 70 CJK characters are 210 bytes: over the old cap once the temporary suffix was added.
    let long = String(repeating: "漢", count: 70)
    let first = try topicFile("cjk.json", question: "Q1?", named: long)
    let result = try ProcessRunner.qrquiz(["topics", "add", first], environment: environment())
    #expect(result.status == 0, "\(result.stderr)")
    let sharedPrefix = String(repeating: "x", count: 230)
    for (index, suffix) in ["one", "two"].enumerated() {
      let path = try topicFile("long\(index).json", question: "Q\(index + 2)?", named: sharedPrefix + suffix)
      let saved = try ProcessRunner.qrquiz(["topics", "add", path], environment: environment())
      #expect(saved.status == 0, "\(saved.stderr)")
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: scratch.path("data/qrquiz/topics"))
      .filter { $0.hasSuffix(".json") }
    #expect(names.count == 3)
    #expect(names.allSatisfy { $0.utf8.count <= 255 - 50 })
    #expect(try ProcessRunner.qrquiz(["topics", "show", long], environment: environment()).status == 0)
    // A 224-byte output name: the temporary file beside it must fit too.
    let output = scratch.path(String(repeating: "o", count: 220) + ".png")
    #expect(try encodeSample(to: output).status == 0)
    #expect(FileManager.default.fileExists(atPath: output))
  }

  @Test func homeIsHonouredWithoutXDGVariables() throws {
    let home = scratch.path("home")
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    let path = try topicFile("h.json", question: "Home?", named: "At home")
    let result = try ProcessRunner.qrquiz(["topics", "add", path], environment: environment(home: home))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(FileManager.default.fileExists(atPath: home + "/.local/share/qrquiz/topics/At home.json"))
  }
}
