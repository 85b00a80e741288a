/// A table of the records as this program's migrations make it: its columns, its primary
/// key (what a copy pages by) and the tables it refers to. Read from a database of no one's,
/// in memory, made by the migrations themselves: a table a later migration adds is copied
/// without a list here to keep.
struct TableShape {
  let name: String
  let columns: [String]
  /// The primary key's columns, in the key's order.
  let key: [String]
  let references: Set<String>

  var quotedName: SQL { SQL(stringLiteral: Self.quoted(name)) }

  /// Every table but `schema_migrations` (each database keeps its own), each after the
  /// tables it refers to, else in the order the migrations made them.
  static func all(migrator: DatabaseMigrator) throws(DatabaseError) -> [TableShape] {
    let schema = try Database(path: ":memory:")
    try migrator.migrate(schema)
    let names = try schema.rows(
      """
      SELECT name FROM sqlite_master
      WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations' ORDER BY rowid
      """
    ).compactMap { $0.get(0, as: String.self) }
    var shapes: [TableShape] = []
    for name in names {
      let columns = try schema.rows("SELECT name, pk FROM pragma_table_info(\(name)) ORDER BY cid")
      let keyed = columns.filter { ($0.get(1, as: Int.self) ?? 0) > 0 }.sorted {
        ($0.get(1, as: Int.self) ?? 0) < ($1.get(1, as: Int.self) ?? 0)
      }
      let references = try schema.rows("SELECT \"table\" FROM pragma_foreign_key_list(\(name))")
        .compactMap { $0.get(0, as: String.self) }
      let names = columns.compactMap { $0.get(0, as: String.self) }
      shapes.append(
        TableShape(
          name: name, columns: names, key: keyed.isEmpty ? names : keyed.compactMap { $0.get(0, as: String.self) },
          references: Set(references).subtracting([name])))
    }
    // Each table once all it refers to is placed (the schema has no cycle: one would stop here).
    var ordered: [TableShape] = []
    var placed: Set<String> = []
    while let next = shapes.first(where: { !placed.contains($0.name) && $0.references.isSubset(of: placed) }) {
      ordered.append(next)
      placed.insert(next.name)
    }
    guard ordered.count == shapes.count else {
      throw DatabaseError(kind: .other, path: "records", message: "the tables refer to each other in a circle")
    }
    return ordered
  }

  /// Copies the table's rows from `from` to `to`, a page at a time in the key's order
  /// (each page after the last key read: no page is read twice): into PostgreSQL by one
  /// `COPY` (`PostgreSQLConnection+Copy.swift`), into SQLite several rows an `INSERT`.
  func copy(from: Database, to: Database) throws(DatabaseError) {
    var pages = Pages(shape: self, from: from)
    if let server = to.postgreSQL {
      try server.copyIn(table: Self.quoted(name), columns: columns.map(Self.quoted)) { () throws(DatabaseError) in
        try pages.next()
      }
      return
    }
    let columnList = SQL(stringLiteral: columns.map(Self.quoted).joined(separator: ", "))
    let rowsPerInsert = max(1, RecordCopy.valuesPerStatement / columns.count)
    while true {
      let page = try pages.next()
      if page.isEmpty { return }
      for start in stride(from: 0, to: page.count, by: rowsPerInsert) {
        let rows = page[start..<min(start + rowsPerInsert, page.count)].map { row in
          "(\(sql: SQL.joined(row.values.map { "\($0)" }, separator: ", ")))" as SQL
        }
        try to.execute(
          "INSERT INTO \(sql: quotedName) (\(sql: columnList)) VALUES \(sql: SQL.joined(rows, separator: ", "))")
      }
    }
  }

  /// A table's rows read a page at a time in its key's order, each page after the last
  /// key read; an empty page at the end.
  struct Pages {
    let shape: TableShape
    let from: Database
    private var after: [DatabaseValue]?
    private var done = false

    init(shape: TableShape, from: Database) {
      self.shape = shape
      self.from = from
    }

    mutating func next() throws(DatabaseError) -> [Row] {
      guard !done else { return [] }
      let columnList = shape.columns.map(TableShape.quoted).joined(separator: ", ")
      let keyList = SQL(stringLiteral: shape.key.map(TableShape.quoted).joined(separator: ", "))
      var query = SQL(stringLiteral: "SELECT \(columnList) FROM \(TableShape.quoted(shape.name))")
      if let after {
        let values = SQL.joined(after.map { "\($0)" }, separator: ", ")
        query = "\(sql: query) WHERE (\(sql: keyList)) > (\(sql: values))"
      }
      let page = try from.rows("\(sql: query) ORDER BY \(sql: keyList) LIMIT \(RecordCopy.pageSize)")
      if page.count < RecordCopy.pageSize { done = true }
      if let last = page.last { after = shape.key.compactMap { shape.columns.firstIndex(of: $0) }.map { last[$0] } }
      return page
    }
  }

  /// On PostgreSQL, after rows came with their ids: each identity column's sequence moved
  /// past the highest id, so the next row made gets a new one (SQLite's row ids need not).
  static func advanceIdentities(_ database: Database) throws(DatabaseError) {
    let identities = try database.rows(
      """
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND is_identity = 'YES'
      """)
    for identity in identities {
      guard let table = identity.get(0, as: String.self), let column = identity.get(1, as: String.self) else {
        continue
      }
      try database.execute(
        """
        SELECT setval(pg_get_serial_sequence(\(quoted(table)), \(column)), highest)
        FROM (SELECT max(\(sql: SQL(stringLiteral: quoted(column)))) AS highest FROM \(sql: SQL(stringLiteral: quoted(table)))) AS ids
        WHERE highest IS NOT NULL
        """)
    }
  }

  /// `name` as an SQL identifier: in double quotes, any inside doubled (the names are the
  /// schema's own, but a name is never trusted to be plain).
  static func quoted(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
}
