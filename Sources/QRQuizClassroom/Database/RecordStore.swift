import Foundation
import QRQuizFiles
import QRQuizLocking

/// A data folder's records in one SQLite database (`DATA/records.sqlite`), or a school's in
/// a PostgreSQL database: classes and their students, live games and their moves, homework
/// and its work, profiles and statistics. Documents stay files (the topic library, pictures,
/// the image cache, exports); records are here, where they can be queried together.
///
/// The SQLite file is in WAL mode with `synchronous=FULL`: a write that returned is on disk.
/// Writes go through one writer (`RecordWriter`), which commits what arrived together in
/// one transaction; reads use connections of their own, which WAL lets run beside the
/// writer. A command line and a server may open the same file: SQLite's locks order their
/// writes, and each waits for the other's transaction (a busy timeout) rather than fail.
/// On PostgreSQL the same writer holds one connection and the readers a small pool
/// (``PostgreSQLAddress``); the same migrations and repositories run on it.
///
/// ```swift
/// let records = try RecordStore(file: data.appendingPathComponent(RecordStore.fileName))
/// let classes = try records.read { database throws(DatabaseError) in
///   try database.rows("SELECT name FROM classes ORDER BY name").compactMap { $0.get(0, as: String.self) }
/// }
/// ```
public final class RecordStore: Sendable {
  /// The database's name in a data folder.
  public static let fileName = "records.sqlite"

  /// The SQLite database file; `nil` for records on PostgreSQL.
  public let file: URL?
  /// The PostgreSQL database; `nil` for records in an SQLite file.
  public let address: PostgreSQLAddress?
  private let writer: RecordWriter
  private let readers: ReaderPool

  /// Opens the database at `file`, creating it (and its folder) when missing, and brings
  /// its schema up to date. The folder is made 0700 and the file 0600 whatever the umask
  /// (SQLite gives its WAL and shared-memory files the database's mode).
  ///
  /// - Throws: ``DatabaseError``: the file is not a regular file, not a database, damaged,
  ///   newer than this program, or cannot be written.
  public init(file: URL, migrator: DatabaseMigrator = ClassroomSchema.migrator) throws(DatabaseError) {
    self.file = file
    address = nil
    try Self.prepareFile(file)
    let connection = try Database(path: file.path)
    try Self.configure(connection)
    try migrator.migrate(connection)
    writer = RecordWriter(connection: connection)
    let path = file.path
    readers = ReaderPool { () throws(DatabaseError) in try Database(path: path, readOnly: true, create: false) }
  }

  /// Connects to the PostgreSQL database at `address` (TLS when its `sslmode` asks) and
  /// brings its schema up to date with the same migrations as a file's.
  ///
  /// - Throws: ``DatabaseError``: `.unreachable` in one line (no server, refused, a wrong
  ///   password, no such database); `.newer` for records of a newer qrquiz.
  public init(postgreSQL address: PostgreSQLAddress, migrator: DatabaseMigrator = ClassroomSchema.migrator)
    throws(DatabaseError)
  {
    file = nil
    self.address = address
    let connection = try Database(address)
    try migrator.migrate(connection)
    writer = RecordWriter(connection: connection)
    readers = ReaderPool(limit: ReaderPool.serverConnections) { () throws(DatabaseError) in try Database(address) }
  }

  /// The records as messages name them: the file's path, or the server's address without
  /// its password.
  public var location: String { file?.path ?? address?.description ?? "" }

  deinit { writer.close() }

  /// Runs `body` in the writer's next transaction and waits until it is committed (or
  /// failed). The caller's thread blocks: from async code use its `async` twin.
  ///
  /// - Throws: ``DatabaseError``: `body`'s, or the commit's (nothing of `body` stays).
  @discardableResult
  public func write<T: Sendable>(
    _ body: @escaping @Sendable (Database) throws(DatabaseError) -> T
  ) throws(DatabaseError) -> T {
    let outcome = Outcome<T>()
    let done = DispatchSemaphore(value: 0)
    enqueue(outcome.body(body)) { error in
      outcome.finish(error)
      done.signal()
    }
    done.wait()
    return try outcome.result()
  }

  /// Runs `body` in the writer's next transaction and waits, without blocking a thread,
  /// until it is committed.
  ///
  /// - Throws: ``DatabaseError``.
  @discardableResult
  public func write<T: Sendable>(
    _ body: @escaping @Sendable (Database) throws(DatabaseError) -> T
  ) async throws(DatabaseError) -> T {
    let outcome = Outcome<T>()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      enqueue(outcome.body(body)) { error in
        outcome.finish(error)
        continuation.resume()
      }
    }
    return try outcome.result()
  }

  /// Queues `body` for the writer and returns at once; `completion` is called on the
  /// writer's thread with `nil` once `body` is committed, or with the error that lost it.
  /// Jobs run in the order they were queued.
  /// `lockKeys`: PostgreSQL advisory locks the transaction takes before its first job.
  func enqueue(
    lockKeys: [Int64] = [], _ body: @escaping @Sendable (Database) throws(DatabaseError) -> Void,
    completion: @escaping @Sendable (DatabaseError?) -> Void
  ) {
    writer.enqueue(RecordWriter.Job(body: body, completion: completion, lockKeys: lockKeys))
  }

  /// Runs `body` on a reading connection of this thread's own (WAL, or PostgreSQL's read
  /// committed: it sees the last commit, and never waits for the writer).
  ///
  /// - Throws: ``DatabaseError``.
  public func read<T>(_ body: (Database) throws(DatabaseError) -> T) throws(DatabaseError) -> T {
    let (connection, wasKept) = try readers.take()
    do {
      defer { readers.give(connection) }
      return try body(connection)
    } catch let error where wasKept && error.kind == .unreachable {
      // A kept connection whose server went away while it waited (a restart): the others
      // kept went with it. Once more, on a new connection: a read changes nothing.
      readers.dropKept()
      let fresh = try readers.take().connection
      defer { readers.give(fresh) }
      return try body(fresh)
    }
  }

  /// Transactions the writer has committed (the tests count group commits with it).
  public var commitCount: Int { writer.commitCount }

  /// Waits for every write queued so far, then closes the writer: later writes fail with
  /// ``DatabaseError/Kind/closed``.
  public func close() { writer.close() }
}

extension RecordStore {
  /// The file made as a regular file of mode 0600 when missing; an existing path that is
  /// not a regular file (a link, a FIFO) refused. With `privateFolder` (a data folder), the
  /// folder is made too, and made the owner's alone; without (a backup where the teacher
  /// said), the folder must exist and is left as it is.
  static func prepareFile(_ file: URL, privateFolder: Bool = true) throws(DatabaseError) {
    let folder = file.deletingLastPathComponent()
    if privateFolder {
      do {
        try Directory.create(folder, mode: 0o700)
      } catch {
        throw DatabaseError(kind: .cannotOpen, path: file.path, message: error.description)
      }
      chmod(folder.path, 0o700)
    }
    if try checkExisting(file, privateFolder: privateFolder) { return }
    try makeFile(file, privateFolder: privateFolder)
  }

  /// Whether `file` is there (a regular file, made the owner's alone in a data folder);
  /// anything else at that path refused.
  private static func checkExisting(_ file: URL, privateFolder: Bool) throws(DatabaseError) -> Bool {
    var status = stat()
    guard lstat(file.path, &status) == 0 else { return false }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw DatabaseError(kind: .cannotOpen, path: file.path, message: "not a regular file")
    }
    // Made looser by hand, or by an older qrquiz: the owner's alone again, with the WAL
    // and shared-memory files SQLite made in its mode (each student's secrets are in it).
    if privateFolder {
      for path in [file.path, file.path + "-wal", file.path + "-shm"] { Self.makeOwnersAlone(path) }
    }
    return true
  }

  /// Makes the missing file, mode 0600. Another store (a second process, a server's other
  /// thread) may have made it since the look for it: then it is checked as any file that
  /// was there, not refused as "File exists".
  static func makeFile(_ file: URL, privateFolder: Bool) throws(DatabaseError) {
    let descriptor = Glibc.open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      let error = FileSystemError.current(.create, file.path)
      if error.code == EEXIST, try checkExisting(file, privateFolder: privateFolder) { return }
      throw DatabaseError(
        kind: error.code == EROFS ? .readOnly : .cannotOpen, path: file.path, message: error.description)
    }
    fchmod(descriptor, 0o600)
    Glibc.close(descriptor)
  }

  /// `path` mode 0600 when it is a regular file of this user's (a link is left alone).
  static func makeOwnersAlone(_ path: String) {
    let descriptor = Glibc.open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return }
    defer { Glibc.close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == getuid(),
      status.st_mode & 0o777 != 0o600
    else { return }
    fchmod(descriptor, 0o600)
  }

  /// WAL, and commits that are on disk when they return.
  static func configure(_ connection: Database) throws(DatabaseError) {
    guard let mode = try connection.value("PRAGMA journal_mode = WAL", as: String.self), mode.lowercased() == "wal"
    else {
      throw DatabaseError(kind: .other, path: connection.path, message: "the database could not be put in WAL mode")
    }
    try connection.execute("PRAGMA synchronous = FULL")
  }
}

/// A write's result, set on the writer's thread and read by the waiter after it.
private final class Outcome<T: Sendable>: @unchecked Sendable {
  // @unchecked: `value` and `error` are written before the completion signals and read
  // after the waiter wakes, both under `lock`.
  private let lock = NSLock()
  private var value: T?
  private var error: DatabaseError?

  /// `body`, keeping what it returns.
  func body(
    _ body: @escaping @Sendable (Database) throws(DatabaseError) -> T
  ) -> @Sendable (Database) throws(DatabaseError) -> Void {
    { [self] database throws(DatabaseError) in
      let result = try body(database)
      lock.withLock { value = result }
    }
  }

  func finish(_ failure: DatabaseError?) { lock.withLock { error = failure } }

  func result() throws(DatabaseError) -> T {
    let (value, error) = lock.withLock { (self.value, self.error) }
    if let error { throw error }
    guard let value else { preconditionFailure("a write finished with neither a value nor an error") }
    return value
  }
}

/// Reading connections, lent one at a time; a few are kept open between reads. On a
/// PostgreSQL server at most `limit` are open at once (each is a server process): a read
/// beyond them waits for one to be given back.
final class ReaderPool: @unchecked Sendable {
  // @unchecked: `idle` and `open` are touched only under `condition`'s lock, and a
  // connection lent out is used by the borrowing thread alone until it is given back.
  private let condition = NSCondition()
  private var idle: [Database] = []
  private var open = 0
  private let limit: Int
  private let connect: @Sendable () throws(DatabaseError) -> Database
  static let kept = 4
  /// The most reading connections a process opens to a PostgreSQL server.
  static let serverConnections = 8

  init(limit: Int = .max, connect: @escaping @Sendable () throws(DatabaseError) -> Database) {
    self.limit = limit
    self.connect = connect
  }

  /// A connection, and whether it was kept from an earlier read (rather than made now).
  func take() throws(DatabaseError) -> (connection: Database, wasKept: Bool) {
    condition.lock()
    while idle.isEmpty && open >= limit { condition.wait() }
    if let connection = idle.popLast() {
      condition.unlock()
      return (connection, true)
    }
    open += 1
    condition.unlock()
    do {
      return (try connect(), false)
    } catch {
      condition.withLock { open -= 1 }
      condition.signal()
      throw error
    }
  }

  /// Closes the connections kept between reads.
  func dropKept() {
    condition.withLock {
      open -= idle.count
      idle.removeAll()
    }
    condition.broadcast()
  }

  func give(_ connection: Database) {
    condition.withLock {
      // A connection that lost its server, or was left in a transaction, is closed.
      if idle.count < Self.kept && connection.isReusable {
        idle.append(connection)
      } else {
        open -= 1
      }
    }
    condition.signal()
  }
}
