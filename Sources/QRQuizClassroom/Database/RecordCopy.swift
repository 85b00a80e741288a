import Foundation

/// Where records are kept: an SQLite file (a laptop's `records.sqlite`, or a copy of it) or
/// a PostgreSQL database (a school's server).
public enum RecordLocation: Sendable, Hashable, CustomStringConvertible {
  case sqlite(URL)
  case postgreSQL(PostgreSQLAddress)

  /// The file's path, or the address without its password.
  public var description: String {
    switch self {
    case .sqlite(let file): file.path
    case .postgreSQL(let address): address.description
    }
  }
}

/// Moves a laptop's records to a school's server and back (`qrquiz data migrate`): every
/// row of every table the migrations make, from one database into another that holds no
/// records, in one transaction on the target, so a copy that fails leaves it as empty as it
/// was. The source is read in one snapshot (a server may keep writing to it meanwhile) and
/// is brought to this program's migrations first, as any qrquiz command would; a source or
/// a target of a newer qrquiz is refused.
///
/// ```swift
/// let report = try RecordCopy.copy(
///   from: .sqlite(URL(fileURLWithPath: "records.sqlite")),
///   to: .postgreSQL(PostgreSQLAddress("postgresql://qrquiz@/school?host=/run/postgresql")!))
/// for table in report.tables { print(table.name, table.rows) }
/// ```
public enum RecordCopy {
  /// What a copy did.
  public struct Report: Sendable, Hashable {
    /// A table copied, with its rows.
    public struct Table: Sendable, Hashable {
      public var name: String
      public var rows: Int
    }

    /// Every table of the records, in the order copied (each after those it refers to).
    public var tables: [Table]
    /// The migrations the source had not had, run on it before the copy.
    public var sourceMigrations: [Int]

    /// Rows copied in all.
    public var rows: Int { tables.reduce(0) { $0 + $1.rows } }
  }

  /// Why a copy was refused or failed; nothing was written to the target but its schema.
  public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// A database cannot be used: unreachable (said without its password), not a database,
    /// newer than this qrquiz, or a row the target refused.
    case database(DatabaseError)
    /// The source file is not there.
    case noSource(String)
    /// The source is a database, but not of qrquiz's records.
    case notRecords(String)
    /// The target holds records already (`table` is the first found with rows).
    case targetHoldsRecords(String, table: String)
    /// The rows in the target are not those read (a bug, or a writer beside the copy).
    case countMismatch(String, table: String, read: Int, written: Int)

    public var description: String {
      switch self {
      case .database(let error): "\(error)"
      case .noSource(let path): "\(path): no such file"
      case .notRecords(let location): "\(location): not qrquiz records (it has no schema_migrations table)"
      case .targetHoldsRecords(let location, let table):
        "\(location): holds records already (\(table) has rows): copy into an empty database"
      case .countMismatch(let location, let table, let read, let written):
        "\(location): \(table) holds \(written) rows after the copy, not the \(read) read: nothing was copied"
      }
    }
  }

  /// Rows read from the source at a time (a school's records need not fit in memory).
  static let pageSize = 2000
  /// The most values one `INSERT` binds (SQLite allows 32,766; PostgreSQL 65,535).
  static let valuesPerStatement = 2000

  /// Copies every record of `source` into `target`, which holds none (missing, or a database
  /// with no rows in the records' tables: made by `initdb`/`createdb`, or by a server that
  /// took nothing yet). A missing target file is made (mode 0600; its folder must exist) and
  /// removed again when the copy fails.
  ///
  /// - Returns: each table and its rows, and the migrations the source was brought through.
  /// - Throws: ``Error``: nothing of the records was written to the target.
  public static func copy(
    from source: RecordLocation, to target: RecordLocation, migrator: DatabaseMigrator = ClassroomSchema.migrator
  ) throws(Error) -> Report {
    var madeFile: URL?
    do {
      let tables = try TableShape.all(migrator: migrator)
      let from = try open(source: source)
      guard try from.hasTable("schema_migrations") else { throw Error.notRecords(source.description) }
      let sourceMigrations = try migrator.migrate(from)
      let to = try open(target: target, made: &madeFile)
      try migrator.migrate(to)
      let copied = try copyRows(tables, from: from, to: to, target: target)
      return Report(tables: copied, sourceMigrations: sourceMigrations)
    } catch {
      // A file made for the copy goes with it: all or nothing.
      if let madeFile {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(madeFile.path + suffix) }
      }
      switch error {
      case let error as Error: throw error
      case let error as DatabaseError: throw .database(error)
      default: throw .database(DatabaseError(kind: .other, path: target.description, message: "\(error)"))
      }
    }
  }

  /// The source, which must exist (a mistyped path is said, not made empty).
  private static func open(source: RecordLocation) throws -> Database {
    switch source {
    case .postgreSQL(let address): return try Database(address)
    case .sqlite(let file):
      var status = stat()
      guard lstat(file.path, &status) == 0 else { throw Error.noSource(file.path) }
      guard status.st_mode & S_IFMT == S_IFREG else {
        throw DatabaseError(kind: .cannotOpen, path: file.path, message: "not a regular file")
      }
      return try Database(path: file.path, create: false)
    }
  }

  /// The target: a file made when missing (its folder left as it is: the teacher chose it).
  private static func open(target: RecordLocation, made: inout URL?) throws(DatabaseError) -> Database {
    switch target {
    case .postgreSQL(let address): return try Database(address)
    case .sqlite(let file):
      var status = stat()
      let existed = lstat(file.path, &status) == 0
      try RecordStore.prepareFile(file, privateFolder: false)
      if !existed { made = file }
      let database = try Database(path: file.path)
      try RecordStore.configure(database)
      return database
    }
  }

  /// Every table's rows from `from` into `to`, in one transaction on `to` (and one snapshot
  /// of `from`): the tables checked empty, copied, their counts checked, committed.
  private static func copyRows(
    _ tables: [TableShape], from: Database, to: Database, target: RecordLocation
  ) throws -> [Report.Table] {
    try from.beginSnapshot()
    defer { try? from.execute("ROLLBACK") }
    try to.begin()
    do {
      for table in tables where try to.row("SELECT 1 FROM \(sql: table.quotedName) LIMIT 1") != nil {
        throw Error.targetHoldsRecords(target.description, table: table.name)
      }
      var copied: [Report.Table] = []
      for table in tables {
        // Counted in the source's snapshot and in the target's transaction: every row read
        // is written, and nothing else is there.
        let count = try from.value("SELECT count(*) FROM \(sql: table.quotedName)", as: Int.self) ?? -1
        try table.copy(from: from, to: to)
        let written = try to.value("SELECT count(*) FROM \(sql: table.quotedName)", as: Int.self) ?? -1
        guard written == count else {
          throw Error.countMismatch(target.description, table: table.name, read: count, written: written)
        }
        copied.append(Report.Table(name: table.name, rows: count))
      }
      if to.sqlite == nil { try TableShape.advanceIdentities(to) }
      try to.execute("COMMIT")
      return copied
    } catch {
      try? to.execute("ROLLBACK")
      throw error
    }
  }
}
