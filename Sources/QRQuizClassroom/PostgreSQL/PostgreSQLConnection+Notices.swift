internal import CLibPQ
import Foundation
import Glibc

extension PostgreSQLConnection {
  /// Waits at most `timeout` seconds for notifications (`NOTIFY`) on the channels this
  /// connection listens to, woken by its socket (no polling of the server): their
  /// payloads, none when the time ran out. `nil` when the connection was lost.
  func notifications(waitingAtMost timeout: Double) -> [String]? {
    guard isConnected else { return nil }
    var received = takeNotifications()
    guard received.isEmpty else { return received }
    var descriptor = pollfd(fd: pq.PQsocket!(handle), events: Int16(POLLIN), revents: 0)
    guard descriptor.fd >= 0 else { return nil }
    let ready = poll(&descriptor, 1, Int32(max(0, timeout) * 1000))
    guard ready >= 0 || errno == EINTR else { return nil }
    if ready > 0 {
      // Reads what arrived; 0 when the server was lost.
      guard pq.PQconsumeInput!(handle) == 1 else { return nil }
      received = takeNotifications()
    }
    return isConnected ? received : nil
  }

  /// The notifications libpq has read so far (each freed once copied).
  private func takeNotifications() -> [String] {
    var payloads: [String] = []
    while let notice = pq.PQnotifies!(handle) {
      payloads.append(notice.pointee.extra.map { String(cString: $0) } ?? "")
      pq.PQfreemem!(notice)
    }
    return payloads
  }
}
