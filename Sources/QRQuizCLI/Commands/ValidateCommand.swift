import QRQuiz

/// `qrquiz validate TOPIC…`: the app's verdict on each topic, with every problem.
struct ValidateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "validate",
    synonyms: ["lint", "check", "verify"],
    abstract: "Check topics with exactly the app's verdicts; list every problem and warning.",
    discussion: """
      Each problem names its JSON path and, in the app's words, the set, question and answer.
      Warnings (a missing name, an http image URL, answers that differ only by case) never
      change the verdict, nor do notes (a question with more right answers than the topic's
      other questions: the app allows it). The exit code is 0 only when every topic is valid.
      """,
    examples: ["qrquiz validate Social.json broken.json", "qrquiz validate --json topics/*.json | jq ."])

  @Argument(.topic) var topics: [String]
  @Flag("--json", help: "one JSON object per topic, for machines") var json
  @OptionGroup var network: NetworkOptions

  func validate() throws(CLIError) {
    guard !topics.isEmpty else { throw .usage("validate needs at least one topic") }
  }

  func run() async throws -> ExitCode {
    var exitCode = ExitCode.success
    let reader = network.reader
    for topic in topics {
      let label = TopicSource(argument: topic).description
      do {
        let document = try await TopicArgument(topic).document(reader: reader)
        if !document.isValid { exitCode = max(exitCode, .invalidInput) }
        if json {
          Console.bytes(Array((ValidationReport.json(file: label, document: document) + "\n").utf8))
        } else {
          for line in ValidationReport.lines(file: label, document: document) { Console.line(line) }
        }
      } catch {
        exitCode = max(exitCode, ErrorReport.exitCode(for: error))
        if json {
          let line = ValidationReport.json(file: label, error: ErrorReport.message(for: error))
          Console.bytes(Array((line + "\n").utf8))
        } else {
          ErrorReport.report(error)
        }
      }
    }
    return exitCode
  }
}
