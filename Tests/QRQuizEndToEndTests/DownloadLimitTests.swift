import Foundation
import QRQuiz
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

/// Every kind of download (a topic, a topic behind a QR code, a community list and its
/// topics, an image, a profile picture) against every hostile shape of answer, run as the
/// real `qrquiz` in a child process whose peak memory is measured by the kernel: no download
/// may hold more than its cap plus a buffer, and each ends by its own limit, which it names
/// (the cap, or the deadline). Never by a count of seconds, which a busy machine exceeds:
/// `Benchmarks/hostile.py` times them.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct DownloadLimitTests {
  let server: TestServer
  let home: TemporaryDirectory

  init() throws {
    server = try TestServer()
    home = try TemporaryDirectory()
  }

  /// What the kernel measured of one `qrquiz` run.
  struct Run {
    var status: Int32
    var peakMegabytes: Double
    var seconds: Double
    var cpuSeconds: Double
    var stderr: String
    /// Its first 64 KiB: where `community fetch` reports each entry.
    var stdout: String
  }

  /// Awaited, not waited for: most runs wait out a 2-second deadline, and a test that
  /// blocked one of the cooperative pool's two threads for it would hold up the others.
  func run(_ arguments: [String]) async throws -> Run {
    let environment = home.qrquizEnvironment
    let result = try await ProcessRunner.runLong(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["python3", Fixtures.url("peak_memory.py").path, ProcessRunner.qrquiz.path] + arguments,
      environment: environment, hangLimit: .processorSeconds(60))
    let object = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    return Run(
      status: Int32(object["status"] as! Int), peakMegabytes: Double(object["maxrss_kb"] as! Int) / 1024,
      seconds: object["seconds"] as! Double, cpuSeconds: object["cpu_seconds"] as! Double,
      stderr: object["stderr"] as! String, stdout: object["stdout"] as! String)
  }

  /// The bodies that never end or lie about their size: each must be cut at the cap.
  static let oversized = ["/endless", "/endless-chunked", "/lying-length", "/gzip-bomb", "/endless-headers"]
  /// The answers that never complete: each must end at the deadline.
  static let stalled = ["/trickle", "/silent", "/lying-short"]

  /// The `--timeout` of a download of `path`: 2 s for a stalled answer, whose subject is
  /// the deadline; for an oversized one, whose subject is the cap, a deadline no machine,
  /// however busy, reaches before the cap (the test server's "endless" bodies end after a
  /// GiB, so a failed cap still ends).
  static func timeout(for path: String) -> String { stalled.contains(path) ? "2" : "3600" }

  // A qrquiz process is about 30 MB before it downloads anything; the caps are 16 MiB
  // (topics, lists) and 20 MiB (images). 110 MB leaves room for one copy of the body and
  // nothing like the gigabytes an unbounded download reaches in a second on loopback.
  static let memoryCeiling = 110.0

  /// An oversized answer is ended by the cap (or refused for what it is), never left to
  /// run into the deadline.
  static func expectEndedByItsCap(_ stderr: String, _ path: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(!stderr.isEmpty, "\(path): nothing said", sourceLocation: sourceLocation)
    if ["/endless", "/endless-chunked"].contains(path) {
      #expect(stderr.contains("larger than the "), "\(path): \(stderr)", sourceLocation: sourceLocation)
    }
    #expect(!stderr.contains("no complete answer within"), "\(path): \(stderr)", sourceLocation: sourceLocation)
  }

  /// A stalled answer is ended by the deadline of `--timeout 2`, and says so; an oversized
  /// one by its cap.
  static func expectEndedByItsLimit(_ stderr: String, _ path: String, sourceLocation: SourceLocation = #_sourceLocation)
  {
    if stalled.contains(path) {
      #expect(
        stderr.contains("no complete answer within 2 seconds"), "\(path): \(stderr)", sourceLocation: sourceLocation)
    } else {
      expectEndedByItsCap(stderr, path, sourceLocation: sourceLocation)
    }
  }

  @Test(arguments: oversized)
  func topicDownloadsStopAtTheCap(_ path: String) async throws {
    let result = try await run(["validate", "--timeout", Self.timeout(for: path), server.url(path).absoluteString])
    #expect(result.status != 0)
    #expect(result.peakMegabytes < SanitizerAllowance.memory(Self.memoryCeiling), "\(path): \(result.peakMegabytes) MB")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    Self.expectEndedByItsCap(result.stderr, path)
  }

  @Test func aCompressedBodyIsNeverInflated() async throws {
    let result = try await run(["validate", server.url("/gzip-bomb").absoluteString])
    #expect(result.status == 1)
    // The gzip bytes arrive as sent (identity was asked for), so they are simply not a topic.
    #expect(result.stderr.contains("not UTF-8 text"), "\(result.stderr)")
    #expect(result.peakMegabytes < SanitizerAllowance.memory(60), "\(result.peakMegabytes) MB")
  }

  @Test(arguments: stalled)
  func topicDownloadsEndAtTheirDeadline(_ path: String) async throws {
    let result = try await run(["validate", "--timeout", "2", server.url(path).absoluteString])
    #expect(result.status == 4, "\(result.stderr)")
    #expect(result.stderr.contains("no complete answer within 2 seconds"), "\(result.stderr)")
    // Not before the deadline either (the upper side is the message: the deadline ended it).
    #expect(result.seconds >= 2, "\(path): \(result.seconds) s")
    // Waiting costs no CPU: nothing spins while the server is silent.
    #expect(result.cpuSeconds < 0.5, "\(path): \(result.cpuSeconds) CPU-s")
  }

  @Test(arguments: oversized + stalled)
  func aQRCodeLinkingToAHostileServerIsBounded(_ path: String) async throws {
    let image = home.path("link.png")
    let matrix = try TopicQREncoder().encode(bytes: Array(server.url(path).absoluteString.utf8))
    try Data(try matrix.pngData(scale: 3, margin: 4)).write(to: URL(fileURLWithPath: image))
    let result = try await run(["decode", "--timeout", Self.timeout(for: path), image])
    #expect(result.status != 0)
    #expect(result.peakMegabytes < SanitizerAllowance.memory(Self.memoryCeiling), "\(path): \(result.peakMegabytes) MB")
    Self.expectEndedByItsLimit(result.stderr, path)
  }

  @Test(arguments: oversized + stalled)
  func communityListsAndTheirTopicsAreBounded(_ path: String) async throws {
    // The list itself is hostile.
    let list = try await run([
      "community", "fetch", "--timeout", Self.timeout(for: path), server.url(path).absoluteString,
    ])
    #expect(list.status != 0)
    #expect(
      list.peakMegabytes < SanitizerAllowance.memory(Self.memoryCeiling), "list \(path): \(list.peakMegabytes) MB")
    Self.expectEndedByItsLimit(list.stderr, path)
    // A good list whose entries are hostile, four fetched at once.
    let entries = (0..<4).map { index in
      #"{"name":"T\#(index)","remoteContentURL":"\#(server.url(path + "?n=\(index)"))"}"#
    }
    try server.serve(Array(#"{"topics":[\#(entries.joined(separator: ","))]}"#.utf8), as: "list.json")
    let fetch = try await run([
      "community", "fetch", "--timeout", Self.timeout(for: path), server.url("/files/list.json").absoluteString,
    ])
    #expect(fetch.status == 1)
    #expect(
      fetch.peakMegabytes < SanitizerAllowance.memory(Self.memoryCeiling + 3 * 17),
      "entries \(path): \(fetch.peakMegabytes) MB")
    Self.expectEndedByItsLimit(fetch.stdout, path)
  }

  @Test func aListsTopicsAreFetchedFourAtOnce() async throws {
    // Each entry is answered only once all four have been asked for: fetched one after
    // another, the first would wait for ever (until its deadline) and none would come. An
    // order of events, not a time: however long a busy machine takes to ask for the four.
    let entries = try (0..<4).map { index in
      let topic = #"{"sets":[[{"question":"Q\#(index)","answers":["a","b"],"correct":0}]]}"#
      try server.serve(Array(topic.utf8), as: "t\(index).json")
      return #"{"name":"T\#(index)","remoteContentURL":"\#(server.url("/together/4/t\(index).json"))"}"#
    }
    try server.serve(Array(#"{"topics":[\#(entries.joined(separator: ","))]}"#.utf8), as: "list.json")
    let fetch = try await run(["community", "fetch", server.url("/files/list.json").absoluteString])
    #expect(fetch.status == 0, "\(fetch.stdout)\(fetch.stderr)")
    #expect(!fetch.stdout.contains("failed"), "\(fetch.stdout)")
  }

  @Test(arguments: oversized + stalled)
  func imagesAndProfilePicturesAreBounded(_ path: String) async throws {
    let url = server.url(path).absoluteString
    let timeout = Self.timeout(for: path)
    let image = try await run(["image", url, "-o", home.path("out.png"), "--allow-http", "--timeout", timeout])
    #expect(image.status != 0)
    #expect(
      image.peakMegabytes < SanitizerAllowance.memory(Self.memoryCeiling), "image \(path): \(image.peakMegabytes) MB")
    Self.expectEndedByItsLimit(image.stderr, path)
    #expect(!FileManager.default.fileExists(atPath: home.path("out.png")))
    let added = try await run(["profile", "add", "Ada", "--image", url])
    #expect(added.status == 0)
    let profiles = try await run(["prefetch", "--profiles", "--allow-http", "--timeout", timeout])
    #expect(profiles.status != 0)
    #expect(
      profiles.peakMegabytes < SanitizerAllowance.memory(Self.memoryCeiling),
      "profile \(path): \(profiles.peakMegabytes) MB")
    Self.expectEndedByItsLimit(profiles.stderr, path)
    // Nothing that was not fully and correctly received is in the cache.
    let cache = try ImageDiskCache(directory: URL(fileURLWithPath: home.path("cache")))
    #expect(cache.statistics().entries == 0)
  }

  @Test func aPartialContentAnswerIsNotCachedAsAWholeImage() async throws {
    var configuration = ImageLoader.Configuration(cacheDirectory: home.url.appendingPathComponent("cache"))
    configuration.allowHTTP = true
    let loader = try ImageLoader(configuration: configuration)
    try server.serve(try Array(Data(contentsOf: Fixtures.sampleImage("People"))), as: "q.png")
    let url = server.url("/partial/q.png")
    await #expect(throws: ImageLoader.Error.httpStatus(206, url)) { _ = try await loader.load(url) }
    #expect(!loader.isCached(url))
  }
}
