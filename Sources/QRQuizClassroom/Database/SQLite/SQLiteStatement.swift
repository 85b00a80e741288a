internal import CSQLite

/// A prepared statement, owned and finalised by this object (as GRDB's `Statement`); used
/// on its connection's thread only.
final class SQLiteStatement {
  private let handle: OpaquePointer
  private let database: SQLiteConnection

  init(handle: OpaquePointer, database: SQLiteConnection) {
    self.handle = handle
    self.database = database
  }

  deinit { sqlite3_finalize(handle) }

  /// Binds `values` to the statement's `?`s, in order.
  func bind(_ values: [DatabaseValue]) throws(DatabaseError) {
    guard Int(sqlite3_bind_parameter_count(handle)) == values.count else {
      throw DatabaseError(
        kind: .other, path: database.path,
        message: "a statement with \(sqlite3_bind_parameter_count(handle)) parameters given \(values.count) values")
    }
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let status: Int32
      switch value {
      case .null: status = sqlite3_bind_null(handle, index)
      case .integer(let number): status = sqlite3_bind_int64(handle, index, number)
      case .real(let number): status = sqlite3_bind_double(handle, index, number)
      case .text(let text): status = sqlite3_bind_text(handle, index, text, -1, CSQLite_transient())
      case .blob(let bytes):
        status = bytes.withUnsafeBytes { buffer in
          sqlite3_bind_blob64(handle, index, buffer.baseAddress, sqlite3_uint64(buffer.count), CSQLite_transient())
        }
      }
      guard status == SQLITE_OK else { throw database.failure(status) }
    }
  }

  /// Steps once: `true` with a row to read, `false` when done.
  func step() throws(DatabaseError) -> Bool {
    switch sqlite3_step(handle) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    case let status: throw database.failure(status)
    }
  }

  /// The row the last step gave.
  var row: Row {
    let count = Int(sqlite3_column_count(handle))
    var values: [DatabaseValue] = []
    values.reserveCapacity(count)
    for column in 0..<Int32(count) {
      switch sqlite3_column_type(handle, column) {
      case SQLITE_INTEGER: values.append(.integer(sqlite3_column_int64(handle, column)))
      case SQLITE_FLOAT: values.append(.real(sqlite3_column_double(handle, column)))
      case SQLITE_TEXT:
        let length = Int(sqlite3_column_bytes(handle, column))
        let text = sqlite3_column_text(handle, column).map {
          String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
        values.append(.text(text ?? ""))
      case SQLITE_BLOB:
        let length = Int(sqlite3_column_bytes(handle, column))
        let bytes = sqlite3_column_blob(handle, column).map {
          Array(UnsafeRawBufferPointer(start: $0, count: length))
        }
        values.append(.blob(bytes ?? []))
      default: values.append(.null)
      }
    }
    return Row(values: values)
  }
}
