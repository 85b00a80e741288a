import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A URLSession whose delegate routes each task's callbacks to that download's own
/// ``DownloadDelegate`` (URLSession has one delegate per session, set at creation).
final class HTTPSession: NSObject, URLSessionDataDelegate, Sendable {
  private let transfers = Mutex<[Int: DownloadDelegate]>([:])
  private let session = Mutex<URLSession?>(nil)

  /// Building an ephemeral configuration builds a URLCache too, a measurable part of a small
  /// download, so all sessions copy this one. Timeouts are per request (`run`), not here.
  private static let configuration: URLSessionConfiguration = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    return configuration
  }()

  override init() {
    super.init()
    // The session keeps its delegate alive until invalidated.
    session.withLock { $0 = URLSession(configuration: Self.configuration, delegate: self, delegateQueue: nil) }
  }

  /// Ends the session once its tasks finish.
  func invalidate() { session.withLock { $0 }?.finishTasksAndInvalidate() }

  /// Runs one request; the whole transfer, redirects included, must end within `timeout`
  /// seconds (`request.timeoutInterval` only bounds each wait for data).
  func run(_ request: URLRequest, delegate: DownloadDelegate, timeout: Double) async -> DownloadDelegate.Outcome {
    guard let urlSession = session.withLock({ $0 }) else { return .failure(.cancelled(request.url!)) }
    let task = urlSession.dataTask(with: request)
    transfers.withLock { $0[task.taskIdentifier] = delegate }
    // Weak: a cancelled work item stays queued until its time, and must not keep the body.
    let deadline = DispatchWorkItem { [weak delegate] in delegate?.timeOut() }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: deadline)
    defer { deadline.cancel() }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in delegate.start(task: task, continuation: continuation) }
    } onCancel: {
      delegate.cancel()
    }
  }

  private func transfer(_ task: URLSessionTask) -> DownloadDelegate? {
    transfers.withLock { $0[task.taskIdentifier] }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    guard let transfer = transfer(dataTask) else { return completionHandler(.cancel) }
    transfer.didReceive(response, completionHandler: completionHandler)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    transfer(dataTask)?.didReceive(data)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
  ) {
    guard let transfer = transfer(task) else { return completionHandler(nil) }
    transfer.willRedirect(response, to: request, completionHandler: completionHandler)
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    let transfer = transfers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
    transfer?.didComplete(error: error)
  }
}
