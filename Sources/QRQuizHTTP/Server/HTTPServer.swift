internal import CQRQuizHTTP
import Foundation
import Synchronization

/// An HTTP(S) server on libmicrohttpd: a pool of threads, each with its own epoll loop,
/// parses requests; a ``HTTPResponder`` answers them, at once on that thread when the
/// answer is at hand, or from a task while the connection is suspended (no pool thread
/// waits for slow work). Those tasks run on the server's own threads, so code elsewhere
/// in the process that blocks Swift's shared threads does not stall the answers.
///
/// Untrusted clients are bounded: connections in all and per address, idle time, the
/// time to send a whole request and to read a whole answer (a watchdog cuts off clients
/// that trickle bytes either way), header size (431), body size per route (413 before the
/// body is read, ``HTTPResponder/bodyLimit(method:path:)``), and requests HTTP forbids
/// (two `Content-Length`s, HTTP/1.1 without `Host`: 400). The server's own refusals carry
/// ``Configuration/headersOnEveryAnswer``. libmicrohttpd answers a few malformed requests
/// itself (a request line it cannot parse, headers beyond twice the header limit), with
/// fixed text and none of those headers.
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
  /// Where and how to listen.
  public struct Configuration: Sendable {
    /// A numeric IPv4 or IPv6 address; `127.0.0.1` keeps the server on this machine.
    public var address: String
    /// The port; 0 for any free one.
    public var port: Int
    /// Threads parsing requests.
    public var threads: Int
    /// Connections at once, in all and from one address.
    public var connectionLimit: Int
    public var connectionsPerAddress: Int
    /// Seconds a connection may be idle before it is closed.
    public var idleTimeout: Int
    /// Seconds to receive a whole request (request line, headers, body) from when the
    /// connection opens or its previous answer was sent; a body adds its length at
    /// ``minimumRate``. Also the longest a keep-alive connection waits for its next request.
    public var requestTimeout: Double
    /// Seconds to send a whole answer, plus its length at ``minimumRate``.
    public var responseTimeout: Double
    /// Bytes a second a client must keep up sending a body or reading an answer.
    public var minimumRate: Double
    /// Bytes for a request's line and headers; more gets 431.
    public var headerLimit: Int
    /// Bytes of request body, unless the responder says otherwise for a route; more gets
    /// 413 (or, for a chunked body, a closed connection).
    public var bodyLimit: Int
    /// Bytes of request bodies held at once, in all: each body is held whole before its
    /// route runs, so this is the most memory bodies take; past it, a request gets 503.
    public var bodyMemoryLimit: Int
    /// Headers every answer the server makes itself carries (its 400, 413, 431, 503); the
    /// responder's answers carry their own.
    public var headersOnEveryAnswer: [(name: String, value: String)]
    /// PEM certificate and private key, for HTTPS.
    public var tls: (certificate: String, key: String)?

    public init(
      address: String = "127.0.0.1", port: Int = 8080, threads: Int = 2, connectionLimit: Int = 512,
      connectionsPerAddress: Int = 128, idleTimeout: Int = 15, requestTimeout: Double = 10,
      responseTimeout: Double = 10, minimumRate: Double = 16 * 1024, headerLimit: Int = 16 * 1024,
      bodyLimit: Int = 1 << 20, bodyMemoryLimit: Int = 256 << 20,
      headersOnEveryAnswer: [(name: String, value: String)] = [],
      tls: (certificate: String, key: String)? = nil
    ) {
      self.address = address
      self.port = port
      self.threads = threads
      self.connectionLimit = connectionLimit
      self.connectionsPerAddress = connectionsPerAddress
      self.idleTimeout = idleTimeout
      self.requestTimeout = requestTimeout
      self.responseTimeout = responseTimeout
      self.minimumRate = minimumRate
      self.headerLimit = headerLimit
      self.bodyLimit = bodyLimit
      self.bodyMemoryLimit = bodyMemoryLimit
      self.headersOnEveryAnswer = headersOnEveryAnswer
      self.tls = tls
    }
  }

  /// Why the server could not start.
  public struct StartError: Error, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// The port the server listens on.
  public let port: Int
  private let daemon: Mutex<RunningDaemon?>
  private let state: Unmanaged<ServerState>

  /// Starts listening.
  ///
  /// - Throws: ``StartError`` (the port is taken, the address is not this machine's, the
  ///   certificate is not valid PEM, …).
  public init(configuration: Configuration, responder: some HTTPResponder) throws(StartError) {
    guard (0...65535).contains(configuration.port) else {
      throw StartError(description: "port \(configuration.port) is not between 0 and 65535")
    }
    let state = Unmanaged.passRetained(ServerState(responder: responder, bodyLimit: max(0, configuration.bodyLimit)))
    var error = [CChar](repeating: 0, count: 512)
    let defaultHeaders = HTTPResponse(status: 0, headers: configuration.headersOnEveryAnswer).headerBlock
    let started: OpaquePointer? = configuration.address.withCString { address in
      withOptionalCString(configuration.tls?.certificate) { certificate in
        withOptionalCString(configuration.tls?.key) { key in
          defaultHeaders.withUnsafeBufferPointer { headers in
            headers.withMemoryRebound(to: CChar.self) { headers in
              var options = CQRQuizHTTP_options(
                address: address, port: UInt16(configuration.port), threads: UInt32(max(1, configuration.threads)),
                connection_limit: UInt32(max(1, configuration.connectionLimit)),
                per_address_limit: UInt32(max(1, configuration.connectionsPerAddress)),
                idle_timeout: UInt32(max(1, configuration.idleTimeout)),
                request_timeout: max(0.5, configuration.requestTimeout),
                response_timeout: max(0.5, configuration.responseTimeout),
                minimum_rate: max(1, configuration.minimumRate), header_limit: max(4096, configuration.headerLimit),
                body_memory_limit: max(1, configuration.bodyMemoryLimit), default_headers: headers.baseAddress,
                tls_certificate: certificate, tls_key: key)
              return CQRQuizHTTP_start(
                &options, handleRequest, bodyLimit, state.toOpaque(), &error, error.count)
            }
          }
        }
      }
    }
    guard let started else {
      state.release()
      let message = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw StartError(description: "cannot listen on \(configuration.address):\(configuration.port): \(message)")
    }
    self.daemon = Mutex(RunningDaemon(pointer: started))
    self.state = state
    self.port = Int(CQRQuizHTTP_port(started))
  }

  /// Connections cut off so far for sending a request or reading an answer too slowly.
  public var connectionsCut: Int {
    daemon.withLock { $0.map { Int(CQRQuizHTTP_connections_cut($0.pointer)) } ?? 0 }
  }

  /// Stops listening, once every request in progress has been answered (waiting at most
  /// `timeout` seconds for them; those still unanswered then get 503).
  public func stop(timeout: Double = 10) {
    let serverState = state.takeUnretainedValue()
    let deadline = Date().addingTimeInterval(timeout)
    while !serverState.suspended.isEmpty, Date() < deadline {
      usleep(5_000)
    }
    // libmicrohttpd aborts the process if it is stopped while a connection is still
    // suspended, so every one left is answered (and so resumed) first.
    serverState.suspended.answerAll(with: .serverStopping)
    daemon.withLock { daemon in
      guard let running = daemon else { return }
      // Stopping closes every connection at once: give the answers just queued a moment
      // to be sent (a slow client's half-sent request does not hold the stop longer).
      let sendDeadline = Date().addingTimeInterval(1)
      while CQRQuizHTTP_open_requests(running.pointer) > 0, Date() < sendDeadline { usleep(2_000) }
      CQRQuizHTTP_stop(running.pointer)
      daemon = nil
    }
  }

  deinit {
    stop()
    state.release()
  }
}

/// What the C callbacks need: the responder, the default body limit, and the requests
/// waiting for an answer.
private final class ServerState: Sendable {
  let responder: any HTTPResponder
  let bodyLimit: Int
  let suspended = SuspendedRequests()

  init(responder: any HTTPResponder, bodyLimit: Int) {
    self.responder = responder
    self.bodyLimit = bodyLimit
  }
}

/// The connections suspended while a task makes their answer, by a number the task keeps.
///
/// Suspending, answering and the server's stop all happen under the one lock, so a
/// connection is answered exactly once, and none is still suspended when libmicrohttpd
/// stops (which it treats as a fatal error).
private final class SuspendedRequests: @unchecked Sendable {
  // Everything below is touched only under `lock`; the pointers are the shim's requests,
  // which stay alive while their connection is suspended.
  private let lock = NSLock()
  private var requests: [Int: OpaquePointer] = [:]
  private var nextNumber = 0
  private var stopping = false

  var isEmpty: Bool { lock.withLock { requests.isEmpty } }

  /// Suspends the request's connection and returns its number, or nil once the server stops.
  func suspend(_ pointer: OpaquePointer) -> Int? {
    lock.withLock {
      guard !stopping else { return nil }
      nextNumber += 1
      requests[nextNumber] = pointer
      CQRQuizHTTP_suspend(pointer)
      return nextNumber
    }
  }

  /// Sends the answer to request `number`, unless the server stopped first and answered it.
  func answer(_ number: Int, with response: HTTPResponse) {
    lock.withLock {
      guard let pointer = requests.removeValue(forKey: number) else { return }
      send(response, to: pointer, later: true)
    }
  }

  /// Answers every request still waiting with `response`, and suspends no more.
  func answerAll(with response: HTTPResponse) {
    lock.withLock {
      stopping = true
      for pointer in requests.values { send(response, to: pointer, later: true) }
      requests.removeAll()
    }
  }
}

/// An event stream's connection: bytes written are sent as the client takes them; the
/// connection waits, suspended, while nothing is written.
final class HTTPEventStream: EventSink, @unchecked Sendable {
  // The shim's stream is thread-safe (its own lock), and freed when released here and by
  // libmicrohttpd.
  private let pointer: OpaquePointer

  /// Bytes a client may be behind before it is cut off (it reconnects and starts afresh).
  static let backlogLimit = 256 * 1024

  init(_ pointer: OpaquePointer) { self.pointer = pointer }

  deinit { CQRQuizHTTP_stream_release(pointer) }

  @discardableResult
  func send(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer {
      CQRQuizHTTP_stream_write(pointer, $0.baseAddress, $0.count, Self.backlogLimit) == 0
    }
  }

  func close() { CQRQuizHTTP_stream_close(pointer) }

  var isFinished: Bool { CQRQuizHTTP_stream_is_finished(pointer) != 0 }
}

/// A response made once in libmicrohttpd (see ``HTTPResponse/prepared()``), destroyed
/// with the last copy of the response that holds it (libmicrohttpd keeps it alive while
/// a connection still sends it).
final class NativeResponse: @unchecked Sendable {
  // libmicrohttpd's responses are reference-counted under their own lock: queueing one
  // from several threads at once is what it is made for.
  let pointer: OpaquePointer

  init?(_ response: HTTPResponse) {
    let made = response.headerBlock.withUnsafeBufferPointer { headers in
      headers.withMemoryRebound(to: CChar.self) { headers in
        response.body.withUnsafeBufferPointer { body in
          CQRQuizHTTP_response_create(headers.baseAddress, body.baseAddress, body.count)
        }
      }
    }
    guard let made else { return nil }
    pointer = made
  }

  deinit { CQRQuizHTTP_response_destroy(pointer) }
}

/// The shim's daemon handle. Started and stopped under the server's lock; libmicrohttpd's
/// own threads use it otherwise.
private struct RunningDaemon: @unchecked Sendable {
  let pointer: OpaquePointer
}

private func bodyLimit(
  _ context: UnsafeMutableRawPointer?, _ method: UnsafePointer<CChar>?, _ path: UnsafePointer<CChar>?
) -> Int {
  guard let context, let method, let path else { return 0 }
  let state = Unmanaged<ServerState>.fromOpaque(context).takeUnretainedValue()
  return max(
    0, state.responder.bodyLimit(method: String(cString: method), path: String(cString: path)) ?? state.bodyLimit)
}

private func handleRequest(_ context: UnsafeMutableRawPointer?, _ pointer: OpaquePointer?) {
  guard let context, let pointer else { return }
  let state = Unmanaged<ServerState>.fromOpaque(context).takeUnretainedValue()
  switch state.responder.answer(readRequest(pointer)) {
  case .now(let response):
    send(response, to: pointer, later: false)
  case .stream(let head, let opened):
    let made = head.headerBlock.withUnsafeBufferPointer { headers in
      headers.withMemoryRebound(to: CChar.self) { headers in
        CQRQuizHTTP_respond_stream(pointer, UInt32(clamping: head.status), headers.baseAddress)
      }
    }
    guard let made else {
      send(.serverStopping, to: pointer, later: false)
      return
    }
    opened(HTTPEventStream(made))
  case .later(let work):
    guard let number = state.suspended.suspend(pointer) else {
      send(.serverStopping, to: pointer, later: false)
      return
    }
    Task(executorPreference: ResponderThreads.shared) {
      let response = await work()
      state.suspended.answer(number, with: response)
    }
  }
}

extension HTTPResponse {
  /// The answer to requests still waiting when the server stops.
  fileprivate static let serverStopping = HTTPResponse(
    status: 503, headers: [("Content-Type", "text/plain; charset=utf-8"), ("Connection", "close")],
    body: Array("the server is stopping\n".utf8))
}

private func send(_ response: HTTPResponse, to pointer: OpaquePointer, later: Bool) {
  let status = UInt32(clamping: response.status)
  if let native = response.native {
    withExtendedLifetime(native) { _ = CQRQuizHTTP_respond_with(pointer, status, native.pointer, later ? 1 : 0) }
    return
  }
  response.headerBlock.withUnsafeBufferPointer { headers in
    headers.withMemoryRebound(to: CChar.self) { headers in
      response.body.withUnsafeBufferPointer { body in
        if later {
          _ = CQRQuizHTTP_respond_later(pointer, status, headers.baseAddress, body.baseAddress, body.count)
        } else {
          _ = CQRQuizHTTP_respond(pointer, status, headers.baseAddress, body.baseAddress, body.count)
        }
      }
    }
  }
}

/// Collects the request's values through the shim's visitor.
private final class ValueCollector {
  var headers: [String: String] = [:]
  var query: [String: String] = [:]
  var cookies: [String: String] = [:]
}

private func readRequest(_ pointer: OpaquePointer) -> HTTPRequest {
  let collector = ValueCollector()
  withExtendedLifetime(collector) {
    CQRQuizHTTP_values(
      pointer,
      { context, kind, name, value in
        guard let context, let name, let value else { return }
        let collector = Unmanaged<ValueCollector>.fromOpaque(context).takeUnretainedValue()
        let text = String(cString: value)
        switch kind {
        case 0:
          let key = lowercasedASCII(name)
          if collector.headers[key] == nil { collector.headers[key] = text }
        case 1:
          let key = String(cString: name)
          if collector.query[key] == nil { collector.query[key] = text }
        default:
          let key = String(cString: name)
          if collector.cookies[key] == nil { collector.cookies[key] = text }
        }
      }, Unmanaged.passUnretained(collector).toOpaque())
  }
  var length = 0
  let bodyPointer = CQRQuizHTTP_body(pointer, &length)
  let body = bodyPointer.map { Array(UnsafeBufferPointer(start: $0, count: length)) } ?? []
  let address = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer -> String in
    CQRQuizHTTP_client_address(pointer, buffer.baseAddress, buffer.count)
    return String(cString: buffer.baseAddress!)
  }
  var request = HTTPRequest(
    method: String(cString: CQRQuizHTTP_method(pointer)), path: String(cString: CQRQuizHTTP_path(pointer))
  )
  request.headers = collector.headers
  request.query = collector.query
  request.cookies = collector.cookies
  request.body = body
  request.clientAddress = address
  return request
}

/// A header name lower-cased byte by byte: names are ASCII, and `String.lowercased()` is
/// Unicode-aware and slower (this runs for every header of every request).
private func lowercasedASCII(_ name: UnsafePointer<CChar>) -> String {
  let length = strlen(name)
  return String(unsafeUninitializedCapacity: length) { buffer in
    for index in 0..<length {
      let byte = UInt8(bitPattern: name[index])
      buffer[index] = byte >= 65 && byte <= 90 ? byte + 32 : byte
    }
    return length
  }
}

private func withOptionalCString<Result>(
  _ text: String?, _ body: (UnsafePointer<CChar>?) -> Result
) -> Result {
  guard let text else { return body(nil) }
  return text.withCString { body($0) }
}
