import Foundation
import QRQuiz

/// `qrquiz prefetch TOPIC.json… [--profiles]`: every image a quiz needs, into the cache.
enum PrefetchCommand {
  static let usage = """
    qrquiz prefetch TOPIC.json… [--profiles] [--cache-dir DIR] [--concurrency N] [--allow-http] [--offline]
             [--max-size SIZE]
    """

  static func run(_ arguments: [String]) async throws(CLIError) -> ExitCode {
    let parsed = try Arguments(arguments, options: LoaderOptions.options + [.flag("--profiles")])
    guard !parsed.positionals.isEmpty || parsed.has("--profiles") else {
      throw .usage("prefetch needs topic files or --profiles\nusage: \(usage)")
    }
    var topics: [Topic] = []
    for path in parsed.positionals { topics.append(try TopicInput.loadValid(path).topic) }
    var items = ImagePrefetcher.items(in: topics)
    if parsed.has("--profiles") {
      do {
        // Pictures change at the same URL: always ask the server.
        items += try ProfileStore(directory: Directories.data).list().compactMap(\.imageURL)
          .map { ImagePrefetcher.Item(url: $0, revalidate: true) }
      } catch {
        throw CLIError(.invalidInput, error.description)
      }
    }
    let loader = try LoaderOptions.loader(parsed)
    let maximumSize = try LoaderOptions.maximumSize(parsed)
    let bar = ProgressBar(label: "images")
    let summary = await ImagePrefetcher(loader: loader).prefetch(items) { done, total in bar.update(done, total) }
    bar.finish()
    // Eviction at the end of every run keeps the cache within its limit.
    let eviction = loader.cache.evict(toFit: maximumSize)
    return LoaderOptions.report(summary, of: items.count, eviction: eviction, offline: parsed.has("--offline"))
  }
}
