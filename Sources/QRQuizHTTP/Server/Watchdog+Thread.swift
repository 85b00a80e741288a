import Foundation

extension Watchdog {
  /// The thread that cuts connections past their deadlines, looking every `period`
  /// seconds until it is stopped (at once: it waits on a condition, not in a sleep).
  final class Runner: @unchecked Sendable {
    // `stopped` is touched only while `condition` is locked.
    private let condition = NSCondition()
    private var stopped = false

    /// Starts watching `watchdog`'s connections.
    init(_ watchdog: Watchdog, period: Double = 0.2) {
      let thread = Thread { [self] in
        while condition.withLock({
          if !stopped { _ = condition.wait(until: Date().addingTimeInterval(period)) }
          return !stopped
        }) {
          watchdog.cutExpired(at: watchdog.now())
        }
      }
      thread.name = "qrquiz-http-watchdog"
      thread.start()
    }

    /// Stops the thread: it starts no pass after this returns.
    func stop() {
      condition.withLock {
        stopped = true
        condition.broadcast()
      }
    }
  }
}
