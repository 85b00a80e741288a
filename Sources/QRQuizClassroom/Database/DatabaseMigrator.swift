import Foundation

/// Numbered migrations, each run once, in a transaction of its own, and recorded in the
/// database (`schema_migrations`), as GRDB's `DatabaseMigrator`. A database whose recorded
/// migrations go past the last one known is refused: a newer qrquiz wrote it, and this one
/// must not write records it does not understand.
public struct DatabaseMigrator: Sendable {
  /// One step of the schema.
  public struct Migration: Sendable {
    public var version: Int
    public var name: String
    public var apply: @Sendable (Database) throws(DatabaseError) -> Void
  }

  public private(set) var migrations: [Migration] = []

  public init() {}

  /// Adds migration `version` (more than the last registered: branches developed at once
  /// take numbers of their own, and a number not yet merged is left out).
  public mutating func register(
    _ version: Int, _ name: String, _ apply: @escaping @Sendable (Database) throws(DatabaseError) -> Void
  ) {
    precondition(version > (migrations.last?.version ?? 0), "migrations are numbered in increasing order")
    migrations.append(Migration(version: version, name: name, apply: apply))
  }

  /// The newest version this program knows.
  public var latestVersion: Int { migrations.last?.version ?? 0 }

  /// Runs the migrations `database` has not had, oldest first. Several processes may start
  /// at once on one database (a school's servers after an upgrade): on PostgreSQL the first
  /// runs them under the database's migration lock (an advisory lock) and the others wait
  /// for it, then find nothing to do; on SQLite each migration's write lock (`BEGIN
  /// IMMEDIATE`) orders them. Either way each migration is looked for again in its own
  /// transaction, so none runs twice.
  ///
  /// - Returns: the versions run now.
  /// - Throws: ``DatabaseError``: a migration failed (it left nothing behind), or the
  ///   database is newer than this program (``DatabaseError/Kind/newer(version:known:)``).
  @discardableResult
  public func migrate(_ database: Database) throws(DatabaseError) -> [Int] {
    try database.holdingMigrationLock { () throws(DatabaseError) in try migrateHoldingTheLock(database) }
  }

  private func migrateHoldingTheLock(_ database: Database) throws(DatabaseError) -> [Int] {
    try database.execute(
      """
      CREATE TABLE IF NOT EXISTS schema_migrations (
        version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied INTEGER NOT NULL)
      """)
    let applied = try appliedVersions(database)
    if let newest = applied.max(), newest > latestVersion {
      throw DatabaseError(
        kind: .newer(version: newest, known: latestVersion), path: database.path,
        message: "migration \(newest) is unknown")
    }
    var ran: [Int] = []
    for migration in migrations where !applied.contains(migration.version) {
      let didRun = try database.transaction { () throws(DatabaseError) -> Bool in
        // Another process may have run it since `applied` was read (SQLite: while this
        // one waited for the write lock).
        let recorded = try database.row("SELECT 1 FROM schema_migrations WHERE version = \(migration.version)")
        guard recorded == nil else { return false }
        try migration.apply(database)
        let now = Int64(wallClockSeconds())
        try database.execute(
          "INSERT INTO schema_migrations (version, name, applied) VALUES (\(migration.version), \(migration.name), \(now))"
        )
        return true
      }
      if didRun { ran.append(migration.version) }
    }
    return ran
  }

  /// The versions recorded in `database`.
  public func appliedVersions(_ database: Database) throws(DatabaseError) -> Set<Int> {
    Set(try database.rows("SELECT version FROM schema_migrations").compactMap { $0.get(0, as: Int.self) })
  }
}

/// Seconds since 1970 by the wall clock: when a migration ran, for people reading the table.
private func wallClockSeconds() -> Int {
  var now = timespec()
  clock_gettime(CLOCK_REALTIME, &now)
  return now.tv_sec
}
