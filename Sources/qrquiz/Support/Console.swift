import Foundation
import QRQuiz

/// Writing to the terminal and to files, the same way in every command.
enum Console {
  static func out(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }
  static func outBytes(_ bytes: [UInt8]) { FileHandle.standardOutput.write(Data(bytes)) }
  static func error(_ text: String) { FileHandle.standardError.write(Data((text + "\n").utf8)) }

  /// Writes `bytes` to a file atomically, or to stdout for `-`.
  static func write(_ bytes: [UInt8], to path: String) throws(CLIError) {
    if path == "-" {
      outBytes(bytes)
      return
    }
    do {
      try AtomicFile.write(bytes, to: URL(fileURLWithPath: path))
    } catch {
      throw CLIError(.outputFailed, "\(error)")
    }
  }
}
