extension PostgreSQLAddress {
  /// The same server and user with database `name` instead: a test's database of its own
  /// beside the server's maintenance database. `nil` for a name other than lower-case
  /// letters, digits and `_` (a name is SQL text, never bound: it is checked instead).
  package func database(_ name: String) -> PostgreSQLAddress? {
    guard Self.isPlainName(name), let schemeEnd = url.range(of: "://") else { return nil }
    let rest = url[schemeEnd.upperBound...]
    let authorityEnd = rest.firstIndex(where: { "/?#".contains($0) }) ?? rest.endIndex
    let pathEnd = rest[authorityEnd...].firstIndex(where: { "?#".contains($0) }) ?? rest.endIndex
    return PostgreSQLAddress(String(url[..<authorityEnd]) + "/" + name + rest[pathEnd...])
  }

  /// Makes database `name` on this address's server (connected through this address).
  package func createDatabase(_ name: String) throws(DatabaseError) {
    guard Self.isPlainName(name) else { throw Self.badName(name, self) }
    try PostgreSQLConnection(self).execute(SQL(stringLiteral: "CREATE DATABASE \"\(name)\""))
  }

  /// Removes database `name` from this address's server, its connections ended first.
  package func dropDatabase(_ name: String) throws(DatabaseError) {
    guard Self.isPlainName(name) else { throw Self.badName(name, self) }
    try PostgreSQLConnection(self).execute(SQL(stringLiteral: "DROP DATABASE IF EXISTS \"\(name)\" WITH (FORCE)"))
  }

  /// Lets clients connect to database `name` again, or stops them (`allowed` false): its
  /// connections are ended (each waited for) and new ones refused, as a server that went
  /// away would have them, while the server's other databases carry on. A test's outage.
  package func allowConnections(to name: String, _ allowed: Bool) throws(DatabaseError) {
    guard Self.isPlainName(name) else { throw Self.badName(name, self) }
    let connection = try PostgreSQLConnection(self)
    try connection.execute(SQL(stringLiteral: "ALTER DATABASE \"\(name)\" ALLOW_CONNECTIONS \(allowed)"))
    guard !allowed else { return }
    try connection.execute(
      "SELECT pg_terminate_backend(pid, 60000) FROM pg_stat_activity WHERE datname = \(name) AND pid <> pg_backend_pid()"
    )
  }

  private static func isPlainName(_ name: String) -> Bool {
    !name.isEmpty && name.utf8.count < 64
      && name.unicodeScalars.allSatisfy { "abcdefghijklmnopqrstuvwxyz0123456789_".unicodeScalars.contains($0) }
  }

  private static func badName(_ name: String, _ address: PostgreSQLAddress) -> DatabaseError {
    DatabaseError(
      kind: .other, path: address.description, message: "\(name.debugDescription) is not a plain database name")
  }
}
