import Foundation
import QRQuiz
import QRQuizInterchange

/// `qrquiz import FILE`: questions from GIFT, Aiken, CSV, an Excel workbook, Open Trivia DB,
/// Moodle XML, QTI, Quizlet or an Anki deck as a topic.
struct ImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "import",
    abstract:
      "Make a topic from GIFT, Aiken, CSV or xlsx, Open Trivia DB, Moodle XML, QTI, Quizlet or Anki (.apkg) questions.",
    discussion: """
      The format is told from the file's extension or its text unless --from says it. Every
      question that cannot become one the app accepts is reported with its line and reason;
      then nothing is written (exit 1) unless --skip-invalid, which imports the rest.

      The questions keep the file's order: the topic says questionsInRandomOrder false, so
      the app asks them as the file lists them; --shuffle lets it shuffle them instead. The
      app needs every question of a set to have as many answers as the first: a set that
      mixes answer counts (true/false among 4-answer questions) is split into sets of
      consecutive questions, in order ("Questions 1-3", "Question 4", "Questions 5-9"),
      marked as one list (options.setGroups) and said on standard error; --pad keeps it one
      set with answers no one picks ("None of these"), --strict refuses the questions that
      differ.

      A CSV file's header row is read loosely, and the templates teachers download work as
      they are: Kahoot!'s (title and instruction rows, numbering column, time limit),
      Quizizz's (question types: Multiple Choice and Checkbox are imported, the others
      reported by line), Blooket's; which columns were read as what is said. Their correct
      columns hold answer positions: 1 is the first answer, never an answer whose text is
      "1". In another CSV, a correct answer that is both a position and an answer's text
      (1 where the answers are 2, 3, 4, 1) is refused with both readings unless
      --correct-is says which. Time limits and answer explanations become the questions'
      seconds and explanation. A CSV saved by Excel on Windows (Windows-1252) or as
      "Unicode text" (UTF-16) is read as such, and said. An Excel workbook (.xlsx, as Kahoot!
      and Quizizz hand out their templates) is read as its first sheet saved as CSV would be,
      refusals named by row and the question's first words.

      QTI (--from qti, or told from a package's imsmanifest.xml): QTI 2.1, 2.2 and 3.0 items
      and content packages, in the manifest's order; each choice interaction a question, its
      correctResponse the key; any other interaction (text entry, order, match, hotspot …)
      is reported by name with the item's identifier and title.

      Moodle XML: multichoice, truefalse and numerical questions; categories become sets;
      partial credit the app cannot give and every other question type are reported by
      name. Pictures the file embeds are checked and re-encoded as the editor's uploads
      are: with --save they are stored with the library (qrquiz serve serves them, at
      --public-url or this machine's address on port 8080), with -o written beside the
      topic. Quizlet: a card a line, term and definition separated by a tab
      (--term-separator and --card-separator for others); each card asks its term, with
      its definition and one other card's (flash cards, qrquiz cards), or --quiz N answers.

      Anki (.apkg, as Anki or genanki exports a deck, either of Anki's layouts): each note
      asks its first field, its second the right answer, the wrong answer another note's
      (--quiz N for more), said on standard error; HTML is shown as text, sounds are left
      out, the question's first picture comes along as Moodle's do. With --save, the
      deck's review history (its first cards') goes into the study log of the profile in
      use, so qrquiz review schedules the cards as Anki would.

      Only full-credit GIFT answers are right; [html] text is shown as plain text, <br>
      and paragraphs as line breaks. A topic larger than a topic may be (16 MiB) is refused
      before anything is written. The topic goes to standard output unless -o or --save.
      """,
    examples: [
      "qrquiz import quiz.gift -o quiz.json", "qrquiz import questions.csv --save --name 'Year 7 science'",
      "qrquiz import moodle-export.xml --save --public-url http://192.168.1.20:8080",
      "qrquiz import KahootQuizTemplate.xlsx --save --name 'Fractions'",
      "qrquiz import items.zip --from qti -o quiz.json",
      "qrquiz import - --from quizlet --quiz 4 --save --name 'Spanish verbs'",
      "qrquiz import Spanish.apkg --save --name 'Spanish verbs'",
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
  @Flag("--shuffle", help: "let the app shuffle each set's questions (default: the file's order)") var shuffle
  @Option(
    "--correct-is", value: "READING",
    help: "what a CSV correct column's numbers and letters are: position (1 and A are the first answer) or text")
  var correctReading: CorrectAnswerReading?
  @Option("--seed", value: "S", help: "seed for random answer places (Open Trivia DB, numbers, Quizlet, Anki)")
  var seed: UInt64?
  @Option(
    "--quiz", value: "N", help: "Quizlet and Anki: N answers a card, other cards' answers wrong", range: 2...10,
    defaultText: "2, for flash cards")
  var quizAnswers: Int?
  @Option("--term-separator", value: "SEP", help: "Quizlet: between term and definition (default: a tab)")
  var termSeparator: String?
  @Option("--card-separator", value: "SEP", help: "Quizlet: between cards (default: a line break)")
  var cardSeparator: String?
  @Option("--public-url", value: "URL", help: "with --save, the address qrquiz serve has, for embedded pictures")
  var publicURL: String?
  @OptionGroup var network: NetworkOptions

  func validate() throws(CLIError) {
    guard [pad, split, strict].filter({ $0 }).count <= 1 else {
      throw .usage("choose one of --pad, --split and --strict")
    }
    guard !replace || save else { throw .usage("--replace goes with --save") }
    for separator in [termSeparator, cardSeparator].compactMap({ $0 }) where separator.isEmpty {
      throw .usage("a separator cannot be empty")
    }
    if let publicURL, !(publicURL.hasPrefix("http://") || publicURL.hasPrefix("https://")) {
      throw .usage("--public-url must start with http:// or https://, not '\(publicURL)'")
    }
  }

  func run() async throws -> ExitCode {
    let source = TopicSource(argument: input)
    let bytes = try await network.reader.bytes(from: source)
    var options = TopicImporter.Options(
      name: name, skipInvalid: skipInvalid, answerCounts: pad ? .pad : strict ? .report : .split, seed: seed ?? 0,
      shuffle: shuffle, correctAnswers: correctReading)
    options.termSeparator = termSeparator.map(Self.separator) ?? options.termSeparator
    options.cardSeparator = cardSeparator.map(Self.separator) ?? options.cardSeparator
    options.cardAnswers = quizAnswers ?? options.cardAnswers
    let imported: TopicImporter.Result
    do {
      imported = try TopicImporter.importTopic(bytes, format: format, fileName: fileName(of: source), options: options)
    } catch .invalidQuestions(let issues) {
      for issue in issues { Console.error("\(source): \(issue)") }
      Console.error("\(source): nothing imported: \(Self.refusal(issues))")
      return .invalidInput
    } catch {
      throw CLIError(.invalidInput, "\(source): \(error)")
    }
    for note in imported.notes { Console.error("\(source): \(Self.words(for: note))") }
    for issue in imported.skipped { Console.error("\(source): skipped \(issue)") }
    let placed = try ImportedPictures.place(imported, output: output, save: save, publicURL: publicURL)
    if let said = placed.said { Console.error("\(source): \(said)") }
    let delivered = try TopicOutput.deliver(
      placed.topic, output: output, save: save, replace: replace, summary: "\(source): \(imported.summary)")
    if !imported.reviews.isEmpty {
      Console.error(
        "\(source): "
          + (save
            ? try await ImportedHistory.record(imported.reviews, topic: placed.topic)
            : "the review history is not brought into the study log: --save brings it"))
    }
    return delivered
  }

  /// `N questions cannot be (hints)`: the hints are the flags that change the verdict.
  static func refusal(_ issues: [ImportIssue]) -> String {
    var hints: [String] = []
    if issues.contains(where: {
      if case .problem(.answerCountDiffers) = $0.reason { return true }
      return false
    }) {
      hints.append("--split or --pad for sets of mixed answer counts")
    }
    if issues.contains(where: {
      if case .ambiguousCorrectAnswer = $0.reason { return true }
      return false
    }) {
      hints.append("--correct-is position or --correct-is text says what the correct column holds")
    }
    hints.append("--skip-invalid imports the rest")
    return "\(Plural.count(issues.count, "question")) cannot be (" + hints.joined(separator: "; ") + ")"
  }

  /// A note as this command says it: the library's words, with the flag that changes it.
  static func words(for note: ImportNote) -> String {
    switch note {
    case .splitIntoRuns: "\(note) (--pad keeps one set)"
    case .padded: "\(note) (--split splits it instead)"
    default: note.description
    }
  }

  /// A separator as typed: `\t` and `tab` a tab, `\n` and `newline` a line break, `;` …
  static func separator(_ typed: String) -> String {
    switch typed {
    case "\\t", "tab": "\t"
    case "\\n", "newline": "\n"
    default: typed.replacingOccurrences(of: "\\n", with: "\n").replacingOccurrences(of: "\\t", with: "\t")
    }
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
extension CorrectAnswerReading: ArgumentChoice {}
