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
      needs every question of a set to have as many answers as the first: a set that mixes
      answer counts is split into a set per count (said on standard error); --pad keeps it
      one set with answers no one picks ("None of these"), --strict refuses the questions
      that differ. A CSV file's header row is read loosely (Kahoot! and Quizizz templates
      saved as CSV work as they are); which columns were read as what is said. Only
      full-credit GIFT answers are right. A topic larger than a topic may be (16 MiB) is
      refused before anything is written. GIFT categories, CSV set columns and Open Trivia
      DB categories become sets, named in options.setNames. The topic goes to standard
      output unless -o or --save.
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
  @Flag("--replace", help: "with --save: replace a saved topic of that name (the old one is kept as a version)")
  var replace
  @Option("--name", value: "NAME", help: "the topic's name (default: the file's)") var name: String?
  @Flag("--skip-invalid", help: "import what can be; skip (and report) the rest") var skipInvalid
  @Flag("--pad", help: "keep a set of mixed answer counts whole: pad with answers no one picks") var pad
  @Flag("--split", help: "split sets by their questions' number of answers (the default)") var split
  @Flag("--strict", help: "refuse the questions whose answer count differs from their set's first") var strict
  @Option("--seed", value: "S", help: "seed for random answer places (Open Trivia DB, numbers)") var seed: UInt64?
  @OptionGroup var network: NetworkOptions

  func validate() throws(CLIError) {
    guard [pad, split, strict].filter({ $0 }).count <= 1 else {
      throw .usage("choose one of --pad, --split and --strict")
    }
    guard !replace || save else { throw .usage("--replace goes with --save") }
  }

  func run() async throws -> ExitCode {
    let source = TopicSource(argument: input)
    let bytes = try await network.reader.bytes(from: source)
    let options = TopicImporter.Options(
      name: name, skipInvalid: skipInvalid, answerCounts: pad ? .pad : strict ? .report : .split, seed: seed ?? 0)
    let imported: TopicImporter.Result
    do {
      imported = try TopicImporter.importTopic(bytes, format: format, fileName: fileName(of: source), options: options)
    } catch .invalidQuestions(let issues) {
      for issue in issues { Console.error("\(source): \(issue)") }
      let mixedCounts = issues.contains {
        if case .problem(.answerCountDiffers) = $0.reason { return true }
        return false
      }
      Console.error(
        "\(source): nothing imported: \(Plural.count(issues.count, "question")) cannot be "
          + (mixedCounts ? "(--split or --pad for sets of mixed answer counts; " : "(")
          + "--skip-invalid imports the rest)")
      return .invalidInput
    } catch {
      throw CLIError(.invalidInput, "\(source): \(error)")
    }
    for note in imported.notes { Console.error("\(source): \(note)") }
    for issue in imported.skipped { Console.error("\(source): skipped \(issue)") }
    return try TopicOutput.deliver(
      imported.topic, output: output, save: save, replace: replace, summary: "\(source): \(imported.summary)")
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
