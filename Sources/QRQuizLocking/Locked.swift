import Foundation

/// State that threads share, behind a lock: the shape of `Mutex` from Synchronization
/// (``withLock(_:)`` hands the state in, so it cannot be reached without the lock), on a
/// pthread mutex.
///
/// Not `Mutex` itself: on Linux (Swift 6.3.1) ThreadSanitizer does not see `Mutex`'s lock
/// and reports every access it guards as a race, so `scripts/sanitize` could check none of
/// the code behind one. It does see a pthread mutex. The measurement, and the model of
/// threads and locks this belongs to: `docs/CONCURRENCY.md`.
///
/// `let hits = Locked([String: Int]())`, then `hits.withLock { $0["/", default: 0] += 1 }`.
package final class Locked<State>: @unchecked Sendable {
  // @unchecked: `state` is touched only inside `withLock`, under `lock`, and goes in and
  // out only as `sending` values, as with `Mutex`.
  private let lock = NSLock()
  private var state: State

  /// Shared state starting as `initialState`.
  package init(_ initialState: sending State) { state = initialState }

  /// Runs `body` with the state, under the lock.
  package func withLock<Result, Failure: Error>(
    _ body: (inout sending State) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&state)
  }
}
