/// A set of options and arguments, as a command or a group shared by commands declares
/// them with ``Option``, ``Flag``, ``Argument`` and ``OptionGroup`` (the shape of
/// swift-argument-parser, which this package cannot fetch).
protocol ParsableArguments {
  /// An instance with every declaration at its default; the parser then fills it in.
  init()
  /// Checks what one option cannot check alone (combinations); runs after parsing.
  func validate() throws(CLIError)
}

extension ParsableArguments {
  func validate() throws(CLIError) {}

  /// The declarations, in declaration order, option groups included.
  var declarations: [Declaration] { Declarations.of(self) }
}

/// A command of `qrquiz`: its name and help, its declarations, and what it does.
protocol ParsableCommand: ParsableArguments, SendableMetatype {
  static var configuration: CommandConfiguration { get }
  /// Does the work; errors are reported and turned into exit codes in one place
  /// (`ErrorReport`).
  func run() async throws -> ExitCode
}

extension ParsableCommand {
  /// Groups of subcommands (`qrquiz cache`) do nothing themselves.
  func run() async throws -> ExitCode {
    throw CLIError.usage(
      "choose one of: " + Self.configuration.subcommands.map { $0.configuration.name }.joined(separator: ", "))
  }
}

/// What a command says about itself.
struct CommandConfiguration: Sendable {
  /// The word that runs it.
  var name: String
  /// Words people type for this command that are not its name (`lint` for `validate`):
  /// not run, but suggested ("unknown command 'lint'; did you mean validate?").
  var synonyms: [String] = []
  /// One line: what it does.
  var abstract: String
  /// More, for `--help` and the man page.
  var discussion = ""
  /// The usage after `qrquiz NAME`, when the generated one cannot say it (a choice
  /// between options); otherwise generated from the declarations.
  var usage: String? = nil
  /// Command lines shown under "examples".
  var examples: [String] = []
  /// Subcommands, for groups such as `qrquiz cache`.
  var subcommands: [any ParsableCommand.Type] = []
  /// Whether the command runs itself when no subcommand is named (`qrquiz review TOPIC`
  /// beside `qrquiz review replay LOG`): its own arguments follow its name.
  var runsWithoutSubcommand = false
}

enum Declarations {
  /// Every ``Declaration`` stored in `value` and in its option groups, in order.
  static func of(_ value: Any) -> [Declaration] {
    Mirror(reflecting: value).children.flatMap { child -> [Declaration] in
      if let declaration = child.value as? Declaration { return [declaration] }
      if let group = child.value as? DeclarationContainer { return of(group.containedValue) }
      return []
    }
  }
}
