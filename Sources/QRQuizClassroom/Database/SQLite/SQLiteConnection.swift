internal import CSQLite
import Foundation

/// One connection to an SQLite database, the laptop's engine behind ``Database``. A
/// connection is used by one thread at a time and is not `Sendable` (as SwiftPM's `SQLite`
/// and GRDB's `Database`): the ``RecordStore`` owns its connections and lends one at a time.
///
/// Every connection runs with foreign keys on and a busy timeout (a command line beside a
/// server waits for the server's transaction rather than fail); the store puts the file in
/// WAL mode with `synchronous=FULL`, so a commit that returned is on disk.
final class SQLiteConnection {
  let handle: OpaquePointer
  /// The database file.
  let path: String

  /// How long a statement waits for another connection's write lock.
  static let busyTimeoutMilliseconds: Int32 = 10_000

  /// Opens `path` (created when `create`), read-write unless `readOnly`.
  ///
  /// - Throws: ``DatabaseError``: the file cannot be opened or is not a database.
  init(path: String, readOnly: Bool = false, create: Bool = true) throws(DatabaseError) {
    self.path = path
    var connection: OpaquePointer?
    var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW
    flags |= readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0)
    let status = sqlite3_open_v2(path, &connection, flags, nil)
    guard status == SQLITE_OK, let connection else {
      let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      if let connection { sqlite3_close_v2(connection) }
      throw Self.error(status, message, path: path)
    }
    handle = connection
    sqlite3_extended_result_codes(handle, 1)
    sqlite3_busy_timeout(handle, Self.busyTimeoutMilliseconds)
    // A connection's first statement reads the schema: a file that is not a database fails here.
    try execute("PRAGMA foreign_keys = ON")
  }

  deinit { sqlite3_close_v2(handle) }

  /// Runs `sql`, binding its arguments, and steps through it (its rows, if any, dropped).
  func execute(_ sql: SQL) throws(DatabaseError) {
    let statement = try prepare(sql)
    while try statement.step() {}
  }

  /// Runs several statements of this program's own, none with arguments (a migration).
  func executeScript(_ script: String) throws(DatabaseError) {
    var message: UnsafeMutablePointer<CChar>?
    let status = sqlite3_exec(handle, script, nil, nil, &message)
    defer { sqlite3_free(message) }
    guard status == SQLITE_OK else {
      throw Self.error(status, message.map { String(cString: $0) } ?? lastMessage, path: path)
    }
  }

  /// A statement for `sql`, its arguments bound.
  func prepare(_ sql: SQL) throws(DatabaseError) -> SQLiteStatement {
    var statement: OpaquePointer?
    let status = sqlite3_prepare_v2(handle, sql.text, -1, &statement, nil)
    guard status == SQLITE_OK, let statement else { throw failure(status) }
    let prepared = SQLiteStatement(handle: statement, database: self)
    try prepared.bind(sql.arguments)
    return prepared
  }

  /// Every row `sql` gives.
  func rows(_ sql: SQL) throws(DatabaseError) -> [Row] {
    let statement = try prepare(sql)
    var rows: [Row] = []
    while try statement.step() { rows.append(statement.row) }
    return rows
  }

  /// The first row `sql` gives, if any.
  func row(_ sql: SQL) throws(DatabaseError) -> Row? {
    let statement = try prepare(sql)
    return try statement.step() ? statement.row : nil
  }

  /// The first column of the first row `sql` gives, as `T`.
  func value<T: DatabaseValueConvertible>(_ sql: SQL, as type: T.Type = T.self) throws(DatabaseError) -> T? {
    try row(sql).flatMap { T(databaseValue: $0[0]) }
  }

  /// The rowid of the last row inserted through this connection.
  var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// Rows changed by the last statement.
  var changes: Int { Int(sqlite3_changes(handle)) }

  var lastMessage: String { String(cString: sqlite3_errmsg(handle)) }

  /// The error of a failed call on this connection.
  func failure(_ status: Int32) -> DatabaseError {
    Self.error(status, lastMessage, path: path, systemError: sqlite3_system_errno(handle))
  }

  /// SQLite's result code (and the system's error behind an I/O error) as the kind of
  /// failure it is.
  static func error(_ status: Int32, _ message: String, path: String, systemError: Int32 = 0) -> DatabaseError {
    let kind: DatabaseError.Kind
    switch status & 0xFF {
    case SQLITE_NOTADB: kind = .notADatabase
    case SQLITE_CORRUPT: kind = .damaged
    case SQLITE_FULL: kind = .full
    case SQLITE_READONLY: kind = .readOnly
    case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH: kind = .cannotOpen
    case SQLITE_BUSY, SQLITE_LOCKED: kind = .busy
    case SQLITE_CONSTRAINT: kind = .constraint
    case SQLITE_IOERR:
      // A write that failed for want of space is reported as an I/O error by some paths.
      kind = systemError == ENOSPC ? .full : systemError == EROFS ? .readOnly : .other
    default: kind = .other
    }
    return DatabaseError(kind: kind, path: path, code: status, message: message)
  }
}

extension SQLiteConnection {
  /// Whether a transaction is open on this connection (SQLite rolls one back by itself
  /// after some errors: a full disk, an I/O error).
  var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }
}
