internal import CLibPQ

/// Many rows into one table by `COPY … FROM STDIN`: a laptop's records moved to a school's
/// server (`qrquiz data migrate`, ``RecordCopy``). Bound `INSERT`s of a few hundred rows
/// each spent two thirds of a large copy in the server parsing and binding them, and
/// pgloader (which copies) was as fast at a few hundred thousand rows.
///
/// The values travel as COPY's data, never as SQL: in its text format, each row a line,
/// its values apart by tabs, NULL written `\N`, and a backslash, a tab, a line feed and a
/// carriage return inside a value written `\\`, `\t`, `\n` and `\r`, so that nothing a
/// value holds can end its value, its row or the data.
extension PostgreSQLConnection {
  /// Copies into `table` (its `columns`, quoted identifiers) the rows `next` gives, a batch
  /// at a time until it gives none; returns how many.
  ///
  /// - Throws: ``DatabaseError``: `next`'s (the copy abandoned: nothing of it is in the
  ///   table), or the server's refusal of a row, as a statement's.
  @discardableResult
  func copyIn(
    table: String, columns: [String], next: () throws(DatabaseError) -> [Row]
  ) throws(DatabaseError) -> Int {
    let statement = "COPY \(table) (\(columns.joined(separator: ", "))) FROM STDIN"
    let started = pq.PQexec!(handle, statement)
    let status = pq.PQresultStatus!(started)
    guard status == PGRES_COPY_IN else {
      defer { pq.PQclear!(started) }
      throw error(of: started)
    }
    pq.PQclear!(started)
    var copied = 0
    do throws(DatabaseError) {
      while true {
        let rows = try next()
        if rows.isEmpty { break }
        try send(Self.copyText(rows))
        copied += rows.count
      }
    } catch {
      // Abandoned: the server undoes the COPY; its result is read so the connection is
      // ready for the next statement (the transaction's rollback).
      _ = pq.PQputCopyEnd!(handle, "abandoned by qrquiz")
      drainResults()
      throw error
    }
    guard pq.PQputCopyEnd!(handle, nil) == 1 else { throw connectionError() }
    var failure: DatabaseError?
    while let result = pq.PQgetResult!(handle) {
      if pq.PQresultStatus!(result) != PGRES_COMMAND_OK, failure == nil { failure = error(of: result) }
      pq.PQclear!(result)
    }
    if let failure { throw failure }
    return copied
  }

  /// `rows` as COPY's text format: a line each.
  static func copyText(_ rows: [Row]) -> [UInt8] {
    var bytes: [UInt8] = []
    for row in rows {
      for (index, value) in row.values.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: "\t")) }
        append(value, to: &bytes)
      }
      bytes.append(UInt8(ascii: "\n"))
    }
    return bytes
  }

  private static func append(_ value: DatabaseValue, to bytes: inout [UInt8]) {
    switch value {
    case .null: bytes += Array(#"\N"#.utf8)
    case .integer(let number): bytes += Array(String(number).utf8)
    case .real(let number): bytes += Array(PostgreSQLParameter.text(number).utf8)
    case .text(let text):
      for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
        case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
        case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
        case UInt8(ascii: "\r"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
        default: bytes.append(byte)
        }
      }
    case .blob(let data):
      // bytea's hex form, its backslash written as COPY writes one: \\x0a1b…
      bytes += Array(#"\\x"#.utf8)
      let digits = Array("0123456789abcdef".utf8)
      for byte in data { bytes += [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]] }
    }
  }

  private func send(_ bytes: [UInt8]) throws(DatabaseError) {
    let sent = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { pq.PQputCopyData!(handle, $0.baseAddress, Int32($0.count)) }
    }
    guard sent == 1 else { throw connectionError() }
  }

  /// The results left after a COPY, read and cleared.
  private func drainResults() {
    while let result = pq.PQgetResult!(handle) { pq.PQclear!(result) }
  }

  /// The connection's own error (no result to read it from).
  private func connectionError() -> DatabaseError {
    DatabaseError(
      kind: isConnected ? .other : .unreachable, path: address.description,
      message: Self.firstLine(pq.PQerrorMessage!(handle)))
  }
}
