internal import CQRQuiz
import Foundation
import Synchronization

/// One GET through libcurl, following redirects by hand, with every limit enforced where
/// the bytes arrive: the body callback refuses the first byte past the limit (so at most
/// the limit plus one network buffer is ever held), a `Content-Length` over the limit
/// stops the transfer before the body, and the deadline and cancellation are checked by
/// curl's own timeout and by the progress callback, which runs even while a server is
/// silent. Bodies arrive as sent: no content encoding is offered or decoded, so a
/// compressed body can never inflate past the limit.
///
/// This replaces URLSession, which on Linux queues every received chunk for its delegate
/// without backpressure: a fast endless body grew a process to 24 GB before the cap could
/// be checked.
enum HTTPTransfer {
  /// What to fetch and within which limits.
  struct Request: Sendable {
    var url: URL
    var headers: [String: String]
    var limit: Int
    var timeout: Double
    var maximumRedirects: Int
    var allowedSchemes: Set<String>
  }

  /// Runs `request` on the calling thread, blocking until it ends, fails, passes its
  /// deadline or `flag` is cancelled.
  static func run(_ request: Request, flag: TransferFlag) -> Result<BoundedDownload.Response, BoundedDownload.Error> {
    let url = request.url
    guard globalInit != CQRQuiz_CURL_NOT_INSTALLED else { return .failure(.transport(.notInstalled, url)) }
    // A handle libcurl cannot make: CURLE_OUT_OF_MEMORY, its one reason.
    guard let handle = HandlePool.shared.take() else { return .failure(.transport(.other(code: 27), url)) }
    defer { HandlePool.shared.give(handle) }
    let deadline = ContinuousClock.now + .milliseconds(Int64(request.timeout * 1000))
    let protocols = request.allowedSchemes.sorted().joined(separator: ",")
    let headerLines = ["Accept-Encoding: identity"] + request.headers.map { "\($0.key): \($0.value)" }
    var current = url
    var redirects = 0
    while true {
      let remaining = deadline - ContinuousClock.now
      guard remaining > .zero, !flag.isCancelled else {
        return .failure(flag.isCancelled ? .cancelled(url) : .timedOut(seconds: request.timeout, url))
      }
      let sink = TransferSink(limit: request.limit, deadline: deadline, flag: flag, url: url, timeout: request.timeout)
      let result = perform(handle, current, headerLines, protocols, milliseconds(remaining), sink)
      if let failure = sink.failure { return .failure(failure) }
      guard Int(result.code) == CQRQuiz_CURLE_OK else {
        return .failure(error(code: result.code, sink: sink, url: url, timeout: request.timeout))
      }
      if (300..<400).contains(result.status), result.status != 304, let location = result.location {
        redirects += 1
        guard redirects <= request.maximumRedirects else { return .failure(.tooManyRedirects(url)) }
        guard let target = URL(string: location), let scheme = target.scheme?.lowercased(),
          request.allowedSchemes.contains(scheme)
        else { return .failure(.unsupportedRedirect(to: URL(string: location) ?? url, from: url)) }
        current = target
        continue
      }
      if let expected = sink.expectedLength, sink.body.count < expected {
        return .failure(.truncated(received: sink.body.count, expected: expected, url))
      }
      return .success(.init(status: result.status, headers: sink.headers, body: sink.body))
    }
  }

  /// libcurl loaded and initialised once, by the first transfer: its result code, or
  /// `CQRQuiz_CURL_NOT_INSTALLED` when the library cannot be loaded.
  private static let globalInit: Int32 = CQRQuiz_curl_global_init()

  private static func milliseconds(_ duration: Duration) -> Int {
    max(1, Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000))
  }

  private struct Outcome {
    var code: Int32
    var status: Int
    var location: String?
  }

  private static func perform(
    _ handle: Handle, _ url: URL, _ headers: [String], _ protocols: String, _ timeout: Int, _ sink: TransferSink
  ) -> Outcome {
    let context = Unmanaged.passUnretained(sink).toOpaque()
    var cStrings = headers.map { strdup($0) }
    defer { for string in cStrings { free(string) } }
    let result = cStrings.withUnsafeMutableBufferPointer { lines in
      lines.withMemoryRebound(to: UnsafePointer<CChar>?.self) { lines in
        CQRQuiz_curl_get(
          handle.pointer, url.absoluteString, lines.baseAddress, lines.count, protocols, timeout,
          min(timeout, 15_000), bodyCallback, headerCallback, progressCallback, context)
      }
    }
    return Outcome(
      code: result.code, status: Int(result.status), location: result.redirect_url.map { String(cString: $0) })
  }

  private static func error(code: Int32, sink: TransferSink, url: URL, timeout: Double) -> BoundedDownload.Error {
    switch Int(code) {
    case CQRQuiz_CURLE_OPERATION_TIMEDOUT: .timedOut(seconds: timeout, url)
    case CQRQuiz_CURLE_PARTIAL_FILE:
      .truncated(received: sink.body.count, expected: sink.expectedLength ?? sink.body.count, url)
    case CQRQuiz_CURLE_UNSUPPORTED_PROTOCOL: .unsupportedScheme(url)
    case CQRQuiz_CURLE_COULDNT_CONNECT: .transport(.connectionRefused, url)
    case CQRQuiz_CURLE_COULDNT_RESOLVE_HOST, CQRQuiz_CURLE_COULDNT_RESOLVE_PROXY: .transport(.hostNotFound, url)
    case CQRQuiz_CURLE_RECV_ERROR, CQRQuiz_CURLE_SEND_ERROR, CQRQuiz_CURLE_GOT_NOTHING: .transport(.connectionLost, url)
    case CQRQuiz_CURLE_SSL_CONNECT_ERROR, CQRQuiz_CURLE_PEER_FAILED_VERIFICATION, CQRQuiz_CURLE_SSL_CERTPROBLEM,
      CQRQuiz_CURLE_SSL_CIPHER,
      CQRQuiz_CURLE_SSL_CACERT_BADFILE, CQRQuiz_CURLE_SSL_ISSUER_ERROR, CQRQuiz_CURLE_SSL_PINNEDPUBKEYNOTMATCH:
      .transport(.tls, url)
    case CQRQuiz_CURLE_WEIRD_SERVER_REPLY, CQRQuiz_CURLE_HTTP2, CQRQuiz_CURLE_BAD_CONTENT_ENCODING:
      .transport(.badResponse, url)
    case CQRQuiz_CURL_NOT_INSTALLED: .transport(.notInstalled, url)
    default: .transport(.other(code: Int(code)), url)
    }
  }

  // MARK: Callbacks (C function pointers: the context is the transfer's sink)

  private static let bodyCallback: CQRQuiz_curl_body_callback = { data, length, context in
    let sink = Unmanaged<TransferSink>.fromOpaque(context!).takeUnretainedValue()
    return sink.receiveBody(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
  }

  private static let headerCallback: CQRQuiz_curl_header_callback = { line, length, context in
    let sink = Unmanaged<TransferSink>.fromOpaque(context!).takeUnretainedValue()
    return sink.receiveHeader(UnsafeRawBufferPointer(start: line, count: length)) ? length : 0
  }

  private static let progressCallback: CQRQuiz_curl_progress_callback = { context in
    let sink = Unmanaged<TransferSink>.fromOpaque(context!).takeUnretainedValue()
    return sink.shouldStop() ? 1 : 0
  }

  // MARK: Handles

  /// A libcurl easy handle: not thread-safe, so used by one transfer at a time.
  final class Handle {
    let pointer: UnsafeMutableRawPointer

    init?() {
      guard let pointer = CQRQuiz_curl_new() else { return nil }
      self.pointer = pointer
    }

    deinit { CQRQuiz_curl_free(pointer) }
  }

  /// Lends handles to one transfer at a time and keeps idle ones, whose open connections
  /// curl reuses for the next transfer to the same host.
  final class HandlePool: @unchecked Sendable {
    // @unchecked: a handle is only ever touched by the one thread it is lent to; the lock
    // guards the idle list. A bare lock, not `Locked`: its state, C handles, is not
    // `Sendable`, and the handles go in and out of the list on different threads.
    static let shared = HandlePool()

    private let lock = NSLock()
    private var idle: [Handle] = []
    private let maximumIdle = 16

    func take() -> Handle? { lock.withLock { idle.popLast() } ?? Handle() }

    func give(_ handle: Handle) {
      lock.withLock { if idle.count < maximumIdle { idle.append(handle) } }
    }
  }
}

/// Cancellation of one transfer, set from any thread.
final class TransferFlag: Sendable {
  private let cancelled = Atomic<Bool>(false)

  func cancel() { cancelled.store(true, ordering: .relaxed) }
  var isCancelled: Bool { cancelled.load(ordering: .relaxed) }
}

/// What one hop of a transfer received. Written only by curl's callbacks, on the
/// transferring thread.
final class TransferSink {
  private let limit: Int
  private let deadline: ContinuousClock.Instant
  private let flag: TransferFlag
  private let url: URL
  private let timeout: Double
  /// Header bytes accepted per response; curl bounds each line, this bounds their number.
  private static let maximumHeaderBytes = 64 * 1024
  private var headerBytes = 0

  private(set) var body: [UInt8] = []
  private(set) var headers: [String: String] = [:]
  private(set) var expectedLength: Int?
  /// Why the transfer was stopped by us, when it was.
  private(set) var failure: BoundedDownload.Error?

  init(limit: Int, deadline: ContinuousClock.Instant, flag: TransferFlag, url: URL, timeout: Double) {
    self.limit = limit
    self.deadline = deadline
    self.flag = flag
    self.url = url
    self.timeout = timeout
  }

  /// The most reserved ahead for a body of unknown length (larger limits grow as needed).
  static let largestReservation = 64 << 20

  func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard failure == nil, !shouldStop() else { return false }
    guard body.count + bytes.count <= limit else {
      failure = .tooLarge(limit: limit, url)
      return false
    }
    if body.isEmpty {
      // Room for the whole body at once, so it is never copied to grow: a copy made near
      // the limit held one and a half bodies, four downloads at once six. The memory is
      // only the system's promise until bytes are written into it.
      body.reserveCapacity(expectedLength ?? min(limit, Self.largestReservation))
    }
    body.append(contentsOf: bytes)
    return true
  }

  func receiveHeader(_ bytes: UnsafeRawBufferPointer) -> Bool {
    let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    if line.hasPrefix("HTTP/") {
      // A new response (after a 100 Continue or on a redirect hop): its headers only.
      headers = [:]
      headerBytes = 0
      expectedLength = nil
      return true
    }
    headerBytes += bytes.count
    guard headerBytes <= Self.maximumHeaderBytes else {
      failure = .tooLarge(limit: limit, url)
      return false
    }
    guard let colon = line.firstIndex(of: ":") else { return true }
    let name = line[..<colon].lowercased()
    let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    headers[name] = headers[name].map { "\($0), \(value)" } ?? value
    if name == "content-length" {
      guard let length = Int(value), length >= 0 else { return true }
      guard length <= limit else {
        failure = .tooLarge(limit: limit, url)
        return false
      }
      expectedLength = length
    }
    return true
  }

  /// Whether the transfer must stop now: cancelled, or past its deadline.
  func shouldStop() -> Bool {
    if failure != nil { return true }
    if flag.isCancelled {
      failure = .cancelled(url)
    } else if ContinuousClock.now >= deadline {
      failure = .timedOut(seconds: timeout, url)
    }
    return failure != nil
  }
}
