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
}
