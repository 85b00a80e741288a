import QRQuizLocking

/// The bytes of request bodies the server holds at once, in all: each body is held whole
/// before its route runs, so this bounds the memory bodies take. A body declared is
/// reserved whole when its headers arrive; a chunked one as it grows.
final class BodyBudget: Sendable {
  /// The most bytes held at once.
  let limit: Int
  private let held = Locked(0)

  init(limit: Int) { self.limit = limit }

  /// Takes `bytes` more; false (and nothing taken) when that would go past the limit.
  func reserve(_ bytes: Int) -> Bool {
    held.withLock { held in
      guard held + bytes <= limit else { return false }
      held += bytes
      return true
    }
  }

  /// Gives back `bytes` taken before.
  func release(_ bytes: Int) { held.withLock { $0 -= bytes } }

  /// Bytes held now.
  var bytesHeld: Int { held.withLock { $0 } }
}
