import QRQuizHTTP
import QRQuizLocking

/// Question images kept in memory as ready answers once read from the disk cache, up to
/// a byte budget (least recently used out first), so a class loading the same images is
/// answered without touching the disk, on the server's own thread.
final class ImageResponses: Sendable {
  private struct Stored {
    var response: HTTPResponse
    var lastUsed: UInt64
  }

  private let capacity: Int
  private let state = Locked<(images: [String: Stored], bytes: Int, clock: UInt64)>(([:], 0, 0))

  /// A memory of at most `capacity` bytes of image bodies.
  init(capacity: Int) { self.capacity = capacity }

  /// The answer kept for image `key`, if any.
  func response(for key: String) -> HTTPResponse? {
    state.withLock { state in
      guard var stored = state.images[key] else { return nil }
      state.clock += 1
      stored.lastUsed = state.clock
      state.images[key] = stored
      return stored.response
    }
  }

  /// Keeps `response` for image `key` (not when it alone would take a quarter of the budget).
  func keep(_ response: HTTPResponse, for key: String) {
    guard response.body.count <= capacity / 4 else { return }
    state.withLock { state in
      state.clock += 1
      if let old = state.images[key] { state.bytes -= old.response.body.count }
      state.images[key] = Stored(response: response, lastUsed: state.clock)
      state.bytes += response.body.count
      while state.bytes > capacity, let oldest = state.images.min(by: { $0.value.lastUsed < $1.value.lastUsed }) {
        state.images[oldest.key] = nil
        state.bytes -= oldest.value.response.body.count
      }
    }
  }
}
