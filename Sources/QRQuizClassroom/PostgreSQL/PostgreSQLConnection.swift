internal import CLibPQ
import Foundation

/// One connection to a PostgreSQL server through libpq. Every value is bound
/// (`PQexecParams`), never spliced into the statement, as ``SQL`` binds it for SQLite; rows
/// come back as the same ``Row``s of ``DatabaseValue``s, so the repositories read either
/// engine alike. Errors are ``DatabaseError``s named by the address without its password.
///
/// Not `Sendable`: a connection serves one thread at a time (libpq's rule); the
/// ``RecordStore``'s writer holds one and its reader pool lends the others.
final class PostgreSQLConnection {
  let handle: OpaquePointer
  /// libpq's functions (loaded, never linked: CLibPQ.h).
  let pq: qrquiz_libpq
  /// The address, for messages (no password).
  let address: PostgreSQLAddress

  /// Connects to `address`, waiting at most `timeout` seconds (libpq's `connect_timeout`,
  /// whole seconds, at least 2 as libpq requires).
  ///
  /// - Throws: ``DatabaseError`` `.unreachable` in one line: no server there, refused, a
  ///   bad password, no such database.
  init(_ address: PostgreSQLAddress, timeout: Int = 10) throws(DatabaseError) {
    self.address = address
    // libpq is loaded by the first connection (CLibPQ.h): its functions are pointers,
    // every one found once it is loaded, so each call unwraps one.
    var loadError = [CChar](repeating: 0, count: 256)
    guard let loaded = qrquiz_load_libpq(&loadError, loadError.count) else {
      let message = String(decoding: loadError.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw DatabaseError(kind: .unreachable, path: address.description, message: message)
    }
    let pq = loaded.pointee
    self.pq = pq
    // libpq lets a later keyword override an earlier one: the URL's own connect_timeout,
    // application_name and TCP settings win over these defaults; the encoding is this
    // program's. Over TCP, a server that vanished without a word (a cable pulled, a machine
    // off) is noticed within seconds: unacknowledged data given up after 5 s
    // (tcp_user_timeout) and an idle connection probed, not after the kernel's quarter of
    // an hour, during which every move would wait on the writer.
    let keywords = [
      "connect_timeout", "application_name", "keepalives_idle", "keepalives_interval", "keepalives_count",
      "tcp_user_timeout", "dbname", "client_encoding",
    ]
    let values = [String(max(2, timeout)), "qrquiz", "10", "2", "3", "5000", address.url, "UTF8"]
    let connection = withCStrings(keywords) { keywordPointers in
      withCStrings(values) { valuePointers in
        pq.PQconnectdbParams!(keywordPointers, valuePointers, 1)
      }
    }
    guard let connection else {
      throw DatabaseError(kind: .unreachable, path: address.description, message: "out of memory")
    }
    guard pq.PQstatus!(connection) == CONNECTION_OK else {
      let message = Self.firstLine(pq.PQerrorMessage!(connection))
      pq.PQfinish!(connection)
      throw DatabaseError(kind: .unreachable, path: address.description, message: message)
    }
    handle = connection
    // Notices ("relation already exists, skipping") are the server's chatter, not errors:
    // libpq would print them on the program's standard error.
    _ = pq.PQsetNoticeProcessor!(handle, { _, _ in }, nil)
  }

  deinit { pq.PQfinish!(handle) }

  /// Runs several statements of this program's own, none with arguments (a migration),
  /// its SQLite types said as PostgreSQL's.
  func executeScript(_ script: String) throws(DatabaseError) {
    let result = pq.PQexec!(handle, SQL.postgreSQLSchema(script))
    defer { pq.PQclear!(result) }
    switch pq.PQresultStatus!(result) {
    case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY: return
    default: throw error(of: result)
    }
  }

  /// Runs `sql` and returns its rows (none for a statement that returns none).
  ///
  /// - Throws: ``DatabaseError``: `.constraint` for a row that breaks the schema's rules,
  ///   `.unreachable` when the server was lost, `.full` for a full disk, else `.other`.
  @discardableResult
  func rows(_ sql: SQL) throws(DatabaseError) -> [Row] {
    let parameters = sql.arguments.map(PostgreSQLParameter.init)
    let text = sql.postgreSQLText
    let result = withParameters(parameters) { types, values, lengths, formats in
      pq.PQexecParams!(handle, text, Int32(parameters.count), types, values, lengths, formats, 0)
    }
    defer { pq.PQclear!(result) }
    switch pq.PQresultStatus!(result) {
    case PGRES_COMMAND_OK: return []
    case PGRES_TUPLES_OK: return rows(of: result)
    default: throw error(of: result)
    }
  }

  /// Runs `sql`, rows or none.
  func execute(_ sql: SQL) throws(DatabaseError) { try rows(sql) }

  /// Whether the connection still reaches its server (after an error said it may not).
  var isConnected: Bool { pq.PQstatus!(handle) == CONNECTION_OK }

  /// Whether a transaction is open: idle in one, or in one a failed statement spoiled (a
  /// savepoint rolls it back). A connection that lost its server is in none.
  var isInTransaction: Bool {
    let status = pq.PQtransactionStatus!(handle)
    return status == PQTRANS_INTRANS || status == PQTRANS_INERROR || status == PQTRANS_ACTIVE
  }

  /// Connects again to the same address (libpq's `PQreset`); the connection stays lost
  /// when the server is still away, and the next statement says so.
  func reconnect() { pq.PQreset!(handle) }

  private func rows(of result: OpaquePointer?) -> [Row] {
    let count = pq.PQntuples!(result)
    let columns = pq.PQnfields!(result)
    let types = (0..<columns).map { pq.PQftype!(result, $0) }
    var rows: [Row] = []
    rows.reserveCapacity(Int(count))
    for row in 0..<count {
      var values: [DatabaseValue] = []
      values.reserveCapacity(Int(columns))
      for column in 0..<columns {
        if pq.PQgetisnull!(result, row, column) == 1 {
          values.append(.null)
          continue
        }
        let length = Int(pq.PQgetlength!(result, row, column))
        let text = pq.PQgetvalue!(result, row, column).map {
          $0.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
          }
        }
        values.append(PostgreSQLType(oid: types[Int(column)]).value(text ?? ""))
      }
      rows.append(Row(values: values))
    }
    return rows
  }

  func error(of result: OpaquePointer?) -> DatabaseError {
    let state = pq.PQresultErrorField!(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
    let message =
      pq.PQresultErrorField!(result, Int32(UInt8(ascii: "M"))).map { String(cString: $0) }
      ?? Self.firstLine(pq.PQerrorMessage!(handle))
    let kind: DatabaseError.Kind
    switch state.prefix(2) {
    case _ where pq.PQstatus!(handle) != CONNECTION_OK: kind = .unreachable
    case "23": kind = .constraint
    case "53": kind = .full
    case "08", "57": kind = .unreachable
    case "40": kind = .busy
    default: kind = .other
    }
    return DatabaseError(
      kind: kind, path: address.description, message: state.isEmpty ? message : "\(message) [\(state)]")
  }

  /// The first line of a libpq message (they end in a newline, some run to two lines).
  static func firstLine(_ text: UnsafePointer<CChar>?) -> String {
    guard let text else { return "no message" }
    let line = String(cString: text).split(separator: "\n").first.map(String.init) ?? ""
    return line.trimmingCharacters(in: .whitespaces)
  }
}

/// `strings` as a NULL-ended array of C strings, for `body`'s call only.
private func withCStrings<T>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
  let copies = strings.map { strdup($0) }
  defer { for copy in copies { free(copy) } }
  let pointers: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } } + [nil]
  return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
