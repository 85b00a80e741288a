import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The state of one ``BoundedDownload`` transfer, fed by URLSession's delegate calls (routed
/// by ``HTTPSession``). Its state sits behind a `Mutex` because URLSession calls it on its
/// own queue while the caller may cancel.
final class DownloadDelegate: Sendable {
  typealias Outcome = Result<BoundedDownload.Response, BoundedDownload.Error>

  private struct State {
    var status = 0
    var headers: [String: String] = [:]
    var body: [UInt8] = []
    var expectedLength: Int?
    var failure: BoundedDownload.Error?
    var redirects = 0
    var task: URLSessionTask?
    var continuation: CheckedContinuation<Outcome, Never>?
  }

  private let url: URL
  private let download: BoundedDownload
  private let state = Mutex(State())

  init(url: URL, download: BoundedDownload) {
    self.url = url
    self.download = download
  }

  /// Starts `task`, which the caller made and registered for this delegate's callbacks.
  func start(task: URLSessionTask, continuation: CheckedContinuation<Outcome, Never>) {
    let cancelledAlready = state.withLock { state in
      state.continuation = continuation
      state.task = task
      return state.failure != nil
    }
    if cancelledAlready { task.cancel() } else { task.resume() }
  }

  /// Cancels the transfer; the caller gets ``BoundedDownload/Error/cancelled(_:)``.
  func cancel() { fail(.cancelled(url), cancelTask: true) }

  /// Ends a transfer that ran out of time.
  func timeOut() { fail(.timedOut(seconds: download.timeout, url), cancelTask: true) }

  private func fail(_ error: BoundedDownload.Error, cancelTask: Bool) {
    let task = state.withLock { state in
      if state.failure == nil { state.failure = error }
      return state.task
    }
    if cancelTask { task?.cancel() }
  }

  func didReceive(_ response: URLResponse, completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
    let http = response as? HTTPURLResponse
    let length = response.expectedContentLength
    guard length <= download.limit else {
      fail(.tooLarge(limit: download.limit, url), cancelTask: true)
      completionHandler(.cancel)
      return
    }
    var headers: [String: String] = [:]
    for (name, value) in http?.allHeaderFields ?? [:] {
      if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
    }
    state.withLock { state in
      state.status = http?.statusCode ?? 0
      state.headers = headers
      state.expectedLength = length >= 0 ? Int(length) : nil
    }
    completionHandler(.allow)
  }

  func didReceive(_ data: Data) {
    let overLimit = state.withLock { state in
      state.body += data
      return state.body.count > download.limit
    }
    if overLimit { fail(.tooLarge(limit: download.limit, url), cancelTask: true) }
  }

  func willRedirect(
    _ response: HTTPURLResponse, to request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
  ) {
    let redirects = state.withLock { state in
      state.redirects += 1
      return state.redirects
    }
    // FoundationNetworking resolves a `Location: file:///…` against the current host, so
    // judge the header itself as well as the request it made of it. Refusing must not
    // cancel the task here: FoundationNetworking traps when a task is cancelled while it
    // waits for this answer. The task then ends on the 3xx.
    let location = response.value(forHTTPHeaderField: "Location").flatMap { URL(string: $0) }
    let named = location?.scheme == nil ? request.url : location
    guard let target = request.url, let named, download.isAllowed(target), download.isAllowed(named) else {
      fail(.unsupportedRedirect(to: named ?? url, from: url), cancelTask: false)
      completionHandler(nil)
      return
    }
    guard redirects <= download.maximumRedirects else {
      fail(.tooManyRedirects(url), cancelTask: false)
      completionHandler(nil)
      return
    }
    completionHandler(request)
  }

  func didComplete(error: (any Error)?) {
    let (continuation, outcome) = state.withLock { state in
      defer {
        state.continuation = nil
        state.task = nil
      }
      return (state.continuation, self.outcome(of: state, error: error))
    }
    continuation?.resume(returning: outcome)
  }

  private func outcome(of state: State, error: (any Error)?) -> Outcome {
    if let failure = state.failure { return .failure(failure) }
    if let expected = state.expectedLength, state.body.count < expected {
      return .failure(.truncated(received: state.body.count, expected: expected, url))
    }
    if let error {
      if (error as? URLError)?.code == .timedOut { return .failure(.timedOut(seconds: download.timeout, url)) }
      if (error as? URLError)?.code == .cancelled { return .failure(.cancelled(url)) }
      return .failure(.transport(code: (error as? URLError)?.code.rawValue ?? URLError.Code.unknown.rawValue, url))
    }
    return .success(BoundedDownload.Response(status: state.status, headers: state.headers, body: state.body))
  }
}
