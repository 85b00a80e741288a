import Foundation

/// Reads a community list and downloads its visible topics a few at a time, each checked
/// on its own: one bad or unreachable entry never drops the others.
///
/// ```swift
/// let fetcher = CommunityFetcher()
/// let list = try await fetcher.list(at: URL(string: "https://example.org/community.json")!)
/// for (entry, outcome) in await fetcher.fetch(list) { print(entry.name, outcome) }
/// ```
public struct CommunityFetcher: Sendable {
  /// What became of one listed topic.
  public enum Outcome: Sendable {
    /// Downloaded and valid.
    case valid(ValidTopic)
    /// Hidden in the list: not fetched.
    case hidden
    /// Not a URL, unreachable, too large, not JSON or invalid.
    case failed(TopicError)
  }

  /// Why the list itself could not be had.
  public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// The list could not be downloaded.
    case download(BoundedDownload.Error)
    /// The list is not a community list.
    case malformed(URL, CommunityList.Error)

    public var description: String {
      switch self {
      case .download(let error): "community list \(error)"
      case .malformed(let url, let error): "\(url.absoluteString): \(error)"
      }
    }
  }

  /// Downloads at once.
  public var concurrency: Int
  /// How each topic is read (its size limit and timeout).
  public var reader: TopicReader

  /// Creates a fetcher.
  public init(concurrency: Int = 4, timeout: Double = 30) {
    self.concurrency = concurrency
    self.reader = TopicReader(timeout: timeout)
  }

  /// The list at `url`, with the topic size limit and timeout.
  ///
  /// - Throws: ``Error``.
  public func list(at url: URL) async throws(Error) -> CommunityList {
    let bytes: [UInt8]
    do {
      bytes = try await reader.download.data(from: url)
    } catch {
      throw .download(error)
    }
    do {
      return try CommunityList(bytes: bytes)
    } catch {
      throw .malformed(url, error)
    }
  }

  /// Every entry's outcome, in list order.
  public func fetch(_ list: CommunityList) async -> [(entry: CommunityList.Entry, outcome: Outcome)] {
    let limiter = HostFairLimiter(limit: concurrency)
    let reader = reader
    let outcomes = await withTaskGroup(of: (Int, Outcome).self) { group in
      for (index, entry) in list.entries.enumerated() {
        group.addTask {
          guard entry.isVisible else { return (index, .hidden) }
          guard TopicSource.looksLikeURL(entry.url), let url = URL(string: entry.url), url.host != nil else {
            return (index, .failed(.notURL(entry.url)))
          }
          await limiter.acquire(host: url.host ?? "")
          let outcome = await Self.download(url, with: reader)
          await limiter.release()
          return (index, outcome)
        }
      }
      var outcomes = [Outcome](repeating: .hidden, count: list.entries.count)
      for await (index, outcome) in group { outcomes[index] = outcome }
      return outcomes
    }
    return Array(zip(list.entries, outcomes))
  }

  // A function of its own: Swift 6.3.1's optimiser crashes on a typed `do` inside a task
  // group's child closure in release builds.
  private static func download(_ url: URL, with reader: TopicReader) async -> Outcome {
    do {
      return .valid(try await reader.topic(from: .url(url)))
    } catch {
      return .failed(error)
    }
  }
}
