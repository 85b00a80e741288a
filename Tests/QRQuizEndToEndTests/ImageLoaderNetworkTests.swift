import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz

/// The loader on its real transport (``BoundedDownload``, libcurl) against a real,
/// misbehaving server on 127.0.0.1: what only the network shows — validators sent as
/// HTTP headers, bodies cut off or too large on the wire, redirects, many callers of one
/// download. The loader's own rules are tested in process (`ImageLoaderTests`).
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct ImageLoaderNetworkTests {
  let server: TestServer
  let cacheDirectory: TemporaryDirectory
  let png: [UInt8]

  init() throws {
    server = try TestServer()
    cacheDirectory = try TemporaryDirectory()
    png = try Array(Data(contentsOf: Fixtures.sampleImage("People")))
    try server.serve(png, as: "q.png")
  }

  func loader(maximumImageSize: Int = 1 << 20) throws -> ImageLoader {
    var configuration = ImageLoader.Configuration(cacheDirectory: cacheDirectory.url)
    configuration.allowHTTP = true
    configuration.retryBaseDelay = 0.01
    configuration.maximumImageSize = maximumImageSize
    // No test here is about the timeout: only a hang may end a download, never a busy
    // machine's pace.
    configuration.timeout = HangLimit.inProcessSeconds
    return try ImageLoader(configuration: configuration)
  }

  func count(_ path: String) async throws -> Int { try await server.requestLog().counts[path] ?? 0 }

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
}
