/// qrquiz's exit codes, the same for every command (documented in `qrquiz help`).
enum ExitCode: Int32, Comparable {
  /// Everything worked.
  case success = 0
  /// An input is not what it should be: an invalid topic, a corrupt image, a bad payload.
  case invalidInput = 1
  /// The command line is wrong.
  case usage = 2
  /// Something to read is not there: a missing file, no QR code in an image, a missing part.
  case notFound = 3
  /// A download failed.
  case network = 4
  /// An output could not be written.
  case outputFailed = 5
  /// A bug in qrquiz.
  case internalError = 70

  static func < (lhs: ExitCode, rhs: ExitCode) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A failure the CLI reports as one line on stderr, exiting with `code`.
struct CLIError: Error {
  var code: ExitCode
  var message: String

  init(_ code: ExitCode, _ message: String) {
    self.code = code
    self.message = message
  }

  static func usage(_ message: String) -> CLIError { CLIError(.usage, message) }
}
