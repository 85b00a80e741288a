import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz

/// The loader and its cache, in process, against a server in memory whose answers the
/// tests script and hold: freshness, revalidation, retries, shared downloads, cancelling,
/// eviction. Nothing broken may ever enter the cache. (`ImageLoaderNetworkTests` runs the
/// real transport against a real server.)
@Suite struct ImageLoaderTests {
  let server = MemoryDataLoader()
  let cacheDirectory: TemporaryDirectory
  let png: [UInt8]

  init() throws {
    cacheDirectory = try TemporaryDirectory()
    png = try Array(Data(contentsOf: Fixtures.sampleImage("People")))
  }

  /// A loader on the shared cache folder and the server in memory, with no waits between
  /// tries.
  func loader(
    offline: Bool = false, allowHTTP: Bool = true, maximumImageSize: Int = 1 << 20,
    sizeLimit: Int = ImageDiskCache.defaultSizeLimit
  ) throws -> ImageLoader {
    var configuration = ImageLoader.Configuration(cacheDirectory: cacheDirectory.url)
    configuration.sizeLimit = sizeLimit
    configuration.allowHTTP = allowHTTP
    configuration.offline = offline
    configuration.retryBaseDelay = 0
    configuration.maximumRetryDelay = 0
    configuration.maximumImageSize = maximumImageSize
    configuration.dataLoader = server
    return try ImageLoader(configuration: configuration)
  }

  func address(_ path: String) -> URL { URL(string: "http://images.test\(path)")! }

  func count(_ path: String) -> Int { server.count(path) }

  /// A PNG-signed body of `size` bytes, distinct per `id`.
  static func synthetic(_ size: Int, id: Int) -> [UInt8] {
    let seed = Array(String(id).utf8)
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0..<size - 8).map { seed[$0 % seed.count] }
  }

  struct NotShared: Error, CustomStringConvertible {
    var sharing: Int
    var expected: Int
    var description: String {
      "after \(Int(HangLimit.inProcessSeconds)) s, \(sharing) of \(expected) callers share the download"
    }
  }

  /// Waits until `callers` callers share the download of `url` and the server has its
  /// request (which it holds): bounded, never a fixed pause.
  func untilShared(_ url: URL, by callers: Int, loader: ImageLoader) async throws {
    try await server.untilRequested(url.path)
    let deadline = ContinuousClock.now + .seconds(HangLimit.inProcessSeconds)
    while true {
      let sharing = await loader.callers(of: url)
      if sharing >= callers { return }
      guard ContinuousClock.now < deadline else { throw NotShared(sharing: sharing, expected: callers) }
      await Task.yield()
    }
  }

  /// Marks the cache entry of `url` as last used `seconds` ago (the cache's clock is its
  /// files' modification times), so the order of use does not hang on the clock's grain.
  func age(_ url: URL, bySeconds seconds: Int) throws {
    let path = cacheDirectory.path("v1/\(CacheKey(url.absoluteString).hash).entry")
    let then = Int(Date().timeIntervalSince1970) - seconds
    var times = [timeval(tv_sec: then, tv_usec: 0), timeval(tv_sec: then, tv_usec: 0)]
    #expect(utimes(path, &times) == 0)
  }

  @Test func freshEntriesAreUsedWithoutARequest() async throws {
    server.serve(png, at: "/cached/q.png", headers: ["Cache-Control": "max-age=3600"])
    let url = address("/cached/q.png")
    #expect(try await loader().load(url).outcome == .fetched)
    let second = try await loader().load(url)
    #expect(second.outcome == .fresh)
    #expect(second.entry.body == png)
    #expect(count("/cached/q.png") == 1)
  }

  @Test func staleEntriesAreRevalidatedAndA304KeepsThem() async throws {
    let etag = "\"v1-\(png.count)\""
    let lastModified = "Wed, 21 Oct 2015 07:28:00 GMT"
    server.answer("/cached/q.png") { [png] request in
      let headers = ["Cache-Control": "max-age=0", "ETag": etag, "Last-Modified": lastModified]
      let unchanged = request.headers["if-none-match"] == etag
      return .success(.init(status: unchanged ? 304 : 200, headers: headers, body: unchanged ? [] : png))
    }
    let url = address("/cached/q.png")
    #expect(try await loader().load(url).outcome == .fetched)
    let again = try await loader().load(url)
    #expect(again.outcome == .revalidated)
    #expect(again.entry.body == png)
    let validators = server.requestHeaders
    #expect(validators.last?["if-none-match"] == "\"v1-\(png.count)\"")
    #expect(validators.last?["if-modified-since"] == "Wed, 21 Oct 2015 07:28:00 GMT")
  }

  @Test func noStoreIsNeverCached() async throws {
    server.serve(png, at: "/cached/q.png", headers: ["Cache-Control": "no-store"])
    let url = address("/cached/q.png")
    #expect(try await loader().load(url).outcome == .fetched)
    #expect(try await loader().load(url).outcome == .fetched)
    #expect(try ImageDiskCache(directory: cacheDirectory.url).statistics().entries == 0)
  }

  @Test func concurrentRequestsShareOneDownload() async throws {
    let loader = try loader()
    server.serve(png, at: "/cached/q.png", headers: ["Cache-Control": "max-age=60"])
    server.hold("/cached/q.png")
    let url = address("/cached/q.png")
    let callers = (0..<10).map { _ in Task { try? await loader.load(url).outcome } }
    try await untilShared(url, by: 10, loader: loader)
    server.release("/cached/q.png")
    var outcomes: [ImageLoader.Outcome?] = []
    for caller in callers { outcomes.append(await caller.value) }
    #expect(outcomes.allSatisfy { $0 == .fetched })
    #expect(count("/cached/q.png") == 1)
  }

  @Test func serverErrorsAndTooManyRequestsAreRetried() async throws {
    func refusal(_ status: Int, retryAfter: String) -> MemoryDataLoader.Answer {
      .success(.init(status: status, headers: ["Retry-After": retryAfter], body: Array("try later\n".utf8)))
    }
    let image = MemoryDataLoader.Answer.success(.init(status: 200, body: png))
    server.answer("/flaky/2/q.png", inTurn: [refusal(503, retryAfter: "0"), refusal(503, retryAfter: "0"), image])
    server.answer("/too-many/1/q.png", inTurn: [refusal(429, retryAfter: "1"), image])
    server.answer("/flaky/9/q.png", inTurn: [refusal(503, retryAfter: "0")])
    #expect(try await loader().load(address("/flaky/2/q.png")).outcome == .fetched)
    #expect(count("/flaky/2/q.png") == 3)
    #expect(try await loader().load(address("/too-many/1/q.png")).outcome == .fetched)
    #expect(count("/too-many/1/q.png") == 2)
    await #expect(throws: ImageLoader.Error.httpStatus(503, address("/flaky/9/q.png"))) {
      _ = try await loader().load(address("/flaky/9/q.png"))
    }
    #expect(count("/flaky/9/q.png") == 4)
  }

  @Test func transportFailuresAreRetriedButTimeoutsAreNot() async throws {
    let lost = MemoryDataLoader.Answer.failure(.transport(.connectionLost, address("/lost/q.png")))
    server.answer("/lost/q.png", inTurn: [lost, .success(.init(status: 200, body: png))])
    #expect(try await loader().load(address("/lost/q.png")).outcome == .fetched)
    #expect(count("/lost/q.png") == 2)
    let timedOut = BoundedDownload.Error.timedOut(seconds: 30, address("/silent/q.png"))
    server.answer("/silent/q.png", inTurn: [.failure(timedOut)])
    await #expect(throws: ImageLoader.Error.download(timedOut)) {
      _ = try await loader().load(address("/silent/q.png"))
    }
    #expect(count("/silent/q.png") == 1)
  }

  @Test func notFoundIsNotRetriedAndIsRemembered() async throws {
    server.answer("/status/403") { _ in .success(.init(status: 403, body: Array("status page\n".utf8))) }
    let url = address("/status/404")
    await #expect(throws: ImageLoader.Error.httpStatus(404, url)) { _ = try await loader().load(url) }
    await #expect(throws: ImageLoader.Error.rememberedMissing(404, url)) { _ = try await loader().load(url) }
    #expect(count("/status/404") == 1)
    await #expect(throws: ImageLoader.Error.httpStatus(403, self.address("/status/403"))) {
      _ = try await loader().load(self.address("/status/403"))
    }
    #expect(count("/status/403") == 1)
  }

  @Test func brokenAnswersNeverEnterTheCache() async throws {
    let broken: [(String, MemoryDataLoader.Answer)] = [
      ("/truncated/q.png", .failure(.truncated(received: 100, expected: png.count, address("/truncated/q.png")))),
      ("/text", .success(.init(status: 200, headers: ["Content-Type": "image/png"], body: Array("<html>".utf8)))),
      ("/redirect-loop", .failure(.tooManyRedirects(address("/redirect-loop")))),
      (
        "/redirect-to",
        .failure(.unsupportedRedirect(to: URL(string: "file:///etc/passwd")!, from: address("/redirect-to")))
      ),
      ("/announced/5000000", .failure(.tooLarge(limit: 1 << 20, address("/announced/5000000")))),
      // A data loader that hands over more than the limit is held to it by the loader.
      ("/oversized/3000000", .success(.init(status: 200, body: Self.synthetic(3_000_000, id: 1)))),
      ("/partial", .success(.init(status: 206, body: Array(png.prefix(100))))),
    ]
    for (path, answer) in broken {
      server.answer(path, inTurn: [answer])
      await #expect(throws: ImageLoader.Error.self, "\(path)") {
        _ = try await loader(maximumImageSize: 1 << 20).load(address(path))
      }
    }
    #expect(try ImageDiskCache(directory: cacheDirectory.url).statistics().entries == 0)
    let temporary = try FileManager.default.contentsOfDirectory(atPath: cacheDirectory.path("v1/tmp"))
    #expect(temporary.isEmpty)
  }

  @Test func httpsIsRequiredUnlessAllowedAndOtherSchemesNever() async throws {
    server.serve(png, at: "/files/q.png")
    let url = address("/files/q.png")
    await #expect(throws: ImageLoader.Error.schemeNotAllowed(url)) { _ = try await loader(allowHTTP: false).load(url) }
    #expect(count("/files/q.png") == 0)
    let file = URL(string: "file:///etc/passwd")!
    await #expect(throws: ImageLoader.Error.schemeNotAllowed(file)) { _ = try await loader().load(file) }
  }

  @Test func offlineUsesOnlyTheCache() async throws {
    server.serve(png, at: "/cached/q.png", headers: ["Cache-Control": "max-age=0"])
    let url = address("/cached/q.png")
    await #expect(throws: ImageLoader.Error.notCached(url)) { _ = try await loader(offline: true).load(url) }
    _ = try await loader().load(url)
    let offline = try await loader(offline: true).load(url)
    #expect(offline.outcome == .offline)
    #expect(offline.entry.body == png)
    #expect(count("/cached/q.png") == 1)
  }

  @Test func keyOverrideIgnoresChangingTokens() async throws {
    server.serve(png, at: "/cached/q.png", headers: ["Cache-Control": "max-age=3600"])
    let first = address("/cached/q.png?token=abc")
    let second = address("/cached/q.png?token=xyz")
    #expect(try await loader().load(first, key: "q.png").outcome == .fetched)
    #expect(try await loader().load(second, key: "q.png").outcome == .fresh)
  }

  /// Five images of 10 kB each, used in order, the first one longest ago.
  func loadFiveImages(with loader: ImageLoader) async throws {
    for id in 0..<5 {
      let path = "/synthetic/10000/\(id).png"
      server.serve(Self.synthetic(10_000, id: id), at: path, headers: ["Cache-Control": "max-age=3600"])
      _ = try await loader.load(address(path))
      try age(address(path), bySeconds: 100 - id)
    }
  }

  @Test func leastRecentlyUsedEntriesAreEvictedFirst() async throws {
    let loader = try loader()
    try await loadFiveImages(with: loader)
    // Use the oldest again: it becomes the most recent.
    #expect(try await loader.load(address("/synthetic/10000/0.png")).outcome == .fresh)
    let cache = try ImageDiskCache(directory: cacheDirectory.url)
    let eviction = cache.evict(toFit: 35_000)
    #expect(eviction.entries == 2)
    let kept = Set(cache.list().map(\.metadata.url))
    #expect(kept == Set([0, 3, 4].map { address("/synthetic/10000/\($0).png").absoluteString }))
  }

  @Test func theCacheKeepsItselfWithinItsSizeLimit() async throws {
    // Each entry is a 10 kB body plus its metadata: four fit in 45 kB, five do not.
    let loader = try loader(sizeLimit: 45_000)
    for id in 0..<8 {
      let path = "/synthetic/10000/\(id).png"
      server.serve(Self.synthetic(10_000, id: id), at: path, headers: ["Cache-Control": "max-age=3600"])
      _ = try await loader.load(address(path))
      if loader.isCached(address(path)) { try age(address(path), bySeconds: 100 - id) }
    }
    let cache = try ImageDiskCache(directory: cacheDirectory.url)
    #expect(cache.statistics().bytes <= 45_000)
    #expect(loader.cache.evicted.entries >= 4)
    // The most recent ones stay; the first ones went.
    #expect(loader.isCached(address("/synthetic/10000/7.png")))
    #expect(!loader.isCached(address("/synthetic/10000/0.png")))
    #expect(!cache.contains(address("/synthetic/10000/0.png")))
  }

  @Test func cancellingOneCallerLeavesTheSharedDownloadToTheOthers() async throws {
    let loader = try loader()
    server.serve(png, at: "/cached/q.png", headers: ["Cache-Control": "max-age=60"])
    server.hold("/cached/q.png")
    let url = address("/cached/q.png")
    let leaving = Task { try await loader.load(url) }
    let staying = Task { try await loader.load(url) }
    try await untilShared(url, by: 2, loader: loader)
    leaving.cancel()
    // The one who left is told at once (the answer is still held), while the download
    // goes on for the other.
    await #expect(throws: ImageLoader.Error.cancelled(url)) { _ = try await leaving.value }
    server.release("/cached/q.png")
    #expect(try await staying.value.outcome == .fetched)
    #expect(count("/cached/q.png") == 1)
    #expect(loader.isCached(url))
  }

  @Test func theDownloadStopsWhenItsLastCallerLeaves() async throws {
    let loader = try loader()
    server.serve(png, at: "/cached/q.png", headers: ["Cache-Control": "max-age=60"])
    server.hold("/cached/q.png")
    let url = address("/cached/q.png")
    let callers = (0..<3).map { _ in Task { try await loader.load(url) } }
    try await untilShared(url, by: 3, loader: loader)
    for caller in callers { caller.cancel() }
    for caller in callers { await #expect(throws: ImageLoader.Error.cancelled(url)) { _ = try await caller.value } }
    // Nobody wanted it any more: the request itself was called off, nothing was stored,
    // and a new caller starts afresh.
    try await server.untilCancelled("/cached/q.png")
    server.release("/cached/q.png")
    #expect(!loader.isCached(url))
    #expect(try await loader.load(url).outcome == .fetched)
    #expect(count("/cached/q.png") == 2)
  }

  @Test func damagedEntryFilesAreMisses() throws {
    let cache = try ImageDiskCache(directory: cacheDirectory.url)
    let key = CacheKey("https://example.org/a.png")
    let metadata = CacheMetadata(
      url: key.source, keySource: key.source, storedAt: Date(), freshUntil: .distantFuture, etag: nil,
      lastModified: nil,
      size: png.count, format: "png")
    try cache.store(CacheEntry(metadata: metadata, body: png), for: key)
    #expect(cache.entry(for: key)?.body == png)
    let file = cacheDirectory.url.appendingPathComponent("v1/\(key.hash).entry")
    let bytes = try Data(contentsOf: file)
    try bytes.dropLast(10).write(to: file)
    #expect(cache.entry(for: key) == nil)
    #expect(cache.entry(for: CacheKey("https://example.org/other.png")) == nil)
  }

  @Test(arguments: [
    ("max-age=60", 60.0), ("public, max-age=5", 5.0), ("no-cache", nil), ("max-age=-3", 0.0),
  ])
  func freshnessFollowsCacheControl(_ header: String, _ seconds: Double?) {
    let now = Date(timeIntervalSince1970: 1_000_000)
    let policy = HTTPFreshness.policy(headers: ["cache-control": header], now: now)
    #expect(policy.freshUntil == seconds.map { now.addingTimeInterval($0) })
  }

  @Test func expiresAndLastModifiedGiveFreshnessToo() {
    let now = Date(timeIntervalSince1970: 1_445_412_480)  // 2015-10-21 07:28:00 GMT
    let expires = HTTPFreshness.policy(headers: ["expires": "Wed, 21 Oct 2015 08:28:00 GMT"], now: now)
    #expect(expires.freshUntil == now.addingTimeInterval(3600))
    let invalid = HTTPFreshness.policy(headers: ["expires": "0"], now: now)
    #expect(invalid.freshUntil == nil)
    let heuristic = HTTPFreshness.policy(headers: ["last-modified": "Wed, 21 Oct 2015 06:28:00 GMT"], now: now)
    #expect(heuristic.freshUntil == now.addingTimeInterval(360))
    #expect(HTTPFreshness.retryAfter("120", now: now) == 120)
    #expect(HTTPFreshness.retryAfter("Wed, 21 Oct 2015 07:29:00 GMT", now: now) == 60)
  }

  @Test(arguments: [
    ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0], ImageFormat?.some(.png)),
    ([0xFF, 0xD8, 0xFF, 0xE0], .jpeg), (Array("GIF89a...".utf8), .gif), (Array("RIFF\0\0\0\0WEBPVP8 ".utf8), .webp),
    (Array("<html>".utf8), nil), ([], nil),
  ])
  func imagesAreRecognisedByTheirBytes(_ bytes: [UInt8], _ format: ImageFormat?) {
    #expect(ImageFormat(sniffing: bytes) == format)
  }
}
