internal import CSQLite
import Foundation

/// An Anki collection (SQLite) a stranger sent, read and never trusted: written to a
/// private temporary copy and opened read-only there (the package's bytes are never
/// opened in place, and nothing is written back); the schema's functions untrusted
/// (`trusted_schema=OFF`), pages checked as they are read (`cell_size_check`), no memory
/// map; the tables read must be tables (a view named `notes` could make any query cost
/// anything); and every statement runs under one budget of SQLite's own steps, so a
/// crafted file costs a bounded amount of work whatever it holds. This importer's own
/// connection, apart from the classroom's `Database`, so the interchange module does not
/// pull in the classroom.
final class AnkiDatabase {
  /// The most virtual-machine steps all of one collection's statements may take, in units
  /// of ``stepsPerCheck``: six times what reading the largest collection allowed takes
  /// (``AnkiCollection/maximumNotes`` notes, ``AnkiCollection/maximumCards`` cards and
  /// ``AnkiCollection/maximumReviews`` reviews: 820 checks, measured with SQLite 3.40), so a
  /// crafted file is stopped within seconds.
  static let maximumChecks = 5_000
  static let stepsPerCheck: Int32 = 10_000

  private let handle: OpaquePointer
  private let folder: URL
  /// The part of the package this is (`collection.anki21`), for messages.
  let part: String
  private let budget: Budget

  /// Opens a copy of `bytes`.
  ///
  /// - Throws: ``AnkiProblem``: not SQLite, or SQLite refuses it.
  init(_ bytes: [UInt8], part: String) throws(AnkiProblem) {
    self.part = part
    guard bytes.starts(with: Array("SQLite format 3\0".utf8)) else { throw .notSQLite(part: part) }
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("qrquiz-anki-\(UUID().uuidString)")
    let file = folder.appendingPathComponent("collection.sqlite")
    do {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
      // A collection left in WAL mode (header bytes 18 and 19 are 2) is read as a rollback
      // journal one: its -wal file is not in the package, and a read-only connection could
      // not make the -shm file WAL needs.
      var copy = bytes
      if copy.count > 19, copy[18] == 2, copy[19] == 2 { (copy[18], copy[19]) = (1, 1) }
      try Data(copy).write(to: file)
    } catch {
      try? FileManager.default.removeItem(at: folder)
      throw .database(part: part, "cannot copy it to a temporary file: \(error.localizedDescription)")
    }
    var connection: OpaquePointer?
    let status = sqlite3_open_v2(
      file.path, &connection, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW, nil)
    guard status == SQLITE_OK, let connection else {
      if let connection { sqlite3_close_v2(connection) }
      try? FileManager.default.removeItem(at: folder)
      throw .database(part: part, "SQLite cannot open it (code \(status))")
    }
    handle = connection
    budget = Budget()
    // A text or blob larger than a topic may be is no note's field.
    sqlite3_limit(handle, SQLITE_LIMIT_LENGTH, 16 << 20)
    sqlite3_progress_handler(
      handle, Self.stepsPerCheck,
      { context in
        guard let context else { return 1 }
        let budget = Unmanaged<Budget>.fromOpaque(context).takeUnretainedValue()
        budget.checks += 1
        return budget.checks > AnkiDatabase.maximumChecks ? 1 : 0
      }, Unmanaged.passUnretained(budget).toOpaque())
    // The first statement reads the schema: a file that only starts like SQLite fails here.
    try execute("PRAGMA trusted_schema = OFF")
    try execute("PRAGMA cell_size_check = ON")
    try execute("PRAGMA mmap_size = 0")
  }

  deinit {
    sqlite3_close_v2(handle)
    try? FileManager.default.removeItem(at: folder)
  }

  /// What `name` is in the schema (`table`, `view` …), `nil` when nothing has that name.
  func kind(of name: String) throws(AnkiProblem) -> String? {
    var kind: String?
    try rows("SELECT type FROM sqlite_master WHERE name = ?1 COLLATE NOCASE", [name]) { row in
      kind = row.text(0)
      return false
    }
    return kind
  }

  /// Runs `sql` (`?1`… bound to `texts`) and hands each row to `body` until it answers
  /// false.
  func rows(
    _ sql: String, _ texts: [String] = [], _ body: (Row) throws(AnkiProblem) -> Bool
  ) throws(AnkiProblem) {
    var statement: OpaquePointer?
    let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
    guard status == SQLITE_OK, let statement else { throw failure(status) }
    defer { sqlite3_finalize(statement) }
    for (index, text) in texts.enumerated() {
      sqlite3_bind_text(statement, Int32(index + 1), text, -1, CSQLite_transient())
    }
    while true {
      let step = sqlite3_step(statement)
      if step == SQLITE_DONE { return }
      guard step == SQLITE_ROW else { throw failure(step) }
      guard try body(Row(statement: statement)) else { return }
    }
  }

  private func execute(_ sql: String) throws(AnkiProblem) {
    try rows(sql) { _ in true }
  }

  private func failure(_ status: Int32) -> AnkiProblem {
    if budget.checks > Self.maximumChecks { return .tooMuchWork(part: part) }
    if status & 0xFF == SQLITE_NOTADB { return .notSQLite(part: part) }
    return .database(part: part, String(cString: sqlite3_errmsg(handle)))
  }

  /// A row being read: its columns, valid until the next step.
  struct Row {
    fileprivate let statement: OpaquePointer

    func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

    /// The column's bytes (a blob, or a text's UTF-8); none for NULL.
    func bytes(_ column: Int32) -> [UInt8] {
      guard sqlite3_column_type(statement, column) != SQLITE_NULL, let start = sqlite3_column_blob(statement, column)
      else { return [] }
      let count = Int(sqlite3_column_bytes(statement, column))
      return Array(UnsafeRawBufferPointer(start: start, count: count))
    }

    /// The column as text (a blob's bytes read as UTF-8, as Anki's fields are), `nil` for NULL.
    func text(_ column: Int32) -> String? {
      guard sqlite3_column_type(statement, column) != SQLITE_NULL,
        let start = sqlite3_column_text(statement, column)
      else { return nil }
      let count = Int(sqlite3_column_bytes(statement, column))
      return String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    }
  }
}

/// The steps counted so far, shared with SQLite's progress callback.
private final class Budget {
  var checks = 0
}
