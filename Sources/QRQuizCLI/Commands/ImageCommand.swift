import Foundation
import QRQuiz

/// `qrquiz image URL -o FILE`: one image through the cache.
struct ImageCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "image",
    abstract: "Get one image through the cache (fetched, revalidated or fresh) and write it to a file.",
    examples: ["qrquiz image https://example.org/q1.jpg -o q1.jpg"])

  @Argument(value: "URL", help: "the image's URL") var url: String
  @Option("-o", "--output", value: "FILE", help: "where to write it (- for standard output)", completion: .file)
  var output: String?
  @Option("--key", value: "KEY", help: "cache key instead of the URL, for URLs with changing tokens") var key: String?
  @OptionGroup var loading: LoaderOptions

  func validate() throws(CLIError) {
    guard output != nil else { throw .usage("image needs -o FILE") }
  }

  func run() async throws -> ExitCode {
    guard let parsed = URL(string: url), parsed.scheme != nil else { throw ImageLoader.Error.invalidURL(url) }
    let loaded = try await loading.loader().load(parsed, key: key)
    try Console.write(loaded.entry.body, to: output ?? "-")
    return .success
  }
}
