import QRQuizLocking

/// The passwords hashed or checked at once (argon2id: about half a second and 64 MiB each),
/// so that log-ins cannot take the server's cores and memory from its games: at most
/// ``running`` at once, ``waiting`` more in a queue (in order, no thread held while they
/// wait), and beyond that none: the caller answers 503 with `Retry-After`.
final class PasswordChecks: Sendable {
  /// Checks at once.
  let running: Int
  /// Checks waiting their turn.
  let waiting: Int
  private let state = Locked(State())

  private struct State {
    var busy = 0
    var queue: [CheckedContinuation<Bool, Never>] = []
  }

  /// - Parameters:
  ///   - running: checks at once: by default 1, as the routes that check run on the
  ///     server's one bulk thread (a core stays for the games).
  ///   - waiting: checks in the queue: by default 8, about 4.5 s of waiting at 0.56 s a
  ///     check, well inside the bulk lane's own bound of 16 requests.
  init(running: Int = 1, waiting: Int = 8) {
    self.running = max(0, running)
    self.waiting = max(0, waiting)
  }

  /// Takes a place, waiting for one in the queue; `false` at once when the queue is full
  /// (nothing to ``leave()`` then).
  func enter() async -> Bool {
    await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      let now: Bool? = state.withLock { state in
        if state.busy < running {
          state.busy += 1
          return true
        }
        guard state.queue.count < waiting else { return false }
        state.queue.append(continuation)
        return nil
      }
      if let now { continuation.resume(returning: now) }
    }
  }

  /// Gives the place back: to the first waiting, if any.
  func leave() {
    let next = state.withLock { state -> CheckedContinuation<Bool, Never>? in
      guard !state.queue.isEmpty else {
        state.busy = max(0, state.busy - 1)
        return nil
      }
      // The place passes on as it is: busy stays.
      return state.queue.removeFirst()
    }
    next?.resume(returning: true)
  }

  /// Checks running and waiting now (for tests and the docs' figures).
  var load: (running: Int, waiting: Int) { state.withLock { ($0.busy, $0.queue.count) } }
}
