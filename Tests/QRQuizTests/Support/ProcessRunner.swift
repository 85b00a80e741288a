import Foundation

/// Runs a program to completion and captures its output, for end-to-end tests of the CLI
/// and of reference tools. Output goes through files, not pipes, so a chatty child can
/// never block on a full pipe.
struct ProcessResult {
  var status: Int32
  var stdout: Data
  var stderr: String
  var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
}

enum ProcessRunner {
  /// The `qrquiz` binary built next to the test bundle.
  static var qrquiz: URL {
    let productsDirectory = Bundle.module.bundleURL.deletingLastPathComponent()
    return productsDirectory.appendingPathComponent("qrquiz")
  }

  static func qrquiz(_ arguments: [String], stdin: Data? = nil, environment: [String: String]? = nil) throws
    -> ProcessResult
  {
    try run(qrquiz, arguments, stdin: stdin, environment: environment)
  }

  /// Runs `/usr/bin/env NAME …` so tools are found on PATH.
  static func tool(_ name: String, _ arguments: [String]) throws -> ProcessResult {
    try run(URL(fileURLWithPath: "/usr/bin/env"), [name] + arguments)
  }

  static func run(
    _ executable: URL, _ arguments: [String], stdin: Data? = nil, environment: [String: String]? = nil,
    workingDirectory: URL? = nil, timeout: TimeInterval = 60
  ) throws -> ProcessResult {
    let scratch = try TemporaryDirectory()
    let outURL = scratch.url.appendingPathComponent("stdout")
    let errURL = scratch.url.appendingPathComponent("stderr")
    let inURL = stdin == nil ? nil : scratch.url.appendingPathComponent("stdin")
    if let stdin, let inURL { try stdin.write(to: inURL) }
    let process = try ChildProcess(
      executable, arguments, environment: environment, workingDirectory: workingDirectory,
      stdin: inURL.map { .file($0) } ?? .null,
      stdout: outURL, stderr: errURL)
    // Bounded wait; SIGKILL, which a hung program cannot ignore.
    guard process.wait(atMost: timeout) else {
      process.killNow()
      // Which command, and what it had said, so a stall can be told from a hang.
      let said = String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self)
      let command = ([executable.path] + arguments).joined(separator: " ")
      throw CocoaError(
        .executableLoad,
        userInfo: [
          NSLocalizedDescriptionKey: "\(command) timed out after \(Int(timeout)) s; stderr: \(said.prefix(500))"
        ])
    }
    return ProcessResult(
      status: process.terminationStatus,
      stdout: try Data(contentsOf: outURL),
      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
  }
}
