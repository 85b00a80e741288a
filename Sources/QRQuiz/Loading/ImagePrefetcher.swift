import Foundation

/// Loads every image a quiz needs into the cache before it is shown offline: the topics'
/// `imageURL`s and profile pictures. One failure never stops the others.
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
    /// Images that failed, with the reason, in input order.
    public var failures: [(url: String, reason: String)] = []
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
    let results = await withTaskGroup(of: IndexedResult.self) { group in
      for (index, item) in items.enumerated() {
        group.addTask { IndexedResult(index: index, result: await Self.load(item, with: loader)) }
      }
      var results = [ItemResult?](repeating: nil, count: items.count)
      var done = 0
      for await finished in group {
        results[finished.index] = finished.result
        done += 1
        progress(done, items.count)
      }
      return results
    }
    var summary = Summary()
    for (item, result) in zip(items, results) {
      switch result {
      case .loaded(.fetched): summary.fetched += 1
      case .loaded(.fresh): summary.fresh += 1
      case .loaded(.revalidated): summary.revalidated += 1
      case .loaded(.offline): summary.offline += 1
      case .failed(let reason): summary.failures.append((item.url, reason))
      case nil: summary.failures.append((item.url, "not attempted"))
      }
    }
    return summary
  }

  private static func load(_ item: Item, with loader: ImageLoader) async -> ItemResult {
    guard let url = URL(string: item.url), url.scheme != nil else { return .failed("\(item.url): not a URL") }
    do {
      return .loaded(try await loader.load(url, revalidate: item.revalidate).outcome)
    } catch {
      return .failed(error.description)
    }
  }
}

private struct IndexedResult: Sendable {
  var index: Int
  var result: ItemResult
}

private enum ItemResult: Sendable {
  case loaded(ImageLoader.Outcome)
  case failed(String)
}
