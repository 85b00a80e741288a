import Foundation
import QRQuiz
import QRQuizClassroom

/// `qrquiz stats`: the player's totals, as the app keeps them.
struct StatsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "stats",
    abstract: "Show (or reset) a player's statistics: total score, correct, wrong, completed sets.",
    discussion: """
      Statistics are kept per profile (the one in use, see qrquiz profile use; else the
      default player) in the records ($XDG_DATA_HOME/qrquiz/records.sqlite). A set counts towards the
      totals only the first time it is completed. Statistics that are not valid are set aside (kept as
      NAME.corrupt-TIME) and reported, never overwritten.
      """,
    examples: ["qrquiz stats", "qrquiz stats --json --profile Ada", "qrquiz stats --reset"])

  @Flag("--json", help: "one JSON object, for machines") var json
  @Flag("--reset", help: "set the totals back to zero (asked first on a terminal)") var reset
  @Flag("--yes", help: "with --reset: do not ask (for scripts)") var yes
  @Option("--profile", value: "NAME", help: "whose statistics (default: the profile in use)") var profile: String?

  func validate() throws(CLIError) {
    if yes, !reset { throw .usage("--yes goes with --reset") }
  }

  func run() async throws -> ExitCode {
    let name = try PlayerName.resolve(profile)
    let store = StatisticsStore(records: try Records.open())
    if reset {
      // A student's totals cannot be had back: asked on a terminal, said with --yes in scripts.
      if !yes {
        guard isatty(STDIN_FILENO) == 1 else {
          throw CLIError.usage("--reset cannot be undone: give --yes as well to reset without being asked")
        }
        let totals = try store.statistics(of: name).statistics
        Console.text(
          TerminalText.safe(
            "Reset the statistics of \(name) (total score \(totals.score), "
              + "\(Plural.count(totals.completedSets.values.reduce(0) { $0 + $1.count }, "completed set")))? [y/N] "))
        guard LineReader().readLine()?.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("y") == true else {
          Console.line("nothing reset")
          return .success
        }
      }
      try store.reset(profile: name)
      Console.line("statistics of \(name) reset")
      return .success
    }
    let loaded = try store.statistics(of: name)
    if let setAside = loaded.setAside {
      Console.error("the statistics of \(name) were corrupt; set aside as \(setAside)")
    }
    let statistics = loaded.statistics
    if json {
      let completed: [(key: String, value: JSONValue)] = statistics.completedSets.sorted { $0.key < $1.key }.map {
        ($0.key, .array($0.value.map { .number($0 + 1) }))
      }
      Console.bytes(
        Array(
          (JSONLine.object([
            ("profile", .string(name)), ("score", .number(statistics.score)), ("correct", .number(statistics.correct)),
            ("wrong", .number(statistics.wrong)), ("completedSets", .object(completed)),
          ]) + "\n").utf8))
      return .success
    }
    Console.line("\(name): total score \(statistics.score), \(statistics.correct) correct, \(statistics.wrong) wrong")
    for (topic, sets) in statistics.completedSets.sorted(by: { $0.key < $1.key }) {
      Console.line(
        "  \(topic): \(Plural.noun("set", sets.count)) \(sets.map { String($0 + 1) }.joined(separator: ", ")) completed"
      )
    }
    return .success
  }
}
