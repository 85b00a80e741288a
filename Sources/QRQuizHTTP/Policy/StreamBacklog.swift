/// What an event stream has written that its client has not taken yet, bounded: a client
/// that far behind is not reading, and is cut off rather than buffered for ever (it
/// reconnects and starts afresh).
struct StreamBacklog: Sendable {
  /// Bytes a client may be behind.
  let limit: Int
  private var bytes: [UInt8] = []
  /// Where the bytes not taken yet start in `bytes`.
  private var start = 0

  init(limit: Int) { self.limit = limit }

  /// Bytes waiting.
  var count: Int { bytes.count - start }

  /// Adds `written` after what waits; false (and nothing kept) when that would go past the
  /// limit.
  mutating func append(_ written: [UInt8]) -> Bool {
    guard count + written.count <= limit else {
      bytes = []
      start = 0
      return false
    }
    // Drop what was taken once it is the larger part, so the array neither grows for
    // ever nor shifts on every write.
    if start > 0, start >= bytes.count / 2 {
      bytes.removeFirst(start)
      start = 0
    }
    bytes += written
    return true
  }

  /// Moves up to `capacity` waiting bytes to `buffer`; how many.
  mutating func take(into buffer: UnsafeMutablePointer<UInt8>, capacity: Int) -> Int {
    let taken = min(count, capacity)
    guard taken > 0 else { return 0 }
    bytes.withUnsafeBufferPointer { source in
      buffer.update(from: source.baseAddress! + start, count: taken)
    }
    start += taken
    if start == bytes.count {
      bytes.removeAll(keepingCapacity: true)
      start = 0
    }
    return taken
  }
}
