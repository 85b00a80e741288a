import Foundation

/// Loads images through the disk cache, as Nuke's pipeline does for apps: one download
/// per URL however many ask, at most `concurrency` at once with hosts taking turns, HTTP
/// freshness and revalidation, retries with backoff for failures worth retrying, and only
/// complete, verified images stored.
///
/// ```swift
/// let loader = ImageLoader(configuration: .init(cacheDirectory: cacheURL))
/// let image = try await loader.load(URL(string: "https://example.org/q1.jpg")!)
/// print(image.outcome, image.entry.body.count)
/// ```
public actor ImageLoader {
  /// How the loader behaves.
  public struct Configuration: Sendable {
    /// Where the cache lives.
    public var cacheDirectory: URL
    /// Downloads at once.
    public var concurrency = 6
    /// Allow plain `http` (for local servers); otherwise only `https`.
    public var allowHTTP = false
    /// Use only the cache; never touch the network.
    public var offline = false
    /// The largest image accepted.
    public var maximumImageSize = 20 << 20
    /// Seconds for one download, redirects included.
    public var timeout: Double = 30
    /// Redirects followed.
    public var maximumRedirects = 5
    /// Tries per image for transport errors, 5xx and 429.
    public var maximumAttempts = 4
    /// The first retry's delay; each later one doubles, with ±50% jitter.
    public var retryBaseDelay: Double = 0.5
    /// The longest wait between tries, also for `Retry-After`.
    public var maximumRetryDelay: Double = 30
    /// How long a 404 or 410 is remembered.
    public var missingLifetime: Double = 300

    /// A configuration with the defaults.
    public init(cacheDirectory: URL) { self.cacheDirectory = cacheDirectory }
  }

  /// Where a loaded image came from.
  public enum Outcome: String, Sendable, Hashable, Codable {
    /// From the cache, still fresh: no request.
    case fresh
    /// Downloaded.
    case fetched
    /// From the cache after the server answered 304 Not Modified.
    case revalidated
    /// From the cache, stale, because the loader is offline.
    case offline
  }

  /// A loaded image.
  public struct Loaded: Sendable {
    /// Where it came from.
    public var outcome: Outcome
    /// The image and its metadata.
    public var entry: CacheEntry
  }

  /// Why an image could not be loaded.
  public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// The scheme is not https (or http with `allowHTTP`).
    case schemeNotAllowed(URL)
    /// Offline, and the cache does not have it.
    case notCached(URL)
    /// The server answered with this status (after retries, for 5xx and 429).
    case httpStatus(Int, URL)
    /// A recent 404 or 410 is remembered; not asked again yet.
    case rememberedMissing(Int, URL)
    /// The body is not an image (by its bytes).
    case notAnImage(URL)
    /// The transfer failed (after retries, when worth retrying).
    case download(BoundedDownload.Error)
    /// The cache could not be written.
    case cache(String)

    public var description: String {
      switch self {
      case .schemeNotAllowed(let url): "\(url.absoluteString): only https is fetched (use --allow-http for http)"
      case .notCached(let url): "\(url.absoluteString): not in the cache (offline)"
      case .httpStatus(let status, let url): "\(url.absoluteString): HTTP status \(status)"
      case .rememberedMissing(let status, let url):
        "\(url.absoluteString): HTTP status \(status) (remembered; not asked again yet)"
      case .notAnImage(let url): "\(url.absoluteString): not an image (PNG, JPEG, GIF, WebP or BMP)"
      case .download(let error): error.description
      case .cache(let message): "cache: \(message)"
      }
    }
  }

  /// The settings.
  public let configuration: Configuration
  /// The cache behind the loader.
  public nonisolated let cache: ImageDiskCache
  private let limiter: HostFairLimiter
  private var inFlight: [String: Task<Result<Loaded, Error>, Never>] = [:]

  /// Creates a loader.
  ///
  /// - Throws: the file system's error when the cache directory cannot be created.
  public init(configuration: Configuration) throws {
    self.configuration = configuration
    cache = try ImageDiskCache(directory: configuration.cacheDirectory)
    limiter = HostFairLimiter(limit: configuration.concurrency)
  }

  /// The image at `url`, from the cache when fresh, else from the network.
  ///
  /// - Parameters:
  ///   - key: a cache key to use instead of the URL, for URLs with changing tokens.
  ///   - revalidate: ask the server even when the entry is fresh (avatars change at the
  ///     same URL).
  /// - Throws: ``Error``.
  public func load(_ url: URL, key: String? = nil, revalidate: Bool = false) async throws(Error) -> Loaded {
    let cacheKey = CacheKey(key ?? url.absoluteString)
    // Callers asking for the same image share one load.
    if let running = inFlight[cacheKey.hash] { return try await running.value.get() }
    let request = ImageRequest(url: url, key: cacheKey, revalidate: revalidate)
    let task = Task { [configuration, cache, limiter] in
      await ImageRequestRunner(configuration: configuration, cache: cache, limiter: limiter).run(request)
    }
    inFlight[cacheKey.hash] = task
    let result = await withTaskCancellationHandler {
      await task.value
    } onCancel: {
      task.cancel()
    }
    inFlight[cacheKey.hash] = nil
    return try result.get()
  }
}

/// One image to load.
struct ImageRequest: Sendable {
  var url: URL
  var key: CacheKey
  var revalidate: Bool
}
