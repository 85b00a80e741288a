import Dispatch
import Foundation
import QRQuizLocking

/// Downloads one URL into memory with the limits untrusted servers need, all enforced as
/// the bytes arrive (libcurl's callbacks, not after buffering): a byte cap (checked first
/// against `Content-Length`, then on every received piece, so at most the cap plus one
/// network buffer is ever held), a deadline for the whole transfer with redirects, a
/// redirect limit, allowed schemes checked also after redirects, no content decoding (a
/// compressed body cannot inflate past the cap), and cancellation that stops the transfer
/// within a second.
public struct BoundedDownload: Sendable {
  /// Why a download failed.
  public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL's scheme is not allowed.
    case unsupportedScheme(URL)
    /// A redirect pointed at a scheme that is not allowed.
    case unsupportedRedirect(to: URL, from: URL)
    /// The server answered with a non-2xx status (from ``data(from:)``).
    case httpStatus(Int, URL)
    /// The body is (or announces itself) larger than the limit.
    case tooLarge(limit: Int, URL)
    /// The body is shorter than its `Content-Length`: the connection dropped.
    case truncated(received: Int, expected: Int, URL)
    /// More redirects than allowed.
    case tooManyRedirects(URL)
    /// No complete answer within the timeout.
    case timedOut(seconds: Double, URL)
    /// The task was cancelled.
    case cancelled(URL)
    /// The network failed: refused, unreachable, reset, TLS.
    case transport(TransportFailure, URL)

    /// The URL that was asked for.
    public var url: URL {
      switch self {
      case .unsupportedScheme(let url), .unsupportedRedirect(_, let url), .httpStatus(_, let url),
        .tooLarge(_, let url), .truncated(_, _, let url), .tooManyRedirects(let url), .timedOut(_, let url),
        .cancelled(let url), .transport(_, let url):
        url
      }
    }

    public var description: String {
      switch self {
      case .unsupportedScheme(let url): "\(url.absoluteString): only http and https URLs are fetched"
      case .unsupportedRedirect(let target, let url):
        "\(url.absoluteString): redirected to \(target.absoluteString), whose scheme is not allowed"
      case .httpStatus(let status, let url): "\(url.absoluteString): HTTP status \(status)"
      case .tooLarge(let limit, let url): "\(url.absoluteString): larger than the \(limit)-byte limit"
      case .truncated(let received, let expected, let url):
        "\(url.absoluteString): connection closed after \(received) of \(expected) bytes"
      case .tooManyRedirects(let url): "\(url.absoluteString): too many redirects"
      case .timedOut(let seconds, let url):
        "\(url.absoluteString): no complete answer within \(JSONWriter.format(seconds)) seconds"
      case .cancelled(let url): "\(url.absoluteString): cancelled"
      case .transport(let failure, let url): "\(url.absoluteString): \(failure)"
      }
    }
  }

  /// How the network failed.
  public enum TransportFailure: Sendable, Hashable, CustomStringConvertible {
    /// Nothing listens at the host and port.
    case connectionRefused
    /// The host name does not resolve.
    case hostNotFound
    /// The connection dropped, or the server answered nothing.
    case connectionLost
    /// TLS failed: the server's certificate was not accepted, or the handshake failed.
    case tls
    /// The answer is not valid HTTP.
    case badResponse
    /// libcurl, loaded on the first download, is not installed on this machine.
    case notInstalled
    /// Another libcurl error, by its code.
    case other(code: Int)

    public var description: String {
      switch self {
      case .connectionRefused: "connection refused"
      case .hostNotFound: "host not found"
      case .connectionLost: "the connection was lost"
      case .tls: "TLS failed (the server's certificate was not accepted)"
      case .badResponse: "the server's answer is not valid HTTP"
      case .notInstalled: "libcurl is not installed (on Debian: apt-get install libcurl4)"
      case .other(let code): "network error (libcurl error \(code))"
      }
    }
  }

  /// A complete answer: any status, the headers (names lower-cased) and the whole body.
  public struct Response: Sendable {
    /// The HTTP status.
    public var status: Int
    /// Header values by lower-cased name.
    public var headers: [String: String]
    /// The body, complete and within the limit.
    public var body: [UInt8]

    /// An answer (as a ``DataLoading`` of one's own gives it too); header names are
    /// lower-cased here, as the loader reads them.
    public init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
      self.status = status
      self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { _, last in last }
      self.body = body
    }
  }

  /// The most bytes accepted.
  public var limit: Int
  /// Seconds for the whole transfer, redirects included.
  public var timeout: Double
  /// The most redirects followed.
  public var maximumRedirects: Int
  /// URL schemes fetched, also as redirect targets.
  public var allowedSchemes: Set<String>

  /// Creates a downloader.
  public init(
    limit: Int, timeout: Double = 30, maximumRedirects: Int = 5, allowedSchemes: Set<String> = ["http", "https"]
  ) {
    self.limit = limit
    self.timeout = timeout
    self.maximumRedirects = maximumRedirects
    self.allowedSchemes = allowedSchemes
  }

  /// The body of `url`; a non-2xx status is an error.
  ///
  /// - Throws: ``Error``.
  public func data(from url: URL) async throws(Error) -> [UInt8] {
    let response = try await response(for: url)
    guard (200..<300).contains(response.status) else { throw .httpStatus(response.status, url) }
    return response.body
  }

  /// The answer to a GET of `url` with extra request `headers` (for revalidation), whatever
  /// its status.
  ///
  /// - Throws: ``Error`` for transport failures and broken limits, never for a status.
  public func response(for url: URL, headers: [String: String] = [:]) async throws(Error) -> Response {
    guard isAllowed(url) else { throw .unsupportedScheme(url) }
    let request = HTTPTransfer.Request(
      url: url, headers: headers, limit: limit, timeout: timeout, maximumRedirects: maximumRedirects,
      allowedSchemes: allowedSchemes)
    let flag = TransferFlag()
    // The transfer blocks a thread of its own while curl waits on the network. Not a
    // Dispatch queue: libdispatch on Linux runs about one blocking item per core (measured:
    // two of four silent downloads at a time on two cores, global or private queue alike).
    // Cancelling the task stops the transfer at curl's next callback, at most a second
    // later, even from a silent server.
    let handOver = TransferOutcome()
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let thread = Thread {
          handOver.set(HTTPTransfer.run(request, flag: flag))
          continuation.resume()
        }
        thread.stackSize = 512 << 10
        thread.start()
      }
    } onCancel: {
      flag.cancel()
    }
    return try handOver.take().get()
  }

  func isAllowed(_ url: URL) -> Bool {
    guard let scheme = url.scheme?.lowercased() else { return false }
    return allowedSchemes.contains(scheme)
  }
}

/// The transfer's outcome, handed from its thread to the awaiting task under a lock.
///
/// The continuation alone orders the two correctly, but ThreadSanitizer does not see the
/// order it gives (the concurrency runtime's atomics are not instrumented) and reported the
/// response's headers as a race; a pthread lock is an order it sees. `take` runs only
/// after the thread has `set` and resumed.
private final class TransferOutcome: Sendable {
  private let outcome = Locked<Result<BoundedDownload.Response, BoundedDownload.Error>?>(nil)

  func set(_ outcome: Result<BoundedDownload.Response, BoundedDownload.Error>) {
    self.outcome.withLock { $0 = outcome }
  }

  func take() -> Result<BoundedDownload.Response, BoundedDownload.Error> {
    outcome.withLock { $0! }
  }
}
