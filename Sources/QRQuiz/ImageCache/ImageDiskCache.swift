import Foundation
import QRQuizFiles
import QRQuizLocking

/// Images on disk, safe for several processes sharing one directory: every write goes to
/// a temporary file and is renamed into place, so readers see a whole entry or none, and a
/// killed process leaves at most a temporary file, swept later.
///
/// The cache keeps itself within ``sizeLimit``, as Nuke's `DataCache` does: it counts what
/// it stores and, once the total passes the limit, evicts the least recently used entries
/// (``sweep()``). Callers never evict.
///
/// ```swift
/// let cache = try ImageDiskCache(directory: URL(filePath: "/var/cache/qrquiz"))
/// let url = URL(string: "https://example.org/q1.jpg")!
/// if let entry = cache.entry(for: url) { print(entry.body.count) }
/// ```
public struct ImageDiskCache: Sendable {
  /// The default ``sizeLimit``: 500 MiB.
  public static let defaultSizeLimit = 500 << 20

  /// The cache's root directory.
  public let directory: URL
  /// The most bytes of entries kept; the least recently used are evicted beyond it.
  public let sizeLimit: Int
  private let ledger = SweepLedger()
  private var entries: URL { directory.appendingPathComponent("v1") }
  private var temporary: URL { directory.appendingPathComponent("v1/tmp") }

  /// Opens (creating if needed) a cache in `directory`.
  ///
  /// - Throws: `FileSystemError` when the directory cannot be created.
  public init(directory: URL, sizeLimit: Int = defaultSizeLimit) throws(FileSystemError) {
    self.directory = directory
    self.sizeLimit = sizeLimit
    try Directory.create(directory.appendingPathComponent("v1/tmp"))
  }

  private func entryURL(_ key: CacheKey) -> URL { entries.appendingPathComponent(key.hash + ".entry") }
  private func missURL(_ key: CacheKey) -> URL { entries.appendingPathComponent(key.hash + ".miss") }

  /// The stored image for `url` (or for the key override `key`), if there is one whole;
  /// marks it recently used.
  public func entry(for url: URL, key: String? = nil) -> CacheEntry? { entry(for: CacheKey(key ?? url.absoluteString)) }

  /// Whether an image for `url` (or `key`) is stored, fresh or not, without reading it.
  public func contains(_ url: URL, key: String? = nil) -> Bool {
    FileManager.default.fileExists(atPath: entryURL(CacheKey(key ?? url.absoluteString)).path)
  }

  /// The entry for `key`, if stored whole and for this key; marks it recently used.
  func entry(for key: CacheKey) -> CacheEntry? {
    let url = entryURL(key)
    guard let data = FileManager.default.contents(atPath: url.path),
      let entry = CacheEntryFile.decode(Array(data)), entry.metadata.keySource == key.source
    else { return nil }
    // The modification time is the LRU clock; touching it is cheaper than rewriting.
    utimes(url.path, nil)
    return entry
  }

  /// Stores a verified image for `key`, replacing any older entry atomically, then sweeps
  /// when the cache has grown past ``sizeLimit``.
  ///
  /// - Throws: `FileSystemError`; nothing is left half-written.
  package func store(_ entry: CacheEntry, for key: CacheKey) throws(FileSystemError) {
    let bytes = CacheEntryFile.encode(entry)
    try AtomicFile.write(bytes, to: entryURL(key), temporaryDirectory: temporary)
    try? FileManager.default.removeItem(at: missURL(key))
    if ledger.add(bytes.count, limit: sizeLimit, measure: { statistics().bytes }) { sweep() }
  }

  /// Remembers that `key` answered 404 or 410, until `until`.
  func rememberMissing(_ key: CacheKey, status: Int, until: Date) {
    let record = "\(status) \(Int(until.timeIntervalSince1970))\n"
    _ = try? AtomicFile.write(Array(record.utf8), to: missURL(key), temporaryDirectory: temporary)
  }

  /// The remembered 404/410 status for `key`, if it has not expired.
  func rememberedMissing(_ key: CacheKey, now: Date) -> Int? {
    guard let data = FileManager.default.contents(atPath: missURL(key).path) else { return nil }
    let fields = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace)
    guard fields.count == 2, let status = Int(fields[0]), let until = Double(fields[1]),
      now.timeIntervalSince1970 < until
    else { return nil }
    return status
  }

  /// One stored entry as listed by ``list()``.
  public struct Item: Sendable {
    /// The entry file's key hash.
    public var key: String
    /// Its metadata.
    public var metadata: CacheMetadata
    /// Bytes on disk.
    public var fileSize: Int
    /// When it was last used.
    public var lastUsed: Date
  }

  /// Every readable entry, most recently used first.
  public func list() -> [Item] {
    files(withExtension: "entry").compactMap { file in
      guard let data = FileManager.default.contents(atPath: file.url.path),
        let entry = CacheEntryFile.decode(Array(data))
      else { return nil }
      return Item(
        key: file.url.deletingPathExtension().lastPathComponent, metadata: entry.metadata, fileSize: file.size,
        lastUsed: file.modified)
    }.sorted { $0.lastUsed > $1.lastUsed }
  }

  /// Totals for `qrquiz cache stats`.
  public struct Statistics: Sendable, Hashable {
    /// Entries stored.
    public var entries: Int
    /// Their bytes on disk.
    public var bytes: Int
    /// Remembered 404/410 answers.
    public var misses: Int
  }

  /// Counts entries and bytes without reading them.
  public func statistics() -> Statistics {
    let stored = files(withExtension: "entry")
    return Statistics(
      entries: stored.count, bytes: stored.reduce(0) { $0 + $1.size }, misses: files(withExtension: "miss").count)
  }

  /// What an eviction removed.
  public struct Eviction: Sendable, Hashable {
    /// Entries removed.
    public var entries: Int
    /// Bytes freed.
    public var bytes: Int

    /// Nothing removed.
    public static let none = Eviction(entries: 0, bytes: 0)
  }

  /// Evicts least recently used entries until the cache is within ``sizeLimit``, and
  /// sweeps what killed processes left. The cache calls it itself after storing past
  /// the limit; call it to tidy up a cache that other processes filled.
  @discardableResult
  public func sweep() -> Eviction {
    let (eviction, remaining) = evictCounting(toFit: sizeLimit, now: Date())
    ledger.swept(eviction, remaining: remaining)
    return eviction
  }

  /// What sweeps by this value (and its copies) removed so far.
  public var evicted: Eviction { ledger.evicted }

  /// Removes least recently used entries until the total is at most `maximumSize`, and
  /// sweeps temporary files a killed process left (older than an hour) and expired misses.
  @discardableResult
  public func evict(toFit maximumSize: Int, now: Date = Date()) -> Eviction {
    evictCounting(toFit: maximumSize, now: now).eviction
  }

  /// Evicts, and says how many bytes of entries remain: one directory scan for both.
  private func evictCounting(toFit maximumSize: Int, now: Date) -> (eviction: Eviction, remaining: Int) {
    for file in files(in: temporary, withExtension: nil) where now.timeIntervalSince(file.modified) > 3600 {
      try? FileManager.default.removeItem(at: file.url)
    }
    var stored: [FileInfo] = []
    for file in files(withExtension: nil) {
      switch file.url.pathExtension {
      case "entry": stored.append(file)
      case "miss" where now.timeIntervalSince(file.modified) > 86_400: try? FileManager.default.removeItem(at: file.url)
      default: break
      }
    }
    stored.sort { $0.modified < $1.modified }
    var total = stored.reduce(0) { $0 + $1.size }
    var eviction = Eviction(entries: 0, bytes: 0)
    var oldest = stored.startIndex
    while total > maximumSize, oldest < stored.endIndex {
      // Another process may have removed it already; either way it is gone.
      try? FileManager.default.removeItem(at: stored[oldest].url)
      total -= stored[oldest].size
      eviction.entries += 1
      eviction.bytes += stored[oldest].size
      oldest += 1
    }
    return (eviction, total)
  }

  /// Removes every entry and remembered miss.
  ///
  /// - Throws: `FileSystemError` for the first file that cannot be removed.
  public func clear() throws(FileSystemError) {
    for file in files(withExtension: nil) where file.url.lastPathComponent != "tmp" {
      guard unlink(file.url.path) == 0 || errno == ENOENT else { throw .current(.remove, file.url.path) }
    }
  }

  private struct FileInfo {
    var url: URL
    var size: Int
    var modified: Date
  }

  private func files(withExtension pathExtension: String?) -> [FileInfo] {
    files(in: entries, withExtension: pathExtension)
  }

  private func files(in folder: URL, withExtension pathExtension: String?) -> [FileInfo] {
    let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
    let urls = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: keys)) ?? []
    return urls.compactMap { url in
      guard pathExtension == nil || url.pathExtension == pathExtension,
        let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true
      else { return nil }
      return FileInfo(url: url, size: values.fileSize ?? 0, modified: values.contentModificationDate ?? .distantPast)
    }
  }
}

/// How many bytes the cache holds, as far as this process knows: measured once before the
/// first store, then counted, and measured again after each sweep. Other processes may
/// add to the cache meanwhile; the next sweep sees what they added.
private final class SweepLedger: Sendable {
  private struct State {
    var total: Int?
    var evicted = ImageDiskCache.Eviction.none
  }

  private let state = Locked(State())

  /// Counts `bytes` stored; true when the total passed `limit` and a sweep is due.
  func add(_ bytes: Int, limit: Int, measure: () -> Int) -> Bool {
    state.withLock { state in
      let total = (state.total ?? measure()) + bytes
      state.total = total
      return total > limit
    }
  }

  func swept(_ eviction: ImageDiskCache.Eviction, remaining: Int) {
    state.withLock { state in
      state.total = remaining
      state.evicted.entries += eviction.entries
      state.evicted.bytes += eviction.bytes
    }
  }

  var evicted: ImageDiskCache.Eviction { state.withLock { $0.evicted } }
}
