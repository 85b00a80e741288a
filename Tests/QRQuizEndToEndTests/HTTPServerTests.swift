import Foundation
import Glibc
import QRQuiz
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuizServer

/// The HTTP server itself, under a responder that is slower than the server's life.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct HTTPServerTests {
  /// Answers only after a minute: every request it gets is still suspended when the
  /// server stops.
  struct Sleeper: HTTPResponder {
    let entered: DispatchSemaphore
    /// Answers made so far (after the minute).
    let answered = Counter()

    func answer(_ request: HTTPRequest) -> HTTPAnswer {
      .later {
        entered.signal()
        try? await Task.sleep(for: .seconds(60))
        answered.add()
        return HTTPResponse(status: 200, body: Array("late\n".utf8))
      }
    }
  }

  // libmicrohttpd aborts the whole process when it is stopped with a connection still
  // suspended; this test crashed the test runner before stop answered them first.
  @Test func requestsStillWaitingWhenTheServerStopsGet503() throws {
    let entered = DispatchSemaphore(value: 0)
    let sleeper = Sleeper(entered: entered)
    let server = try HTTPServer(configuration: .init(port: 0), responder: sleeper)
    let port = server.port
    let answered = DispatchSemaphore(value: 0)
    let statuses = StatusBox()
    for _ in 0..<3 {
      // Threads of their own: Dispatch's pool is slow to grow while its threads block.
      Thread.detachNewThread {
        let status = (try? HTTPProbe.request(port: port, method: "GET", path: "/"))?.status ?? -1
        statuses.append(status)
        answered.signal()
      }
    }
    // A fourth client hangs up while its request waits: its connection stays suspended.
    let hangUp = try HTTPProbe.connect(port: port)
    let head = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
    _ = head.withUnsafeBytes { send(hangUp, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    for _ in 0..<4 { #expect(entered.wait(timeout: .now() + HangLimit.inProcessSeconds) == .success) }
    close(hangUp)

    server.stop(timeout: 0.2)
    // The stop waited for its own timeout, not for the responder: no answer was made yet
    // (each takes a minute), and every client got the stop's 503.
    #expect(sleeper.answered.value == 0)
    for _ in 0..<3 { #expect(answered.wait(timeout: .now() + HangLimit.inProcessSeconds) == .success) }
    #expect(statuses.values == [503, 503, 503])
  }

  /// Answers every request with 32 MB.
  struct Flood: HTTPResponder {
    func answer(_ request: HTTPRequest) -> HTTPAnswer {
      .now(HTTPResponse(status: 200, body: [UInt8](repeating: 65, count: 32 << 20)))
    }
  }

  @Test func aClientReadingSlowlyIsCutOff() throws {
    // 1 s, plus 32 MB at 8 MB/s: 5 s to take the answer.
    let server = try HTTPServer(
      configuration: .init(port: 0, responseTimeout: 1, minimumRate: 8 * 1024 * 1024), responder: Flood())
    defer { server.stop() }
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var small: Int32 = 4096
    setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(server.port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    #expect(connected == 0)
    defer { close(socket) }
    let head = Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
    _ = head.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    // At most 1 KB every 10 ms (the slow client's own pace): 100 KB/s, far below the
    // minimum rate. Its reads end when the server cuts it off, after the 5 s the answer
    // may take: about 500 KB at that pace, however busy the machine (a slower client reads
    // less), never 2 MB (a count, not seconds; it read all 32 MB before the watchdog).
    var received = 0
    var buffer = [UInt8](repeating: 0, count: 1024)
    var cut = false
    while received < 2 << 20 {
      let count = recv(socket, &buffer, buffer.count, 0)
      if count <= 0 {
        cut = true
        break
      }
      received += count
      usleep(10_000)
    }
    #expect(cut && received < 2 << 20, "\(received) bytes read before the end")
    #expect(server.connectionsCut == 1)
  }

  /// Hands every request's stream to the test.
  final class Streamer: HTTPResponder, @unchecked Sendable {
    private let lock = NSLock()
    private var sinks: [any EventSink] = []
    let opened = DispatchSemaphore(value: 0)

    func answer(_ request: HTTPRequest) -> HTTPAnswer {
      .stream(head: HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream")])) { sink in
        self.lock.withLock { self.sinks.append(sink) }
        sink.send(Array(": hello\n\n".utf8))
        self.opened.signal()
      }
    }

    var all: [any EventSink] { lock.withLock { sinks } }
  }

  @Test func aStreamSendsWhatIsWrittenWhenItIsWrittenAndEndsWhenClosed() throws {
    let streamer = Streamer()
    let server = try HTTPServer(configuration: .init(port: 0), responder: streamer)
    let client = try EventStreamClient(port: server.port, path: "/events")
    #expect(client.status == 200 && client.head.lowercased().contains("content-type: text/event-stream"))
    #expect(streamer.opened.wait(timeout: .now() + HangLimit.inProcessSeconds) == .success)
    let sink = try #require(streamer.all.first)
    for number in 1...3 {
      #expect(sink.send(Array("event: n\ndata: {\"n\":\(number)}\n\n".utf8)))
      try client.waitForEvent { $0.data["n"] == .number(number) }
    }
    sink.close()
    // The stream ends: its last chunk comes (the connection may stay for another request).
    try client.read(until: { $0.suffix(5).elementsEqual("0\r\n\r\n".utf8) }, timeout: HangLimit.inProcessSeconds)
    #expect(!sink.send([65]))
    server.stop(timeout: 1)
  }

  @Test func aClientThatStopsReadingIsCutOffNotBufferedForever() throws {
    let streamer = Streamer()
    let server = try HTTPServer(configuration: .init(port: 0), responder: streamer)
    let socket = try HTTPProbe.connect(port: server.port)
    defer { close(socket) }
    let head = Array("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
    _ = head.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    #expect(streamer.opened.wait(timeout: .now() + HangLimit.inProcessSeconds) == .success)
    let sink = try #require(streamer.all.first)
    // The client reads nothing: the socket's buffers fill, then the stream's own backlog
    // (256 KiB); past it, the stream is closed rather than grown.
    let chunk = Array(String(repeating: "x", count: 64 * 1024).utf8)
    var written = 0
    while sink.send(chunk), written < 256 << 20 {
      written += chunk.count
      // Let libmicrohttpd move what it can to the socket, as news trickles in a game.
      usleep(200)
    }
    #expect(written < 256 << 20, "\(written) bytes taken for a client that reads nothing")
    #expect(sink.isFinished || !sink.send(chunk))
    server.stop(timeout: 1)
  }

  @Test func streamsOpenWhenTheServerStopsAreEnded() throws {
    let streamer = Streamer()
    let server = try HTTPServer(configuration: .init(port: 0), responder: streamer)
    let clients = try (0..<5).map { _ in try EventStreamClient(port: server.port, path: "/events") }
    for _ in clients { #expect(streamer.opened.wait(timeout: .now() + HangLimit.inProcessSeconds) == .success) }
    // The stop ends the streams itself (it would wait for ever for them to end): every
    // client gets its stream's last chunk, and no write goes through any more.
    server.stop(timeout: 1)
    for client in clients {
      // Its last chunk, or the connection closed (the stop's grace for sending it passed).
      do {
        try client.read(until: { $0.suffix(5).elementsEqual("0\r\n\r\n".utf8) }, timeout: HangLimit.inProcessSeconds)
      } catch {
        #expect("\(error)".contains("closed the stream"), "\(error)")
      }
    }
    for sink in streamer.all { #expect(!sink.send([65])) }
  }

  /// Answers every request with its body's length.
  struct Measure: HTTPResponder {
    func answer(_ request: HTTPRequest) -> HTTPAnswer {
      .now(HTTPResponse(status: 200, body: Array("\(request.body.count)\n".utf8)))
    }
  }

  @Test func bodiesPastTheMemoryOfAllBodiesGet503WithTheServersHeaders() throws {
    let server = try HTTPServer(
      configuration: .init(port: 0, bodyMemoryLimit: 1000, headersOnEveryAnswer: [("X-Frame-Options", "DENY")]),
      responder: Measure())
    defer { server.stop(timeout: 1) }
    let within = try HTTPProbe.parse(
      HTTPProbe.exchange(
        port: server.port,
        Array("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 900\r\n\r\n".utf8) + Array(repeating: 65, count: 900)))
    #expect(within.status == 200 && within.text == "900\n")
    let past = try HTTPProbe.parse(
      HTTPProbe.exchange(port: server.port, Array("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1001\r\n\r\n".utf8)))
    #expect(past.status == 503)
    #expect(past.headers["x-frame-options"] == "DENY" && past.headers["connection"] == "close")
  }

  /// Holds every bulk request until released; answers other lanes at once.
  struct BulkHolder: HTTPResponder {
    let entered: DispatchSemaphore
    let release: DispatchSemaphore

    func answer(_ request: HTTPRequest) -> HTTPAnswer {
      guard request.path == "/bulk" else { return .later(lane: .live) { HTTPResponse(status: 200) } }
      return .later(lane: .bulk) {
        entered.signal()
        await withCheckedContinuation { continuation in
          Thread.detachNewThread {
            release.wait()
            continuation.resume()
          }
        }
        return HTTPResponse(status: 200)
      }
    }
  }

  /// The bulk lane's bound holds: with its places taken by requests that never finish,
  /// the next bulk request is refused at once with 503 (never queued), while a live
  /// request is still answered; once the held ones finish, their places are free again.
  @Test func theBulkLaneRefusesPastItsPlacesAndNeverBlocksLiveMoves() throws {
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let server = try HTTPServer(
      configuration: .init(port: 0, bulkRequestLimit: 3), responder: BulkHolder(entered: entered, release: release))
    defer { server.stop(timeout: 0) }
    let port = server.port
    let statuses = StatusBox()
    let held = DispatchSemaphore(value: 0)
    for _ in 0..<3 {
      Thread.detachNewThread {
        statuses.append((try? HTTPProbe.request(port: port, method: "GET", path: "/bulk"))?.status ?? -1)
        held.signal()
      }
    }
    // The three places are taken once the lane has started each request.
    for _ in 0..<3 { #expect(entered.wait(timeout: .now() + HangLimit.inProcessSeconds) == .success) }
    let refused = try HTTPProbe.request(port: port, method: "GET", path: "/bulk")
    #expect(refused.status == 503)
    #expect(try HTTPProbe.request(port: port, method: "GET", path: "/live").status == 200)
    #expect(statuses.values.isEmpty, "a held request finished before it was released")
    for _ in 0..<3 { release.signal() }
    for _ in 0..<3 { #expect(held.wait(timeout: .now() + HangLimit.inProcessSeconds) == .success) }
    #expect(statuses.values == [200, 200, 200])
    release.signal()
    #expect(try HTTPProbe.request(port: port, method: "GET", path: "/bulk").status == 200)
  }

  @Test func stoppingTwiceAndStoppingAnIdleServerAreHarmless() throws {
    let server = try HTTPServer(configuration: .init(port: 0), responder: Sleeper(entered: DispatchSemaphore(value: 0)))
    close(try HTTPProbe.connect(port: server.port))
    server.stop(timeout: 0)
    server.stop(timeout: 0)
    // Stopped for good: nothing listens on its port any more, and the process lives on.
    #expect(throws: HTTPProbe.Failure.self) { close(try HTTPProbe.connect(port: server.port)) }
  }
}

/// Statuses collected from several threads.
private final class StatusBox: @unchecked Sendable {
  private let lock = NSLock()
  private var collected: [Int] = []

  func append(_ status: Int) { lock.withLock { collected.append(status) } }
  var values: [Int] { lock.withLock { collected } }
}
