import Foundation
import QRQuiz
import QRQuizClassroom

/// `qrquiz prefetch TOPIC… [--profiles]`: every image a quiz needs, into the cache.
struct PrefetchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "prefetch",
    abstract: "Load every image of topics (and profile pictures) into the cache, for offline quizzes.",
    discussion: """
      Only complete, verified images are stored. At most --concurrency downloads run at once,
      hosts taking turns; failures worth retrying are retried with backoff. Profile pictures
      are always revalidated (they change at the same URL).
      """,
    examples: ["qrquiz prefetch Social.json ImagesTest.json", "qrquiz prefetch Social.json --offline"])

  @Argument(.topic) var topics: [String]
  @Flag("--profiles", help: "also the profile pictures") var profiles
  @OptionGroup var loading: LoaderOptions

  func validate() throws(CLIError) {
    guard !topics.isEmpty || profiles else { throw .usage("prefetch needs topics or --profiles") }
  }

  func run() async throws -> ExitCode {
    var read: [Topic] = []
    for topic in topics {
      read.append(try await TopicArgument(topic).topic(reader: loading.network.reader).topic)
    }
    var items = ImagePrefetcher.items(in: read)
    if profiles {
      // Pictures change at the same URL: always ask the server.
      items += try ProfileCommand.store().list().compactMap(\.imageURL)
        .map { ImagePrefetcher.Item(url: $0, revalidate: true) }
    }
    let bar = ProgressBar(label: "images")
    let summary = await ImagePrefetcher(loader: try loading.loader()).prefetch(items) { done, total in
      bar.update(done, total)
    }
    bar.finish()
    return PrefetchReport.report(summary, of: items.count)
  }
}
