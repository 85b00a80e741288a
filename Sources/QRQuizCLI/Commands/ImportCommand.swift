import Foundation
import QRQuiz

/// `qrquiz import FILE`: questions from GIFT, Aiken, CSV or Open Trivia DB as a topic.
struct ImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "import",
    abstract: "Make a topic from GIFT (Moodle), Aiken, CSV or Open Trivia DB questions.",
    discussion: """
      The format is told from the file's extension or its text unless --from says it. Every
      question that cannot become one the app accepts is reported with its line and reason;
      then nothing is written (exit 1) unless --skip-invalid, which imports the rest. The app
      needs every question of a set to have as many answers as the first: --pad adds wrong
      filler answers, --split makes a set per number of answers; otherwise they are reported.
      GIFT categories, CSV set columns and Open Trivia DB categories become sets, named in
      options.setNames. The topic goes to standard output unless -o or --save.
      """,
    examples: [
      "qrquiz import quiz.gift -o quiz.json", "qrquiz import questions.csv --save --name 'Year 7 science'",
      "qrquiz import 'https://opentdb.com/api.php?amount=10' --from opentdb --seed 3 --save",
    ])

  @Argument(value: "FILE", help: "a file, an http(s) URL, or - for standard input", completion: .file)
  var input: String
  @Option("--from", value: "FORMAT", help: "the format, when it cannot be told") var format: ImportFormat?
  @Option("-o", "--output", value: "FILE", help: "write the topic here", completion: .file) var output: String?
  @Flag("--save", help: "save the topic in the topic library") var save
  @Option("--name", value: "NAME", help: "the topic's name (default: the file's)") var name: String?
  @Flag("--skip-invalid", help: "import what can be; skip (and report) the rest") var skipInvalid
  @Flag("--pad", help: "give questions with fewer answers wrong filler answers") var pad
  @Flag("--split", help: "split sets by their questions' number of answers") var split
  @Option("--seed", value: "S", help: "seed for random answer places (Open Trivia DB, numbers)") var seed: UInt64?
  @OptionGroup var network: NetworkOptions

  func validate() throws(CLIError) {
    guard !(pad && split) else { throw .usage("choose --pad or --split, not both") }
  }

  func run() async throws -> ExitCode {
    let source = TopicSource(argument: input)
    let bytes = try await network.reader.bytes(from: source)
    let options = TopicImporter.Options(
      name: name, skipInvalid: skipInvalid, answerCounts: pad ? .pad : split ? .split : .report, seed: seed ?? 0)
    let imported: TopicImporter.Result
    do {
      imported = try TopicImporter.importTopic(bytes, format: format, fileName: fileName(of: source), options: options)
    } catch .invalidQuestions(let issues) {
      for issue in issues { Console.error("\(source): \(issue)") }
      Console.error(
        "\(source): nothing imported: \(Plural.count(issues.count, "question")) cannot be (see --skip-invalid)"
      )
      return .invalidInput
    } catch {
      throw CLIError(.invalidInput, "\(source): \(error)")
    }
    for issue in imported.skipped { Console.error("\(source): skipped \(issue)") }
    return try TopicOutput.deliver(
      imported.topic, output: output, save: save, summary: "\(source): \(imported.summary)")
  }

  /// The name whose extension says the format.
  private func fileName(of source: TopicSource) -> String? {
    switch source {
    case .file(let path): path
    case .url(let url): url.path
    case .standardInput: nil
    }
  }
}

extension ImportFormat: ArgumentChoice {}
