import Foundation
import QRQuiz
import QRQuizTestSupport
import Testing

/// `qrquiz review replay` as a program: CSV out on stdout, and each refusal one line on
/// stderr naming the file and line, a non-zero exit and nothing on stdout.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct ReviewCLITests {
  let scratch: TemporaryDirectory

  init() throws { scratch = try TemporaryDirectory() }

  func log(_ text: String) throws -> String {
    let path = scratch.path("log.csv")
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func aLogIsReplayedFromAFileOrStandardInput() throws {
    let text = "card,time,rating\na,2026-01-05T08:00:00Z,3\na,2026-01-05T08:10:00Z,4\n"
    // py-fsrs 6.3.2's output for this log (fsrs_replay.py).
    let fromFile = try ProcessRunner.qrquiz(["review", "replay", try log(text)])
    #expect(fromFile.status == 0, "\(fromFile.stderr)")
    #expect(
      fromFile.stdoutText.split(separator: "\r\n") == [
        "card,time,rating,state,step,stability,difficulty,due",
        "a,2026-01-05T08:00:00Z,3,learning,1,2.3065,2.118103970459016,2026-01-05T08:10:00Z",
        "a,2026-01-05T08:10:00Z,4,review,,3.946054067969477,1.0,2026-01-09T08:10:00Z",
      ])
    let fromStandardInput = try ProcessRunner.qrquiz(["review", "replay", "-"], stdin: Data(text.utf8))
    #expect(fromStandardInput.stdout == fromFile.stdout)
  }

  @Test func theOptionsReachTheScheduler() throws {
    let path = try log("card,time,rating\na,2026-01-05T08:00:00Z,4\n")
    let result = try ProcessRunner.qrquiz([
      "review", "replay", path, "--retention", "0.7", "--learning-steps", "", "--maximum-interval", "20",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdoutText.contains(",review,,8.2956,1.0,2026-01-25T08:00:00Z\r\n"))
  }

  @Test(arguments: [
    ("card,time,rating\na,2026-01-05T08:00:00Z,3\na,2026-01-06T08:00:00Z,5\n", "line 3: the rating '5'"),
    ("card,time,rating\na,2026-01-05T08:00:00Z,3\na,2026-01-04T08:00:00Z,3\n", "line 3: card 'a' is reviewed at"),
    ("card,rating\na,3\n", "line 1: the header has no column 'time'"),
    ("card,time,rating\na,2026-01-05T08:00:00Z\n", "line 2: 2 fields where the header has 3"),
    ("card,time,rating\na,2026-01-05T08:00:00+01:00,3\n", "line 2: the time '2026-01-05T08:00:00+01:00'"),
  ])
  func aBadLogIsRefusedInOneLineNamingTheFileAndLine(_ text: String, _ message: String) throws {
    let path = try log(text)
    let result = try ProcessRunner.qrquiz(["review", "replay", path])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("\(path): \(message)"), "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1)
  }

  @Test func weightsThatAreNotFSRS6sAreRefused() throws {
    let path = try log("card,time,rating\na,2026-01-05T08:00:00Z,3\n")
    let defaults = FSRSParameters.defaultWeights.map(\.description)
    var outOfBounds = defaults
    outOfBounds[20] = "0.9"
    for (weights, message) in [
      (defaults + ["1"], "--parameters: 22 weights: FSRS-6 has 21 (w0 to w20)"),
      (outOfBounds, "--parameters: w20 = 0.9 is out of its bounds, 0.1 to 0.8"),
    ] {
      let result = try ProcessRunner.qrquiz(["review", "replay", path, "--parameters", weights.joined(separator: ",")])
      #expect(result.status == 2 && result.stdout.isEmpty)
      #expect(result.stderr.contains(message), "\(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1)
    }
    let retention = try ProcessRunner.qrquiz(["review", "replay", path, "--retention", "1.5"])
    #expect(retention.status == 2 && retention.stderr.contains("--retention must be between 0 and 1"))
    let steps = try ProcessRunner.qrquiz(["review", "replay", path, "--learning-steps", "1m,ten"])
    #expect(steps.status == 2 && steps.stderr.contains("--learning-steps must be steps such as 1m,10m"))
  }

  /// A topic of three questions, saved in the scratch library; the environment's time
  /// zone has its noon now, so a test's sittings and `--due` fall on one day.
  func savedCapitals() throws -> [String: String] {
    let topic = """
      {"options": {"name": "Capitals"}, "sets": [[
        {"question": "Capital of Peru?", "answers": ["Lima", "Cusco"], "correct": 0},
        {"question": "Capital of Chile?", "answers": ["Valparaíso", "Santiago"], "correct": 1},
        {"question": "Capital of Peru?", "answers": ["Lima", "Arequipa"], "correct": 0}
      ]]}
      """
    var environment = scratch.qrquizEnvironment
    environment["TZ"] = Self.timeZoneAtNoon()
    let saved = try ProcessRunner.qrquiz(["topics", "add", try log(topic)], environment: environment)
    try #require(saved.status == 0, "\(saved.stderr)")
    return environment
  }

  @Test func aSittingDealsNewCardsRatesThemAndTheNextSittingKnowsThem() throws {
    let environment = try savedCapitals()
    // Turn, Good; turn, Again; quit at the third card's question.
    let first = try ProcessRunner.qrquiz(
      ["review", "--plain"], stdin: Data("\n3\n\n1\nq\n".utf8), environment: environment)
    #expect(first.status == 0, "\(first.stderr)")
    let lines = first.stdoutText.split(separator: "\n").map(String.init)
    #expect(lines.first == "0 due · 0 learning · 3 new: Capital of Peru?", "\(lines)")
    #expect(lines.contains("answer: Lima"))
    // Hard on a new card is halfway between the steps, 5.5 minutes: "6 min", as the phone says.
    #expect(lines.contains("1 again 1 min · 2 hard 6 min · 3 good 10 min · 4 easy 8 d · q quit"), "\(lines)")
    #expect(lines.contains("0 due · 1 learning · 2 new: Capital of Chile?") && lines.contains("answer: Santiago"))
    #expect(lines.contains("0 due · 2 learning · 1 new: Capital of Peru?"), "the second card of one text is its own")
    #expect(lines.last == "2 cards reviewed")

    let due = try ProcessRunner.qrquiz(["review", "--due"], environment: environment)
    #expect(due.status == 0, "\(due.stderr)")
    #expect(
      due.stdoutText
        == "Capitals\t0 due · 2 learning · 1 new\nNew cards today: 2 seen, 1 more to come (a day's limit: 20, --new)\n")

    // The next sitting: the new card first, then the two in learning, due within 20
    // minutes, come back; Good on each until nothing is due.
    let second = try ProcessRunner.qrquiz(
      ["review", "--plain", "--new", "3"], stdin: Data(String(repeating: "\n3\n", count: 8).utf8),
      environment: environment)
    #expect(second.status == 0, "\(second.stderr)")
    let shown = second.stdoutText.split(separator: "\n").filter { $0.hasPrefix("0 due") }
    #expect(
      shown == [
        "0 due · 2 learning · 1 new: Capital of Peru?", "0 due · 3 learning · 0 new: Capital of Chile?",
        "0 due · 3 learning · 0 new: Capital of Peru?", "0 due · 2 learning · 0 new: Capital of Peru?",
        "0 due · 1 learning · 0 new: Capital of Chile?",
      ], "\(second.stdoutText)")
    #expect(second.stdoutText.hasSuffix("5 cards reviewed\nNothing is due now.\nThe next card is due in 1 d.\n"))
    let after = try ProcessRunner.qrquiz(["review", "--due"], environment: environment)
    #expect(after.stdoutText.hasPrefix("Capitals\t0 due · 0 learning · 0 new\n"), "\(after.stdoutText)")
  }

  /// A POSIX time zone whose local time is about noon now (`Etc/GMT-3` is UTC+3).
  static func timeZoneAtNoon() -> String {
    let hour = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date()).hour!
    let offset = 12 - hour
    return offset == 0 ? "Etc/GMT" : offset > 0 ? "Etc/GMT-\(offset)" : "Etc/GMT+\(-offset)"
  }

  @Test func theDaysNewCardsDoneAreSaidAndATopicGivenTwiceIsStudiedOnce() throws {
    let environment = try savedCapitals()
    let topic = scratch.path("Capitals.json")
    try FileManager.default.copyItem(atPath: scratch.path("log.csv"), toPath: topic)
    // The topic by its name and by its file: one topic.
    let due = try ProcessRunner.qrquiz(["review", "--due", "Capitals", topic], environment: environment)
    #expect(due.status == 0, "\(due.stderr)")
    #expect(due.stdoutText.hasPrefix("Capitals\t0 due · 0 learning · 3 new\nNew cards today:"), "\(due.stdoutText)")
    // One new card a day: Good twice graduates it; the two others wait, and it says so.
    let sitting = try ProcessRunner.qrquiz(
      ["review", "--plain", "--new", "1", "Capitals", topic], stdin: Data(String(repeating: "\n3\n", count: 3).utf8),
      environment: environment)
    #expect(sitting.status == 0, "\(sitting.stderr)")
    #expect(sitting.stdoutText.contains("2 cards reviewed\nNothing is due now.\n"), "\(sitting.stdoutText)")
    #expect(
      sitting.stdoutText.contains("The day's 1 new card is done; 2 wait for tomorrow (--new shows more).\n"),
      "\(sitting.stdoutText)")
    var spanish = environment
    spanish["LC_ALL"] = "es_ES.UTF-8"
    let listed = try ProcessRunner.qrquiz(["review", "--due", "--new", "1"], environment: spanish)
    #expect(
      listed.stdoutText
        == "Capitals\t0 pendientes · 0 en aprendizaje · 0 nuevas\nTarjetas nuevas hoy: 1 vista, 0 por venir (límite diario: 1, --new)\n",
      "\(listed.stdoutText)")
  }

  @Test func aRatingThatIsNoneGetsAHintAndAnswersCannotShareStandardInputWithATopic() throws {
    let environment = try savedCapitals()
    let result = try ProcessRunner.qrquiz(
      ["review", "--plain"], stdin: Data("\n5\nq\n".utf8), environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdoutText.contains("answer: Lima\n1 again 1 min"), "\(result.stdoutText)")
    #expect(result.stdoutText.contains("Type 1, 2, 3 or 4 to rate the card, or q to quit.\n"), "\(result.stdoutText)")
    #expect(result.stdoutText.hasSuffix("0 cards reviewed\n"), "\(result.stdoutText)")
    let piped = try ProcessRunner.qrquiz(["review", "-", "--plain"], stdin: Data("{}".utf8), environment: environment)
    #expect(piped.status == 2 && piped.stdout.isEmpty)
    #expect(piped.stderr.contains("a topic cannot come from standard input while the answers do"), "\(piped.stderr)")
  }

  @Test func aQuestionsTextReachesTheTerminalOnlyMadeSafe() throws {
    let topic = #"{"sets": [[{"question": "Q\u001b]0;pwned\u0007?", "answers": ["\u001b[2Ja", "b"], "correct": 0}]]}"#
    let result = try ProcessRunner.qrquiz(
      ["review", "--plain", try log(topic)], stdin: Data("\n".utf8), environment: scratch.qrquizEnvironment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stdoutText.contains("\u{1B}") && !result.stdoutText.contains("\u{07}"))
    #expect(result.stdoutText.contains(#"Q\u{1B}]0;pwned\u{7}?"#), "\(result.stdoutText)")
  }

  @Test func helpNamesBothUsesAndBadTopicsAreOneLine() throws {
    let help = try ProcessRunner.qrquiz(["review", "--help"])
    #expect(help.status == 0)
    #expect(help.stdoutText.contains("usage: qrquiz review [options] [TOPIC…]  |  review replay LOG.csv"))
    let commands = help.stdoutText.components(separatedBy: "commands:\n").last?.prefix { $0 != "\n" }
    #expect(commands?.hasPrefix("  replay ") == true, "\(help.stdoutText)")
    let missing = try ProcessRunner.qrquiz(["review", "No such topic"], environment: scratch.qrquizEnvironment)
    #expect(missing.status == 3 && missing.stdout.isEmpty)
    #expect(missing.stderr.split(separator: "\n").count == 1, "\(missing.stderr)")
    for value in ["1.5", "0.5", "0.995"] {
      let retention = try ProcessRunner.qrquiz(["review", "--retention", value])
      #expect(retention.status == 2)
      #expect(retention.stderr.contains("--retention must be between 0.70 and 0.99 for studying"))
    }
  }
}
