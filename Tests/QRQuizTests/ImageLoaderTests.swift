import Foundation
import Testing

@testable import QRQuiz

/// The loader and cache against a real, misbehaving server on 127.0.0.1. Nothing broken
/// may ever enter the cache.
@Suite(.tags(.endToEnd), .skippedInFastRuns) struct ImageLoaderTests {
  let server: TestServer
  let cacheDirectory: TemporaryDirectory
  let png: [UInt8]

  init() throws {
    server = try TestServer()
    cacheDirectory = try TemporaryDirectory()
    png = try Array(Data(contentsOf: Fixtures.sampleImage("People")))
    try server.serve(png, as: "q.png")
  }

  func loader(
    offline: Bool = false, allowHTTP: Bool = true, maximumImageSize: Int = 1 << 20,
    sizeLimit: Int = ImageDiskCache.defaultSizeLimit
  ) throws -> ImageLoader {
    var configuration = ImageLoader.Configuration(cacheDirectory: cacheDirectory.url)
    configuration.sizeLimit = sizeLimit
    configuration.allowHTTP = allowHTTP
    configuration.offline = offline
    configuration.retryBaseDelay = 0.01
    configuration.maximumImageSize = maximumImageSize
    configuration.timeout = 5
    return try ImageLoader(configuration: configuration)
  }

  func count(_ path: String) async throws -> Int { try await server.requestLog().counts[path] ?? 0 }

  struct NotShared: Error, CustomStringConvertible {
    var sharing: Int
    var expected: Int
    var description: String { "after 10 s, \(sharing) of \(expected) callers share the download" }
  }

  /// Waits until `callers` callers share the download of `url` and the server has seen its
  /// request: a fixed sleep is not enough when the whole suite loads both cores.
  func untilShared(_ url: URL, by callers: Int, loader: ImageLoader) async throws {
    let deadline = Date().addingTimeInterval(10)
    while true {
      let sharing = await loader.callers(of: url)
      if sharing >= callers, try await count(url.path) > 0 { return }
      guard Date() < deadline else { throw NotShared(sharing: sharing, expected: callers) }
      try await Task.sleep(nanoseconds: 10_000_000)
    }
  }

  @Test func freshEntriesAreUsedWithoutARequest() async throws {
    let url = server.url("/cached/q.png?max-age=3600")
    #expect(try await loader().load(url).outcome == .fetched)
    let second = try await loader().load(url)
    #expect(second.outcome == .fresh)
    #expect(second.entry.body == png)
    #expect(try await count("/cached/q.png") == 1)
  }

  @Test func staleEntriesAreRevalidatedAndA304KeepsThem() async throws {
    let url = server.url("/cached/q.png?max-age=0&etag=1&last-modified=1")
    #expect(try await loader().load(url).outcome == .fetched)
    let again = try await loader().load(url)
    #expect(again.outcome == .revalidated)
    #expect(again.entry.body == png)
    let validators = try await server.requestLog().validators
    #expect(validators.last?["if-none-match"] == "\"v1-\(png.count)\"")
    #expect(validators.last?["if-modified-since"] == "Wed, 21 Oct 2015 07:28:00 GMT")
  }

  @Test func noStoreIsNeverCached() async throws {
    let url = server.url("/cached/q.png?no-store=1")
    #expect(try await loader().load(url).outcome == .fetched)
    #expect(try await loader().load(url).outcome == .fetched)
    #expect(try ImageDiskCache(directory: cacheDirectory.url).statistics().entries == 0)
  }

  @Test func concurrentRequestsShareOneDownload() async throws {
    let loader = try loader()
    let url = server.url("/cached/q.png?max-age=60&delay=200")
    let outcomes = await withTaskGroup(of: ImageLoader.Outcome?.self) { group in
      for _ in 0..<10 { group.addTask { try? await loader.load(url).outcome } }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(outcomes.allSatisfy { $0 == .fetched })
    #expect(try await count("/cached/q.png") == 1)
  }

  @Test func serverErrorsAndTooManyRequestsAreRetried() async throws {
    #expect(try await loader().load(server.url("/flaky/2/q.png")).outcome == .fetched)
    #expect(try await count("/flaky/2/q.png") == 3)
    #expect(try await loader().load(server.url("/too-many/1/q.png")).outcome == .fetched)
    #expect(try await count("/too-many/1/q.png") == 2)
    await #expect(throws: ImageLoader.Error.httpStatus(503, server.url("/flaky/9/q.png"))) {
      _ = try await loader().load(server.url("/flaky/9/q.png"))
    }
    #expect(try await count("/flaky/9/q.png") == 4)
  }

  @Test func notFoundIsNotRetriedAndIsRemembered() async throws {
    let url = server.url("/status/404")
    await #expect(throws: ImageLoader.Error.httpStatus(404, url)) { _ = try await loader().load(url) }
    await #expect(throws: ImageLoader.Error.rememberedMissing(404, url)) { _ = try await loader().load(url) }
    #expect(try await count("/status/404") == 1)
    await #expect(throws: ImageLoader.Error.httpStatus(403, server.url("/status/403"))) {
      _ = try await loader().load(server.url("/status/403"))
    }
    #expect(try await count("/status/403") == 1)
  }

  @Test func brokenAnswersNeverEnterTheCache() async throws {
    let broken = [
      "/truncated/q.png", "/text", "/redirect-loop", "/redirect-to?file:///etc/passwd", "/oversized/3000000",
      "/announced/5000000",
    ]
    for path in broken {
      await #expect(throws: ImageLoader.Error.self, "\(path)") {
        _ = try await loader(maximumImageSize: 1 << 20).load(server.url(path))
      }
    }
    #expect(try ImageDiskCache(directory: cacheDirectory.url).statistics().entries == 0)
    let temporary = try FileManager.default.contentsOfDirectory(atPath: cacheDirectory.path("v1/tmp"))
    #expect(temporary.isEmpty)
  }

  @Test func httpsIsRequiredUnlessAllowedAndOtherSchemesNever() async throws {
    let url = server.url("/files/q.png")
    await #expect(throws: ImageLoader.Error.schemeNotAllowed(url)) { _ = try await loader(allowHTTP: false).load(url) }
    #expect(try await count("/files/q.png") == 0)
    let file = URL(string: "file:///etc/passwd")!
    await #expect(throws: ImageLoader.Error.schemeNotAllowed(file)) { _ = try await loader().load(file) }
  }

  @Test func offlineUsesOnlyTheCache() async throws {
    let url = server.url("/cached/q.png?max-age=0")
    await #expect(throws: ImageLoader.Error.notCached(url)) { _ = try await loader(offline: true).load(url) }
    _ = try await loader().load(url)
    let offline = try await loader(offline: true).load(url)
    #expect(offline.outcome == .offline)
    #expect(offline.entry.body == png)
    #expect(try await count("/cached/q.png") == 1)
  }

  @Test func keyOverrideIgnoresChangingTokens() async throws {
    let first = server.url("/cached/q.png?max-age=3600&token=abc")
    let second = server.url("/cached/q.png?max-age=3600&token=xyz")
    #expect(try await loader().load(first, key: "q.png").outcome == .fetched)
    #expect(try await loader().load(second, key: "q.png").outcome == .fresh)
  }

  @Test func leastRecentlyUsedEntriesAreEvictedFirst() async throws {
    let loader = try loader()
    for id in 0..<5 {
      _ = try await loader.load(server.url("/synthetic/10000/\(id).png"))
      try await Task.sleep(nanoseconds: 20_000_000)
    }
    // Use the oldest again: it becomes the most recent.
    #expect(try await loader.load(server.url("/synthetic/10000/0.png")).outcome == .fresh)
    let cache = try ImageDiskCache(directory: cacheDirectory.url)
    let eviction = cache.evict(toFit: 35_000)
    #expect(eviction.entries == 2)
    let kept = Set(cache.list().map(\.metadata.url))
    #expect(kept == Set([0, 3, 4].map { server.url("/synthetic/10000/\($0).png").absoluteString }))
  }

  @Test func theCacheKeepsItselfWithinItsSizeLimit() async throws {
    // Each entry is a 10 kB body plus its metadata: four fit in 45 kB, five do not.
    let loader = try loader(sizeLimit: 45_000)
    for id in 0..<8 {
      _ = try await loader.load(server.url("/synthetic/10000/\(id).png"))
      try await Task.sleep(nanoseconds: 20_000_000)
    }
    let cache = try ImageDiskCache(directory: cacheDirectory.url)
    #expect(cache.statistics().bytes <= 45_000)
    #expect(loader.cache.evicted.entries >= 4)
    // The most recent ones stay; the first ones went.
    #expect(loader.isCached(server.url("/synthetic/10000/7.png")))
    #expect(!loader.isCached(server.url("/synthetic/10000/0.png")))
    #expect(!cache.contains(server.url("/synthetic/10000/0.png")))
  }

  @Test func cancellingOneCallerLeavesTheSharedDownloadToTheOthers() async throws {
    let loader = try loader()
    let url = server.url("/cached/q.png?max-age=60&delay=1500")
    let leaving = Task { try await loader.load(url) }
    let staying = Task { try await loader.load(url) }
    try await untilShared(url, by: 2, loader: loader)
    leaving.cancel()
    // The one who left is told at once, while the download goes on for the other.
    await #expect(throws: ImageLoader.Error.cancelled(url)) { _ = try await leaving.value }
    #expect(try await staying.value.outcome == .fetched)
    #expect(try await count("/cached/q.png") == 1)
    #expect(loader.isCached(url))
  }

  @Test func theDownloadStopsWhenItsLastCallerLeaves() async throws {
    let loader = try loader()
    let url = server.url("/cached/q.png?max-age=60&delay=2000")
    let callers = (0..<3).map { _ in Task { try await loader.load(url) } }
    try await untilShared(url, by: 3, loader: loader)
    for caller in callers { caller.cancel() }
    for caller in callers { await #expect(throws: ImageLoader.Error.cancelled(url)) { _ = try await caller.value } }
    // Nobody wanted it any more: past the time the server takes to answer, nothing was
    // stored, and a new caller starts afresh.
    try await Task.sleep(nanoseconds: 2_200_000_000)
    #expect(!loader.isCached(url))
    #expect(try await loader.load(url).outcome == .fetched)
    #expect(try await count("/cached/q.png") == 2)
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
