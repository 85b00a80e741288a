import Foundation
import QRQuiz

/// `qrquiz image URL -o FILE`: one image through the cache.
enum ImageCommand {
  static let usage = "qrquiz image URL -o FILE [--cache-dir DIR] [--offline] [--allow-http] [--key KEY]"

  static func run(_ arguments: [String]) async throws(CLIError) -> ExitCode {
    let parsed = try Arguments(arguments, options: LoaderOptions.options + [.value("-o", "--output"), .value("--key")])
    guard parsed.positionals.count == 1, let output = parsed.value("-o") else {
      throw .usage("image takes one URL and -o FILE\nusage: \(usage)")
    }
    let text = parsed.positionals[0]
    guard let url = URL(string: text), url.scheme != nil else { throw CLIError(.invalidInput, "\(text): not a URL") }
    let loader = try LoaderOptions.loader(parsed)
    let loaded: ImageLoader.Loaded
    do {
      loaded = try await loader.load(url, key: parsed.value("--key"))
    } catch {
      throw CLIError(LoaderOptions.exitCode(for: error), error.description)
    }
    try Console.write(loaded.entry.body, to: output)
    loader.cache.evict(toFit: try LoaderOptions.maximumSize(parsed))
    return .success
  }
}
