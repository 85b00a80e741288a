import Foundation
import QRQuiz
import QRQuizLocking

/// A server in memory for the image loader (its ``DataLoading``): answers are scripted per
/// path, every request is logged, and the answers to a path can be held until the test
/// lets them go, so a test waits for what it needs (a request arrived, a caller gave up)
/// and never on a sleep.
package final class MemoryDataLoader: DataLoading {
  package typealias Answer = Result<BoundedDownload.Response, BoundedDownload.Error>

  /// A request as it arrived: its path and its headers, names lower-cased.
  package struct Request: Sendable {
    var path: String
    package var headers: [String: String]
  }

  package init() {}

  private struct State {
    /// The answers of each path, in turn; the last one is given again and again.
    var scripts: [String: [@Sendable (Request) -> Answer]] = [:]
    var requests: [Request] = []
    /// Paths whose answers wait for ``release(_:)``.
    var held: Set<String> = []
    var heldRequests: [Int: (path: String, continuation: CheckedContinuation<Bool, Never>)] = [:]
    var nextHeld = 0
    /// Requests that ended because their caller was cancelled while held, by path.
    var cancelled: [String: Int] = [:]
    var waiters: [Int: (condition: @Sendable (State) -> Bool, continuation: CheckedContinuation<Bool, Never>)] = [:]
    var nextWaiter = 0
  }

  private let state = Locked(State())

  /// Answers requests for `path` by `answer`, for as long as it is not answered otherwise.
  package func answer(_ path: String, _ answer: @escaping @Sendable (Request) -> Answer) {
    state.withLock { $0.scripts[path] = [answer] }
  }

  /// Answers requests for `path` with `answers` in turn, the last one from then on.
  package func answer(_ path: String, inTurn answers: [Answer]) {
    state.withLock { $0.scripts[path] = answers.map { answer in { _ in answer } } }
  }

  /// Serves `body` at `path` with status 200 and `headers`.
  package func serve(_ body: [UInt8], at path: String, headers: [String: String] = [:]) {
    answer(path) { _ in .success(BoundedDownload.Response(status: 200, headers: headers, body: body)) }
  }

  /// Holds the answers to `path` until ``release(_:)``.
  package func hold(_ path: String) { state.withLock { _ = $0.held.insert(path) } }

  /// Lets the held answers to `path` go, and answers later ones at once.
  package func release(_ path: String) {
    let released = state.withLock { state in
      state.held.remove(path)
      let ready = state.heldRequests.filter { $0.value.path == path }
      for number in ready.keys { state.heldRequests[number] = nil }
      return ready.values.map(\.continuation)
    }
    for continuation in released { continuation.resume(returning: true) }
  }

  /// How many requests `path` got.
  package func count(_ path: String) -> Int { state.withLock { $0.requests.count { $0.path == path } } }

  /// The headers of every request, in order.
  package var requestHeaders: [[String: String]] { state.withLock { $0.requests.map(\.headers) } }

  /// Waits until `path` has had `count` requests.
  package func untilRequested(_ path: String, times count: Int = 1) async throws {
    try await until("\(path) requested \(count) times") { state in state.requests.count { $0.path == path } >= count }
  }

  /// Waits until a held request for `path` has ended because its caller was cancelled.
  package func untilCancelled(_ path: String) async throws {
    try await until("a request for \(path) cancelled") { $0.cancelled[path, default: 0] > 0 }
  }

  package struct TimedOut: Error, CustomStringConvertible {
    var waitingFor: String
    package var description: String { "after \(Int(HangLimit.inProcessSeconds)) s, still waiting for \(waitingFor)" }
  }

  /// Waits until `condition` holds (a bound against a hang, not a pause: it returns as soon
  /// as the condition holds).
  private func until(_ what: String, _ condition: @escaping @Sendable (State) -> Bool) async throws {
    let id = state.withLock { state in
      defer { state.nextWaiter += 1 }
      return state.nextWaiter
    }
    let timeout = Task {
      try await Task.sleep(for: .seconds(HangLimit.inProcessSeconds))
      resumeWaiter(id, met: false)
    }
    defer { timeout.cancel() }
    let met = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      let now = state.withLock { state in
        if condition(state) { return true }
        state.waiters[id] = (condition, continuation)
        return false
      }
      if now { continuation.resume(returning: true) }
    }
    if !met { throw TimedOut(waitingFor: what) }
  }

  private func resumeWaiter(_ id: Int, met: Bool) {
    state.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume(returning: met)
  }

  /// Resumes the waiters whose condition now holds (called after every change).
  private func changed() {
    let ready = state.withLock { state in
      let met = state.waiters.filter { $0.value.condition(state) }
      for id in met.keys { state.waiters[id] = nil }
      return met.values.map(\.continuation)
    }
    for continuation in ready { continuation.resume(returning: true) }
  }

  package func response(for url: URL, headers: [String: String]) async throws(BoundedDownload.Error)
    -> BoundedDownload.Response
  {
    let request = Request(
      path: url.path, headers: Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { _, last in last })
    let (script, isHeld) = state.withLock { state in
      let turn = state.requests.count { $0.path == request.path }
      state.requests.append(request)
      let script = state.scripts[request.path].map { $0[min(turn, $0.count - 1)] }
      return (script, state.held.contains(request.path))
    }
    changed()
    if isHeld, !(await waitForRelease(of: request.path)) { throw .cancelled(url) }
    guard let script else { return BoundedDownload.Response(status: 404, body: Array("not found\n".utf8)) }
    return try script(request).get()
  }

  /// Waits until `path` is released (true) or the calling task is cancelled (false).
  private func waitForRelease(of path: String) async -> Bool {
    let number = state.withLock { state in
      defer { state.nextHeld += 1 }
      return state.nextHeld
    }
    let released = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        let resumeNow: Bool? = state.withLock { state in
          if !state.held.contains(path) { return true }
          if Task.isCancelled { return false }
          state.heldRequests[number] = (path, continuation)
          return nil
        }
        if let resumeNow { continuation.resume(returning: resumeNow) }
      }
    } onCancel: {
      let continuation = state.withLock { $0.heldRequests.removeValue(forKey: number)?.continuation }
      continuation?.resume(returning: false)
    }
    if !released {
      state.withLock { $0.cancelled[path, default: 0] += 1 }
      changed()
    }
    return released
  }
}
