import Foundation
import Synchronization

/// Holds requests until the live games are resumed: the server listens first (its port,
/// and so the games' join addresses, is known only then), and a phone that checks in
/// during the few milliseconds of the resume must find its game, not a 404 that makes its
/// page give up. Once open, a request pays one atomic load.
final class ResumeGate: @unchecked Sendable {
  // `condition` guards the waiting; `isOpen` is read without it once set.
  private let isOpen: Atomic<Bool>
  private let condition = NSCondition()
  /// A resume that never comes (a bug) holds no request longer than this, in seconds.
  static let longestHold = 60.0

  init(isOpen: Bool) { self.isOpen = Atomic(isOpen) }

  /// Returns once the gate is open (or after ``longestHold``).
  func wait() {
    guard !isOpen.load(ordering: .acquiring) else { return }
    let deadline = Date().addingTimeInterval(Self.longestHold)
    condition.lock()
    defer { condition.unlock() }
    while !isOpen.load(ordering: .acquiring), condition.wait(until: deadline) {}
  }

  /// Lets every request through, those waiting first.
  func open() {
    condition.lock()
    isOpen.store(true, ordering: .releasing)
    condition.broadcast()
    condition.unlock()
  }
}
