import Foundation
import QRQuiz

/// `qrquiz community fetch URL`: the app's community topics, validated, saved, and their
/// images prefetched.
struct CommunityCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "community", abstract: "The app's community topic lists.", subcommands: [Fetch.self])

  struct Fetch: ParsableCommand {
    static let configuration = CommandConfiguration(
      name: "fetch",
      abstract: "Download a community list's topics, check each, save the valid ones, prefetch their images.",
      discussion: """
        Topics are fetched a few at a time with the topic size limit and --timeout; one bad
        entry never drops the others. Hidden entries are skipped.
        """,
      examples: ["qrquiz community fetch https://example.org/community.json --dry-run"])

    @Argument(value: "URL", help: "the community list") var url: String
    @Flag("--dry-run", help: "check every topic; save nothing") var dryRun
    @Option("--concurrency", help: "topic downloads at once", range: 1...32) var concurrency = 4
    @OptionGroup var loading: LoaderOptions

    func run() async throws -> ExitCode {
      guard TopicSource.looksLikeURL(url), let listURL = URL(string: url), listURL.host != nil else {
        throw TopicError.notURL(url)
      }
      let fetcher = CommunityFetcher(concurrency: concurrency, timeout: Double(loading.network.timeout))
      let list = try await fetcher.list(at: listURL)
      var exitCode = ExitCode.success
      var saved: [Topic] = []
      for (entry, outcome) in await fetcher.fetch(list) {
        switch outcome {
        case .hidden: Console.line("\(entry.name): hidden, skipped")
        case .failed(let error):
          Console.line("\(entry.name): failed: \(ErrorReport.message(for: error))")
          exitCode = max(exitCode, .invalidInput)
        case .valid where dryRun: Console.line("\(entry.name): valid")
        case .valid(let topic):
          do {
            Console.line("\(entry.name): " + (try TopicSaving.save(topic.named(entry.name))))
          } catch {
            Console.line("\(entry.name): not saved: \(ErrorReport.message(for: error))")
            exitCode = max(exitCode, ErrorReport.exitCode(for: error))
          }
          // Saved now or before: either way its images belong in the cache.
          saved.append(topic.topic)
        }
      }
      let items = ImagePrefetcher.items(in: saved)
      if !items.isEmpty {
        let summary = await ImagePrefetcher(loader: try loading.loader()).prefetch(items)
        exitCode = max(exitCode, PrefetchReport.report(summary, of: items.count))
      }
      return exitCode
    }
  }
}
