/// Lets at most `limit` downloads run at once and, when one finishes, gives the free slot
/// to the next host in turn rather than the next request in line, so a topic with 500
/// images on one slow host does not starve the few on another.
actor HostFairLimiter {
  private let limit: Int
  private var running = 0
  private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]
  /// Hosts with waiters, in the order their turn comes.
  private var turns: [String] = []

  /// How many requests wait for a slot: lets a test queue waiters in a known order by
  /// waiting for each to be queued, rather than pausing and hoping.
  var waitingCount: Int { waiting.values.reduce(0) { $0 + $1.count } }

  init(limit: Int) {
    precondition(limit >= 1, "the limit must be at least 1")
    self.limit = limit
  }

  /// Waits for a slot for a request to `host`.
  func acquire(host: String) async {
    if running < limit {
      running += 1
      return
    }
    await withCheckedContinuation { continuation in
      if waiting[host, default: []].isEmpty { turns.append(host) }
      waiting[host, default: []].append(continuation)
    }
  }

  /// Frees a slot, handing it straight to the next host's first waiter if there is one.
  func release() {
    guard !turns.isEmpty else {
      running -= 1
      return
    }
    let host = turns.removeFirst()
    let next = waiting[host]!.removeFirst()
    if waiting[host]!.isEmpty {
      waiting[host] = nil
    } else {
      turns.append(host)
    }
    next.resume()
  }
}
