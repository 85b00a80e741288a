internal import CQRQuizHTTP
import Foundation
import QRQuizLocking

/// An HTTP(S) server on libmicrohttpd: a pool of threads, each with its own epoll loop,
/// parses requests; a ``HTTPResponder`` answers them, at once on that thread when the
/// answer is at hand, or from a task while the connection is suspended (no pool thread
/// waits for slow work). Those tasks run on the server's own threads, so code elsewhere
/// in the process that blocks Swift's shared threads does not stall the answers.
///
/// Untrusted clients are bounded: connections in all and per address, idle time, the
/// time to send a whole request and to read a whole answer (a watchdog cuts off clients
/// that trickle bytes either way), header size (431), body size per route (413 before the
/// body is read, ``HTTPResponder/bodyLimit(method:path:)``), the memory bodies take in all
/// (503), and requests HTTP forbids (two `Content-Length`s, HTTP/1.1 without `Host`: 400).
/// The server's own refusals carry ``Configuration/headersOnEveryAnswer``. libmicrohttpd
/// answers a few malformed requests itself (a request line it cannot parse, headers beyond
/// twice the header limit), with fixed text and none of those headers.
///
/// Those rules are Swift's (`Policy/`: `RequestHead`, `IncomingBody`, `Watchdog`,
/// tested in process); the C shim only hands libmicrohttpd's events over.
///
/// ```swift
/// struct Hello: HTTPResponder {
///   func answer(_ request: HTTPRequest) -> HTTPAnswer {
///     .now(HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")], body: Array("hello\n".utf8)))
///   }
/// }
/// let server = try HTTPServer(configuration: .init(port: 0), responder: Hello())
/// print("listening on port \(server.port)")
/// ```
public final class HTTPServer: Sendable {
  /// Why the server could not start.
  public struct StartError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, for a person.
    public var description: String
  }

  /// The port the server listens on.
  public let port: Int
  private let daemon: Locked<RunningDaemon?>
  private let state: Unmanaged<ServerState>
  private let watchdog: Watchdog.Runner

  /// Starts listening.
  ///
  /// - Throws: ``StartError`` (the port is taken, the address is not this machine's, the
  ///   certificate is not valid PEM, …).
  public init(configuration: Configuration, responder: some HTTPResponder) throws(StartError) {
    guard (0...65535).contains(configuration.port) else {
      throw StartError(description: "port \(configuration.port) is not between 0 and 65535")
    }
    // The headers of the answers libmicrohttpd makes itself, a line each (one holding a
    // line's end is left out, as libmicrohttpd would).
    let ownAnswerHeaders = configuration.headersOnEveryAnswer.filter {
      !"\($0.name)\($0.value)".contains(where: \.isNewline)
    }
    guard ownAnswerHeaders.count <= Int(CQRQuizHTTP_own_answer_header_limit) else {
      throw StartError(
        description: "\(ownAnswerHeaders.count) headers on every answer; at most \(CQRQuizHTTP_own_answer_header_limit)"
      )
    }
    let ownAnswerText = ownAnswerHeaders.map { "\($0.name): \($0.value)\n" }.joined()
    // Kept until the server is gone: libmicrohttpd's threads find it in every event.
    let state = Unmanaged.passRetained(ServerState(configuration: configuration, responder: responder))
    var hooks = ServerHooks.hooks(for: state)
    var error = [CChar](repeating: 0, count: 512)
    let started: OpaquePointer? = configuration.address.withCString { address in
      withOptionalCString(configuration.tls?.certificate) { certificate in
        withOptionalCString(configuration.tls?.key) { key in
          ownAnswerText.withCString { headers in
            var options = CQRQuizHTTP_options(
              address: address, port: UInt16(configuration.port), threads: UInt32(max(1, configuration.threads)),
              connection_limit: UInt32(max(1, configuration.connectionLimit)),
              per_address_limit: UInt32(max(1, configuration.connectionsPerAddress)),
              idle_timeout: UInt32(max(1, configuration.idleTimeout)),
              connection_memory: configuration.connectionMemory, tls_certificate: certificate, tls_key: key,
              own_answer_headers: headers)
            return CQRQuizHTTP_start(&options, &hooks, &error, error.count)
          }
        }
      }
    }
    guard let started else {
      state.release()
      let message = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw StartError(description: "cannot listen on \(configuration.address):\(configuration.port): \(message)")
    }
    self.daemon = Locked(RunningDaemon(pointer: started))
    self.state = state
    self.port = Int(CQRQuizHTTP_port(started))
    watchdog = Watchdog.Runner(state.takeUnretainedValue().watchdog)
  }

  /// Connections cut off so far for sending a request or reading an answer too slowly.
  public var connectionsCut: Int { state.takeUnretainedValue().watchdog.connectionsCut }

  /// Stops listening, once every request in progress has been answered (waiting at most
  /// `timeout` seconds for them; those still unanswered then get 503). Event streams are
  /// ended. Every wait is on a condition, and ends as soon as what it waits for is done.
  public func stop(timeout: Double = 10) {
    let state = state.takeUnretainedValue()
    state.suspended.waitUntilNone(before: Date().addingTimeInterval(timeout))
    // libmicrohttpd aborts the process if it is stopped while a connection is still
    // suspended, so every one left is answered (and so resumed) first, and every stream
    // ended (resumed, to send its end).
    state.answerEveryoneWaiting()
    state.streams.closeAll()
    daemon.withLock { daemon in
      guard let running = daemon else { return }
      // Stopping closes every connection at once: give the answers just queued and the
      // streams' ends a moment to be sent (a slow client's half-sent request does not hold
      // the stop longer).
      state.openRequests.waitUntilZero(before: Date().addingTimeInterval(1))
      watchdog.stop()
      CQRQuizHTTP_stop(running.pointer)
      daemon = nil
    }
  }

  deinit {
    stop()
    state.release()
  }
}

/// The shim's daemon handle. Started and stopped under the server's lock; libmicrohttpd's
/// own threads use it otherwise.
private struct RunningDaemon: @unchecked Sendable {
  let pointer: OpaquePointer
}

private func withOptionalCString<Result>(
  _ text: String?, _ body: (UnsafePointer<CChar>?) -> Result
) -> Result {
  guard let text else { return body(nil) }
  return text.withCString { body($0) }
}
