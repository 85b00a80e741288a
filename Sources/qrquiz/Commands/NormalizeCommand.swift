import QRQuiz

/// `qrquiz normalize FILE [-o OUT]`: the canonical compact JSON of a valid topic.
enum NormalizeCommand {
  static let usage = "qrquiz normalize FILE [-o OUT]   (FILE may be - for stdin)"

  static func run(_ arguments: [String]) throws(CLIError) -> ExitCode {
    let parsed = try Arguments(arguments, options: [.value("-o", "--output")])
    guard parsed.positionals.count == 1 else { throw .usage("normalize takes one file\nusage: \(usage)") }
    let (_, topic) = try TopicInput.loadValid(parsed.positionals[0])
    try Console.write(Array((topic.normalizedJSON + "\n").utf8), to: parsed.value("-o") ?? "-")
    return .success
  }
}
