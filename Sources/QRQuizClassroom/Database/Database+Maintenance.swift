internal import CSQLite
import Foundation
import QRQuizFiles

extension SQLiteConnection {
  /// Copies this database, page by page, into the database at `path` (SQLite's online
  /// backup: the copy is a consistent snapshot even while others write).
  func backup(into destination: SQLiteConnection) throws(DatabaseError) {
    guard let backup = sqlite3_backup_init(destination.handle, "main", handle, "main") else {
      throw destination.failure(sqlite3_errcode(destination.handle))
    }
    // All pages in one step: a copy of a few megabytes takes milliseconds, and a step that
    // meets a writer's lock waits (the busy timeout) rather than start over.
    let status = sqlite3_backup_step(backup, -1)
    sqlite3_backup_finish(backup)
    guard status == SQLITE_DONE else { throw destination.failure(status) }
  }
}

extension RecordStore {
  /// Writes a copy of the records to `file` (a regular file, made 0600; an existing file is
  /// replaced only once the copy is whole), safe while a server writes. Records on
  /// PostgreSQL are backed up with PostgreSQL's own `pg_dump`: asked here, it is said so.
  ///
  /// - Throws: ``DatabaseError`` naming the file.
  public func backup(to file: URL) throws(DatabaseError) {
    if let address {
      throw DatabaseError(
        kind: .other, path: address.description, message: "records on PostgreSQL are backed up with pg_dump")
    }
    let folder = file.deletingLastPathComponent()
    let temporary = folder.appendingPathComponent(".\(file.lastPathComponent).\(UInt32.random(in: 0...UInt32.max)).tmp")
    var status = stat()
    guard stat(folder.path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
      throw DatabaseError(kind: .cannotOpen, path: file.path, message: "no folder \(folder.path)")
    }
    try Self.prepareFile(temporary, privateFolder: false)
    defer { unlink(temporary.path) }
    do {
      let destination = try SQLiteConnection(path: temporary.path)
      try read { source throws(DatabaseError) in try source.sqlite?.backup(into: destination) }
      // The copy stands alone: its WAL folded in, so one file holds it all.
      try destination.execute("PRAGMA journal_mode = DELETE")
    }
    if lstat(file.path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
      throw DatabaseError(kind: .cannotOpen, path: file.path, message: "not a regular file")
    }
    guard rename(temporary.path, file.path) == 0 else {
      let error = FileSystemError.current(.write, file.path)
      throw DatabaseError(kind: error.code == ENOSPC ? .full : .readOnly, path: file.path, message: error.description)
    }
  }

  /// What SQLite's checks find wrong: every page and index (`integrity_check`) and every
  /// reference between rows (`foreign_key_check`); empty when all is well. PostgreSQL
  /// keeps its pages and references checked itself: there, the check is that the server
  /// answers.
  ///
  /// - Throws: ``DatabaseError``: the database cannot be read at all.
  public func check() throws(DatabaseError) -> [String] {
    try read { database throws(DatabaseError) in
      guard database.sqlite != nil else {
        try database.execute("SELECT 1")
        return []
      }
      var problems = try database.rows("PRAGMA integrity_check").compactMap { $0.get(0, as: String.self) }
        .filter { $0 != "ok" }
      for row in try database.rows("PRAGMA foreign_key_check") {
        let table = row.get(0, as: String.self) ?? "?"
        let parent = row.get(2, as: String.self) ?? "?"
        problems.append("\(table) row \(row.get(1, as: Int64.self) ?? 0) points at a \(parent) row that is not there")
      }
      return problems
    }
  }
}
