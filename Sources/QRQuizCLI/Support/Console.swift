import Foundation
import QRQuiz
import QRQuizFiles

/// Writing to the terminal and to files, the same way in every command. Text from outside
/// (topics, QR codes, servers, file names) goes through ``TerminalText`` here, so nothing
/// a stranger wrote can drive the terminal; only `--raw` output is passed through as it is.
enum Console {
  /// Help and other text this program wrote itself.
  static func text(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }

  /// One line on stdout, made safe.
  static func line(_ text: String) { FileHandle.standardOutput.write(Data((TerminalText.safe(text) + "\n").utf8)) }

  /// One tab-separated line on stdout; each field made safe (a tab inside a field is
  /// escaped, so columns stay columns).
  static func row(_ fields: [String]) {
    FileHandle.standardOutput.write(Data((fields.map { TerminalText.safe($0) }.joined(separator: "\t") + "\n").utf8))
  }

  /// Bytes exactly as they are: `--raw` output, PNGs to a pipe, JSON already escaped.
  static func bytes(_ bytes: [UInt8]) { FileHandle.standardOutput.write(Data(bytes)) }

  /// One line on stderr, made safe.
  static func error(_ text: String) { FileHandle.standardError.write(Data((TerminalText.safe(text) + "\n").utf8)) }

  /// Writes `bytes` to a file (atomically when it is a regular file), or stdout for `-`.
  static func write(_ bytes: [UInt8], to path: String) throws(FileSystemError) {
    if path == "-" {
      self.bytes(bytes)
      return
    }
    try AtomicFile.write(bytes, to: URL(fileURLWithPath: path))
  }
}
