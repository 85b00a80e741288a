extension Database {
  /// Runs `body` holding the database's migration lock: on PostgreSQL a session advisory
  /// lock (`migrationLockKey`) that a second process starting at the same moment waits
  /// for; on SQLite nothing (each migration's `BEGIN IMMEDIATE` orders the writers).
  func holdingMigrationLock<T>(_ body: () throws(DatabaseError) -> T) throws(DatabaseError) -> T {
    guard case .postgreSQL(let connection) = engine else { return try body() }
    try connection.execute("SELECT pg_advisory_lock(\(Self.migrationLockKey))")
    // Released however `body` ends; a connection lost meanwhile took the lock with it.
    defer { try? connection.execute("SELECT pg_advisory_unlock(\(Self.migrationLockKey))") }
    return try body()
  }

  /// The advisory lock's key: "qrquiz" in ASCII, a number no other program is likely to
  /// take for its own lock in the same database.
  static let migrationLockKey: Int64 = 0x7172_7175_697A
}
