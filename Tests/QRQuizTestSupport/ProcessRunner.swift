import Foundation

/// Runs a program to completion and captures its output, for end-to-end tests of the CLI
/// and of reference tools. Output goes through files, not pipes, so a chatty child can
/// never block on a full pipe.
package struct ProcessResult {
  package var status: Int32
  package var stdout: Data
  package var stderr: String
  package var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
}

package enum ProcessRunner {
  /// The `qrquiz` binary built next to the test bundle.
  package static var qrquiz: URL {
    let productsDirectory = Bundle.module.bundleURL.deletingLastPathComponent()
    return productsDirectory.appendingPathComponent("qrquiz")
  }

  /// Runs the built `qrquiz`. Without an `environment`, its data and cache folders are
  /// this test run's own (``isolatedEnvironment``), never the user's: a newer build's
  /// records in `~/.local/share/qrquiz` must not decide what a test sees.
  package static func qrquiz(_ arguments: [String], stdin: Data? = nil, environment: [String: String]? = nil) throws
    -> ProcessResult
  {
    try run(qrquiz, arguments, stdin: stdin, environment: environment ?? isolatedEnvironment)
  }

  /// The environment with `XDG_DATA_HOME`, `XDG_CONFIG_HOME` and `QRQUIZ_CACHE_DIR` in a
  /// folder made once for this test run, in the temporary folder (never the user's).
  package static let isolatedEnvironment: [String: String] = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "qrquiz-tests-home-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
    environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
    environment["QRQUIZ_CACHE_DIR"] = folder.appendingPathComponent("cache").path
    // A developer's own server is never a test's: a test names its database itself.
    for variable in serverVariables { environment[variable] = nil }
    return environment
  }()

  /// The variables that set up `qrquiz serve` (a school's server's settings): a test sets
  /// the ones it tests, none comes from the developer's shell.
  package static let serverVariables = ["QRQUIZ_DATABASE", "QRQUIZ_HOST", "QRQUIZ_PORT", "QRQUIZ_PUBLIC_URL"]

  /// Runs `/usr/bin/env NAME …` so tools are found on PATH.
  package static func tool(_ name: String, _ arguments: [String]) throws -> ProcessResult {
    try run(URL(fileURLWithPath: "/usr/bin/env"), [name] + arguments)
  }

  /// Runs a program to its end, unless it hangs (`hangLimit`: by the processor time it uses,
  /// never by a number of seconds a busy machine can outlast).
  package static func run(
    _ executable: URL, _ arguments: [String], stdin: Data? = nil, environment: [String: String]? = nil,
    workingDirectory: URL? = nil, hangLimit: HangLimit = .standard
  ) throws -> ProcessResult {
    let started = try Started(
      executable, arguments, stdin: stdin, environment: environment, workingDirectory: workingDirectory)
    return try started.result(started.process.wait(until: { false }, hangLimit: hangLimit))
  }

  /// `run` for a program that takes long (a browser check, a fuzz replay): the test awaits it
  /// without holding one of the cooperative pool's threads, so the other tests go on.
  package static func runLong(
    _ executable: URL, _ arguments: [String], environment: [String: String]? = nil, hangLimit: HangLimit
  ) async throws -> ProcessResult {
    let started = try Started(executable, arguments, stdin: nil, environment: environment, workingDirectory: nil)
    return try started.result(await started.process.waited(until: { false }, hangLimit: hangLimit))
  }

  /// A child started with its output going to files in a scratch folder.
  private struct Started {
    let scratch: TemporaryDirectory
    let process: ChildProcess
    let command: String
    var outURL: URL { scratch.url.appendingPathComponent("stdout") }
    var errURL: URL { scratch.url.appendingPathComponent("stderr") }

    init(
      _ executable: URL, _ arguments: [String], stdin: Data?, environment: [String: String]?,
      workingDirectory: URL?
    ) throws {
      scratch = try TemporaryDirectory()
      command = ([executable.path] + arguments).joined(separator: " ")
      let inURL = stdin == nil ? nil : scratch.url.appendingPathComponent("stdin")
      if let stdin, let inURL { try stdin.write(to: inURL) }
      process = try ChildProcess(
        executable, arguments, environment: environment, workingDirectory: workingDirectory,
        stdin: inURL.map { .file($0) } ?? .null,
        stdout: scratch.url.appendingPathComponent("stdout"), stderr: scratch.url.appendingPathComponent("stderr"))
    }

    /// Its result once it ended; if it hangs, SIGKILL, which a hung program cannot ignore.
    func result(_ outcome: ChildProcess.WaitOutcome) throws -> ProcessResult {
      if case .hung(let reason) = outcome {
        process.killNow()
        // Which command, why it counts as hung, and what it had said.
        let said = String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self)
        throw CocoaError(
          .executableLoad,
          userInfo: [NSLocalizedDescriptionKey: "\(command) hung: \(reason); stderr: \(said.prefix(500))"])
      }
      return ProcessResult(
        status: process.terminationStatus,
        stdout: try Data(contentsOf: outURL),
        stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
  }
}
