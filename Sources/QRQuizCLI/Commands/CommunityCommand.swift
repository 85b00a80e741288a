import Foundation
import QRQuiz

/// `qrquiz community fetch URL`: the app's community topics, validated, saved, and their
/// images prefetched.
struct CommunityCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "community", abstract: "The app's community topic lists.", subcommands: [Fetch.self, Search.self])

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

    /// Says so when a list names more entries than are fetched.
    static func sayWhenCut(_ list: CommunityList) {
      guard list.entries.count > CommunityFetcher.maximumEntries else { return }
      Console.error(
        "the list names \(list.entries.count) topics; the first \(CommunityFetcher.maximumEntries) are fetched")
    }

    func run() async throws -> ExitCode {
      guard TopicSource.looksLikeURL(url), let listURL = URL(string: url), listURL.host != nil else {
        throw TopicError.notURL(url)
      }
      let fetcher = CommunityFetcher(concurrency: concurrency, timeout: Double(loading.network.timeout))
      let list = try await fetcher.list(at: listURL)
      Self.sayWhenCut(list)
      var exitCode = ExitCode.success
      // What each entry came to, said in list order once all are in: lines, not topics.
      var lines = [String](repeating: "", count: min(list.entries.count, CommunityFetcher.maximumEntries))
      var images: [String] = []
      await fetcher.fetch(list) { index, entry, outcome in
        switch outcome {
        case .hidden: lines[index] = "\(entry.name): hidden, skipped"
        case .failed(let error):
          lines[index] = "\(entry.name): failed: \(ErrorReport.message(for: error))"
          exitCode = max(exitCode, .invalidInput)
        case .valid where dryRun: lines[index] = "\(entry.name): valid"
        case .valid(let topic):
          do {
            lines[index] = "\(entry.name): " + (try TopicSaving.save(topic.named(entry.name)))
          } catch {
            lines[index] = "\(entry.name): not saved: \(ErrorReport.message(for: error))"
            exitCode = max(exitCode, ErrorReport.exitCode(for: error))
          }
          // Saved now or before: either way its images belong in the cache.
          images += topic.topic.questions.compactMap(\.imageURL)
        }
      }
      for line in lines { Console.line(line) }
      var seen = Set<String>()
      let items = images.filter { !$0.isEmpty && seen.insert($0).inserted }.map { ImagePrefetcher.Item(url: $0) }
      if !items.isEmpty {
        let summary = await ImagePrefetcher(loader: try loading.loader()).prefetch(items)
        exitCode = max(exitCode, PrefetchReport.report(summary, of: items.count))
      }
      return exitCode
    }
  }

  struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
      name: "search", abstract: "Find community topics by name, with their question counts; --add N saves one.",
      discussion: """
        URL is the community list (default: $QRQUIZ_COMMUNITY_URL). Every word must appear in a
        topic's name; case and accents do not matter. The topics found are downloaded (with the
        topic size limit and --timeout) to count their questions; --add N saves the N-th.
        """,
      examples: [
        "qrquiz community search capitals https://example.org/community.json",
        "qrquiz community search capitals --add 1",
      ])
    @Argument(value: "WORDS", help: "what to look for in the names") var words: [String]
    @Option("--list", value: "URL", help: "the community list (default: $QRQUIZ_COMMUNITY_URL)") var url: String?
    @Option("--add", value: "N", help: "save the N-th topic found") var add: Int?
    @Option("--concurrency", help: "topic downloads at once", range: 1...32) var concurrency = 4
    @OptionGroup var network: NetworkOptions

    func validate() throws(CLIError) {
      guard !words.isEmpty else { throw .usage("search needs words") }
      if let add, add < 1 { throw .usage("--add must be 1 or more") }
    }

    func run() async throws -> ExitCode {
      // The list's URL may come as the last word, as in `community fetch URL`.
      var words = words
      var listText = url ?? ProcessInfo.processInfo.environment["QRQUIZ_COMMUNITY_URL"]
      if let last = words.last, TopicSource.looksLikeURL(last) {
        listText = words.removeLast()
      }
      guard let listText, TopicSource.looksLikeURL(listText), let listURL = URL(string: listText) else {
        throw CLIError.usage("give the community list's URL (--list URL, or $QRQUIZ_COMMUNITY_URL)")
      }
      let fetcher = CommunityFetcher(concurrency: concurrency, timeout: Double(network.timeout))
      let list = try await fetcher.list(at: listURL)
      let search = TextSearch(words.joined(separator: " "))
      let found = CommunityList(entries: list.entries.filter { $0.isVisible && search.matches($0.name) })
      Fetch.sayWhenCut(found)
      // Counts for the listing, and only the topic asked for kept.
      var rows = [[String]](repeating: [], count: min(found.entries.count, CommunityFetcher.maximumEntries))
      var wanted: (entry: CommunityList.Entry, outcome: CommunityFetcher.Outcome)?
      await fetcher.fetch(found) { index, entry, outcome in
        switch outcome {
        case .valid(let topic):
          rows[index] = ["\(index + 1).", entry.name, Plural.count(topic.topic.questions.count, "question")]
        case .failed(let error):
          rows[index] = ["\(index + 1).", entry.name, "failed: " + ErrorReport.message(for: error)]
        case .hidden: break
        }
        if index == (add ?? 0) - 1 { wanted = (entry, outcome) }
      }
      for row in rows where !row.isEmpty { Console.row(row) }
      guard let add else { return rows.isEmpty ? .notFound : .success }
      guard let (entry, outcome) = wanted else {
        throw CLIError(.notFound, "there is no topic \(add) among the \(rows.count) found")
      }
      guard case .valid(let topic) = outcome else {
        throw CLIError(.invalidInput, "\(entry.name) cannot be saved: it did not download as a valid topic")
      }
      Console.line("\(entry.name): " + (try TopicSaving.save(topic.named(entry.name))))
      return .success
    }
  }
}
