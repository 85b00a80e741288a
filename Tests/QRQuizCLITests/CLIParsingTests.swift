import Foundation
import QRQuiz
import QRQuizTestSupport
import Testing

@testable import QRQuizCLI

/// The command line parsed in process, as ArgumentParser's `AssertParseCommand` does:
/// options in any order and spelling, defaults, ranges, `--`, help and version, and the
/// usage errors with their suggestions. (The built binary: CLIConventionTests.)
@Suite struct CLIParsingTests {
  func parse(_ arguments: [String]) throws(CLIError) -> (CommandParser.Outcome, String) {
    var parser = CommandParser(root: QRQuizCommand.self)
    let outcome = try parser.parse(arguments)
    return (outcome, parser.commandName)
  }

  func command<Command: ParsableCommand>(_ arguments: [String], as type: Command.Type) throws -> Command {
    guard case .run(let command) = try parse(arguments).0 else {
      Issue.record("\(arguments) did not parse to a command")
      throw CLIError.usage("not a command")
    }
    return try #require(command as? Command)
  }

  @Test func optionsInAnyOrderAndSpelling() throws {
    let encode = try command(
      ["encode", "--ec", "H", "Social.json", "-oout.png", "--max-version=30", "--scale", "4", "--svg"],
      as: EncodeCommand.self)
    #expect(encode.topics == ["Social.json"])
    #expect(encode.output == "out.png")
    #expect(encode.level == .high)
    #expect(encode.maximumVersion == 30)
    #expect(encode.scale == 4 && encode.svg && !encode.terminal)
    // Defaults where nothing is said.
    let plain = try command(["encode", "Social.json", "--terminal"], as: EncodeCommand.self)
    #expect(plain.level == .low && plain.scale == 8 && plain.margin == 4 && plain.output == nil && plain.terminal)
    // A command's own checks run as it is parsed.
    #expect(throws: CLIError.self) { try parse(["encode", "Social.json"]) }
  }

  @Test func importSaysWhatItKeepsAndTakesTheReadingOfAnswerNumbers() throws {
    let imported = try command(["import", "q.csv", "--correct-is", "text", "--shuffle"], as: ImportCommand.self)
    #expect(imported.correctReading == .text && imported.shuffle)
    let plain = try command(["import", "q.csv"], as: ImportCommand.self)
    #expect(plain.correctReading == nil && !plain.shuffle)
    #expect {
      try parse(["import", "q.csv", "--correct-is", "letters"])
    } throws: { error in
      String(describing: error).contains("position or text")
    }
    let help = HelpText.help([QRQuizCommand.self, ImportCommand.self], language: .english)
    #expect(help.contains("The questions keep the file's order: the topic says questionsInRandomOrder false"))
    #expect(help.contains("--shuffle") && help.contains("--correct-is READING"))
    #expect(help.contains("1 is the first answer, never an answer whose text is"))
  }

  @Test func liveTakesATopicOrListsResults() throws {
    let live = try command(
      ["live", "Capitals", "--set", "2", "--scoring", "accuracy", "--seconds", "30", "--port", "9000"],
      as: LiveCommand.self)
    #expect(live.topic == "Capitals" && live.set == 2 && live.scoring == .accuracy && live.seconds == 30)
    #expect(live.server.port == 9000)
    // The whole network by default: phones cannot reach this computer's own address.
    #expect(try command(["live", "Capitals"], as: LiveCommand.self).host == "0.0.0.0")
    #expect {
      try parse(["game", "Capitals"])
    } throws: { error in
      (error as? CLIError)?.message == "unknown command 'game'; did you mean live?"
    }
    #expect(try command(["live", "--results"], as: LiveCommand.self).results)
    for wrong in [
      ["live"], ["live", "Capitals", "--results"], ["live", "Capitals", "--scoring", "fast"],
      ["live", "Capitals", "--seconds", "2"], ["live", "Capitals", "--set", "0"],
    ] {
      #expect(throws: CLIError.self, "\(wrong)") { try parse(wrong) }
    }
  }

  /// `qrquiz live --forget RESULTS` goes alone: it removes one saved game.
  @Test func liveForgetTakesOneResultsAndNothingElse() throws {
    #expect(try command(["live", "--forget", "2026-12-01-1503-Quiz-123456"], as: LiveCommand.self).forget != nil)
    for wrong in [
      ["live", "--forget"], ["live", "Capitals", "--forget", "x.json"], ["live", "--results", "--forget", "x.json"],
      ["live", "--games", "--forget", "x.json"],
    ] {
      #expect(throws: CLIError.self, "\(wrong)") { try parse(wrong) }
    }
  }

  @Test func doubleDashEndsTheOptionsAndADashIsAnArgument() throws {
    let encode = try command(["encode", "--out-dir", "out", "--", "--odd.json", "-x.json"], as: EncodeCommand.self)
    #expect(encode.topics == ["--odd.json", "-x.json"] && encode.outputDirectory == "out")
    let stdin = try command(["encode", "-", "-o", "-"], as: EncodeCommand.self)
    #expect(stdin.topics == ["-"] && stdin.output == "-")
  }

  @Test func subcommandsHelpAndVersion() throws {
    let (prune, name) = try parse(["cache", "prune", "--max-size", "200M"])
    #expect(name == "qrquiz cache prune")
    guard case .run = prune else {
      Issue.record("cache prune did not parse")
      return
    }
    guard case .help = try parse([]).0, case .help = try parse(["cache"]).0, case .help = try parse(["play", "-h"]).0,
      case .version = try parse(["--version"]).0
    else {
      Issue.record("help or version did not parse")
      return
    }
  }

  @Test(arguments: [
    (["encode", "x.json", "--outptu", "a.png"], "unknown option --outptu; did you mean --output?"),
    (["cahce", "stats"], "unknown command 'cahce'; did you mean cache?"),
    (["encode", "x.json", "--scale", "0"], "--scale must be a whole number from 1 to 100, not '0'"),
    (["encode", "x.json", "--ec", "X"], "--ec must be L, M, Q or H, not 'X'"),
    (["encode", "x.json", "--scale"], "--scale needs a value"),
  ])
  func usageErrorsSayWhatIsWrong(_ arguments: [String], _ message: String) {
    #expect {
      try parse(arguments)
    } throws: { error in
      guard let error = error as? CLIError else { return false }
      return error.code == .usage && error.message == message
    }
  }

  @Test func runningInProcessGivesTheExitCode() async {
    #expect(await QRQuizCLI.run(["--version"]) == .success)
    #expect(await QRQuizCLI.run(["encode", "--scale", "0", "x.json"]) == .usage)
    #expect(await QRQuizCLI.run([]) == .usage)
  }
}
