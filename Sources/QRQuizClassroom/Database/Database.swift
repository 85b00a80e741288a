/// One connection to the records, whichever engine holds them: an SQLite file (the laptop)
/// or a PostgreSQL server (a school). The repositories, the migrations and the writer see
/// only this type, so the same SQL, the same `throws(DatabaseError)` and the same ``Row``s
/// serve both; what the engines say differently is said in one place (``SQL`` turns its
/// `?`s into `$1`, `$2` … and the schema's types into PostgreSQL's, `SQL+PostgreSQL.swift`).
///
/// Not `Sendable`: a connection serves one thread at a time (SQLite's and libpq's rule);
/// the ``RecordStore`` owns its connections and lends one at a time.
public final class Database {
  /// The connection underneath.
  enum Engine {
    case sqlite(SQLiteConnection)
    case postgreSQL(PostgreSQLConnection)
  }

  let engine: Engine

  /// What the records are called in messages: the SQLite file's path, or the PostgreSQL
  /// address without its password.
  public let path: String

  /// Opens the SQLite database at `path` (created when `create`), read-write unless `readOnly`.
  ///
  /// - Throws: ``DatabaseError``: the file cannot be opened or is not a database.
  init(path: String, readOnly: Bool = false, create: Bool = true) throws(DatabaseError) {
    engine = .sqlite(try SQLiteConnection(path: path, readOnly: readOnly, create: create))
    self.path = path
  }

  /// Connects to the PostgreSQL database at `address`.
  ///
  /// - Throws: ``DatabaseError`` `.unreachable`, in one line.
  init(_ address: PostgreSQLAddress) throws(DatabaseError) {
    engine = .postgreSQL(try PostgreSQLConnection(address))
    path = address.description
  }

  /// Runs `sql`, binding its arguments (its rows, if any, dropped).
  public func execute(_ sql: SQL) throws(DatabaseError) {
    switch engine {
    case .sqlite(let connection): try connection.execute(sql)
    case .postgreSQL(let connection): try connection.execute(sql)
    }
  }

  /// Runs several statements of this program's own, none with arguments (a migration).
  public func executeScript(_ script: String) throws(DatabaseError) {
    switch engine {
    case .sqlite(let connection): try connection.executeScript(script)
    case .postgreSQL(let connection): try connection.executeScript(script)
    }
  }

  /// Every row `sql` gives.
  public func rows(_ sql: SQL) throws(DatabaseError) -> [Row] {
    switch engine {
    case .sqlite(let connection): try connection.rows(sql)
    case .postgreSQL(let connection): try connection.rows(sql)
    }
  }

  /// The first row `sql` gives, if any.
  public func row(_ sql: SQL) throws(DatabaseError) -> Row? {
    switch engine {
    case .sqlite(let connection): try connection.row(sql)
    case .postgreSQL(let connection): try connection.rows(sql).first
    }
  }

  /// The first column of the first row `sql` gives, as `T`.
  public func value<T: DatabaseValueConvertible>(_ sql: SQL, as type: T.Type = T.self) throws(DatabaseError) -> T? {
    try row(sql).flatMap { T(databaseValue: $0[0]) }
  }

  /// Runs `body` in a transaction (`begin()`), committed when it returns, rolled back
  /// when it throws.
  public func transaction<T>(_ body: () throws(DatabaseError) -> T) throws(DatabaseError) -> T {
    try begin()
    let result: T
    do {
      result = try body()
      try execute("COMMIT")
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
    return result
  }

  /// Opens a writing transaction. SQLite's is `BEGIN IMMEDIATE`: the write lock taken at
  /// once, so two writers never deadlock on upgrading; PostgreSQL locks rows as they are
  /// written, so a plain `BEGIN`.
  func begin() throws(DatabaseError) {
    switch engine {
    case .sqlite(let connection): try connection.execute("BEGIN IMMEDIATE")
    case .postgreSQL(let connection): try connection.execute("BEGIN")
    }
  }

  /// Opens a reading transaction that sees one moment of the records throughout, while
  /// others write: SQLite's deferred `BEGIN` (its first read fixes the WAL snapshot), and
  /// PostgreSQL's repeatable read.
  func beginSnapshot() throws(DatabaseError) {
    switch engine {
    case .sqlite(let connection): try connection.execute("BEGIN")
    case .postgreSQL(let connection): try connection.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
    }
  }

  /// Whether the database has a table named `name` (PostgreSQL: in the connection's schema).
  func hasTable(_ name: String) throws(DatabaseError) -> Bool {
    switch engine {
    case .sqlite(let connection):
      try connection.row("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = \(name)") != nil
    case .postgreSQL(let connection):
      try !connection.rows(
        "SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = \(name)"
      ).isEmpty
    }
  }

  /// Whether a transaction is open on this connection: SQLite rolls one back by itself
  /// after some errors (a full disk, an I/O error), and a PostgreSQL transaction ends with
  /// the connection.
  public var isInTransaction: Bool {
    switch engine {
    case .sqlite(let connection): connection.isInTransaction
    case .postgreSQL(let connection): connection.isInTransaction
    }
  }

  /// Whether the connection can serve another caller: always for a file; for a server, while
  /// it is still connected and outside a transaction.
  var isReusable: Bool {
    switch engine {
    case .sqlite: true
    case .postgreSQL(let connection): connection.isConnected && !connection.isInTransaction
    }
  }

  /// Connects again when the server was lost (a restart of PostgreSQL, a network cut), so
  /// the next transaction finds it back; nothing for a file.
  func reconnectIfLost() {
    if case .postgreSQL(let connection) = engine, !connection.isConnected { connection.reconnect() }
  }

  /// The SQLite connection, for what only SQLite does (its online backup, its checks).
  var sqlite: SQLiteConnection? {
    if case .sqlite(let connection) = engine { connection } else { nil }
  }

  /// The PostgreSQL connection underneath, if that is the engine.
  var postgreSQL: PostgreSQLConnection? {
    if case .postgreSQL(let connection) = engine { connection } else { nil }
  }
}
