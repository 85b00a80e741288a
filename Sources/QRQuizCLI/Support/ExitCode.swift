/// qrquiz's exit codes, the same for every command (documented in `qrquiz --help` and the
/// README). ``ErrorReport`` is the one place that picks one for an error.
enum ExitCode: Int32, Comparable, CaseIterable {
  /// Everything worked.
  case success = 0
  /// An input is not what it should be: an invalid topic, a corrupt image, a bad payload,
  /// a save refused because the topic is there already.
  case invalidInput = 1
  /// The command line is wrong.
  case usage = 2
  /// Something to read is not there: a missing file, no QR code in an image, a missing
  /// part, an image not cached (offline), an HTTP 404 or 410.
  case notFound = 3
  /// The network failed: refused, timed out, an HTTP error, a redirect not followed.
  case network = 4
  /// An output could not be written.
  case outputFailed = 5
  /// Interrupted (Ctrl-C): 128 + SIGINT, as shells report it.
  case interrupted = 130
  /// A bug in qrquiz.
  case internalError = 70

  static func < (lhs: ExitCode, rhs: ExitCode) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The table in `qrquiz --help`.
  static var table: String {
    """
      0   success
      1   invalid input: an invalid topic, a corrupt image, text that is not a topic, a save refused
      2   usage error
      3   not found: a missing file, no QR code in an image, missing parts, not cached (offline), HTTP 404/410
      4   network failure: refused, timed out, an HTTP error, a redirect not followed
      5   an output could not be written
      70  internal error
      130 interrupted
    """
  }
}

/// A failure the CLI itself finds (the command line, a combination of inputs), with its
/// exit code and its one line.
struct CLIError: Error {
  var code: ExitCode
  var message: String

  init(_ code: ExitCode, _ message: String) {
    self.code = code
    self.message = message
  }

  static func usage(_ message: String) -> CLIError { CLIError(.usage, message) }
}
