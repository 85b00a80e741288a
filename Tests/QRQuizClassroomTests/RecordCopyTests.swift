import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuizClassroom

/// `RecordCopy` over more rows than a page holds, in a table keyed by one column and one
/// keyed by two: every row reaches PostgreSQL and comes back to a new SQLite file as it was,
/// and the ids go on after the copied ones.
@Suite struct RecordCopyTests {
  /// A class, a game with `moves` moves (keyed by game and sequence) and `reviews` reviews
  /// (keyed by id), in a laptop's file.
  func laptop(moves: Int, reviews: Int) throws -> TestRecords {
    let laptop = try TestRecords(.sqlite)
    try laptop.open().write { database throws(DatabaseError) in
      try database.execute("INSERT INTO classes (name, name_key, next_card) VALUES ('7B', '7b', 3)")
      try database.execute(
        "INSERT INTO live_games (pin, title, setup, created) VALUES ('123456', 'Capitals ¿?', '{}', 1)")
      for sequence in 1...moves {
        let move = #"{"n":"# + String(sequence) + "}"
        try database.execute(
          "INSERT INTO live_moves (game_id, sequence, at, move) VALUES (1, \(sequence), \(sequence * 1000), \(move))")
      }
      for review in 1...reviews {
        let card = "card \(review % 17)"
        try database.execute(
          """
          INSERT INTO study_reviews (learner, topic, card, at, rating)
          VALUES ('profile:ada', 'Capitals', \(card), \(review), \(review % 4 + 1))
          """)
      }
    }
    return laptop
  }

  func everyRow(_ database: Database, _ tables: [TableShape]) throws -> [String: [Row]] {
    var rows: [String: [Row]] = [:]
    for table in tables {
      let key = table.key.map(TableShape.quoted).joined(separator: ", ")
      rows[table.name] = try database.rows(
        SQL(stringLiteral: "SELECT * FROM \(TableShape.quoted(table.name)) ORDER BY \(key)"))
    }
    return rows
  }

  @Test func moreRowsThanAPageGoThereAndBackAsTheyWere() throws {
    let moves = RecordCopy.pageSize * 2 + 7
    let reviews = RecordCopy.pageSize + 1
    let laptop = try laptop(moves: moves, reviews: reviews)
    let file = laptop.directory.url.appendingPathComponent(RecordStore.fileName)
    let school = try TestRecords(.postgreSQL)
    let address = try #require(school.address)
    let tables = try TableShape.all(migrator: ClassroomSchema.migrator)

    let there = try RecordCopy.copy(from: .sqlite(file), to: .postgreSQL(address))
    #expect(there.sourceMigrations == [])
    #expect(there.tables.first { $0.name == "live_moves" }?.rows == moves)
    #expect(there.tables.first { $0.name == "study_reviews" }?.rows == reviews)
    #expect(there.rows == moves + reviews + 2)
    let rows = try everyRow(try Database(path: file.path), tables)
    #expect(try everyRow(try Database(address), tables) == rows)
    // Each table after those it refers to.
    let order = there.tables.map(\.name)
    #expect(order.firstIndex(of: "classes")! < order.firstIndex(of: "students")!)
    #expect(order.firstIndex(of: "students")! < order.firstIndex(of: "study_reviews")!)

    // The server's next rows get ids after the copied ones.
    let next = try RecordStore(postgreSQL: address).write { database throws(DatabaseError) in
      try database.value(
        "INSERT INTO classes (name, name_key, next_card) VALUES ('8A', '8a', 1) RETURNING id", as: Int.self)
    }
    #expect(next == 2)

    let back = try TemporaryDirectory()
    let backFile = back.url.appendingPathComponent("back.sqlite")
    let returned = try RecordCopy.copy(from: .postgreSQL(address), to: .sqlite(backFile))
    #expect(returned.rows == there.rows + 1)
    let backRows = try everyRow(try Database(path: backFile.path), tables)
    #expect(backRows["live_moves"] == rows["live_moves"] && backRows["study_reviews"] == rows["study_reviews"])
    #expect(backRows["classes"]?.count == 2)
  }

  /// Into PostgreSQL the rows go as COPY's data, where a tab ends a value, a line feed a
  /// row, `\N` is NULL and `\.` the end: a student named with any of them, a move holding
  /// them, a time factor of a third, a NULL and the largest times arrive as they were, and
  /// come back so.
  @Test func valuesHoldingWhatCopyMeansArriveAsTheyWere() throws {
    let laptop = try TestRecords(.sqlite)
    let names = [
      "tab\there", "line\nfeed", "carriage\rreturn", #"back\slash"#, #"\N"#, #"\."#, "\\.\n\\.", #"\\N"#,
      "quote ' \" `", "ñandú 🦊 \u{200B}", "\u{7F}\u{1B}[31m", "", " ",
    ]
    try laptop.open().write { database throws(DatabaseError) in
      try database.execute("INSERT INTO classes (name, name_key, next_card) VALUES ('7B\t\\N', '7b', 30)")
      for (index, name) in names.enumerated() {
        try database.execute(
          """
          INSERT INTO students (class_id, card, name, name_key, time_factor, results_secret)
          VALUES (1, \(index + 1), \(name), \(name), \(1.0 / 3.0 + Double(index)), \(index % 2 == 0 ? nil : name))
          """)
      }
      try database.execute("INSERT INTO live_games (pin, title, setup, created) VALUES ('1', '\\.', '{}', 1)")
      for (index, name) in names.enumerated() {
        try database.execute(
          "INSERT INTO live_moves (game_id, sequence, at, move) VALUES (1, \(index + 1), \(Int64.max - Int64(index)), \(name))"
        )
      }
    }
    let file = laptop.directory.url.appendingPathComponent(RecordStore.fileName)
    let school = try TestRecords(.postgreSQL)
    let address = try #require(school.address)
    let tables = try TableShape.all(migrator: ClassroomSchema.migrator)
    _ = try RecordCopy.copy(from: .sqlite(file), to: .postgreSQL(address))
    let rows = try everyRow(try Database(path: file.path), tables)
    #expect(rows["students"]?.count == names.count && rows["live_moves"]?.count == names.count)
    #expect(try everyRow(try Database(address), tables) == rows)

    let back = try TemporaryDirectory()
    let backFile = back.url.appendingPathComponent("back.sqlite")
    _ = try RecordCopy.copy(from: .postgreSQL(address), to: .sqlite(backFile))
    #expect(try everyRow(try Database(path: backFile.path), tables) == rows)
  }

  /// A row PostgreSQL refuses in the middle of a table's COPY (a word where a time should
  /// be, which SQLite keeps as text in an integer column, edited by hand): the copy fails
  /// in one line naming the server, and the target holds no row of any table.
  @Test func aRowTheServerRefusesMidCopyLeavesTheTargetEmpty() throws {
    let laptop = try laptop(moves: RecordCopy.pageSize + 10, reviews: 5)
    try laptop.open().write { database throws(DatabaseError) in
      try database.execute(
        "UPDATE live_moves SET at = 'soon' WHERE sequence = \(RecordCopy.pageSize + 3)")
    }
    let file = laptop.directory.url.appendingPathComponent(RecordStore.fileName)
    let school = try TestRecords(.postgreSQL)
    let address = try #require(school.address)
    #expect {
      try RecordCopy.copy(from: .sqlite(file), to: .postgreSQL(address))
    } throws: { error in
      let text = "\(error)"
      return text.hasPrefix(address.description + ": ") && !text.contains("\n")
    }
    let target = try Database(address)
    for table in try TableShape.all(migrator: ClassroomSchema.migrator) {
      #expect(try target.value("SELECT count(*) FROM \(sql: table.quotedName)", as: Int.self) == 0, "\(table.name)")
    }
  }

  /// COPY's text, byte for byte: what each value becomes.
  @Test func copysTextEscapesWhatWouldEndAValueARowOrTheData() {
    let row = Row(values: [
      .null, .integer(-9_223_372_036_854_775_808), .real(0.1), .real(-.infinity), .text("a\tb\nc\rd\\e\\N"),
      .blob([0x00, 0x5C, 0xFF]),
    ])
    let text = String(decoding: PostgreSQLConnection.copyText([row, Row(values: [.text(#"\."#)])]), as: UTF8.self)
    let first = [#"\N"#, "-9223372036854775808", "0.1", "-Infinity", #"a\tb\nc\rd\\e\\N"#, #"\\x005cff"#]
    #expect(text == first.joined(separator: "\t") + "\n" + #"\\."# + "\n")
  }
}
