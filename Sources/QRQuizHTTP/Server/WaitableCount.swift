import Foundation

/// A count that threads change and another waits on, with a bound: the requests and the
/// event streams a server has open, which its stop waits to see end.
final class WaitableCount: @unchecked Sendable {
  // `count` is touched only while `condition` is locked.
  private let condition = NSCondition()
  private var count = 0

  func increment() { condition.withLock { count += 1 } }

  func decrement() {
    condition.withLock {
      count -= 1
      if count == 0 { condition.broadcast() }
    }
  }

  /// The count now.
  var value: Int { condition.withLock { count } }

  /// Waits until the count is zero, or until `deadline`; whether it is zero.
  @discardableResult
  func waitUntilZero(before deadline: Date) -> Bool {
    condition.withLock {
      while count > 0 { if !condition.wait(until: deadline) { break } }
      return count == 0
    }
  }
}
