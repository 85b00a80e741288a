import Foundation
import QRQuiz
import QRQuizClassroom

/// `qrquiz profile add|list|show|remove`: players' names and pictures.
struct ProfileCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "profile",
    abstract: "Players' names and pictures (kept in the records, $XDG_DATA_HOME/qrquiz/records.sqlite).",
    subcommands: [Add.self, List.self, Show.self, Remove.self, Use.self])

  static func store() throws -> ProfileStore { ProfileStore(records: try Records.open(), directory: Directories.data) }

  static func json(_ profile: Profile) -> String {
    JSONLine.object([
      ("name", .string(profile.name)),
      ("imageURL", profile.imageURL.map(JSONValue.string) ?? .null),
      ("imageFile", profile.imageFile.map(JSONValue.string) ?? .null),
    ])
  }

  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      name: "add", abstract: "Add a player, with a picture from the web or a file.",
      examples: ["qrquiz profile add Ada --image https://example.org/ada.png"])
    @Argument(value: "NAME", help: "the player's name, unique without regard to case") var name: String
    @Option("--image", value: "URL|FILE", help: "an http(s) URL, or an image file to copy", completion: .file)
    var image: String?

    func run() async throws -> ExitCode {
      Console.line("added \(try ProfileCommand.store().add(name: name, image: image).name)")
      return .success
    }
  }

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(name: "list", abstract: "Every player, in the order added.")
    @Flag("--json", help: "one JSON object per player") var json

    func run() async throws -> ExitCode {
      for profile in try ProfileCommand.store().list() {
        if json {
          Console.bytes(Array((ProfileCommand.json(profile) + "\n").utf8))
        } else {
          Console.row([profile.name] + [profile.imageURL ?? profile.imageFile].compactMap { $0 })
        }
      }
      return .success
    }
  }

  struct Use: ParsableCommand {
    static let configuration = CommandConfiguration(
      name: "use",
      abstract: "Choose who plays (their statistics are kept apart), or say who does when no NAME is given.",
      examples: ["qrquiz profile use Ada", "qrquiz profile use --default", "qrquiz profile use"])
    @Argument(value: "NAME", help: "the player's name") var name: String?
    @Flag("--default", help: "play as the default player again") var defaultPlayer

    func validate() throws(CLIError) {
      guard name == nil || !defaultPlayer else { throw .usage("give a NAME or --default, not both") }
    }

    func run() async throws -> ExitCode {
      guard name != nil || defaultPlayer else {
        Console.line((try ProfileCommand.store().active()?.name ?? "the default player") + " plays")
        return .success
      }
      try ProfileCommand.store().use(name)
      Console.line(name.map { "\($0) plays now" } ?? "the default player plays now")
      return .success
    }
  }

  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(name: "show", abstract: "One player, as JSON.")
    @Argument(value: "NAME", help: "the player's name") var name: String

    func run() async throws -> ExitCode {
      Console.bytes(Array((ProfileCommand.json(try ProfileCommand.store().profile(named: name)) + "\n").utf8))
      return .success
    }
  }

  struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(
      name: "remove", abstract: "Remove a player and their copied picture.")
    @Argument(value: "NAME", help: "the player's name") var name: String

    func run() async throws -> ExitCode {
      try ProfileCommand.store().remove(name: name)
      Console.line("removed \(name)")
      return .success
    }
  }
}
