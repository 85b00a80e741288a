import Foundation
import QRQuiz

/// `qrquiz community fetch URL`: the app's community topics, validated, saved, and their
/// images prefetched.
enum CommunityCommand {
  static let usage = """
    qrquiz community fetch URL [--dry-run] [--concurrency N] [--timeout SECONDS] [--cache-dir DIR] [--allow-http]
    """

  static func run(_ arguments: [String]) async throws(CLIError) -> ExitCode {
    let parsed = try Arguments(
      arguments,
      options: [
        .flag("--dry-run"), .value("--concurrency"), .value("--timeout"), .value("--cache-dir"), .flag("--allow-http"),
      ])
    guard parsed.positionals.count == 2, parsed.positionals[0] == "fetch", let url = URL(string: parsed.positionals[1]),
      url.host != nil
    else { throw .usage("usage: \(usage)") }
    let fetcher = CommunityFetcher(
      concurrency: try parsed.integer("--concurrency", in: 1...32, default: 4),
      timeout: Double(try parsed.integer("--timeout", in: 1...3600, default: 30)))
    let list: CommunityList
    do {
      list = try await fetcher.list(at: url)
    } catch let error as BoundedDownload.Error {
      throw CLIError(.network, "community list \(error)")
    } catch {
      throw CLIError(.invalidInput, "\(url.absoluteString): \(error)")
    }
    var exitCode = ExitCode.success
    var saved: [Topic] = []
    for (entry, outcome) in await fetcher.fetch(list) {
      switch outcome {
      case .hidden: Console.out("\(entry.name): hidden, skipped\n")
      case .failed(let reason):
        Console.out("\(entry.name): failed: \(reason)\n")
        exitCode = max(exitCode, .invalidInput)
      case .valid(let document):
        guard !parsed.has("--dry-run"), let topic = document.topic else {
          Console.out("\(entry.name): valid\n")
          continue
        }
        // Saved now or before: either way its images belong in the cache.
        Console.out("\(entry.name): \(try TopicsCommand.save(topic, name: topic.options?.name ?? entry.name))\n")
        saved.append(topic)
      }
    }
    if !saved.isEmpty { exitCode = max(exitCode, try await prefetchImages(of: saved, parsed: parsed)) }
    return exitCode
  }

  private static func prefetchImages(of topics: [Topic], parsed: Arguments) async throws(CLIError) -> ExitCode {
    let items = ImagePrefetcher.items(in: topics)
    guard !items.isEmpty else { return .success }
    let loader = try LoaderOptions.loader(parsed)
    let summary = await ImagePrefetcher(loader: loader).prefetch(items)
    let eviction = loader.cache.evict(toFit: LoaderOptions.defaultMaximumSize)
    return LoaderOptions.report(summary, of: items.count, eviction: eviction, offline: false)
  }
}
