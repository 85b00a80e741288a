import CHTTPServerShim
import Foundation
import Synchronization

/// An HTTP(S) server on libmicrohttpd: a pool of threads, each with its own epoll loop,
/// parses requests; a ``HTTPResponder`` answers them, at once on that thread when the
/// answer is at hand, or from a task while the connection is suspended (no pool thread
/// waits for slow work).
///
/// Untrusted clients are bounded by libmicrohttpd itself: connections in all and per
/// address, idle time, header memory, and the body size.
///
/// ```swift
/// struct Hello: HTTPResponder {
///   func response(to request: HTTPRequest) async -> HTTPResponse {
///     HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")], body: Array("hello\n".utf8))
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
    /// Seconds a connection may be idle before it is closed (slow clients).
    public var idleTimeout: Int
    /// Bytes for a request's line and headers; more gets 431.
    public var headerLimit: Int
    /// Bytes of request body; more gets 413 (or, for a chunked body, a closed connection).
    public var bodyLimit: Int
    /// PEM certificate and private key, for HTTPS.
    public var tls: (certificate: String, key: String)?

    public init(
      address: String = "127.0.0.1", port: Int = 8080, threads: Int = 2, connectionLimit: Int = 512,
      connectionsPerAddress: Int = 128, idleTimeout: Int = 15, headerLimit: Int = 32 * 1024,
      bodyLimit: Int = 1 << 20, tls: (certificate: String, key: String)? = nil
    ) {
      self.address = address
      self.port = port
      self.threads = threads
      self.connectionLimit = connectionLimit
      self.connectionsPerAddress = connectionsPerAddress
      self.idleTimeout = idleTimeout
      self.headerLimit = headerLimit
      self.bodyLimit = bodyLimit
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
    let state = Unmanaged.passRetained(ServerState(responder: responder))
    var error = [CChar](repeating: 0, count: 512)
    let started: OpaquePointer? = configuration.address.withCString { address in
      withOptionalCString(configuration.tls?.certificate) { certificate in
        withOptionalCString(configuration.tls?.key) { key in
          var options = qrq_http_options(
            address: address, port: UInt16(configuration.port), threads: UInt32(max(1, configuration.threads)),
            connection_limit: UInt32(max(1, configuration.connectionLimit)),
            per_address_limit: UInt32(max(1, configuration.connectionsPerAddress)),
            idle_timeout: UInt32(max(1, configuration.idleTimeout)),
            header_memory_limit: max(4096, configuration.headerLimit), body_limit: max(0, configuration.bodyLimit),
            tls_certificate: certificate, tls_key: key)
          return qrq_http_start(&options, handleRequest, state.toOpaque(), &error, error.count)
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
    self.port = Int(qrq_http_port(started))
  }

  /// Stops listening, once every request in progress has been answered (waiting at most
  /// `timeout` seconds for them).
  public func stop(timeout: Double = 10) {
    let deadline = Date().addingTimeInterval(timeout)
    while state.takeUnretainedValue().inFlight.load(ordering: .acquiring) > 0, Date() < deadline {
      usleep(5_000)
    }
    daemon.withLock { daemon in
      guard let running = daemon else { return }
      qrq_http_stop(running.pointer)
      daemon = nil
    }
  }

  deinit {
    stop()
    state.release()
  }
}

/// What the C callback needs: the responder, and how many answers are still coming.
private final class ServerState: Sendable {
  let responder: any HTTPResponder
  let inFlight = Atomic<Int>(0)

  init(responder: any HTTPResponder) { self.responder = responder }
}

/// The shim's daemon handle. Started and stopped under the server's lock; libmicrohttpd's
/// own threads use it otherwise.
private struct RunningDaemon: @unchecked Sendable {
  let pointer: OpaquePointer
}

/// A suspended request's handle, sent to the task that answers it.
private struct PendingRequest: @unchecked Sendable {
  // The shim keeps the request alive while its connection is suspended, and only this
  // task touches it until it is answered.
  let pointer: OpaquePointer
}

private func handleRequest(_ context: UnsafeMutableRawPointer?, _ pointer: OpaquePointer?) {
  guard let context, let pointer else { return }
  let state = Unmanaged<ServerState>.fromOpaque(context).takeUnretainedValue()
  let request = readRequest(pointer)
  if let response = state.responder.immediateResponse(to: request) {
    send(response, to: pointer, later: false)
    return
  }
  qrq_http_suspend(pointer)
  state.inFlight.add(1, ordering: .acquiringAndReleasing)
  let pending = PendingRequest(pointer: pointer)
  Task {
    let response = await state.responder.response(to: request)
    send(response, to: pending.pointer, later: true)
    state.inFlight.subtract(1, ordering: .acquiringAndReleasing)
  }
}

private func send(_ response: HTTPResponse, to pointer: OpaquePointer, later: Bool) {
  let status = UInt32(clamping: response.status)
  response.headerLines.withCString { headers in
    response.body.withUnsafeBufferPointer { body in
      if later {
        _ = qrq_http_respond_later(pointer, status, headers, body.baseAddress, body.count)
      } else {
        _ = qrq_http_respond(pointer, status, headers, body.baseAddress, body.count)
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
    qrq_http_values(
      pointer,
      { context, kind, name, value in
        guard let context, let name, let value else { return }
        let collector = Unmanaged<ValueCollector>.fromOpaque(context).takeUnretainedValue()
        let key = String(cString: name)
        let text = String(cString: value)
        switch kind {
        case 0: if collector.headers[key.lowercased()] == nil { collector.headers[key.lowercased()] = text }
        case 1: if collector.query[key] == nil { collector.query[key] = text }
        default: if collector.cookies[key] == nil { collector.cookies[key] = text }
        }
      }, Unmanaged.passUnretained(collector).toOpaque())
  }
  var length = 0
  let bodyPointer = qrq_http_body(pointer, &length)
  let body = bodyPointer.map { Array(UnsafeBufferPointer(start: $0, count: length)) } ?? []
  var address = [CChar](repeating: 0, count: 64)
  qrq_http_client_address(pointer, &address, address.count)
  var request = HTTPRequest(
    method: String(cString: qrq_http_method(pointer)), path: String(cString: qrq_http_path(pointer)))
  request.headers = collector.headers
  request.query = collector.query
  request.cookies = collector.cookies
  request.body = body
  request.clientAddress = String(decoding: address.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  return request
}

private func withOptionalCString<Result>(
  _ text: String?, _ body: (UnsafePointer<CChar>?) -> Result
) -> Result {
  guard let text else { return body(nil) }
  return text.withCString { body($0) }
}
