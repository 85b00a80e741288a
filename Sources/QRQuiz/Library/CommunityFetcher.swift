import Foundation

/// Reads a community list and downloads its visible topics a few at a time, each checked
/// on its own: one bad or unreachable entry never drops the others.
public struct CommunityFetcher: Sendable {
  /// What became of one listed topic.
  public enum Outcome: Sendable {
    /// Downloaded and valid.
    case valid(TopicDocument)
    /// Hidden in the list: not fetched.
    case hidden
    /// Unreachable, too large, not JSON or invalid; why.
    case failed(String)
  }

  /// Downloads at once.
  public var concurrency: Int
  /// Seconds per download.
  public var timeout: Double

  /// Creates a fetcher.
  public init(concurrency: Int = 4, timeout: Double = 30) {
    self.concurrency = concurrency
    self.timeout = timeout
  }

  /// The list at `url`.
  ///
  /// - Throws: a description of why the list could not be had.
  public func list(at url: URL) async throws -> CommunityList {
    let bytes = try await BoundedDownload(limit: TopicDocument.maximumSize, timeout: timeout).data(from: url)
    return try CommunityList(bytes: bytes)
  }

  /// Every entry's outcome, in list order.
  public func fetch(_ list: CommunityList) async -> [(entry: CommunityList.Entry, outcome: Outcome)] {
    let limiter = HostFairLimiter(limit: concurrency)
    let downloader = TopicDownloader(timeout: timeout)
    let outcomes = await withTaskGroup(of: IndexedOutcome.self) { group in
      for (index, entry) in list.entries.enumerated() {
        group.addTask {
          guard entry.isVisible else { return IndexedOutcome(index: index, outcome: .hidden) }
          guard let url = URL(string: entry.url), url.host != nil else {
            return IndexedOutcome(index: index, outcome: .failed("\(entry.url): not a URL"))
          }
          await limiter.acquire(host: url.host ?? "")
          let result = await Self.download(url, with: downloader)
          await limiter.release()
          return IndexedOutcome(index: index, outcome: result)
        }
      }
      var outcomes = [Outcome](repeating: .hidden, count: list.entries.count)
      for await finished in group { outcomes[finished.index] = finished.outcome }
      return outcomes
    }
    return Array(zip(list.entries, outcomes))
  }

  private static func download(_ url: URL, with downloader: TopicDownloader) async -> Outcome {
    do {
      return .valid(try await downloader.topic(from: url))
    } catch {
      return .failed("\(error)")
    }
  }
}

private struct IndexedOutcome: Sendable {
  var index: Int
  var outcome: CommunityFetcher.Outcome
}
