import Foundation
import QRQuiz

/// `qrquiz topics add|list|show|remove|export`: the saved topics.
enum TopicsCommand {
  static let usage = "qrquiz topics add FILE|URL… | list | show NAME | remove NAME | export NAME -o FILE"

  static var library: TopicLibrary { TopicLibrary(directory: Directories.data.appendingPathComponent("topics")) }

  static func run(_ arguments: [String]) async throws(CLIError) -> ExitCode {
    let parsed = try Arguments(arguments, options: [.value("-o", "--output"), .value("--cache-dir")])
    let words = parsed.positionals
    switch (words.first, words.count) {
    case ("add", 2...):
      var exitCode = ExitCode.success
      for path in words.dropFirst() {
        do {
          let document = try await TopicInput.loadAny(path)
          try save(document, from: path)
        } catch {
          Console.error(error.message)
          exitCode = max(exitCode, error.code)
        }
      }
      return exitCode
    case ("list", 1):
      let cache = try? ImageDiskCache(directory: Directories.cache(parsed))
      for entry in try entries() {
        let images = ImagePrefetcher.items(in: [entry.topic])
        let cached = images.filter { cache?.entry(for: CacheKey($0.url)) != nil }.count
        Console.out(
          "\(entry.name)\t\(entry.topic.sets.count) sets\t\(entry.topic.questions.count) questions"
            + "\timages \(cached)/\(images.count) cached\n")
      }
    case ("show", 2):
      Console.out(try named(words[1]).topic.normalizedJSON + "\n")
    case ("export", 2):
      guard let output = parsed.value("-o") else { throw .usage("export needs -o FILE") }
      try Console.write(Array((try named(words[1]).topic.normalizedJSON + "\n").utf8), to: output)
    case ("remove", 2):
      do {
        try library.remove(name: words[1])
      } catch {
        throw cliError(error)
      }
      Console.out("removed \(words[1])\n")
    default: throw .usage("usage: \(usage)")
    }
    return .success
  }

  /// Saves a valid topic under its name (`options.name`, else the file name) and reports
  /// it on stderr. One saved already, by name or content, is reported and left as it is.
  static func save(_ document: TopicDocument, from source: String) throws(CLIError) {
    let topic = try TopicInput.requireValid(document, source)
    Console.error("\(InputFile.displayName(source)): " + (try save(topic, name: document.displayName)))
  }

  /// Saves a valid topic under `name`; what happened, for a person: "saved as 'X'", or why
  /// it was not saved when a topic with that name or content is there already.
  static func save(_ topic: Topic, name: String) throws(CLIError) -> String {
    do {
      return "saved as '\(try library.save(topic, name: name))'"
    } catch {
      switch error {
      case .nameTaken, .sameContent: return "not saved: \(error)"
      default: throw cliError(error)
      }
    }
  }

  private static func entries() throws(CLIError) -> [TopicLibrary.Entry] {
    do {
      return try library.list()
    } catch {
      throw cliError(error)
    }
  }

  private static func named(_ name: String) throws(CLIError) -> TopicLibrary.Entry {
    do {
      return try library.topic(named: name)
    } catch {
      throw cliError(error)
    }
  }

  static func cliError(_ error: TopicLibrary.Error) -> CLIError {
    switch error {
    case .notFound: CLIError(.notFound, error.description)
    case .storage: CLIError(.outputFailed, error.description)
    default: CLIError(.invalidInput, error.description)
    }
  }
}
