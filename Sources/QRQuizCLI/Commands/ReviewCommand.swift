import Foundation
import QRQuiz
import QRQuizClassroom

/// `qrquiz review [TOPIC…]`: the cards due, scheduled by FSRS-6, rated as Anki rates them;
/// `qrquiz review replay LOG`: a review log through the scheduler.
struct ReviewCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "review",
    synonyms: ["fsrs", "srs", "study"],
    abstract: "Study the cards due, scheduled by FSRS-6 (spaced repetition, as Anki schedules).",
    discussion: """
      Each question of the topics given (by default every saved topic) is a flash card.
      The cards due come first, the longest overdue first, then new cards up to --new a
      day; a card rated Again, or still in its first steps, comes back before the end
      when it is due within 20 minutes. After the answer is shown, rate how well you
      recalled it: 1 Again, 2 Hard, 3 Good, 4 Easy; each button shows when the card would
      come back. Every review is saved in the records (per profile: qrquiz profile use)
      before the next card; the schedule is FSRS-6's (the Free Spaced Repetition
      Scheduler, Anki's since 23.10) with the desired retention given (9 in 10 by
      default). --due lists each topic's due and new cards and studies nothing.
      Keys (full-screen): space or Enter shows the answer, 1-4 rate, q quits. Plain
      (--plain, or standard input not a terminal): Enter shows the answer, then a line
      1-4 rates it, q quits. 'replay' runs a review log through the scheduler, as a
      history from another program is brought in (a topic named replay: ./replay).
      """,
    usage: "[options] [TOPIC…]  |  review replay LOG.csv [options]",
    examples: [
      "qrquiz review", "qrquiz review Capitals.json 'Periodic table' --new 10", "qrquiz review --due",
      "qrquiz review replay reviews.csv",
    ],
    subcommands: [Replay.self],
    runsWithoutSubcommand: true)

  @Argument(.topic) var topics: [String]
  @Option("--new", value: "N", help: "new cards a day", range: 0...9999) var newLimit = 20
  @Option("--retention", value: "R", help: "the desired retention, 0.70 to 0.99 (default 0.9)") var retention = 0.9
  @Option("--profile", value: "NAME", help: "study as this profile (default: the one in use)") var profile: String?
  @Flag("--due", help: "list each topic's due and new cards, and study nothing") var listDue
  @Flag("--plain", help: "plain lines, one command per input line") var plain
  @OptionGroup var network: NetworkOptions

  /// Studying keeps to the retentions Anki offers: below 0.70 a student forgets most of
  /// what they study, above 0.99 the reviews come every day for ever.
  static let studyRetentions = 0.70...0.99

  func validate() throws(CLIError) {
    guard Self.studyRetentions.contains(retention) else {
      throw .usage("--retention must be between 0.70 and 0.99 for studying, not \(retention)")
    }
    // The keys or answer lines come on standard input; a topic read from it leaves none.
    if topics.contains("-"), !listDue {
      throw .usage("a topic cannot come from standard input while the answers do: give it as a file")
    }
  }

  func run() async throws -> ExitCode {
    let deck = try await StudyDeck(topics: topics, reader: network.reader)
    let scheduler = try FSRSScheduler(desiredRetention: retention)
    let log = StudyLog(records: try Records.open(), profile: try PlayerName.resolve(profile))
    var session = StudySession(
      deck: deck, scheduler: scheduler, log: log, replayed: try log.cards(scheduler: scheduler), newLimit: newLimit)
    if listDue {
      session.listDue()
      return .success
    }
    guard !deck.items.isEmpty else {
      Console.line(TerminalWords.current(.reviewNoCards))
      return .success
    }
    return try await session.run(plain: plain || !Terminal.isInteractive)
  }
}

extension StudySteps: ExpressibleByArgument {
  init?(argument: String) { self.init(text: argument) }
  static var expectation: String { syntax }
  var argumentText: String { description.isEmpty ? "''" : description }
}
