import QRQuiz
import QRQuizFiles

extension ReviewCommand {
  struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
      name: "replay", abstract: "Replay a review log through FSRS-6: each review's card state, as CSV.",
      discussion: """
        LOG.csv has a header naming the columns card, time and rating (others are ignored):
        any card id, an ISO 8601 UTC time such as 2026-01-05T08:00:00Z, a rating from 1 to 4
        (again, hard, good, easy); cards interleaved, each card's rows in time order. Each row
        is printed as card,time,rating,state,step,stability,difficulty,due: the card after
        that review (state learning, review or relearning; step its learning step, empty in
        review; stability in days and difficulty from 1 to 10, every digit; due to the
        second), fuzz off. A bad row refuses the whole log, naming its line, and nothing is
        printed.
        """,
      examples: [
        "qrquiz review replay reviews.csv > states.csv",
        "qrquiz review replay reviews.csv --retention 0.85 --learning-steps 5m,30m --relearning-steps ''",
        "qrquiz review replay reviews.csv --parameters 0.212,1.2931,2.3065,8.2956,6.4133,0.8334,3.0194,0.001,"
          + "1.8722,0.1666,0.796,1.4835,0.0614,0.2629,1.6483,0.6014,1.8729,0.5425,0.0912,0.0658,0.1542",
      ])

    @Argument(value: "LOG.csv", help: "the review log (- for standard input)", completion: .file) var log: String
    @Option("--retention", value: "R", help: "the desired retention, between 0 and 1") var retention = 0.9
    @Option("--learning-steps", value: "STEPS", help: "a new card's steps ('' for none)")
    var learningSteps = StudySteps.defaultLearning
    @Option("--relearning-steps", value: "STEPS", help: "a forgotten card's steps ('' for none)")
    var relearningSteps = StudySteps.defaultRelearning
    @Option("--maximum-interval", value: "DAYS", help: "the longest interval", range: 1...FSRSScheduler.longestInterval)
    var maximumInterval = FSRSScheduler.longestInterval
    @Option("--parameters", value: "W0,…,W20", help: "FSRS-6's 21 weights (default: the reference's)")
    var parameters: String?

    func validate() throws(CLIError) {
      guard retention > 0, retention < 1 else { throw .usage("--retention must be between 0 and 1, not \(retention)") }
      if let parameters {
        do {
          _ = try FSRSParameters(text: parameters)
        } catch {
          throw .usage("--parameters: \(error)")
        }
      }
    }

    func run() async throws -> ExitCode {
      let weights = try parameters.map { text throws in try FSRSParameters(text: text) } ?? .standard
      let scheduler = try FSRSScheduler(
        parameters: weights, desiredRetention: retention, learningSteps: learningSteps,
        relearningSteps: relearningSteps, maximumInterval: maximumInterval, fuzz: false)
      let source = TopicSource(argument: log).description
      let bytes: [UInt8]
      do {
        bytes =
          log == "-"
          ? try BoundedFile.readStandardInput(limit: ReviewReplay.maximumSize)
          : try BoundedFile.read(log, limit: ReviewReplay.maximumSize)
      } catch {
        switch error {
        case .file(let failure): throw failure
        case .tooLarge(let size, let limit):
          throw ReviewReplay.Error(source: source, line: nil, problem: .tooLarge(size ?? limit + 1))
        }
      }
      // Everything is replayed before anything is printed: a bad row prints nothing.
      Console.bytes(try ReviewReplay.replay(bytes, source: source, scheduler: scheduler))
      return .success
    }
  }
}
