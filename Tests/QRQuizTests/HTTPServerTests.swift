import Foundation
import Glibc
import QRQuiz
import Testing

@testable import QRQuizServer

/// The HTTP server itself, under a responder that is slower than the server's life.
@Suite(.tags(.endToEnd), .skippedInFastRuns) struct HTTPServerTests {
  /// Answers only after a minute: every request it gets is still suspended when the
  /// server stops.
  struct Sleeper: HTTPResponder {
    let entered: DispatchSemaphore

    func answer(_ request: HTTPRequest) -> HTTPAnswer {
      .later {
        entered.signal()
        try? await Task.sleep(for: .seconds(60))
        return HTTPResponse(status: 200, body: Array("late\n".utf8))
      }
    }
  }

  // libmicrohttpd aborts the whole process when it is stopped with a connection still
  // suspended; this test crashed the test runner before stop answered them first.
  @Test func requestsStillWaitingWhenTheServerStopsGet503() throws {
    let entered = DispatchSemaphore(value: 0)
    let server = try HTTPServer(configuration: .init(port: 0), responder: Sleeper(entered: entered))
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
    for _ in 0..<4 { #expect(entered.wait(timeout: .now() + 10) == .success) }
    close(hangUp)

    let started = Date()
    server.stop(timeout: 0.2)
    #expect(Date().timeIntervalSince(started) < 5)
    for _ in 0..<3 { #expect(answered.wait(timeout: .now() + 10) == .success) }
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
    // 1 KB every 10 ms: 100 KB/s, far below the minimum rate.
    let started = Date()
    var received = 0
    var buffer = [UInt8](repeating: 0, count: 1024)
    while Date().timeIntervalSince(started) < 30 {
      let count = recv(socket, &buffer, buffer.count, 0)
      if count <= 0 { break }
      received += count
      usleep(10_000)
    }
    let seconds = Date().timeIntervalSince(started)
    #expect(seconds < 15, "\(seconds) s")
    #expect(received < 32 << 20)
    #expect(server.connectionsCut == 1)
  }

  @Test func stoppingTwiceAndStoppingAnIdleServerAreHarmless() throws {
    let server = try HTTPServer(configuration: .init(port: 0), responder: Sleeper(entered: DispatchSemaphore(value: 0)))
    server.stop(timeout: 0)
    server.stop(timeout: 0)
  }
}

/// Statuses collected from several threads.
private final class StatusBox: @unchecked Sendable {
  private let lock = NSLock()
  private var collected: [Int] = []

  func append(_ status: Int) { lock.withLock { collected.append(status) } }
  var values: [Int] { lock.withLock { collected } }
}
