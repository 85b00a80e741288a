import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Downloads one URL into memory with the limits untrusted servers need: a byte cap
/// enforced while the body streams in (and up front from `Content-Length`), a timeout for
/// the whole transfer, a redirect limit, allowed schemes checked also after redirects, and
/// cancellation that stops the transfer.
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
    /// The network failed: refused, unreachable, reset, TLS; URLSession's `URLError` code.
    case transport(code: Int, URL)

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
      case .transport(let code, let url): "\(url.absoluteString): \(BoundedDownload.transportReason(code))"
      }
    }
  }

  /// Words for a URLError code, as curl's and browsers' messages say them.
  static func transportReason(_ code: Int) -> String {
    switch URLError.Code(rawValue: code) {
    case .cannotConnectToHost: "connection refused"
    case .cannotFindHost, .dnsLookupFailed: "host not found"
    case .networkConnectionLost: "the connection was lost"
    case .notConnectedToInternet: "no network"
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
      "TLS failed (the server's certificate was not accepted)"
    case .badServerResponse: "the server's answer is not valid HTTP"
    case .timedOut: "the server stopped answering"
    default: "network error (URLError \(code))"
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
    var request = URLRequest(url: url)
    request.timeoutInterval = timeout
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    // A pooled session: measured against a session per download and one shared session
    // (see HTTPSessionPool), it is the fastest, and it keeps connections alive.
    let session = await HTTPSessionPool.shared.take()
    let outcome = await session.run(request, delegate: DownloadDelegate(url: url, download: self), timeout: timeout)
    await HTTPSessionPool.shared.give(session)
    return try outcome.get()
  }

  func isAllowed(_ url: URL) -> Bool {
    guard let scheme = url.scheme?.lowercased() else { return false }
    return allowedSchemes.contains(scheme)
  }
}
