import Foundation
import QRQuizLocking
import Synchronization

/// The deadlines of a server's connections, and the cut of those past theirs: a client
/// that trickles a request in, or takes its answer too slowly, is shut down (a reset, so
/// what is queued for a slow reader is dropped rather than sent at its pace), and
/// libmicrohttpd then closes it on its own thread as if the client had gone.
///
/// Keyed by the connection, whose socket it keeps: libmicrohttpd says a connection closes
/// before it closes the socket, and once its entry is gone (under the lock the cut holds)
/// no reused socket can be shut down by mistake.
final class Watchdog: Sendable {
  /// A connection's socket and the moment (seconds on ``now``) by which what it is doing
  /// must be done; `nil` while the responder works on its request.
  struct Entry: Sendable {
    var socket: Int32
    var deadline: Double?
  }

  /// Seconds on a monotonic clock.
  let now: @Sendable () -> Double
  private let entries = Locked<[Connection: Entry]>([:])
  private let cut = Atomic(0)

  /// A connection: libmicrohttpd's, by its address.
  struct Connection: Hashable, Sendable {
    let address: UInt
  }

  init(now: @escaping @Sendable () -> Double = Watchdog.monotonicSeconds) { self.now = now }

  /// The system's monotonic clock, in seconds.
  static func monotonicSeconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

  /// A connection opened on `socket`, with `seconds` to send its first request.
  func opened(_ connection: Connection, socket: Int32, seconds: Double) {
    let deadline = now() + seconds
    entries.withLock { $0[connection] = Entry(socket: socket, deadline: deadline) }
  }

  /// The connection is closing: never cut from here on.
  func closed(_ connection: Connection) { _ = entries.withLock { $0.removeValue(forKey: connection) } }

  /// What the connection does now must be done in `seconds`; `nil`: it has no deadline.
  func setDeadline(_ connection: Connection, in seconds: Double?) {
    let deadline = seconds.map { now() + $0 }
    entries.withLock { $0[connection]?.deadline = deadline }
  }

  /// The connection's deadline, if it has one, moves `seconds` later (a body declared).
  func extendDeadline(_ connection: Connection, by seconds: Double) {
    entries.withLock { entries in
      if let deadline = entries[connection]?.deadline { entries[connection]?.deadline = deadline + seconds }
    }
  }

  /// The connection's deadline (tests).
  func deadline(of connection: Connection) -> Double? { entries.withLock { $0[connection]?.deadline } }

  /// Connections being watched.
  var count: Int { entries.withLock { $0.count } }

  /// Connections cut so far.
  var connectionsCut: Int { cut.load(ordering: .relaxed) }

  /// Cuts every connection past its deadline at `moment`, calling `shutDown` with its
  /// socket under the lock; returns how many.
  @discardableResult
  func cutExpired(at moment: Double, shutDown: (Int32) -> Void = Watchdog.reset) -> Int {
    let count = entries.withLock { entries -> Int in
      let expired = entries.filter { $0.value.deadline.map { moment > $0 } ?? false }
      for (connection, entry) in expired {
        shutDown(entry.socket)
        entries[connection]?.deadline = nil
      }
      return expired.count
    }
    cut.add(count, ordering: .relaxed)
    return count
  }

  /// Shuts `socket` down with a reset: what is still queued for a slow reader is dropped,
  /// not sent at its pace, once libmicrohttpd closes it.
  static func reset(_ socket: Int32) {
    var reset = linger(l_onoff: 1, l_linger: 0)
    _ = setsockopt(socket, SOL_SOCKET, SO_LINGER, &reset, socklen_t(MemoryLayout<linger>.size))
    _ = shutdown(socket, Int32(SHUT_RDWR))
  }
}
