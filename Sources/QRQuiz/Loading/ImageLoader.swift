import Foundation
import QRQuizFiles

/// Loads images through the disk cache, as Nuke's pipeline does for apps: one download
/// per URL however many ask, at most `concurrency` at once with hosts taking turns, HTTP
/// freshness and revalidation, retries with backoff for failures worth retrying, and only
/// complete, verified images stored. The cache keeps itself within
/// ``Configuration/sizeLimit``.
///
/// ```swift
/// let cacheURL = URL(filePath: "/var/cache/qrquiz")
/// let loader = try ImageLoader(configuration: .init(cacheDirectory: cacheURL))
/// let image = try await loader.load(URL(string: "https://example.org/q1.jpg")!)
/// print(image.outcome, image.entry.body.count)
/// ```
public actor ImageLoader {
  /// How the loader behaves.
  public struct Configuration: Sendable {
    /// Where the cache lives.
    public var cacheDirectory: URL
    /// The most bytes the cache keeps; least recently used images are evicted beyond it.
    public var sizeLimit = ImageDiskCache.defaultSizeLimit
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
    /// What downloads the images; `nil`, the network (``BoundedDownload`` with this
    /// configuration's size limit, timeout, redirects and schemes).
    public var dataLoader: (any DataLoading)?

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
    /// The text is not a URL.
    case invalidURL(String)
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
    case cache(FileSystemError)
    /// The caller was cancelled (other callers of the same image carry on).
    case cancelled(URL)

    public var description: String {
      switch self {
      case .invalidURL(let text): "\(text): not a URL"
      case .schemeNotAllowed(let url): "\(url.absoluteString): only https is fetched"
      case .notCached(let url): "\(url.absoluteString): not in the cache (offline)"
      case .httpStatus(let status, let url): "\(url.absoluteString): HTTP status \(status)"
      case .rememberedMissing(let status, let url):
        "\(url.absoluteString): HTTP status \(status) (remembered; not asked again yet)"
      case .notAnImage(let url): "\(url.absoluteString): not an image (PNG, JPEG, GIF, WebP or BMP)"
      case .download(let error): error.description
      case .cache(let error): "cache: \(error)"
      case .cancelled(let url): "\(url.absoluteString): cancelled"
      }
    }
  }

  /// The settings.
  public let configuration: Configuration
  /// The cache behind the loader.
  public nonisolated let cache: ImageDiskCache
  private let limiter: HostFairLimiter

  private typealias LoadResult = Result<Loaded, Error>

  /// One download shared by every caller of the same image; it is cancelled only when its
  /// last caller leaves (Nuke's task subscriptions).
  private struct Job {
    var id: Int
    var task: Task<Void, Never>
    var waiters: [Int: CheckedContinuation<LoadResult, Never>]
  }

  private var jobs: [String: Job] = [:]
  private var nextID = 0

  /// Creates a loader.
  ///
  /// - Throws: `FileSystemError` when the cache directory cannot be created.
  public init(configuration: Configuration) throws(FileSystemError) {
    self.configuration = configuration
    cache = try ImageDiskCache(directory: configuration.cacheDirectory, sizeLimit: configuration.sizeLimit)
    limiter = HostFairLimiter(limit: configuration.concurrency)
  }

  /// The image at `url`, from the cache when fresh, else from the network.
  ///
  /// Callers asking for the same image at the same time share one download. Cancelling a
  /// caller ends its wait at once with ``Error/cancelled(_:)``; the download itself stops
  /// only when no caller is left.
  ///
  /// - Parameters:
  ///   - url: the image's http(s) URL.
  ///   - key: a cache key to use instead of the URL, for URLs with changing tokens.
  ///   - revalidate: ask the server even when the entry is fresh (avatars change at the
  ///     same URL).
  /// - Throws: ``Error``.
  public func load(_ url: URL, key: String? = nil, revalidate: Bool = false) async throws(Error) -> Loaded {
    let cacheKey = CacheKey(key ?? url.absoluteString)
    let waiter = nextID
    nextID += 1
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        subscribe(waiter, continuation, to: ImageRequest(url: url, key: cacheKey, revalidate: revalidate))
      }
    } onCancel: {
      Task { await self.unsubscribe(waiter, from: cacheKey.hash, url: url) }
    }
    return try result.get()
  }

  private func subscribe(
    _ waiter: Int, _ continuation: CheckedContinuation<LoadResult, Never>, to request: ImageRequest
  ) {
    let hash = request.key.hash
    if jobs[hash] != nil {
      jobs[hash]!.waiters[waiter] = continuation
      return
    }
    let id = nextID
    nextID += 1
    let runner = ImageRequestRunner(configuration: configuration, cache: cache, limiter: limiter)
    let task = Task {
      let result = await runner.run(request)
      self.finish(hash, job: id, with: result)
    }
    jobs[hash] = Job(id: id, task: task, waiters: [waiter: continuation])
  }

  private func unsubscribe(_ waiter: Int, from hash: String, url: URL) {
    guard let continuation = jobs[hash]?.waiters.removeValue(forKey: waiter) else { return }
    continuation.resume(returning: .failure(.cancelled(url)))
    if jobs[hash]?.waiters.isEmpty == true {
      jobs[hash]?.task.cancel()
      jobs[hash] = nil
    }
  }

  private func finish(_ hash: String, job id: Int, with result: LoadResult) {
    // A job cancelled by its last caller may finish after a new job took its key.
    guard let job = jobs[hash], job.id == id else { return }
    jobs[hash] = nil
    for continuation in job.waiters.values { continuation.resume(returning: result) }
  }

  /// How many callers wait for the download of `url` now (0 when none runs): lets the
  /// tests cancel callers only once they all share one download.
  package func callers(of url: URL, key: String? = nil) -> Int {
    jobs[CacheKey(key ?? url.absoluteString).hash]?.waiters.count ?? 0
  }

  /// Whether the cache holds the image at `url` (fresh or not), without a request.
  public nonisolated func isCached(_ url: URL, key: String? = nil) -> Bool { cache.contains(url, key: key) }
}

/// One image to load.
struct ImageRequest: Sendable {
  var url: URL
  var key: CacheKey
  var revalidate: Bool
}
