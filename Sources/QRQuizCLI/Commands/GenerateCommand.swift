import Foundation
import QRQuiz

/// `qrquiz generate image-quiz PAIRS.csv`: topics made from data.
struct GenerateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "generate", abstract: "Make topics from data.", subcommands: [ImageQuiz.self])

  struct ImageQuiz: ParsableCommand {
    static let configuration = CommandConfiguration(
      name: "image-quiz",
      abstract: "A \"which one is this?\" topic from (name, image URL) pairs: a flag quiz, a bird quiz.",
      discussion: """
        PAIRS is a CSV of a name and an image URL a row (a header row is skipped). Each question
        shows one image; its answers are its name and --answers - 1 other names drawn at random
        (--seed makes the same topic again). The images are prefetched into the cache, so the
        quiz plays offline.
        """,
      examples: [
        "qrquiz generate image-quiz flags.csv --answers 4 --prompt \"Which country's flag is this?\" --save"
      ])

    @Argument(value: "PAIRS", help: "a CSV file of names and image URLs", completion: .file) var pairs: String
    @Option("--answers", help: "answers a question", range: 2...20) var answers = 4
    @Option("--questions", value: "N", help: "questions (default: one per pair)") var questions: Int?
    @Option("--prompt", value: "TEXT", help: "the question's text") var prompt = "Which one is this?"
    @Option("--name", value: "NAME", help: "the topic's name (default: the file's)") var name: String?
    @Option("--seed", value: "S", help: "seed for the order and the wrong answers") var seed: UInt64 = 0
    @Option("-o", "--output", value: "FILE", help: "write the topic here", completion: .file) var output: String?
    @Flag("--save", help: "save the topic in the topic library") var save
    @Flag("--no-prefetch", help: "do not load the images into the cache") var noPrefetch
    @OptionGroup var loading: LoaderOptions

    func run() async throws -> ExitCode {
      let source = TopicSource(argument: pairs)
      let bytes = try await loading.network.reader.bytes(from: source)
      let topic: ValidTopic
      do {
        guard let text = String(validating: bytes, as: UTF8.self) else {
          throw CLIError(.invalidInput, "\(source): not UTF-8 text")
        }
        let pairs = try ImageQuizGenerator.pairs(fromCSV: text)
        topic = try ImageQuizGenerator.generate(
          pairs: pairs, answers: answers, questions: questions, prompt: prompt,
          name: name ?? source.defaultName, seed: seed)
      } catch let error as ImageQuizGenerator.Error {
        throw CLIError(.invalidInput, "\(source): \(error)")
      }
      var exitCode = try TopicOutput.deliver(
        topic, output: output, save: save,
        summary:
          "\(source): \(Plural.count(topic.topic.questions.count, "question")) of \(Plural.count(answers, "answer"))")
      if !noPrefetch {
        let items = ImagePrefetcher.items(in: [topic.topic])
        let summary = await ImagePrefetcher(loader: try loading.loader()).prefetch(items)
        exitCode = max(exitCode, PrefetchReport.report(summary, of: items.count))
      }
      return exitCode
    }
  }
}
