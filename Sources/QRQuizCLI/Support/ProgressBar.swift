import Foundation
import QRQuiz
import QRQuizLocking

/// A one-line progress bar on stderr, drawn only when stderr is a terminal.
final class ProgressBar: Sendable {
  private let label: String
  private let enabled = isatty(STDERR_FILENO) == 1
  private let lastDrawn = Locked(-1)

  init(label: String) { self.label = label }

  func update(_ done: Int, _ total: Int) {
    guard enabled, total > 0 else { return }
    let width = 30
    let filled = done * width / total
    // Redraw only when the bar moves, not for every image.
    guard
      lastDrawn.withLock({ previous in
        defer { previous = filled }
        return previous != filled || done == total
      })
    else { return }
    let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
    FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total) \(label)".utf8))
  }

  func finish() {
    if enabled, lastDrawn.withLock({ $0 }) >= 0 { FileHandle.standardError.write(Data("\n".utf8)) }
  }
}
