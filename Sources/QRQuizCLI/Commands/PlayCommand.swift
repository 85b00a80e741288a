import Foundation
import QRQuiz
import QRQuizClassroom

/// `qrquiz play TOPIC`: take a quiz as the Questions app plays it.
struct PlayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "play",
    abstract: "Play a topic as the Questions app does: a set with its timer, help and score, or a sampled quiz.",
    discussion: """
      TOPIC is a topic file, an http(s) URL, a saved topic's name, - for standard input, or
      an image holding a topic's QR code(s). The player picks a set (or --set N); a topic
      imported from one list whose answer counts made it several sets (a true/false question
      among four-answer ones) offers the list as one choice, played in its order (--set names
      its first set), as live games and the web player play it. The set is
      played with the topic's options: shuffled questions, one countdown for the set, help
      that hides a wrong answer (-5 points, at most 2 a question, with 3 or more answers and
      a total score of 5 or more), right/wrong after each pick, and all correct answers to
      pick when they are mandatory. A set scores 20 a correct pick, -10 a wrong one, -5 a
      help; a set not all right may be repeated twice, the total score restored.

      On a terminal the game is full-screen (keys: 1-9 and letters pick, h help, q quit);
      with --plain, or when standard input is not a terminal, it is plain lines: one answer
      per line (1, 2,3, h, q). Statistics are kept per profile (qrquiz profile use): a set
      counts towards the totals only the first time it is completed (qrquiz stats).

      --sample 7,7,6 plays that many random questions of each set as one quiz, with results
      per category (the set names of options.setNames, else Set N).

      The game's words follow LC_ALL, LC_MESSAGES or LANG (es_ES.UTF-8: Spanish); the topic's
      own text is never translated.
      """,
    examples: [
      "qrquiz play Social.json", "qrquiz play 'Cool Social topic' --set 1",
      "qrquiz play photo.jpg --plain --seed 7 < answers.txt", "qrquiz play capitals.json --sample 5,5,5 --review",
    ])

  @Argument(.topic) var source: String
  @Option(
    "--set", value: "N", help: "the set to play (1-based; a list's first set: the whole list); asked for when absent")
  var set: Int?
  @Option(
    "--sample", value: "COUNTS",
    help: "random questions per set (7,7,6), or in all (20, spread over the sets), played as one quiz")
  var sample: CountList?
  @Option("--seed", value: "S", help: "seed for the shuffle and help: the same seed plays the same way")
  var seed: UInt64?
  @Flag("--plain", help: "plain lines, one answer per input line, even on a terminal") var plain
  @Flag("--review", help: "list the incorrect answers after the results") var review
  @Flag("--no-images", help: "do not show question images") var noImages
  @Option("--profile", value: "NAME", help: "play as this profile (default: the one in use)") var profile: String?
  @OptionGroup var loading: LoaderOptions

  func validate() throws(CLIError) {
    if let set, set < 1 { throw .usage("--set must be 1 or more, not '\(set)'") }
    if set != nil, sample != nil { throw .usage("choose --set or --sample, not both") }
  }

  func run() async throws -> ExitCode {
    let argument = try TopicArgument(source)
    let topic: ValidTopic
    do {
      topic = try await argument.topic(reader: loading.network.reader)
    } catch TopicError.invalid(let source, let problems, let count) {
      // Every problem, one line each, as qrquiz validate lists them, before anything is drawn.
      ValidationReport.reportProblems(problems, count: count, source: source)
      return .invalidInput
    }
    let setup = PlaySetup(
      topic: topic, profile: try playerName(), statistics: StatisticsStore(records: try Records.open()),
      images: noImages ? nil : QuestionImages(loader: try loading.loader()), seed: seed, review: review,
      language: TerminalWords.current.language)
    // Problems with the request are errors before anything is drawn.
    if let sample {
      _ = try argument.setUp { () throws(QuizSession.SetupError) in
        try QuizSession(topic: topic, sampling: sample.counts, totalScore: 0, seed: 0)
      }
    }
    if let set {
      _ = try argument.setUp { () throws(QuizSession.SetupError) in
        try QuizSession(topic: topic, sets: topic.setsPlayed(from: set), totalScore: 0, seed: 0)
      }
    }
    let events = InputEvents()
    if plain || !Terminal.isInteractive {
      let player = PlainPlayer(setup: setup, events: events)
      if let sample { return try await player.play(sample: sample.counts) }
      return try await player.play(set: set.map { $0 - 1 })
    }
    let player = try FullScreenPlayer(setup: setup, events: events)
    if let sample { return try await player.play(sample: sample.counts) }
    return try await player.play(set: set.map { $0 - 1 })
  }

  private func playerName() throws -> String { try PlayerName.resolve(profile) }
}

/// `7,7,6`: whole numbers, comma-separated.
struct CountList: ExpressibleByArgument {
  var counts: [Int]

  init?(argument: String) {
    let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
    let counts = parts.compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    guard !counts.isEmpty, counts.count == parts.count, counts.allSatisfy({ $0 >= 0 }) else { return nil }
    self.counts = counts
  }

  static var expectation: String { "whole numbers separated by commas, such as 7,7,6" }
}
