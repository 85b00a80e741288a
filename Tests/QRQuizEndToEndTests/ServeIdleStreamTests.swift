import Foundation
import QRQuizLocking
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz

/// A regression of the fourth pass (issue 50, item 15): with 5,100 idle event streams held
/// from 25 addresses (1,700 players, three streams each), a new player's join was answered
/// after 8 s. The streams are held as a phone that has gone to sleep holds them (never
/// read); joins are timed against joins of the same server before any stream was opened,
/// in this one test (a ratio, never seconds: a busy machine slows both alike), then while
/// the phones reconnect (EventSource does: a third stream ends its player's oldest).
@Suite(.serialized, .tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct ServeIdleStreamTests {
  @Test func aNewPlayersJoinIsAnsweredAsQuicklyWithThousandsOfIdleStreamsHeld() throws {
    let home = try TemporaryDirectory()
    let (library, cache) = try LiveLibrary.make()
    let server = try ServeProcess(
      [library.url.path, "--cache-dir", cache.url.path], environment: home.qrquizEnvironment)
    let token = try #require(server.teacherToken)
    func post(_ path: String, _ body: String, from source: String = "127.0.0.1", headers: [String: String] = [:])
      throws -> (status: Int, json: JSONValue)
    {
      let response = try HTTPProbe.request(
        port: server.port, method: "POST", path: path,
        headers: ["Content-Type": "application/json"].merging(headers) { $1 }, body: Array(body.utf8), from: source)
      return (response.status, (try? JSONParser.parse(response.body)) ?? .null)
    }
    func string(_ value: JSONValue?) -> String { if case .string(let text)? = value { text } else { "" } }
    let made = try post(
      "/api/live", #"{"topic":"Capitals","set":1,"seconds":600,"max_players":10000}"#,
      headers: ["Authorization": "Bearer \(token)"])
    try #require(made.status == 201)
    let pin = string(made.json["pin"])
    let host = string(made.json["host"])

    /// Seconds each of `count` joins took, each from an address of its own.
    var newcomers = 0
    func timedJoins(_ count: Int) throws -> [Double] {
      try (0..<count).map { _ in
        newcomers += 1
        let address = "127.0.1.\(newcomers)"
        let started = Date()
        let joined = try post("/api/live/\(pin)/players", #"{"name":"new \#(newcomers)"}"#, from: address)
        let seconds = Date().timeIntervalSince(started)
        #expect(joined.status == 201, "\(joined.json)")
        return seconds
      }
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    _ = try timedJoins(3)  // the first requests warm the server up
    let quiet = median(try timedJoins(15))

    // 1,700 players, 68 on each of 25 addresses (within the join limit), three streams
    // each: 5,100 streams asked for, as many held as the server takes, none of them read.
    var bots: [(address: String, secret: String)] = []
    for number in 2...26 {
      let address = "127.0.0.\(number)"
      for bot in 0..<68 {
        let joined = try post("/api/live/\(pin)/players", #"{"name":"b\#(number)-\#(bot)"}"#, from: address)
        try #require(joined.status == 201, "join \(bots.count): \(joined.json)")
        bots.append((address, string(joined.json["secret"])))
      }
    }
    // Each address opens its streams on a thread of its own, all at once, as 25 classrooms'
    // phones do.
    let byAddress = Dictionary(grouping: bots, by: \.address).map { Array($0.value) }
    let opened = HeldStreams()
    let port = server.port
    DispatchQueue.concurrentPerform(iterations: byAddress.count) { index in
      for bot in byAddress[index] {
        for _ in 0..<3 {
          guard
            let stream = try? EventStreamClient(
              port: port, path: "/api/live/\(pin)/events?secret=\(bot.secret)", from: bot.address)
          else {
            opened.add(nil)
            continue
          }
          opened.add(stream)
        }
      }
    }
    var (held, refused, failed) = opened.taken()
    #expect(held.count + refused == 5100 && failed == 0, "\(held.count) held, \(refused) refused, \(failed) failed")

    // With every one of them still open: new players join as quickly as on the quiet server.
    let idle = median(try timedJoins(15))
    // And while the phones whose streams were refused or ended try again (EventSource
    // reconnects on its own), one thread per address.
    let stop = Locked(false)
    let reconnects = Locked(0)
    let done = DispatchGroup()
    // Eight threads, not 25: the clients share the machine's cores with the server, and
    // their own work must not be what the join waits for.
    for address in byAddress.prefix(8) {
      done.enter()
      Thread.detachNewThread {
        var kept: [EventStreamClient] = []
        var index = 0
        while !stop.withLock({ $0 }) {
          let bot = address[index % address.count]
          index += 1
          if let stream = try? EventStreamClient(
            port: port, path: "/api/live/\(pin)/events?secret=\(bot.secret)", from: bot.address)
          {
            kept.append(stream)
            if kept.count > 3 { kept.removeFirst() }
          }
          reconnects.withLock { $0 += 1 }
        }
        done.leave()
      }
    }
    let busy = median(try timedJoins(15))
    stop.withLock { $0 = true }
    done.wait()
    // And the host's stream and moves go on.
    let projector = try EventStreamClient(port: server.port, path: "/api/live/\(pin)/events?secret=\(host)")
    #expect(projector.status == 200)
    try projector.waitForEvent { $0.name == "lobby" }
    #expect(try post("/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#).status == 200)
    try projector.waitForEvent { $0.name == "question" }
    let ratio = idle / max(quiet, 0.001)
    print(
      "idle streams: \(held.count) held, \(refused) refused; a join took \(quiet) s quiet, \(idle) s with them, "
        + "\(busy) s with \(reconnects.withLock { $0 }) reconnects meanwhile (×\(ratio))")
    // Reported: 8.1 s against a few milliseconds. The reconnects' figure is printed only:
    // eight client threads on the same two cores make it the machine's more than the
    // server's (the work a reconnect does is counted in LiveStreamTests instead).
    #expect(ratio < 20, "a join took \(idle) s with the streams held, \(quiet) s without")
    held.removeAll()
  }
}

/// The streams the threads of one test opened: those held (200), refused (503), failed.
private final class HeldStreams: @unchecked Sendable {
  private let lock = NSLock()
  private var held: [EventStreamClient] = []
  private var refused = 0
  private var failed = 0

  func add(_ stream: EventStreamClient?) {
    lock.withLock {
      guard let stream else {
        failed += 1
        return
      }
      if stream.status == 200 { held.append(stream) } else { refused += 1 }
    }
  }

  func taken() -> (held: [EventStreamClient], refused: Int, failed: Int) {
    lock.withLock {
      defer { held = [] }
      return (held, refused, failed)
    }
  }
}
