import Foundation
import QRQuiz

/// The options shared by the commands that use the image cache.
enum LoaderOptions {
  static let options: [Arguments.Option] = [
    .value("--cache-dir"), .value("--concurrency"), .flag("--allow-http"), .flag("--offline"), .value("--max-size"),
  ]

  /// The default cache size limit: 500 MiB.
  static let defaultMaximumSize = 500 << 20

  static func loader(_ parsed: Arguments) throws(CLIError) -> ImageLoader {
    var configuration = ImageLoader.Configuration(cacheDirectory: Directories.cache(parsed))
    configuration.concurrency = try parsed.integer("--concurrency", in: 1...64, default: 6)
    configuration.allowHTTP = parsed.has("--allow-http")
    configuration.offline = parsed.has("--offline")
    do {
      return try ImageLoader(configuration: configuration)
    } catch {
      throw CLIError(.outputFailed, "cannot use cache directory \(configuration.cacheDirectory.path): \(error)")
    }
  }

  static func maximumSize(_ parsed: Arguments) throws(CLIError) -> Int {
    guard let text = parsed.value("--max-size") else { return defaultMaximumSize }
    guard let size = ByteSize.parse(text) else {
      throw .usage("--max-size must be a size such as 500M or 2G, not '\(text)'")
    }
    return size
  }

  /// Prints a prefetch's summary line and each failure on stderr; the exit code: success,
  /// or "not found" (offline) or "network" when any image failed.
  static func report(
    _ summary: ImagePrefetcher.Summary, of count: Int, eviction: ImageDiskCache.Eviction, offline: Bool
  ) -> ExitCode {
    var line =
      "\(count) images: \(summary.fetched) fetched, \(summary.fresh) fresh, "
      + "\(summary.revalidated) revalidated, \(summary.failures.count) failed"
    if summary.offline > 0 { line += ", \(summary.offline) stale (offline)" }
    if eviction.entries > 0 { line += "; evicted \(eviction.entries) (\(ByteSize.format(eviction.bytes)))" }
    Console.error(line)
    for failure in summary.failures { Console.error("  \(failure.reason)") }
    guard summary.failures.isEmpty else { return offline ? .notFound : .network }
    return .success
  }

  /// The exit code for a failed image: offline misses are "not found", the rest network.
  static func exitCode(for error: ImageLoader.Error) -> ExitCode {
    switch error {
    case .notCached, .httpStatus(404, _), .httpStatus(410, _), .rememberedMissing: .notFound
    case .schemeNotAllowed, .notAnImage: .invalidInput
    case .cache: .outputFailed
    case .httpStatus, .download: .network
    }
  }
}
