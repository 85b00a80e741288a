import QRQuiz

/// `qrquiz review replay`: flash cards scheduled by FSRS-6. Only the replay of a review
/// log for now; studying the cards due (`qrquiz review TOPIC…`) comes with the database.
struct ReviewCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "review",
    synonyms: ["fsrs", "srs"],
    abstract: "Flash cards scheduled by FSRS-6 (for now only 'replay': a review log through the scheduler).",
    discussion: """
      FSRS-6 (the Free Spaced Repetition Scheduler, Anki's since 23.10) schedules each card
      for the day its recall is predicted to fall to the desired retention. 'replay' runs a
      review log through it, as a history from another program is brought in and as the
      scheduler is checked against the reference implementation (py-fsrs). Studying the
      cards due is not here yet.
      """,
    examples: [
      "qrquiz review replay reviews.csv", "qrquiz review replay reviews.csv --retention 0.85 --learning-steps 5m",
    ],
    subcommands: [Replay.self])
}

extension StudySteps: ExpressibleByArgument {
  init?(argument: String) { self.init(text: argument) }
  static var expectation: String { syntax }
  var argumentText: String { description.isEmpty ? "''" : description }
}
