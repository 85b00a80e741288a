import Foundation

/// Lines from standard input, read with `read(2)` rather than stdio: on a terminal, Ctrl-D
/// ends one read only, and the next question can still be answered (stdio would remember
/// the end of file for good).
final class LineReader {
  private var buffer: [UInt8] = []

  /// The next line without its line break; `nil` at the end of input (for now, on a
  /// terminal).
  func readLine() -> String? {
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      if let newline = buffer.firstIndex(of: 0x0A) {
        let line = buffer[..<newline]
        buffer.removeSubrange(...newline)
        return String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
      }
      let count = read(STDIN_FILENO, &chunk, chunk.count)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else {
        guard !buffer.isEmpty else { return nil }
        defer { buffer.removeAll() }
        return String(decoding: buffer, as: UTF8.self)
      }
      buffer += chunk[..<count]
    }
  }
}
