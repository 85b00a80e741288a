import Foundation

/// A key pressed in raw mode.
enum Key: Sendable, Equatable {
  case character(Character)
  case enter, backspace, escape, up, down, left, right, tab
  /// Ctrl-C: quit, as an interrupt.
  case interrupt
  /// Ctrl-D.
  case endOfFile
}

/// Everything a player waits for, in one stream: keys (full-screen) or lines (plain),
/// clock ticks for the countdown, and images that finished loading.
enum InputEvent: Sendable {
  case key(Key)
  case line(String)
  /// Standard input ended.
  case endOfInput
  case tick
  case imageReady(String)
}

/// Merges the sources of ``InputEvent``s. Readers of standard input run on threads of
/// their own (a blocking read must not hold a Swift concurrency thread).
final class InputEvents: Sendable {
  let stream: AsyncStream<InputEvent>
  private let continuation: AsyncStream<InputEvent>.Continuation

  init() {
    (stream, continuation) = AsyncStream.makeStream(of: InputEvent.self)
  }

  func send(_ event: InputEvent) { continuation.yield(event) }

  /// The one reader of the events: the player, on one task.
  func makeReader() -> EventReader { EventReader(stream.makeAsyncIterator()) }

  /// Reads raw keys from standard input until it ends.
  func readKeys() {
    let continuation = continuation
    Thread.detachNewThread {
      var parser = KeyParser()
      var buffer = [UInt8](repeating: 0, count: 64)
      while true {
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else {
          continuation.yield(.endOfInput)
          return
        }
        for key in parser.keys(in: buffer[..<count]) { continuation.yield(.key(key)) }
      }
    }
  }

  /// Reads lines from standard input until it ends.
  func readLines() {
    let continuation = continuation
    Thread.detachNewThread {
      while let line = readLine(strippingNewline: true) { continuation.yield(.line(line)) }
      continuation.yield(.endOfInput)
    }
  }

  /// A tick every `interval` seconds, for as long as the stream is read.
  func tick(every interval: Double) {
    let continuation = continuation
    Task.detached {
      while true {
        try? await Task.sleep(nanoseconds: UInt64(interval * 1e9))
        if case .terminated = continuation.yield(.tick) { return }
      }
    }
  }
}

/// Turns bytes from a raw terminal into keys: UTF-8 characters, control keys, and the
/// arrow keys' escape sequences.
struct KeyParser {
  private var pending: [UInt8] = []

  mutating func keys(in bytes: ArraySlice<UInt8>) -> [Key] {
    pending += bytes
    var keys: [Key] = []
    var index = 0
    while index < pending.count {
      let byte = pending[index]
      switch byte {
      case 0x03: keys.append(.interrupt)
      case 0x04: keys.append(.endOfFile)
      case 0x09: keys.append(.tab)
      case 0x0A, 0x0D: keys.append(.enter)
      case 0x08, 0x7F: keys.append(.backspace)
      case 0x1B:
        // ESC [ A…D are arrows; a lone ESC is the escape key.
        if index + 2 < pending.count, pending[index + 1] == 0x5B {
          switch pending[index + 2] {
          case 0x41: keys.append(.up)
          case 0x42: keys.append(.down)
          case 0x43: keys.append(.right)
          case 0x44: keys.append(.left)
          default: break
          }
          index += 3
          continue
        }
        keys.append(.escape)
      case 0x20..<0x7F: keys.append(.character(Character(Unicode.Scalar(byte))))
      case 0xC0...0xF7:
        // A UTF-8 sequence: wait for the whole of it.
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
        guard index + length <= pending.count else {
          pending.removeFirst(index)
          return keys
        }
        if let text = String(validating: pending[index..<index + length], as: UTF8.self), let character = text.first {
          keys.append(.character(character))
        }
        index += length
        continue
      default: break
      }
      index += 1
    }
    pending.removeAll()
    return keys
  }
}

/// Reads ``InputEvent``s one at a time. Used by one task only (not `Sendable`).
final class EventReader {
  private var iterator: AsyncStream<InputEvent>.Iterator

  init(_ iterator: AsyncStream<InputEvent>.Iterator) { self.iterator = iterator }

  /// The next event; `nil` once the stream ended.
  func next() async -> InputEvent? { await iterator.next(isolation: #isolation) }
}

@available(*, unavailable, message: "one reader, one task")
extension EventReader: Sendable {}
