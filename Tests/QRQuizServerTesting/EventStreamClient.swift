import Foundation
import QRQuizTestSupport

@testable import QRQuiz

/// An event stream read from a real server over a socket, as a browser's EventSource
/// reads it: tests wait for the event they need, with a bound, never for a fixed time.
package final class EventStreamClient {
  private let socket: Int32
  private var received: [UInt8] = []
  /// The response's status and headers.
  package private(set) var head = ""

  package struct Failure: Error, CustomStringConvertible {
    package var description: String
  }

  package init(port: Int, path: String, from source: String = "127.0.0.1") throws {
    socket = try HTTPProbe.connect(port: port, from: source)
    let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n"
    _ = Array(request.utf8).withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    try read(until: { $0.contains(Array("\r\n\r\n".utf8)) }, timeout: HangLimit.inProcessSeconds)
    let end = received.firstRange(of: Array("\r\n\r\n".utf8))!
    head = String(decoding: received[..<end.lowerBound], as: UTF8.self)
    received.removeSubrange(..<end.upperBound)
  }

  deinit { close(socket) }

  /// The status line's code.
  package var status: Int { Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0 }

  /// The body so far, its chunked transfer coding removed (libmicrohttpd sends a stream
  /// chunked).
  package var text: String { String(decoding: Self.dechunked(received), as: UTF8.self) }

  /// The chunks' bytes, as far as they are whole.
  package static func dechunked(_ bytes: [UInt8]) -> [UInt8] {
    var body: [UInt8] = []
    var position = 0
    while let lineEnd = bytes[position...].firstRange(of: [13, 10]) {
      let sizeText = String(decoding: bytes[position..<lineEnd.lowerBound], as: UTF8.self)
      guard let size = Int(sizeText.split(separator: ";").first ?? "", radix: 16), size > 0,
        lineEnd.upperBound + size + 2 <= bytes.count
      else { break }
      body += bytes[lineEnd.upperBound..<(lineEnd.upperBound + size)]
      position = lineEnd.upperBound + size + 2
    }
    return body
  }

  package var events: [(name: String, data: JSONValue)] { LiveEvents.parse(text) }

  /// Reads until an event satisfies `predicate`, and returns it (at most `timeout` seconds:
  /// a hang, never a pace; the wait ends with the event).
  @discardableResult
  package func waitForEvent(
    timeout: Double = HangLimit.inProcessSeconds, _ predicate: ((name: String, data: JSONValue)) -> Bool
  ) throws -> (
    name: String, data: JSONValue
  ) {
    var found: (name: String, data: JSONValue)?
    try read(
      until: { _ in
        found = self.events.last(where: predicate)
        return found != nil
      }, timeout: timeout)
    return found!
  }

  /// Reads until `done` says so, or fails after `timeout` seconds.
  package func read(until done: ([UInt8]) -> Bool, timeout: Double) throws {
    let deadline = Date().addingTimeInterval(timeout)
    var buffer = [UInt8](repeating: 0, count: 65536)
    while !done(received) {
      guard Date() < deadline else {
        throw Failure(description: "not received within \(timeout) s; got: \(text.suffix(600))")
      }
      var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 100) >= 0 else { continue }
      if poller.revents == 0 { continue }
      let count = recv(socket, &buffer, buffer.count, 0)
      if count <= 0 { throw Failure(description: "the server closed the stream; got: \(text.suffix(600))") }
      received += buffer[..<count]
    }
  }
}
