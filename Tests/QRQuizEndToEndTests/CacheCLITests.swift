import Foundation
import QRQuiz
import QRQuizLocking
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuizClassroom

/// `qrquiz prefetch`, `image`, `cache` and `profile` end to end, against the test server.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct CacheCLITests {
  let server: TestServer
  let home: TemporaryDirectory
  let topicPath: String

  init() throws {
    server = try TestServer()
    home = try TemporaryDirectory()
    try server.serve(try Array(Data(contentsOf: Fixtures.sampleImage("People"))), as: "q.png")
    let urls = [
      server.url("/cached/q.png?max-age=3600&n=1"), server.url("/cached/q.png?max-age=0&etag=1&n=2"),
      server.url("/synthetic/5000/a.png"), server.url("/synthetic/6000/b.png"),
    ]
    let questions = urls.enumerated().map { index, url in
      Topic.Question(question: "Q\(index)", answers: ["a", "b"], correct: 0, imageURL: url.absoluteString)
    }
    topicPath = home.path("topic.json")
    try Data(Topic(options: .init(name: "Images"), sets: [questions]).normalizedJSON.utf8)
      .write(to: URL(fileURLWithPath: topicPath))
  }

  var environment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CACHE_HOME"] = home.path("cache")
    environment["XDG_DATA_HOME"] = home.path("data")
    environment["QRQUIZ_CACHE_DIR"] = nil
    return environment
  }

  /// A topic file whose questions show the server's images at `paths`.
  func topic(named name: String, images paths: [String]) throws -> String {
    let questions = paths.map {
      Topic.Question(question: "Q", answers: ["a", "b"], correct: 0, imageURL: server.url($0).absoluteString)
    }
    let path = home.path(name)
    try Data(Topic(sets: [questions]).normalizedJSON.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  func qrquiz(_ arguments: [String]) throws -> ProcessResult {
    try ProcessRunner.qrquiz(arguments, environment: environment)
  }

  @Test func prefetchFetchesThenFindsEverythingFreshOrRevalidated() throws {
    let first = try qrquiz(["prefetch", topicPath, "--allow-http"])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.contains("4 images: 4 fetched, 0 fresh, 0 revalidated, 0 failed"))
    let second = try qrquiz(["prefetch", topicPath, "--allow-http"])
    #expect(second.stderr.contains("4 images: 0 fetched, 3 fresh, 1 revalidated, 0 failed"))
    let offline = try qrquiz(["prefetch", topicPath, "--offline"])
    #expect(offline.status == 0)
    #expect(offline.stderr.contains("3 fresh"))
    #expect(FileManager.default.fileExists(atPath: home.path("cache/qrquiz/v1")))
  }

  @Test func prefetchReportsEachFailureAndExitsNonZero() throws {
    var topic = try Fixtures.validTopic(URL(fileURLWithPath: topicPath)).topic
    topic.sets[0][0].imageURL = server.url("/status/404").absoluteString
    topic.sets[0][1].imageURL = server.url("/text").absoluteString
    try Data(topic.normalizedJSON.utf8).write(to: URL(fileURLWithPath: topicPath))
    let result = try qrquiz(["prefetch", topicPath, "--allow-http"])
    // The worst failure decides: a 404 is "not found", as `qrquiz image` says for it too.
    #expect(result.status == 3)
    #expect(result.stderr.contains("2 fetched, 0 fresh, 0 revalidated, 2 failed"))
    #expect(result.stderr.contains("  \(server.url("/status/404").absoluteString): HTTP status 404"))
    #expect(result.stderr.contains("/text: not an image"))
    let https = try qrquiz(["prefetch", topicPath])
    #expect(https.stderr.contains("only https is fetched (use --allow-http for http)"))
  }

  @Test func twoProcessesSharingTheCacheNeitherTearNorLoseEntries() throws {
    let path = try topic(named: "many.json", images: (0..<40).map { "/synthetic/\(20_000 + $0)/p\($0).png?delay=20" })
    let group = DispatchGroup()
    let results = Locked<[Int32]>([])
    let environment = environment
    for _ in 0..<2 {
      DispatchQueue.global().async(group: group) {
        let result = try? ProcessRunner.qrquiz(["prefetch", path, "--allow-http"], environment: environment)
        results.withLock { $0.append(result?.status ?? -1) }
      }
    }
    group.wait()
    #expect(results.withLock { $0 } == [0, 0])
    let cache = try ImageDiskCache(directory: URL(fileURLWithPath: home.path("cache/qrquiz")))
    #expect(cache.list().count == 40)
    #expect(Set(cache.list().map(\.metadata.size)) == Set((0..<40).map { 20_000 + $0 }))
  }

  @Test func aProcessKilledMidPrefetchLeavesACacheTheNextRunUses() throws {
    // The last ten answer two seconds late, so the kill below always lands mid-prefetch.
    let path = try topic(
      named: "slow.json",
      images: (0..<30).map { "/synthetic/\(50_000 + $0)/k\($0).png?delay=\($0 < 20 ? 150 : 2_000)" })
    let process = try ChildProcess(ProcessRunner.qrquiz, ["prefetch", path, "--allow-http"], environment: environment)
    // Killed once the first image is in the cache: by progress, not after a pause.
    let cache = try ImageDiskCache(directory: URL(fileURLWithPath: home.path("cache/qrquiz")))
    _ = process.wait(until: { !cache.list().isEmpty }, pause: 5_000)
    process.killNow()
    let survivors = cache.list()
    #expect(!survivors.isEmpty, "nothing was cached before the kill")
    #expect(survivors.count < 30)
    // Every survivor is whole: list() reads and verifies each entry's length.
    #expect(survivors.allSatisfy { $0.metadata.size >= 50_000 && $0.fileSize > $0.metadata.size })
    let next = try qrquiz(["prefetch", path, "--allow-http"])
    #expect(next.status == 0, "\(next.stderr)")
    #expect(next.stderr.contains("\(survivors.count) fresh"))
    #expect(cache.list().count == 30)
  }

  @Test func imageCommandWritesOneImageAndWorksOffline() throws {
    let url = server.url("/cached/q.png?max-age=3600").absoluteString
    let output = home.path("out.png")
    let offlineMiss = try qrquiz(["image", url, "-o", output, "--offline"])
    #expect(offlineMiss.status == 3)
    #expect(offlineMiss.stderr == "\(url): not in the cache (offline)\n")
    #expect(!FileManager.default.fileExists(atPath: output))
    #expect(try qrquiz(["image", url, "-o", output, "--allow-http"]).status == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == Data(contentsOf: Fixtures.sampleImage("People")))
    #expect(try qrquiz(["image", url, "-o", home.path("again.png"), "--offline"]).status == 0)
  }

  @Test(arguments: [("/status/404", 3), ("/status/410", 3), ("/status/403", 4), ("/text", 1)])
  func oneFailureGetsOneExitCodeFromEveryCommand(_ path: String, _ code: Int32) throws {
    let url = server.url(path).absoluteString
    let image = try qrquiz(["image", url, "-o", home.path("out.png"), "--allow-http"])
    #expect(image.status == code, "image: \(image.stderr)")
    var topic = try Fixtures.validTopic(URL(fileURLWithPath: topicPath)).topic
    topic.sets[0] = [topic.sets[0][0]]
    topic.sets[0][0].imageURL = url
    let single = home.path("single.json")
    try Data(topic.normalizedJSON.utf8).write(to: URL(fileURLWithPath: single))
    let prefetch = try qrquiz(["prefetch", single, "--allow-http", "--cache-dir", home.path("other-cache")])
    #expect(prefetch.status == code, "prefetch: \(prefetch.stderr)")
  }

  @Test func cacheCommandsReportPruneAndClear() throws {
    #expect(try qrquiz(["prefetch", topicPath, "--allow-http"]).status == 0)
    let stats = try qrquiz(["cache", "stats", "--json"])
    let object = try #require(try JSONSerialization.jsonObject(with: stats.stdout) as? [String: Any])
    #expect(object["entries"] as? Int == 4)
    let list = try qrquiz(["cache", "list"])
    #expect(list.stdoutText.split(separator: "\n").count == 4)
    let prune = try qrquiz(["cache", "prune", "--max-size", "8K"])
    #expect(prune.stdoutText.hasPrefix("evicted "))
    #expect(try qrquiz(["cache", "clear"]).status == 0)
    #expect(try qrquiz(["cache", "stats"]).stdoutText.contains(": 0 images"))
    #expect(try qrquiz(["cache", "prune", "--max-size", "lots"]).status == 2)
  }

  @Test func oversizedProfilePicturesAreRefused() throws {
    let path = try home.sparseFile(
      "huge.png", size: ProfileStore.maximumImageSize + 1,
      startingWith: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    let result = try qrquiz(["profile", "add", "Big", "--image", path])
    #expect(result.status == 1)
    #expect(result.stderr == "bad profile picture: \(path): over \(ProfileStore.maximumImageSize) bytes\n")
    #expect(try qrquiz(["profile", "list"]).stdoutText.isEmpty)
  }

  @Test func profilesAreStoredAndTheirPicturesRevalidated() throws {
    let picture = server.url("/cached/q.png?max-age=3600&etag=1").absoluteString
    #expect(try qrquiz(["profile", "add", "Ada", "--image", picture]).status == 0)
    #expect(try qrquiz(["profile", "add", "Grace", "--image", Fixtures.sampleImage("Social").path]).status == 0)
    let duplicate = try qrquiz(["profile", "add", "ada"])
    #expect(duplicate.status == 1)
    #expect(duplicate.stderr == "a profile named 'ada' already exists\n")
    let badFile = try qrquiz(["profile", "add", "Linus", "--image", topicPath])
    #expect(badFile.stderr.contains("not an image"))
    let badScheme = try qrquiz(["profile", "add", "Linus", "--image", "ftp://example.org/a.png"])
    #expect(badScheme.stderr.contains("only http and https URLs, or a local file"))
    #expect(try qrquiz(["profile", "list"]).stdoutText.hasPrefix("Ada\t\(picture)\nGrace\tpictures/"))
    #expect(try qrquiz(["profile", "show", "grace"]).stdoutText.contains("\"name\":\"Grace\""))

    let first = try qrquiz(["prefetch", "--profiles", "--allow-http"])
    #expect(first.stderr.contains("1 image: 1 fetched"))
    // Fresh by max-age, yet asked again: avatars change at the same URL.
    let second = try qrquiz(["prefetch", "--profiles", "--allow-http"])
    #expect(second.stderr.contains("1 image: 0 fetched, 0 fresh, 1 revalidated"))

    #expect(try qrquiz(["profile", "remove", "Grace"]).status == 0)
    #expect(try qrquiz(["profile", "remove", "Grace"]).status == 3)
    #expect(try qrquiz(["profile", "list"]).stdoutText == "Ada\t\(picture)\n")
  }
}
