import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom

/// Profiles in the records: names, pictures, concurrent writers and tampered rows.
@Suite struct ProfileStoreTests {
  let directory: TemporaryDirectory
  let records: RecordStore
  let store: ProfileStore

  init() throws {
    directory = try TemporaryDirectory()
    records = try directory.records()
    store = ProfileStore(records: records, directory: directory.url)
  }

  @Test func profilesAreAddedListedAndRemovedIgnoringCase() throws {
    #expect(try store.list().isEmpty)
    try store.add(name: "  Ada ", image: "https://example.org/ada.png")
    try store.add(name: "Grace")
    #expect(try store.list().map(\.name) == ["Ada", "Grace"])
    #expect(try store.profile(named: "ADA").imageURL == "https://example.org/ada.png")
    #expect(throws: ProfileStore.Error.duplicateName("ada")) { try store.add(name: "ada") }
    try store.remove(name: "grace")
    #expect(try store.list().map(\.name) == ["Ada"])
    #expect(throws: ProfileStore.Error.notFound("Grace")) { try store.remove(name: "Grace") }
  }

  @Test(arguments: [
    ("", ProfileStore.Error.invalidName("it is empty")),
    (String(repeating: "x", count: 65), .invalidName("more than 64 characters")),
    ("a\u{1B}[2Jb", .invalidName("it contains control characters")),
  ])
  func badNamesAreRefused(_ name: String, _ error: ProfileStore.Error) {
    #expect(throws: error) { try store.add(name: name) }
  }

  @Test func picturesAreCopiedAndCheckedByTheirBytes() throws {
    let png = try Data(contentsOf: Fixtures.sampleImage("People"))
    let picture = directory.path("ada.png")
    try png.write(to: URL(fileURLWithPath: picture))
    let profile = try store.add(name: "Ada", image: picture)
    let copied = try #require(profile.imageFile)
    #expect(copied.hasPrefix("pictures/") && copied.hasSuffix(".png"))
    #expect(try Data(contentsOf: directory.url.appendingPathComponent(copied)) == png)
    let text = directory.path("notes.png")
    try Data("not an image".utf8).write(to: URL(fileURLWithPath: text))
    #expect(throws: ProfileStore.Error.badImage(.notAnImage(text))) { try store.add(name: "Bob", image: text) }
    #expect(throws: ProfileStore.Error.badImage(.unsupportedScheme("ftp://x/y.png"))) {
      try store.add(name: "Bob", image: "ftp://x/y.png")
    }
    try store.remove(name: "Ada")
    #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent(copied).path))
  }

  @Test func tamperedProfileRowsCannotMakeRemoveDeleteOtherFiles() throws {
    let victim = directory.path("precious.txt")
    try Data("keep me".utf8).write(to: URL(fileURLWithPath: victim))
    try records.write { database throws(DatabaseError) in
      try database.execute(
        """
        INSERT INTO profiles (name, name_key, image_file) VALUES ('Eve', 'eve', '../precious.txt'),
          ('Mal', 'mal', \(victim))
        """)
    }
    try store.remove(name: "Eve")
    try store.remove(name: "Mal")
    #expect(FileManager.default.fileExists(atPath: victim))
    #expect(try store.list().isEmpty)
  }

  @Test func concurrentAddsLoseNothing() async throws {
    let store = store
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<24 { group.addTask { _ = try? store.add(name: "player\(index)") } }
    }
    #expect(try store.list().count == 24)
  }
}

/// The download limiter: at most `limit` at once, and hosts take turns for freed slots.
@Suite struct HostFairLimiterTests {
  /// Records the order in which waiters got their slot.
  actor Log {
    var order: [String] = []
    func append(_ host: String) { order.append(host) }
  }

  @Test func freedSlotsGoToHostsInTurn() async throws {
    let limiter = HostFairLimiter(limit: 1)
    let log = Log()
    await limiter.acquire(host: "busy")
    // Five waiters for a busy host queue first, then one for a quiet host.
    var tasks: [Task<Void, Never>] = []
    for (queued, host) in ["busy", "busy", "busy", "busy", "busy", "quiet"].enumerated() {
      tasks.append(
        Task {
          await limiter.acquire(host: host)
          await log.append(host)
          await limiter.release()
        })
      // Each waiter in line before the next is started, so the order is the one written.
      try await Self.until("waiter \(queued + 1) queued") { await limiter.waitingCount == queued + 1 }
    }
    await limiter.release()
    for task in tasks { await task.value }
    // The quiet host does not wait behind all five: it gets the second slot.
    #expect(await log.order == ["busy", "quiet", "busy", "busy", "busy", "busy"])
  }

  struct NeverHeld: Error, CustomStringConvertible {
    var what: String
    var description: String { "after \(Int(HangLimit.inProcessSeconds)) s, still waiting for \(what)" }
  }

  /// Waits until `condition` holds: a bound against a hang, not a pause.
  static func until(_ what: String, _ condition: () async -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(HangLimit.inProcessSeconds)
    while await !condition() {
      guard ContinuousClock.now < deadline else { throw NeverHeld(what: what) }
      await Task.yield()
    }
  }

  @Test func neverMoreThanTheLimitAtOnce() async throws {
    let limiter = HostFairLimiter(limit: 3)
    let counter = Counter()
    let gate = Gate()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<30 {
        group.addTask {
          await limiter.acquire(host: "h\(index % 4)")
          await counter.enter()
          // Held until the test has seen who is in and who waits.
          try await Self.until("the gate to open") { await gate.isOpen }
          await counter.leave()
          await limiter.release()
        }
      }
      // Three in, the other 27 in line: the limit, not the timing, decides.
      try await Self.until("three in and 27 waiting") {
        let inside = await counter.current
        let waiting = await limiter.waitingCount
        return inside == 3 && waiting == 27
      }
      await gate.open()
      try await group.waitForAll()
    }
    #expect(await counter.peak == 3)
    #expect(await counter.current == 0)
  }

  actor Gate {
    var isOpen = false
    func open() { isOpen = true }
  }

  actor Counter {
    var current = 0
    var peak = 0
    func enter() {
      current += 1
      peak = max(peak, current)
    }
    func leave() { current -= 1 }
  }
}
