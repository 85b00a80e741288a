import Foundation
import QRQuizLocking

@testable import QRQuiz
@testable import QRQuizServer

/// A clock a test moves by hand.
final class ManualClock: Sendable {
  private let instant = Locked(QuizClock.Instant(Date(timeIntervalSince1970: 1_800_000_000)))

  var clock: LiveClock { LiveClock { [self] in instant.withLock { $0 } } }

  func advance(by seconds: Double) { instant.withLock { $0 = $0 + .seconds(seconds) } }
}

/// An event stream's receiving end in memory: what a game wrote to one client.
final class RecordedStream: EventSink, Sendable {
  private let state = Locked<(bytes: [UInt8], closed: Bool, gone: Bool)>(([], false, false))

  @discardableResult
  func send(_ bytes: [UInt8]) -> Bool {
    state.withLock { state in
      guard !state.closed, !state.gone else { return false }
      state.bytes += bytes
      return true
    }
  }

  func close() { state.withLock { $0.closed = true } }

  /// The client leaves (its next write fails).
  func leave() { state.withLock { $0.gone = true } }

  var isFinished: Bool { state.withLock { $0.closed || $0.gone } }
  var isClosed: Bool { state.withLock { $0.closed } }
  var text: String { state.withLock { String(decoding: $0.bytes, as: UTF8.self) } }

  /// The events so far: name and JSON.
  var events: [(name: String, data: JSONValue)] { LiveEvents.parse(text) }
}

enum LiveEvents {
  /// Server-sent events as a browser reads them: blocks split by a blank line, `event:`
  /// and `data:` lines; comments skipped.
  static func parse(_ text: String) -> [(name: String, data: JSONValue)] {
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
  static func ids(_ text: String) -> [UInt64] {
    text.components(separatedBy: "\n").compactMap { $0.hasPrefix("id: ") ? UInt64($0.dropFirst(4)) : nil }
  }
}

/// A topic library for live games: Fixtures/live/Capitals.json, a first set of three
/// questions (the second with two right answers, both mandatory; the third with an image
/// in the cache) and a second set of one, beside ServeTests' library.
enum LiveLibrary {
  static let imageURL = "https://images.example/cat.png"

  /// The library and image cache folders.
  static func make() throws -> (library: TemporaryDirectory, cache: TemporaryDirectory) {
    let (library, cache) = try ServeTests.library()
    try FileManager.default.copyItem(
      at: Fixtures.url("live/Capitals.json"), to: library.url.appendingPathComponent("Capitals.json"))
    return (library, cache)
  }
}
