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
