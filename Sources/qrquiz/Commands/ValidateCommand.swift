import QRQuiz

/// `qrquiz validate FILE… [--json]`: the app's verdict on each topic, with every problem.
enum ValidateCommand {
  static let usage = "qrquiz validate FILE|URL… [--json]   (FILE may be - for stdin)"

  static func run(_ arguments: [String]) async throws(CLIError) -> ExitCode {
    let parsed = try Arguments(arguments, options: [.flag("--json")])
    guard !parsed.positionals.isEmpty else { throw .usage("validate needs at least one file\nusage: \(usage)") }
    var exitCode = ExitCode.success
    for path in parsed.positionals {
      let name = InputFile.displayName(path)
      do {
        let document = try await TopicInput.loadAny(path)
        if !document.isValid { exitCode = max(exitCode, .invalidInput) }
        if parsed.has("--json") {
          Console.out(ValidationReport.json(file: name, document: document) + "\n")
        } else {
          Console.out(ValidationReport.text(file: name, document: document))
        }
      } catch {
        exitCode = max(exitCode, error.code)
        if parsed.has("--json") {
          Console.out(ValidationReport.json(file: name, error: error.message) + "\n")
        } else {
          Console.error(error.message)
        }
      }
    }
    return exitCode
  }
}
