/// URLSessions lent to one download at a time, so connections (and TLS) are reused across
/// downloads without funnelling every transfer through one session's serial delegate queue.
/// Measured on 1000 images: 1.15× the ideal, against 1.35× for a new session per download
/// and 1.7× for one shared session. An actor rather than a `Mutex`, which ThreadSanitizer
/// cannot see through on Linux.
actor HTTPSessionPool {
  /// The pool every ``BoundedDownload`` uses.
  static let shared = HTTPSessionPool()

  /// Idle sessions kept beyond this are closed: enough for the loader's concurrency.
  private let maximumIdle = 16
  private var idle: [HTTPSession] = []

  /// An idle session, or a new one.
  func take() -> HTTPSession { idle.popLast() ?? HTTPSession() }

  /// Returns a session after its transfer ended.
  func give(_ session: HTTPSession) {
    guard idle.count < maximumIdle else { return session.invalidate() }
    idle.append(session)
  }
}
