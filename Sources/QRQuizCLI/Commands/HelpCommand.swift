import QRQuiz

/// `qrquiz help [COMMAND…]`: the same text as `--help`.
struct HelpCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "help", abstract: "Show the help of qrquiz or of a command.", examples: ["qrquiz help cache prune"])

  @Argument(value: "COMMAND", help: "a command, and a subcommand") var words: [String]

  func run() async throws -> ExitCode {
    var parser = CommandParser(root: QRQuizCommand.self)
    guard case .help = try parser.parse(words + ["--help"]) else { return .usage }
    Console.text(HelpText.help(parser.path))
    return .success
  }
}

/// `qrquiz completion bash|zsh|fish`: a completion script for the shell.
struct CompletionCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "completion", abstract: "Print a shell completion script (bash, zsh or fish).",
    examples: [
      "qrquiz completion bash > /etc/bash_completion.d/qrquiz",
      "qrquiz completion fish > ~/.config/fish/completions/qrquiz.fish",
    ])

  @Argument(value: "SHELL", help: "bash, zsh or fish", completion: .choices(CompletionScript.Shell.allValueStrings))
  var shell: CompletionScript.Shell

  func run() async throws -> ExitCode {
    Console.text(CompletionScript.script(for: shell, root: QRQuizCommand.self))
    return .success
  }
}

/// `qrquiz man`: the man page.
struct ManCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "man", abstract: "Print the qrquiz(1) man page (roff).", examples: ["qrquiz man | man -l -"])

  func run() async throws -> ExitCode {
    Console.text(ManPage.roff(root: QRQuizCommand.self, version: QRQuizVersion.string))
    return .success
  }
}
