internal import CQRQuizHTTP
import Foundation

/// The connections suspended while a task makes their answer, by a number the task keeps.
///
/// Suspending, answering and the server's stop all happen under the one lock, so a
/// connection is answered exactly once, and none is still suspended when libmicrohttpd
/// stops (which it treats as a fatal error).
final class SuspendedRequests: @unchecked Sendable {
  // Everything below is touched only while `condition` is locked; the connections are
  // libmicrohttpd's, which stay alive while suspended.
  private let condition = NSCondition()
  private var requests: [Int: OpaquePointer] = [:]
  private var nextNumber = 0
  private var stopping = false

  /// Suspends `connection` and returns its number, or nil once the server stops.
  func suspend(_ connection: OpaquePointer) -> Int? {
    condition.withLock {
      guard !stopping else { return nil }
      nextNumber += 1
      requests[nextNumber] = connection
      CQRQuizHTTP_suspend(connection)
      return nextNumber
    }
  }

  /// Answers request `number` with `send` (which resumes its connection), unless the
  /// server stopped first and answered it.
  func answer(_ number: Int, _ send: (OpaquePointer) -> Void) {
    condition.withLock {
      guard let connection = requests.removeValue(forKey: number) else { return }
      send(connection)
      if requests.isEmpty { condition.broadcast() }
    }
  }

  /// Waits until no request is suspended, or until `deadline`.
  func waitUntilNone(before deadline: Date) {
    condition.withLock {
      while !requests.isEmpty { if !condition.wait(until: deadline) { break } }
    }
  }

  /// Answers every request still waiting with `send`, and suspends no more.
  func answerAll(_ send: (OpaquePointer) -> Void) {
    condition.withLock {
      stopping = true
      for connection in requests.values { send(connection) }
      requests.removeAll()
    }
  }
}
