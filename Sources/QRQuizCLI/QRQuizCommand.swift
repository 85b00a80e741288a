import Foundation
import QRQuiz

/// `qrquiz`: the commands, the exit codes and the files, for `qrquiz --help`.
struct QRQuizCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "qrquiz",
    abstract: "Share, play and make quiz topics of the Questions app as QR codes.",
    discussion: """
      exit codes:
      \(ExitCode.table)

      files:
        image cache   --cache-dir, else $QRQUIZ_CACHE_DIR, else $XDG_CACHE_HOME/qrquiz, else $HOME/.cache/qrquiz
        profiles      $XDG_DATA_HOME/qrquiz, else $HOME/.local/share/qrquiz
        topics        $XDG_DATA_HOME/qrquiz/topics, else $HOME/.local/share/qrquiz/topics
        records       $XDG_DATA_HOME/qrquiz/records.sqlite (classes, live games, homework, profiles, statistics)
        live results  $XDG_DATA_HOME/qrquiz/live/results (each finished game exported as JSON and CSV)
      """,
    examples: ["qrquiz encode Social.json -o social.png", "qrquiz decode photo.jpg", "qrquiz encode --help"],
    subcommands: [
      EncodeCommand.self, DecodeCommand.self, ValidateCommand.self, NormalizeCommand.self, PrefetchCommand.self,
      ImageCommand.self, CacheCommand.self, ProfileCommand.self, TopicsCommand.self, CommunityCommand.self,
      PlayCommand.self, CardsCommand.self, StatsCommand.self, NewCommand.self, ImportCommand.self, ExportCommand.self,
      ReviewCommand.self,
      GenerateCommand.self, SheetCommand.self,
      ServeCommand.self, LiveCommand.self, AssignCommand.self, ClassCommand.self, AnswerCardsCommand.self,
      DataCommand.self, AdminCommand.self,
      HelpCommand.self, CompletionCommand.self, ManCommand.self,
    ])
}

/// The command line as a library: `qrquiz`'s executable only calls ``main(arguments:)``, and
/// the tests parse and run commands in process (``parse(_:)``, ``run(_:)``).
public enum QRQuizCLI {
  /// Runs `qrquiz` with `arguments` (without the program name) and exits with its code.
  public static func main(arguments: [String]) async -> Never {
    exit(await run(arguments).rawValue)
  }

  /// Runs `qrquiz` with `arguments` and returns its exit code: what `main` exits with.
  static func run(_ arguments: [String]) async -> ExitCode {
    var parser = CommandParser(root: QRQuizCommand.self)
    do {
      switch try parser.parse(arguments) {
      case .help:
        Console.text(HelpText.help(parser.path))
        return arguments.isEmpty ? .usage : .success
      case .version:
        Console.text("qrquiz \(QRQuizVersion.string)\n")
        return .success
      case .run(let command):
        return try await command.run()
      }
    } catch let error as CLIError where error.code == .usage {
      // Usage errors name the command and where its help is.
      Console.error("\(parser.commandName): \(error.message) (see '\(parser.commandName) --help')")
      return .usage
    } catch {
      return ErrorReport.report(error)
    }
  }
}
