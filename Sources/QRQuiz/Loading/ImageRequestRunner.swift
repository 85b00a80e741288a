import Foundation

/// The steps of loading one image, outside the loader actor so that disk reads, image
/// sniffing and waits never block the actor that hands out work.
struct ImageRequestRunner: Sendable {
  let configuration: ImageLoader.Configuration
  let cache: ImageDiskCache
  let limiter: HostFairLimiter

  typealias Outcome = Result<ImageLoader.Loaded, ImageLoader.Error>

  func run(_ request: ImageRequest) async -> Outcome {
    let url = request.url
    let now = Date()
    let cached = cache.entry(for: request.key)
    if let cached, !request.revalidate, cached.metadata.isFresh(at: now) {
      return .success(.init(outcome: .fresh, entry: cached))
    }
    if configuration.offline {
      guard let cached else { return .failure(.notCached(url)) }
      return .success(.init(outcome: cached.metadata.isFresh(at: now) ? .fresh : .offline, entry: cached))
    }
    // The scheme rule guards the network; what is already cached was checked when stored.
    let schemes: Set<String> = configuration.allowHTTP ? ["https", "http"] : ["https"]
    guard let scheme = url.scheme?.lowercased(), schemes.contains(scheme) else {
      return .failure(.schemeNotAllowed(url))
    }
    if let status = cache.rememberedMissing(request.key, now: now) { return .failure(.rememberedMissing(status, url)) }
    return await download(request, cached: cached, schemes: schemes)
  }

  private func download(_ request: ImageRequest, cached: CacheEntry?, schemes: Set<String>) async -> Outcome {
    let url = request.url
    var headers: [String: String] = [:]
    if let cached, cached.metadata.url == url.absoluteString {
      if let etag = cached.metadata.etag { headers["If-None-Match"] = etag }
      if let lastModified = cached.metadata.lastModified { headers["If-Modified-Since"] = lastModified }
    }
    let downloader =
      configuration.dataLoader
      ?? BoundedDownload(
        limit: configuration.maximumImageSize, timeout: configuration.timeout,
        maximumRedirects: configuration.maximumRedirects, allowedSchemes: schemes)
    var attempt = 1
    while true {
      await limiter.acquire(host: url.host ?? "")
      let result = await response(for: url, headers: headers, from: downloader)
      await limiter.release()

      let retryDelay: Double?
      switch result {
      case .failure(let error):
        guard Self.isWorthRetrying(error) else { return .failure(.download(error)) }
        retryDelay = nil
        if attempt >= configuration.maximumAttempts { return .failure(.download(error)) }
      case .success(let response):
        switch response.status {
        case 429, 500...599:
          if attempt >= configuration.maximumAttempts { return .failure(.httpStatus(response.status, url)) }
          retryDelay = HTTPFreshness.retryAfter(response.headers["retry-after"], now: Date())
        default:
          return finish(request, response: response, cached: cached)
        }
      }
      guard await wait(beforeAttempt: attempt + 1, retryAfter: retryDelay) else {
        return .failure(.download(.cancelled(url)))
      }
      attempt += 1
    }
  }

  /// The answer `downloader` gives, held to the image size limit whatever downloads it.
  private func response(
    for url: URL, headers: [String: String], from downloader: any DataLoading
  ) async -> Result<BoundedDownload.Response, BoundedDownload.Error> {
    do {
      let response = try await downloader.response(for: url, headers: headers)
      guard response.body.count <= configuration.maximumImageSize else {
        return .failure(.tooLarge(limit: configuration.maximumImageSize, url))
      }
      return .success(response)
    } catch {
      return .failure(error)
    }
  }

  /// Sleeps before the next try: `Retry-After` when given, else exponential backoff with
  /// jitter (so clients that failed together do not retry together). False if cancelled.
  private func wait(beforeAttempt attempt: Int, retryAfter: Double?) async -> Bool {
    let backoff = configuration.retryBaseDelay * pow(2, Double(attempt - 2)) * Double.random(in: 0.5...1.5)
    let delay = min(retryAfter ?? backoff, configuration.maximumRetryDelay)
    do {
      try await Task.sleep(nanoseconds: UInt64(delay * 1e9))
      return true
    } catch {
      return false
    }
  }

  /// Transport failures and truncated bodies are often passing. A timeout is not retried:
  /// a server that did not answer within the timeout rarely does on the next try, and
  /// retrying would make the caller wait several timeouts.
  static func isWorthRetrying(_ error: BoundedDownload.Error) -> Bool {
    switch error {
    case .transport, .truncated: true
    case .unsupportedScheme, .unsupportedRedirect, .httpStatus, .tooLarge, .tooManyRedirects, .cancelled, .timedOut:
      false
    }
  }

  /// Turns a final answer into a result, storing what deserves storing.
  private func finish(_ request: ImageRequest, response: BoundedDownload.Response, cached: CacheEntry?) -> Outcome {
    let url = request.url
    let now = Date()
    let policy = HTTPFreshness.policy(headers: response.headers, now: now)
    switch response.status {
    case 304:
      guard var entry = cached else { return .failure(.httpStatus(304, url)) }
      entry.metadata.storedAt = now
      entry.metadata.freshUntil = policy.freshUntil
      entry.metadata.etag = response.headers["etag"] ?? entry.metadata.etag
      entry.metadata.lastModified = response.headers["last-modified"] ?? entry.metadata.lastModified
      do {
        try cache.store(entry, for: request.key)
      } catch {
        return .failure(.cache(error))
      }
      return .success(.init(outcome: .revalidated, entry: entry))
    // Only a whole answer is an image: not a 206 (a part of one), nor a 204 (nothing).
    case 200, 203:
      guard let format = ImageFormat(sniffing: response.body) else { return .failure(.notAnImage(url)) }
      let metadata = CacheMetadata(
        url: url.absoluteString, keySource: request.key.source, storedAt: now, freshUntil: policy.freshUntil,
        etag: response.headers["etag"], lastModified: response.headers["last-modified"], size: response.body.count,
        format: format.rawValue)
      let entry = CacheEntry(metadata: metadata, body: response.body)
      if !policy.noStore {
        do {
          try cache.store(entry, for: request.key)
        } catch {
          return .failure(.cache(error))
        }
      }
      return .success(.init(outcome: .fetched, entry: entry))
    case 404, 410:
      cache.rememberMissing(
        request.key, status: response.status, until: now.addingTimeInterval(configuration.missingLifetime))
      return .failure(.httpStatus(response.status, url))
    default:
      return .failure(.httpStatus(response.status, url))
    }
  }
}
