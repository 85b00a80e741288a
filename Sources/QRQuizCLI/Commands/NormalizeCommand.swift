import QRQuiz

/// `qrquiz normalize TOPIC [-o OUT]`: the canonical compact JSON of a valid topic.
struct NormalizeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "normalize",
    abstract: "Print a valid topic's canonical compact JSON; the app reads it the same.",
    discussion: """
      `correct` is merged into a sorted `correctAnswers`, keys come in a fixed order, controls
      and bidi overrides are written as \\u escapes. Normalising twice gives the same bytes.
      """,
    examples: ["qrquiz normalize Social.json", "qrquiz normalize - < quiz.json > quiz.min.json"])

  @Argument(.topic) var topic: String
  @Option("-o", "--output", value: "FILE", help: "write here instead of standard output", completion: .file)
  var output: String?
  @OptionGroup var network: NetworkOptions

  func run() async throws -> ExitCode {
    let topic = try await TopicArgument(topic).topic(reader: network.reader)
    try Console.write(Array((topic.normalizedJSON + "\n").utf8), to: output ?? "-")
    return .success
  }
}
