import Foundation
import QRQuiz

/// The options of every command that uses the image cache.
struct CacheOptions: ParsableArguments {
  @Option("--cache-dir", value: "DIR", help: "the image cache", completion: .directory) var directory: String?
  @Option("--max-size", value: "SIZE", help: "the most the cache keeps; least recently used images go first")
  var sizeLimit = ByteCount(bytes: ImageDiskCache.defaultSizeLimit)

  var url: URL { Directories.cache(directory) }

  /// The cache, opened (created when missing).
  func cache() throws -> ImageDiskCache { try ImageDiskCache(directory: url, sizeLimit: sizeLimit.bytes) }
}

/// The options of every command that downloads images.
struct LoaderOptions: ParsableArguments {
  @OptionGroup var cache: CacheOptions
  @OptionGroup var network: NetworkOptions
  @Option("--concurrency", help: "downloads at once", range: 1...64) var concurrency = 6
  @Flag("--allow-http", help: "fetch plain http too (local servers); otherwise only https") var allowHTTP
  @Flag("--offline", help: "use only the cache; never touch the network") var offline

  func loader() throws -> ImageLoader {
    var configuration = ImageLoader.Configuration(cacheDirectory: cache.url)
    configuration.sizeLimit = cache.sizeLimit.bytes
    configuration.concurrency = concurrency
    configuration.allowHTTP = allowHTTP
    configuration.offline = offline
    configuration.timeout = Double(network.timeout)
    return try ImageLoader(configuration: configuration)
  }
}

/// The option of every command that downloads: topics behind URLs, images, lists.
struct NetworkOptions: ParsableArguments {
  @Option("--timeout", value: "SECONDS", help: "for each download, redirects included", range: 1...3600)
  var timeout = 30

  var reader: TopicReader { TopicReader(timeout: Double(timeout)) }
}

extension QRErrorCorrection: ArgumentChoice {
  init?(argument: String) { self.init(letter: argument) }
}

extension TopicQREncoder.Format: ArgumentChoice {}
