import Foundation

/// Reads a community list and downloads its visible topics a few at a time, each checked
/// on its own: one bad or unreachable entry never drops the others. A list is a
/// stranger's: at most ``maximumEntries`` of its entries are fetched, and each topic is
/// handed over as it arrives, so memory holds a few topics at a time, never the list's.
///
/// ```swift
/// let fetcher = CommunityFetcher()
/// let list = try await fetcher.list(at: URL(string: "https://example.org/community.json")!)
/// await fetcher.fetch(list) { index, entry, outcome in print(index, entry.name, outcome) }
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

  /// Entries of a list that are fetched; the rest are left (a 16 MiB list names 150,000).
  public static let maximumEntries = 1000

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

  /// Fetches the first ``maximumEntries`` entries, `concurrency` at a time, and hands each
  /// entry's outcome to `handle` as it comes (not in list order: `index` says where it
  /// is). At most `concurrency` downloads are in flight, and a topic lives only as long as
  /// `handle` keeps it.
  public func fetch(
    _ list: CommunityList, _ handle: (_ index: Int, CommunityList.Entry, Outcome) async -> Void
  ) async {
    let limiter = HostFairLimiter(limit: concurrency)
    let reader = reader
    let entries = Array(list.entries.prefix(Self.maximumEntries))
    await withTaskGroup(of: (Int, Outcome).self) { group in
      var next = 0
      func start() {
        guard next < entries.count else { return }
        let index = next
        let entry = entries[index]
        next += 1
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
      // A window of tasks, not one per entry: a new one as each ends.
      for _ in 0..<max(1, concurrency) { start() }
      while let (index, outcome) = await group.next() {
        await handle(index, entries[index], outcome)
        start()
      }
    }
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
