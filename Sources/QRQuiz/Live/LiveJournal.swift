import Foundation

/// A game's journal: its ``LiveGame/Setup`` on the first line, then one
/// ``LiveGame/Entry`` per line, as JSON. Entries are written and `fsync`ed by a thread of
/// the journal's own, in batches (group commit): a move is acknowledged once
/// ``waitUntilDurable(_:)`` returns, so what a player was told survives a crash of the
/// process or the machine, and a thousand answers in two seconds cost a few dozen
/// flushes, not a thousand.
public final class LiveJournal: @unchecked Sendable {
  // Everything mutable is touched only under `condition`'s lock.
  private let condition = NSCondition()
  private let descriptor: Int32
  public let url: URL
  private var pending: [UInt8] = []
  /// Entries handed to ``append(_:)`` so far, and of them the ones written and flushed.
  private var appended = 0
  private var durable = 0
  private var failure: FileSystemError?
  private var waiters: [(ticket: Int, continuation: CheckedContinuation<FileSystemError?, Never>)] = []
  private var closing = false
  private var writerDone = false

  /// A journal's first line is at most this long (the questions of a game), and a journal
  /// this long at most, when read back.
  public static let sizeLimit = 256 << 20

  /// A new journal for `setup` at `url` (which must not exist), its first line durable.
  ///
  /// - Throws: ``FileSystemError``.
  public convenience init(creating url: URL, setup: LiveGame.Setup) throws(FileSystemError) {
    try Directory.create(url.deletingLastPathComponent())
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw .current(.create, url.path) }
    do {
      try AtomicFile.writeAll(Self.encode(setup) + [10], to: descriptor, path: url.path)
      try Self.sync(descriptor, url.path)
      // The file's name must be durable too, or a crash can leave no journal at all.
      try AtomicFile.syncFolder(url.deletingLastPathComponent().path)
    } catch {
      close(descriptor)
      unlink(url.path)
      throw error
    }
    self.init(descriptor: descriptor, url: url)
  }

  /// The journal at `url`, to append to after reading it back (``read(_:)``), cut to
  /// `validLength` bytes: a line half-written when the process died is dropped.
  ///
  /// - Throws: ``FileSystemError``.
  public convenience init(appendingTo url: URL, validLength: Int) throws(FileSystemError) {
    let descriptor = open(url.path, O_WRONLY | O_APPEND | O_CLOEXEC)
    guard descriptor >= 0 else { throw .current(.write, url.path) }
    guard ftruncate(descriptor, off_t(validLength)) == 0 else {
      close(descriptor)
      throw .current(.write, url.path)
    }
    self.init(descriptor: descriptor, url: url)
  }

  /// Starts the writer, which holds the journal until ``finish()``.
  private init(descriptor: Int32, url: URL) {
    self.descriptor = descriptor
    self.url = url
    let thread = Thread { [self] in writeLoop() }
    thread.name = "qrquiz-live-journal"
    thread.start()
  }

  deinit { close(descriptor) }

  /// Queues `entries` to be written after those before; returns the ticket to wait for.
  /// Called under the game's lock, so the journal's order is the game's.
  @discardableResult
  public func append(_ entries: [LiveGame.Entry]) -> Int {
    var bytes: [UInt8] = []
    for entry in entries {
      bytes += Self.encode(entry)
      bytes.append(10)
    }
    condition.lock()
    defer { condition.unlock() }
    pending += bytes
    appended += entries.count
    condition.signal()
    return appended
  }

  /// Waits until the entries up to `ticket` are on disk.
  ///
  /// - Throws: ``FileSystemError`` when they could not be written (a full disk): the
  ///   move must not be acknowledged.
  public func waitUntilDurable(_ ticket: Int) async throws(FileSystemError) {
    let error: FileSystemError? = await withCheckedContinuation { continuation in
      condition.lock()
      defer { condition.unlock() }
      if let failure {
        continuation.resume(returning: failure)
      } else if durable >= ticket {
        continuation.resume(returning: nil)
      } else if writerDone {
        // Finished: nothing appended since will be written.
        continuation.resume(returning: FileSystemError(path: url.path, operation: .write, code: EBADF))
      } else {
        waiters.append((ticket, continuation))
      }
    }
    if let error { throw error }
  }

  /// Waits for every entry appended so far, then stops the writer (the file stays). The
  /// journal lives until this is called.
  public func finish() {
    condition.lock()
    closing = true
    condition.signal()
    while !writerDone { condition.wait() }
    condition.unlock()
  }

  private func writeLoop() {
    condition.lock()
    while true {
      while pending.isEmpty && !closing { condition.wait() }
      if pending.isEmpty && closing { break }
      let batch = pending
      let batchEnd = appended
      pending = []
      condition.unlock()
      var error: FileSystemError?
      do {
        try AtomicFile.writeAll(batch, to: descriptor, path: url.path)
        try Self.sync(descriptor, url.path)
      } catch let failed {
        error = failed
      }
      condition.lock()
      if let error { failure = error } else { durable = batchEnd }
      let ready = waiters.filter { failure != nil || $0.ticket <= durable }
      waiters.removeAll { failure != nil || $0.ticket <= durable }
      for waiter in ready { waiter.continuation.resume(returning: failure) }
    }
    for waiter in waiters { waiter.continuation.resume(returning: failure) }
    waiters = []
    writerDone = true
    condition.broadcast()
    condition.unlock()
  }

  private static func sync(_ descriptor: Int32, _ path: String) throws(FileSystemError) {
    guard fsync(descriptor) == 0 else { throw .current(.write, path) }
  }

  static func encode(_ value: some Encodable) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
    // Entries and setups are plain values: encoding them cannot fail.
    return (try? Array(encoder.encode(value))) ?? []
  }
}
