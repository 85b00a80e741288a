import Foundation
import QRQuiz

/// `qrquiz profile add|list|show|remove`: players' names and pictures.
enum ProfileCommand {
  static let usage = "qrquiz profile add NAME [--image URL|FILE] | list | show NAME | remove NAME"

  static func run(_ arguments: [String]) throws(CLIError) -> ExitCode {
    let parsed = try Arguments(arguments, options: [.value("--image"), .flag("--json")])
    let store = ProfileStore(directory: Directories.data)
    let words = parsed.positionals
    do {
      switch (words.first, words.count) {
      case ("add", 2):
        let profile = try store.add(name: words[1], image: parsed.value("--image"))
        Console.out("added \(profile.name)\n")
      case ("list", 1):
        for profile in try store.list() { Console.out(line(profile, json: parsed.has("--json")) + "\n") }
      case ("show", 2):
        Console.out(line(try store.profile(named: words[1]), json: true) + "\n")
      case ("remove", 2):
        try store.remove(name: words[1])
        Console.out("removed \(words[1])\n")
      default: throw CLIError.usage("usage: \(usage)")
      }
    } catch let error as ProfileStore.Error {
      switch error {
      case .notFound: throw CLIError(.notFound, error.description)
      case .storage: throw CLIError(.outputFailed, error.description)
      default: throw CLIError(.invalidInput, error.description)
      }
    } catch let error as CLIError {
      throw error
    } catch {
      throw CLIError(.internalError, "\(error)")
    }
    return .success
  }

  private static func line(_ profile: Profile, json: Bool) -> String {
    guard json else {
      return profile.name + (profile.imageURL.map { "\t" + $0 } ?? profile.imageFile.map { "\t" + $0 } ?? "")
    }
    return JSONLine.object([
      ("name", .string(profile.name)),
      ("imageURL", profile.imageURL.map(JSONValue.string) ?? .null),
      ("imageFile", profile.imageFile.map(JSONValue.string) ?? .null),
    ])
  }
}
