import Foundation
import QRQuiz

/// `qrquiz topics add|list|show|remove|export`: the saved topics.
struct TopicsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "topics", abstract: "The saved topic library (kept in $XDG_DATA_HOME/qrquiz/topics).",
    discussion: """
      Saved topics are normalised JSON files named after the topic. A topic whose name, or
      whose questions and answers, are saved already is not saved again, and the command
      says which saved topic is its twin.
      """,
    subcommands: [Add.self, List.self, Show.self, Remove.self, Export.self, Search.self])

  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      name: "add", abstract: "Save topics from files, URLs or QR codes.",
      examples: ["qrquiz topics add Social.json https://example.org/quiz.json"])
    @Argument(.topic) var topics: [String]
    @OptionGroup var network: NetworkOptions

    func validate() throws(CLIError) {
      guard !topics.isEmpty else { throw .usage("topics add needs a topic") }
    }

    func run() async throws -> ExitCode {
      var exitCode = ExitCode.success
      for argument in topics {
        let source = TopicSource(argument: argument)
        do {
          let topic = try await TopicArgument(argument).topic(reader: network.reader)
          Console.error("\(source): " + (try TopicSaving.save(topic)))
        } catch let error as TopicLibrary.Error {
          exitCode = max(exitCode, ErrorReport.report(error, context: "\(source): not saved"))
        } catch {
          exitCode = max(exitCode, ErrorReport.report(error))
        }
      }
      return exitCode
    }
  }

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      name: "list", abstract: "Every saved topic: name, sets, questions, images cached.")
    @OptionGroup var cache: CacheOptions

    func run() async throws -> ExitCode {
      let cache = try? cache.cache()
      for entry in try TopicSaving.library.list() {
        let images = ImagePrefetcher.items(in: [entry.topic.topic]).compactMap { URL(string: $0.url) }
        let cached = images.filter { cache?.contains($0) == true }.count
        let topic = entry.topic.topic
        Console.row([
          entry.name, Plural.count(topic.sets.count, "set"), Plural.count(topic.questions.count, "question"),
          "images \(cached)/\(images.count) cached",
        ])
      }
      return .success
    }
  }

  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(name: "show", abstract: "A saved topic's JSON.")
    @Argument(.savedTopic) var name: String

    func run() async throws -> ExitCode {
      Console.bytes(Array((try TopicSaving.library.find(name).topic.normalizedJSON + "\n").utf8))
      return .success
    }
  }

  struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(name: "remove", abstract: "Remove a saved topic.")
    @Argument(.savedTopic) var name: String

    func run() async throws -> ExitCode {
      try TopicSaving.library.remove(name: name)
      Console.line("removed \(name)")
      return .success
    }
  }

  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      name: "export", abstract: "Write a saved topic's JSON to a file.",
      examples: ["qrquiz topics export 'Cool Social topic' -o social.json"])
    @Argument(.savedTopic) var name: String
    @Option("-o", "--output", value: "FILE", help: "where to write it (- for standard output)", completion: .file)
    var output: String?

    func validate() throws(CLIError) {
      guard output != nil else { throw .usage("export needs -o FILE") }
    }

    func run() async throws -> ExitCode {
      try Console.write(
        Array((try TopicSaving.library.find(name).topic.normalizedJSON + "\n").utf8), to: output!)
      return .success
    }
  }

  struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
      name: "search", abstract: "Find saved topics by name, or by a question's text and answers.",
      discussion: "Every word must appear; case and accents do not matter (\"cafe\" finds \"Café\").",
      examples: ["qrquiz topics search capital europe"])
    @Argument(value: "WORDS", help: "what to look for") var words: [String]

    func validate() throws(CLIError) {
      guard !words.isEmpty else { throw .usage("search needs words") }
    }

    func run() async throws -> ExitCode {
      let matches = try TopicSaving.library.search(TextSearch(words.joined(separator: " ")))
      for match in matches {
        let topic = match.entry.topic.topic
        var fields = [
          match.entry.name, Plural.count(topic.sets.count, "set"), Plural.count(topic.questions.count, "question"),
        ]
        if let question = match.question { fields.append("question: " + question) }
        Console.row(fields)
      }
      return matches.isEmpty ? .notFound : .success
    }
  }
}
