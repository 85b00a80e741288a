internal import CQRQuizCLI
import Foundation
import QRQuiz

/// `qrquiz new`: write a topic step by step, as the app's creator asks.
struct NewCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "new",
    synonyms: ["create", "make"],
    abstract: "Write a new topic step by step, checked as you type, and save it, write it or show its QR code.",
    discussion: """
      Asks for the name and options (the app's defaults in brackets), the number of sets, then
      each question, its answers, which are correct, and an image URL. A problem is said where
      it is typed ("Answer 3 repeats answer 1") and the prompt comes again. At any prompt:
      /back goes back one step, /list shows the topic so far, /done finishes.
      Without a terminal, it reads one answer per line from standard input; the end of input
      finishes. On a terminal, Ctrl-D asks whether to keep what is there; Ctrl-C writes nothing.
      The prompts follow LC_ALL, LC_MESSAGES or LANG (es_ES.UTF-8: Spanish).
      """,
    examples: ["qrquiz new --save", "qrquiz new -o quiz.json --terminal", "qrquiz new < answers.txt > quiz.json"])

  @Option("-o", "--output", value: "FILE", help: "write the topic here", completion: .file) var output: String?
  @Flag("--save", help: "save the topic in the topic library") var save
  @Flag("--terminal", help: "show the topic's QR code in the terminal at the end") var terminal
  @Flag("--plain", help: "no questions at the end: standard output unless -o or --save") var plain

  func run() async throws -> ExitCode {
    let interactive = !plain && isatty(STDIN_FILENO) == 1
    if interactive { Self.cancelOnInterrupt() }
    let words = TerminalWords.current
    var creator = Creator(words: words)
    let input = LineReader()
    while !creator.isFinished {
      Console.text(creator.prompt + " ")
      guard let line = input.readLine() else {
        Console.text("\n")
        // Ctrl-D on a terminal: keep what is there, or nothing.
        if interactive {
          Console.text(words(.keepAtEndOfInput) + " ")
          guard let answer = input.readLine(), words.isYes(answer) else {
            Console.error(words(.nothingWritten))
            return .success
          }
        }
        creator.finish()
        break
      }
      // Piped input is echoed after its prompt, made safe like every other line: it may be
      // a stranger's file, and standard output a terminal.
      if !interactive { Console.line(line) }
      if let message = creator.enter(line) {
        for messageLine in message.split(separator: "\n", omittingEmptySubsequences: false) {
          Console.line(String(messageLine))
        }
      }
    }
    let topic: ValidTopic
    do {
      topic = try creator.draft.topic()
    } catch {
      Console.error(error.text(in: words.language) + "; " + words(.nothingWritten))
      return .invalidInput
    }
    var output = output
    var save = save
    var terminal = terminal
    if interactive, output == nil, !save, !terminal {
      save = Self.ask(words(.saveToLibrary), default: true, input: input, words: words)
      output = Self.askText(words(.writeToFile), input: input)
      terminal = Self.ask(words(.showQRCode), default: false, input: input, words: words)
    }
    if terminal {
      let symbols = try TopicQREncoder().encode(topic)
      let style = SymbolStyle(output: .terminal, layout: .grid, scale: 1, margin: 2)
      try SymbolOutput.write(symbols.matrices, to: "-", style: style)
    }
    let summary = words(
      .newSummary,
      [
        "topic": .text(topic.name),
        "questions": .text(words(.questions, ["count": .number(topic.topic.questions.count)])),
        "sets": .text(words(.sets, ["count": .number(topic.topic.sets.count)])),
      ])
    guard output != nil || save || !terminal else {
      Console.error(summary)
      return .success
    }
    return try TopicOutput.deliver(topic, output: output, save: save, summary: summary)
  }

  private static func ask(_ question: String, default value: Bool, input: LineReader, words: TerminalWords) -> Bool {
    Console.text(question + " ")
    guard let answer = input.readLine()?.trimmingCharacters(in: .whitespaces), !answer.isEmpty else { return value }
    return words.isYes(answer)
  }

  private static func askText(_ question: String, input: LineReader) -> String? {
    Console.text(question + " ")
    guard let answer = input.readLine()?.trimmingCharacters(in: .whitespaces), !answer.isEmpty else { return nil }
    return answer
  }

  /// Ctrl-C leaves without writing anything, and says so.
  private static func cancelOnInterrupt() {
    // A plain signal handler, not a dispatch signal source: with the main thread in a read
    // of the terminal, the source once let Ctrl-C go unanswered for 30 s (a test run on a
    // loaded machine); the handler answers on whichever thread the signal lands.
    CQRQuizCLI_exit_on_interrupt(
      "\n" + TerminalWords.current(.cancelledNothingWritten) + "\n", ExitCode.interrupted.rawValue)
  }
}
