import Foundation
import QRQuizLocking
import QRQuizTestSupport

@testable import QRQuiz
@testable import QRQuizServer

/// A clock a test moves by hand.
package final class ManualClock: Sendable {
  private let instant = Locked(QuizClock.Instant(Date(timeIntervalSince1970: 1_800_000_000)))

  package init() {}

  package var clock: LiveClock { LiveClock { [self] in instant.withLock { $0 } } }

  package func advance(by seconds: Double) { instant.withLock { $0 = $0 + .seconds(seconds) } }
}

/// An event stream's receiving end in memory: what a game wrote to one client.
package final class RecordedStream: EventSink, Sendable {
  private let state = Locked<(bytes: [UInt8], closed: Bool, gone: Bool)>(([], false, false))

  package init() {}

  @discardableResult
  package func send(_ bytes: [UInt8]) -> Bool {
    state.withLock { state in
      guard !state.closed, !state.gone else { return false }
      state.bytes += bytes
      return true
    }
  }

  package func close() { state.withLock { $0.closed = true } }

  /// The client leaves (its next write fails).
  package func leave() { state.withLock { $0.gone = true } }

  package var isFinished: Bool { state.withLock { $0.closed || $0.gone } }
  package var isClosed: Bool { state.withLock { $0.closed } }
  package var text: String { state.withLock { String(decoding: $0.bytes, as: UTF8.self) } }

  /// The events so far: name and JSON.
  package var events: [(name: String, data: JSONValue)] { LiveEvents.parse(text) }
}

package enum LiveEvents {
  /// Server-sent events as a browser reads them: blocks split by a blank line, `event:`
  /// and `data:` lines; comments skipped.
  package static func parse(_ text: String) -> [(name: String, data: JSONValue)] {
    text.components(separatedBy: "\n\n").compactMap { block in
      var name: String?
      var data: String?
      for line in block.components(separatedBy: "\n") {
        if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
        if line.hasPrefix("data: ") { data = String(line.dropFirst(6)) }
      }
      guard let name, let data, let json = try? JSONParser.parse(Array(data.utf8)) else { return nil }
      return (name, json)
    }
  }

  /// The `id:` values, in order.
  package static func ids(_ text: String) -> [UInt64] {
    text.components(separatedBy: "\n").compactMap { $0.hasPrefix("id: ") ? UInt64($0.dropFirst(4)) : nil }
  }
}

/// A topic library for live games: Fixtures/live/Capitals.json, a first set of three
/// questions (the second with two right answers, both mandatory; the third with an image
/// in the cache) and a second set of one, beside ServeTests' library.
package enum LiveLibrary {
  package static let imageURL = "https://images.example/cat.png"

  /// The library and image cache folders.
  package static func make() throws -> (library: TemporaryDirectory, cache: TemporaryDirectory) {
    let (library, cache) = try ServeLibrary.make()
    try FileManager.default.copyItem(
      at: Fixtures.url("live/Capitals.json"), to: library.url.appendingPathComponent("Capitals.json"))
    return (library, cache)
  }
}
