import Foundation
import QRQuiz
import QRQuizFiles

/// A game's journal: its ``LiveGame/Setup`` on the first line, then one
/// ``LiveGame/Entry`` per line, as JSON. Entries are written and `fsync`ed by a thread of
/// the journal's own, in batches (group commit): a move is acknowledged once
/// ``waitUntilDurable(_:)`` returns, so what a player was told survives a crash of the
/// process or the machine, and a thousand answers in two seconds cost a few dozen
/// flushes, not a thousand.
///
/// A write that fails (a full disk) is undone: the file is cut back to its last whole,
/// flushed length, and every entry not yet durable is lost — those of the batch, those
/// queued behind it, and those appended until the owner calls ``rollBack()``, since each
/// may follow from a lost one (an answer of a player whose joining was lost). Their
/// waiters get the error, so those moves are refused; ``rollBack()`` gives the owner the
/// game of the durable entries to carry on from, and the journal writes again, so a game
/// recovers as soon as space returns, and its state always equals its journal.
public final class LiveJournal: @unchecked Sendable {
  // Everything mutable is touched only under `condition`'s lock.
  private let condition = NSCondition()
  private let descriptor: Int32
  public let url: URL
  /// The game's setup: the journal's first line.
  public let setup: LiveGame.Setup
  /// The entries written and flushed, and the file's length with them.
  private var durableEntries: [LiveGame.Entry]
  private var durableLength: Int
  /// Bytes and entries queued for the writer.
  private var pending: [UInt8] = []
  private var pendingEntries: [LiveGame.Entry] = []
  /// Tickets handed out by ``append(_:)`` so far (each one entry; never reused), and the
  /// last ticket whose fate is known: written, or lost.
  private var appended = 0
  private var settled = 0
  /// Tickets that were never written, with the error that lost them.
  private var lost: [(tickets: ClosedRange<Int>, error: FileSystemError)] = []
  /// Set when a write failed, until ``rollBack()``: every append is lost meanwhile.
  private var failure: (error: FileSystemError, entries: [LiveGame.Entry])?
  /// The file could not be cut back after a failed write: nothing more is written.
  private var broken: FileSystemError?
  private var waiters: [(ticket: Int, continuation: CheckedContinuation<FileSystemError?, Never>)] = []
  private var closing = false
  private var writerDone = false

  /// A journal's first line is at most this long (the questions of a game), and a journal
  /// this long at most, when read back.
  public static let sizeLimit = 256 << 20

  /// A new journal for `setup` at `url` (which must not exist, not even as a link), its
  /// first line durable.
  ///
  /// - Throws: `FileSystemError`.
  public convenience init(creating url: URL, setup: LiveGame.Setup) throws(FileSystemError) {
    try Directory.create(url.deletingLastPathComponent())
    let descriptor = try RegularFile.open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND, operation: .create)
    let line = Self.encode(setup) + [10]
    do {
      try AtomicFile.writeAll(line, to: descriptor, path: url.path)
      try Self.sync(descriptor, url.path)
      // The file's name must be durable too, or a crash can leave no journal at all.
      try AtomicFile.syncFolder(url.deletingLastPathComponent().path)
    } catch {
      close(descriptor)
      unlink(url.path)
      throw error
    }
    self.init(descriptor: descriptor, url: url, setup: setup, entries: [], length: line.count)
  }

  /// Reads the journal at `url` back and reopens it to append to, through one
  /// descriptor (a regular file, never a link or a FIFO), cut to its whole lines: a line
  /// half-written when the process died is dropped.
  ///
  /// - Returns: what the journal holds, and the journal.
  /// - Throws: ``ReadError``.
  public static func resume(_ url: URL) throws(ReadError) -> (replay: Replay, journal: LiveJournal) {
    let (descriptor, replay) = try open(resuming: url)
    let journal = LiveJournal(
      descriptor: descriptor, url: url, setup: replay.setup, entries: replay.entries, length: replay.validLength)
    return (replay, journal)
  }

  /// The journal at `url`, to append to after reading it back (``read(_:)``): as
  /// ``resume(_:)``, which reads it once.
  ///
  /// - Throws: `FileSystemError`.
  public convenience init(appendingTo url: URL, validLength: Int) throws(FileSystemError) {
    let descriptor: Int32
    let replay: Replay
    do {
      (descriptor, replay) = try Self.open(resuming: url)
    } catch {
      switch error {
      case .file(let failure): throw failure
      default: throw FileSystemError(path: url.path, operation: .read, code: EIO, detail: "\(error)")
      }
    }
    self.init(
      descriptor: descriptor, url: url, setup: replay.setup, entries: replay.entries, length: replay.validLength)
  }

  /// The journal at `url` opened for reading and appending, read, and cut to its whole
  /// lines.
  private static func open(resuming url: URL) throws(ReadError) -> (Int32, Replay) {
    let descriptor: Int32
    do {
      descriptor = try RegularFile.open(url.path, O_RDWR | O_APPEND, operation: .read)
    } catch {
      throw .file(error)
    }
    let replay: Replay
    do {
      replay = try parse(try readAll(descriptor, path: url.path), path: url.path)
    } catch {
      close(descriptor)
      throw error
    }
    guard ftruncate(descriptor, off_t(replay.validLength)) == 0 else {
      let error = FileSystemError.current(.write, url.path)
      close(descriptor)
      throw .file(error)
    }
    return (descriptor, replay)
  }

  /// Starts the writer, which holds the journal until ``finish()``.
  private init(descriptor: Int32, url: URL, setup: LiveGame.Setup, entries: [LiveGame.Entry], length: Int) {
    self.descriptor = descriptor
    self.url = url
    self.setup = setup
    durableEntries = entries
    durableLength = length
    let thread = Thread { [self] in writeLoop() }
    thread.name = "qrquiz-live-journal"
    thread.start()
  }

  deinit { close(descriptor) }

  /// Queues `entries` to be written after those before; returns the ticket to wait for.
  /// Called under the game's lock, so the journal's order is the game's. While a failed
  /// write awaits ``rollBack()``, the entries are lost at once (their ticket's wait
  /// throws).
  @discardableResult
  public func append(_ entries: [LiveGame.Entry]) -> Int {
    var bytes: [UInt8] = []
    for entry in entries {
      bytes += Self.encode(entry)
      bytes.append(10)
    }
    condition.lock()
    defer { condition.unlock() }
    let first = appended + 1
    appended += entries.count
    guard appended >= first else { return appended }
    if let error = broken ?? failure?.error ?? (writerDone ? Self.finished(url) : nil) {
      failure?.entries += entries
      lose(first...appended, error)
      return appended
    }
    pending += bytes
    pendingEntries += entries
    condition.signal()
    return appended
  }

  /// Waits until the entries up to `ticket` are on disk.
  ///
  /// - Throws: `FileSystemError` when they could not be written (a full disk): the
  ///   move must not be acknowledged, and the owner must ``rollBack()``.
  public func waitUntilDurable(_ ticket: Int) async throws(FileSystemError) {
    let error: FileSystemError? = await withCheckedContinuation { continuation in
      condition.lock()
      defer { condition.unlock() }
      if ticket <= settled {
        continuation.resume(returning: lostError(ticket))
      } else if writerDone {
        // Finished: nothing appended since will be written.
        continuation.resume(returning: Self.finished(url))
      } else {
        waiters.append((ticket, continuation))
      }
    }
    if let error { throw error }
  }

  /// What a failed write undid, for the owner to undo it too.
  public struct Rollback: Sendable {
    /// Why the write failed.
    public var error: FileSystemError
    /// The game of the durable entries: the one to carry on from.
    public var game: LiveGame
    /// The entries that were not written, in the order appended (their moves were
    /// refused).
    public var lostEntries: [LiveGame.Entry]
  }

  /// After a failed write: the game as the journal holds it, and the entries lost; the
  /// journal takes entries again (written once there is space). `nil` when no write
  /// failed since the last call. Call it under the game's lock, and replace the game by
  /// the rollback's before the next move.
  public func rollBack() -> Rollback? {
    condition.lock()
    guard let failure else {
      condition.unlock()
      return nil
    }
    // A journal that cannot be cut back stays failed: its owner's moves keep being refused.
    if broken == nil { self.failure = nil }
    let entries = durableEntries
    condition.unlock()
    return Rollback(error: failure.error, game: LiveGame(setup: setup, entries: entries), lostEntries: failure.entries)
  }

  /// The game of the entries on disk.
  public var game: LiveGame {
    LiveGame(setup: setup, entries: condition.withLock { durableEntries })
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
      let entries = pendingEntries
      let batchEnd = appended
      let goodLength = durableLength
      pending = []
      pendingEntries = []
      condition.unlock()
      var error: FileSystemError?
      var unrecoverable: FileSystemError?
      do {
        try AtomicFile.writeAll(batch, to: descriptor, path: url.path)
        try Self.sync(descriptor, url.path)
      } catch let failed {
        error = failed
        // Back to the last whole line, so a later write never follows half a line.
        if ftruncate(descriptor, off_t(goodLength)) != 0 || fsync(descriptor) != 0 {
          unrecoverable = .current(.write, url.path)
        }
      }
      condition.lock()
      if let error {
        broken = broken ?? unrecoverable
        // This batch, and what was queued behind it: each may follow from a lost entry.
        let lostEntries = entries + pendingEntries
        pending = []
        pendingEntries = []
        if failure == nil { failure = (error, []) }
        failure?.entries += lostEntries
        lose((settled + 1)...max(settled + 1, appended), error)
      } else {
        durableEntries += entries
        durableLength = goodLength + batch.count
        settled = batchEnd
      }
      let ready = waiters.filter { $0.ticket <= settled }
      waiters.removeAll { $0.ticket <= settled }
      for waiter in ready { waiter.continuation.resume(returning: lostError(waiter.ticket)) }
    }
    for waiter in waiters { waiter.continuation.resume(returning: lostError(waiter.ticket) ?? Self.finished(url)) }
    waiters = []
    writerDone = true
    condition.broadcast()
    condition.unlock()
  }

  /// Marks `tickets` lost (under the lock); consecutive losses make one range.
  private func lose(_ tickets: ClosedRange<Int>, _ error: FileSystemError) {
    guard tickets.upperBound > settled else { return }
    let tickets = max(tickets.lowerBound, settled + 1)...tickets.upperBound
    if let last = lost.last, last.tickets.upperBound + 1 == tickets.lowerBound, last.error == error {
      lost[lost.count - 1].tickets = last.tickets.lowerBound...tickets.upperBound
    } else {
      lost.append((tickets, error))
    }
    settled = tickets.upperBound
  }

  /// The error that lost `ticket`, if it was lost (under the lock).
  private func lostError(_ ticket: Int) -> FileSystemError? {
    lost.last { $0.tickets.contains(ticket) }?.error
  }

  private static func finished(_ url: URL) -> FileSystemError {
    FileSystemError(path: url.path, operation: .write, code: EBADF, detail: "the game's journal is closed")
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
