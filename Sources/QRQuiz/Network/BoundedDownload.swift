import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Downloads one URL into memory with the limits untrusted servers need: a byte cap
/// enforced while the body streams in (and up front from `Content-Length`), a timeout for
/// the whole transfer, a redirect limit, and only `http`/`https`, also after redirects.
public struct BoundedDownload: Sendable {
  /// Why a download failed.
  public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL's scheme (or a redirect's) is not http or https.
    case unsupportedScheme(URL)
    /// A redirect pointed at a scheme other than http or https.
    case unsupportedRedirect(to: URL, from: URL)
    /// The server answered with a non-2xx status.
    case httpStatus(Int, URL)
    /// The body is (or announces itself) larger than the limit.
    case tooLarge(limit: Int, URL)
    /// The body is shorter than its `Content-Length`: the connection dropped.
    case truncated(received: Int, expected: Int, URL)
    /// More redirects than allowed.
    case tooManyRedirects(URL)
    /// No complete answer within the timeout.
    case timedOut(seconds: Double, URL)
    /// The network failed: refused, unreachable, reset, TLS; URLSession's words.
    case transport(String, URL)

    public var description: String {
      switch self {
      case .unsupportedScheme(let url): "\(url.absoluteString): only http and https URLs are fetched"
      case .unsupportedRedirect(let target, let url):
        "\(url.absoluteString): redirected to \(target.absoluteString); only http and https URLs are fetched"
      case .httpStatus(let status, let url): "\(url.absoluteString): HTTP status \(status)"
      case .tooLarge(let limit, let url): "\(url.absoluteString): larger than the \(limit)-byte limit"
      case .truncated(let received, let expected, let url):
        "\(url.absoluteString): connection closed after \(received) of \(expected) bytes"
      case .tooManyRedirects(let url): "\(url.absoluteString): too many redirects"
      case .timedOut(let seconds, let url):
        "\(url.absoluteString): no complete answer within \(JSONWriter.format(seconds)) seconds"
      case .transport(let message, let url): "\(url.absoluteString): \(message)"
      }
    }
  }

  /// The most bytes accepted.
  public var limit: Int
  /// Seconds for the whole transfer, redirects included.
  public var timeout: Double
  /// The most redirects followed.
  public var maximumRedirects: Int

  /// Creates a downloader.
  public init(limit: Int, timeout: Double = 30, maximumRedirects: Int = 5) {
    self.limit = limit
    self.timeout = timeout
    self.maximumRedirects = maximumRedirects
  }

  /// The body of `url`.
  ///
  /// - Throws: ``Error``.
  public func data(from url: URL) async throws(Error) -> [UInt8] {
    guard Self.isAllowed(url) else { throw .unsupportedScheme(url) }
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = timeout
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    let delegate = DownloadDelegate(url: url, limit: limit, timeout: timeout, maximumRedirects: maximumRedirects)
    let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    defer { session.finishTasksAndInvalidate() }
    let result = await withCheckedContinuation { continuation in
      delegate.start(session: session, continuation: continuation)
    }
    return try result.get()
  }

  static func isAllowed(_ url: URL) -> Bool {
    guard let scheme = url.scheme?.lowercased() else { return false }
    return scheme == "https" || scheme == "http"
  }
}

/// URLSession's delegate for one bounded download. Its state sits behind a `Mutex`
/// because URLSession calls it on its own queue.
private final class DownloadDelegate: NSObject, URLSessionDataDelegate, Sendable {
  private struct State {
    var body: [UInt8] = []
    var expectedLength: Int?
    var failure: BoundedDownload.Error?
    var redirects = 0
    var continuation: CheckedContinuation<Result<[UInt8], BoundedDownload.Error>, Never>?
  }

  private let url: URL
  private let limit: Int
  private let timeout: Double
  private let maximumRedirects: Int
  private let state = Mutex(State())

  init(url: URL, limit: Int, timeout: Double, maximumRedirects: Int) {
    self.url = url
    self.limit = limit
    self.timeout = timeout
    self.maximumRedirects = maximumRedirects
  }

  func start(
    session: URLSession, continuation: CheckedContinuation<Result<[UInt8], BoundedDownload.Error>, Never>
  ) {
    state.withLock { $0.continuation = continuation }
    session.dataTask(with: url).resume()
  }

  private func fail(_ error: BoundedDownload.Error, _ task: URLSessionTask?) {
    state.withLock { if $0.failure == nil { $0.failure = error } }
    task?.cancel()
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    let length = response.expectedContentLength
    if !(200..<300).contains(status) {
      fail(.httpStatus(status, response.url ?? url), dataTask)
      completionHandler(.cancel)
    } else if length > limit {
      fail(.tooLarge(limit: limit, url), dataTask)
      completionHandler(.cancel)
    } else {
      state.withLock { $0.expectedLength = length >= 0 ? Int(length) : nil }
      completionHandler(.allow)
    }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let overLimit = state.withLock { state in
      state.body += data
      return state.body.count > limit
    }
    if overLimit { fail(.tooLarge(limit: limit, url), dataTask) }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
  ) {
    let redirects = state.withLock { state in
      state.redirects += 1
      return state.redirects
    }
    // Refusing a redirect must not cancel the task here: FoundationNetworking traps when a
    // task is cancelled while it waits for this answer. The task then ends on the 3xx.
    // FoundationNetworking resolves a `Location: file:///…` against the current host, so
    // judge the header itself as well as the request it made of it.
    let location = (response.value(forHTTPHeaderField: "Location")).flatMap { URL(string: $0) }
    let named = location?.scheme == nil ? request.url : location
    guard let target = request.url, let named, BoundedDownload.isAllowed(target), BoundedDownload.isAllowed(named)
    else {
      fail(.unsupportedRedirect(to: named ?? url, from: url), nil)
      completionHandler(nil)
      return
    }
    guard redirects <= maximumRedirects else {
      fail(.tooManyRedirects(url), nil)
      completionHandler(nil)
      return
    }
    completionHandler(request)
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    let (continuation, outcome) = state.withLock { state in
      defer { state.continuation = nil }
      return (state.continuation, self.outcome(of: state, error: error))
    }
    continuation?.resume(returning: outcome)
  }

  private func outcome(of state: State, error: (any Error)?) -> Result<[UInt8], BoundedDownload.Error> {
    if let failure = state.failure { return .failure(failure) }
    if let expected = state.expectedLength, state.body.count < expected {
      return .failure(.truncated(received: state.body.count, expected: expected, url))
    }
    if let error {
      if (error as? URLError)?.code == .timedOut { return .failure(.timedOut(seconds: timeout, url)) }
      return .failure(.transport(error.localizedDescription, url))
    }
    return .success(state.body)
  }
}
