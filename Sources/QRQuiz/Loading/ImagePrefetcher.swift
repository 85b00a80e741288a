import Foundation

/// Loads every image a quiz needs into the cache before it is shown offline: the topics'
/// `imageURL`s and profile pictures. One failure never stops the others, and the cache is
/// swept to its size limit at the end.
///
/// ```swift
/// let loader = try ImageLoader(configuration: .init(cacheDirectory: URL(filePath: "/var/cache/qrquiz")))
/// let topic = try await TopicReader().topic(from: .file("ImagesTest.json"))
/// let summary = await ImagePrefetcher(loader: loader).prefetch(ImagePrefetcher.items(in: [topic.topic]))
/// print(summary.fetched, summary.failures.count)
/// ```
public struct ImagePrefetcher: Sendable {
  /// One image to fetch.
  public struct Item: Sendable, Hashable {
    /// The URL text as written in the topic or profile.
    public var url: String
    /// Ask the server even when the cached copy is fresh (profile pictures change at the
    /// same URL).
    public var revalidate: Bool

    /// Creates an item.
    public init(url: String, revalidate: Bool = false) {
      self.url = url
      self.revalidate = revalidate
    }
  }

  /// One image that could not be loaded.
  public struct Failure: Sendable, Hashable {
    /// The image.
    public var item: Item
    /// Why.
    public var error: ImageLoader.Error
  }

  /// What a prefetch did.
  public struct Summary: Sendable {
    /// Images downloaded.
    public var fetched = 0
    /// Images already fresh in the cache.
    public var fresh = 0
    /// Images the server confirmed unchanged (304).
    public var revalidated = 0
    /// Stale images kept because the prefetch was offline.
    public var offline = 0
    /// Images that failed, in input order.
    public var failures: [Failure] = []
    /// What the cache evicted to stay within its size limit.
    public var eviction = ImageDiskCache.Eviction.none
  }

  /// The loader that does the work.
  public let loader: ImageLoader

  /// Creates a prefetcher.
  public init(loader: ImageLoader) { self.loader = loader }

  /// The distinct, non-empty `imageURL`s of `topics`, in order of appearance.
  public static func items(in topics: [Topic]) -> [Item] {
    var seen = Set<String>()
    return topics.flatMap(\.questions).compactMap(\.imageURL).filter { !$0.isEmpty && seen.insert($0).inserted }
      .map { Item(url: $0) }
  }

  /// Loads every item; `progress` is called with (done, total) after each.
  public func prefetch(_ items: [Item], progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) async -> Summary
  {
    let evictedBefore = loader.cache.evicted
    let results = await withTaskGroup(of: (Int, Result<ImageLoader.Outcome, ImageLoader.Error>).self) { group in
      for (index, item) in items.enumerated() {
        group.addTask { (index, await Self.load(item, with: loader)) }
      }
      var results = [Result<ImageLoader.Outcome, ImageLoader.Error>?](repeating: nil, count: items.count)
      var done = 0
      for await (index, result) in group {
        results[index] = result
        done += 1
        progress(done, items.count)
      }
      return results
    }
    var summary = Summary()
    for (item, result) in zip(items, results) {
      switch result {
      case .success(.fetched): summary.fetched += 1
      case .success(.fresh): summary.fresh += 1
      case .success(.revalidated): summary.revalidated += 1
      case .success(.offline): summary.offline += 1
      case .failure(let error): summary.failures.append(Failure(item: item, error: error))
      case nil: preconditionFailure("every item has a result")
      }
    }
    // Sweeping here also trims what other processes added while this one ran.
    loader.cache.sweep()
    let evicted = loader.cache.evicted
    summary.eviction = ImageDiskCache.Eviction(
      entries: evicted.entries - evictedBefore.entries, bytes: evicted.bytes - evictedBefore.bytes)
    return summary
  }

  // A function of its own: Swift 6.3.1's optimiser crashes on a typed `do` inside a task
  // group's child closure in release builds.
  private static func load(_ item: Item, with loader: ImageLoader) async -> Result<
    ImageLoader.Outcome, ImageLoader.Error
  > {
    guard let url = URL(string: item.url), url.scheme != nil else { return .failure(.invalidURL(item.url)) }
    do {
      return .success(try await loader.load(url, revalidate: item.revalidate).outcome)
    } catch {
      return .failure(error)
    }
  }
}
