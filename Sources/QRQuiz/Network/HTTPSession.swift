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

  /// Creates a session whose requests time out after `timeout` seconds.
  init(timeout: Double = 30) {
    super.init()
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = timeout
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    // The session keeps its delegate alive until invalidated.
    session.withLock { $0 = URLSession(configuration: configuration, delegate: self, delegateQueue: nil) }
  }

  /// Ends the session once its tasks finish.
  func invalidate() { session.withLock { $0 }?.finishTasksAndInvalidate() }

  func run(_ request: URLRequest, delegate: DownloadDelegate) async -> DownloadDelegate.Outcome {
    guard let urlSession = session.withLock({ $0 }) else { return .failure(.cancelled(request.url!)) }
    let task = urlSession.dataTask(with: request)
    transfers.withLock { $0[task.taskIdentifier] = delegate }
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
