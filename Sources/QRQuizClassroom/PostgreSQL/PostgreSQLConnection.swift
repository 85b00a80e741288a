import CLibPQ
import Foundation

/// One connection to a PostgreSQL server through libpq. Every value is bound
/// (`PQexecParams`), never spliced into the statement, as ``SQL`` binds it for SQLite; rows
/// come back as the same ``Row``s of ``DatabaseValue``s, so the repositories read either
/// engine alike. Errors are ``DatabaseError``s named by the address without its password.
///
/// Not `Sendable`: a connection serves one thread at a time (libpq's rule); a pool hands
/// them out.
///
/// ```swift
/// let connection = try PostgreSQLConnection(PostgreSQLAddress("postgresql://qrquiz@/school?host=/run/postgresql")!)
/// let rows = try connection.rows("SELECT name FROM classes WHERE name_key = \(key)")
/// ```
public final class PostgreSQLConnection {
  private let handle: OpaquePointer
  /// The address, for messages (no password).
  public let address: PostgreSQLAddress

  /// Connects to `address`, waiting at most `timeout` seconds (libpq's `connect_timeout`,
  /// whole seconds, at least 2 as libpq requires).
  ///
  /// - Throws: ``DatabaseError`` `.unreachable` in one line: no server there, refused, a
  ///   bad password, no such database.
  public init(_ address: PostgreSQLAddress, timeout: Int = 10) throws(DatabaseError) {
    self.address = address
    let keywords = ["dbname", "connect_timeout", "application_name", "client_encoding"]
    let values = [address.url, String(max(2, timeout)), "qrquiz", "UTF8"]
    let connection = withCStrings(keywords) { keywordPointers in
      withCStrings(values) { valuePointers in
        PQconnectdbParams(keywordPointers, valuePointers, 1)
      }
    }
    guard let connection else {
      throw DatabaseError(kind: .unreachable, path: address.description, message: "out of memory")
    }
    guard PQstatus(connection) == CONNECTION_OK else {
      let message = Self.firstLine(PQerrorMessage(connection))
      PQfinish(connection)
      throw DatabaseError(kind: .unreachable, path: address.description, message: message)
    }
    handle = connection
  }

  deinit { PQfinish(handle) }

  /// Runs `sql` and returns its rows (none for a statement that returns none).
  ///
  /// - Throws: ``DatabaseError``: `.constraint` for a row that breaks the schema's rules,
  ///   `.unreachable` when the server was lost, `.full` for a full disk, else `.other`.
  @discardableResult
  public func rows(_ sql: SQL) throws(DatabaseError) -> [Row] {
    let parameters = sql.arguments.map(PostgreSQLParameter.init)
    let result = withParameters(parameters) { types, values, lengths, formats in
      PQexecParams(handle, sql.postgreSQLText, Int32(parameters.count), types, values, lengths, formats, 0)
    }
    defer { PQclear(result) }
    switch PQresultStatus(result) {
    case PGRES_COMMAND_OK: return []
    case PGRES_TUPLES_OK: return Self.rows(of: result)
    default: throw error(of: result)
    }
  }

  /// Runs `sql`, rows or none.
  public func execute(_ sql: SQL) throws(DatabaseError) { try rows(sql) }

  /// The first column of the first row, as `T`.
  public func value<T: DatabaseValueConvertible>(_ sql: SQL, as type: T.Type = T.self) throws(DatabaseError) -> T? {
    try rows(sql).first.flatMap { T(databaseValue: $0[0]) }
  }

  /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
  public func transaction<T>(_ body: (PostgreSQLConnection) throws(DatabaseError) -> T) throws(DatabaseError) -> T {
    try execute("BEGIN")
    do {
      let value = try body(self)
      try execute("COMMIT")
      return value
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  /// Whether the connection still reaches its server (after an error said it may not).
  public var isConnected: Bool { PQstatus(handle) == CONNECTION_OK }

  private static func rows(of result: OpaquePointer?) -> [Row] {
    let count = PQntuples(result)
    let columns = PQnfields(result)
    let types = (0..<columns).map { PQftype(result, $0) }
    var rows: [Row] = []
    rows.reserveCapacity(Int(count))
    for row in 0..<count {
      var values: [DatabaseValue] = []
      values.reserveCapacity(Int(columns))
      for column in 0..<columns {
        if PQgetisnull(result, row, column) == 1 {
          values.append(.null)
          continue
        }
        let length = Int(PQgetlength(result, row, column))
        let text = PQgetvalue(result, row, column).map {
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

  private func error(of result: OpaquePointer?) -> DatabaseError {
    let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
    let message =
      PQresultErrorField(result, Int32(UInt8(ascii: "M"))).map { String(cString: $0) }
      ?? Self.firstLine(PQerrorMessage(handle))
    let kind: DatabaseError.Kind
    switch state.prefix(2) {
    case _ where PQstatus(handle) != CONNECTION_OK: kind = .unreachable
    case "23": kind = .constraint
    case "53": kind = .full
    case "08", "57": kind = .unreachable
    case "40": kind = .busy
    default: kind = .other
    }
    return DatabaseError(kind: kind, path: address.description, message: state.isEmpty ? message : "\(message) [\(state)]")
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
  defer { copies.forEach { free($0) } }
  let pointers: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } } + [nil]
  return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
