import Foundation

/// Dispatches `qrquiz COMMAND …` to one file per subcommand.
let commands: [String: ([String]) async throws(CLIError) -> ExitCode] = [
  "encode": EncodeCommand.run,
  "decode": DecodeCommand.run,
  "validate": ValidateCommand.run,
  "normalize": NormalizeCommand.run,
  "prefetch": PrefetchCommand.run,
  "image": ImageCommand.run,
  "cache": CacheCommand.run,
  "profile": ProfileCommand.run,
  "topics": TopicsCommand.run,
  "community": CommunityCommand.run,
  "help": HelpCommand.run,
  "--help": HelpCommand.run,
  "-h": HelpCommand.run,
]

let arguments = Array(CommandLine.arguments.dropFirst())
let exitCode: ExitCode
if let name = arguments.first, let command = commands[name] {
  do {
    exitCode = try await command(Array(arguments.dropFirst()))
  } catch {
    // Usage errors name the command; input errors already name their file.
    Console.error(error.code == .usage ? "qrquiz \(name): \(error.message)" : error.message)
    exitCode = error.code
  }
} else {
  Console.error(arguments.first.map { "qrquiz: unknown command '\($0)'; see qrquiz help" } ?? HelpCommand.text)
  exitCode = .usage
}
exit(exitCode.rawValue)
