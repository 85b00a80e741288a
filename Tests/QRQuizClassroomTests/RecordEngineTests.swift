import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuizClassroom

/// What either engine must give back as it was given: every kind of value, text compared
/// and ordered by its bytes; and what is PostgreSQL's alone: a server that cannot be reached
/// said in one line without its password, a connection the server dropped failing only the
/// writes of that moment, the next finding the server again.
@Suite struct RecordEngineTests {
  /// A table of every kind of value (column names that are no type's: the schema's types
  /// are translated word by word).
  static let migrator: DatabaseMigrator = {
    var migrator = DatabaseMigrator()
    migrator.register(1, "things") { database throws(DatabaseError) in
      try database.executeScript(
        """
        CREATE TABLE things (
          id INTEGER PRIMARY KEY, n INTEGER, r REAL, t TEXT, b BLOB
        );
        CREATE INDEX things_by_text ON things (t);
        """)
    }
    return migrator
  }()

  @Test(arguments: RecordEngine.allCases)
  func everyKindOfValueReadsBackAsItWasBound(engine: RecordEngine) throws {
    let database = try TestRecords(engine)
    let records = try database.open(migrator: Self.migrator)
    let rows: [(Int64?, Double?, String?, [UInt8]?)] = [
      (.max, 0.1 + 0.2, "Robert'); DROP TABLE things;-- ¿? 👩‍🚀", Array(0...255)),
      (.min, -1e300, "?", [0]),
      (nil, nil, nil, nil),
    ]
    let ids = try records.write { database throws(DatabaseError) in
      try rows.map { row throws(DatabaseError) in
        let inserted = try database.value(
          "INSERT INTO things (n, r, t, b) VALUES (\(row.0), \(row.1), \(row.2), \(row.3)) RETURNING id",
          as: Int64.self)
        return inserted ?? 0
      }
    }
    #expect(ids == [1, 2, 3], "numbered by the engine, from 1")
    let read = try records.read { database throws(DatabaseError) in
      try database.rows("SELECT n, r, t, b FROM things ORDER BY id").map(\.values)
    }
    #expect(read == rows.map { [$0.0.databaseValue, $0.1.databaseValue, $0.2.databaseValue, $0.3.databaseValue] })
  }

  @Test(arguments: RecordEngine.allCases)
  func textIsComparedAndOrderedByItsBytes(engine: RecordEngine) throws {
    let database = try TestRecords(engine)
    let records = try database.open(migrator: Self.migrator)
    let words = ["b", "é", "B", "a", "A", "Z", "z"]
    try records.write { database throws(DatabaseError) in
      for word in words { try database.execute("INSERT INTO things (t) VALUES (\(word))") }
    }
    let (ordered, matched) = try records.read { database throws(DatabaseError) in
      (
        try database.rows("SELECT t FROM things ORDER BY t").compactMap { $0.get(0, as: String.self) },
        try database.value("SELECT count(*) FROM things WHERE t = 'a'", as: Int.self)
      )
    }
    #expect(ordered == ["A", "B", "Z", "a", "b", "z", "é"])
    #expect(matched == 1, "'a' is not 'A'")
  }

  @Test func anUnreachableServerIsSaidInOneLineWithoutItsPassword() throws {
    // A socket folder that does not exist: no server there, whatever this machine runs.
    let address = try #require(
      PostgreSQLAddress("postgresql://ada:s3cret@/school?host=/nonexistent-qrquiz-folder&port=5432"))
    #expect(address.description == "postgresql://ada:***@/school?host=/nonexistent-qrquiz-folder&port=5432")
    #expect {
      try RecordStore(postgreSQL: address)
    } throws: { error in
      let text = "\(error)"
      return (error as? DatabaseError)?.kind == .unreachable
        && text.hasPrefix("postgresql://ada:***@/school?host=/nonexistent-qrquiz-folder&port=5432: ")
        && text.contains("cannot be reached") && !text.contains("s3cret") && !text.contains("\n")
    }
    let inTheQuery = try #require(
      PostgreSQLAddress("postgresql://ada@db/school?sslmode=require&Password=s3cret&port=5433#x"))
    #expect(inTheQuery.description == "postgresql://ada@db/school?sslmode=require&Password=***&port=5433#x")
    #expect(PostgreSQLAddress("/var/lib/qrquiz/records.sqlite") == nil)
    #expect(PostgreSQLAddress("postgresql://ada@db/school\u{0}") == nil)
  }

  /// A server reached that refuses the connection (here a database that does not exist; a
  /// wrong password or role alike) is said as refused, not as a server away: an IT trial
  /// read "cannot be reached" and looked for a network problem.
  @Test func aServerThatRefusesTheConnectionIsSaidToRefuseIt() throws {
    let database = try TestRecords(.postgreSQL)
    let url = try #require(database.address?.url)
    let missing = try #require(
      PostgreSQLAddress(
        url.replacingOccurrences(
          of: #"/qrquiz_test_[0-9a-f]+\?"#, with: "/no_such_school?", options: .regularExpression)))
    #expect(missing.url.contains("/no_such_school?"))
    #expect {
      try RecordStore(postgreSQL: missing)
    } throws: { error in
      let text = "\(error)"
      return (error as? DatabaseError)?.kind == .unreachable
        && text.contains(": the database server refused the connection (") && text.contains("no_such_school")
        && !text.contains("\n")
    }
  }

  @Test func aConnectionTheServerDroppedFailsThoseWritesAloneAndTheNextFindsItAgain() throws {
    let database = try TestRecords(.postgreSQL)
    let records = try database.open(migrator: Self.migrator)
    try records.write { database throws(DatabaseError) in try database.execute("INSERT INTO things (n) VALUES (1)") }
    #expect(try records.read { database throws(DatabaseError) in try database.value("SELECT 1", as: Int.self) } == 1)
    // Every other connection to the test's database ended by the server, as a restart
    // would; pg_terminate_backend's own wait, until each is gone.
    let ended = try database.open(migrator: Self.migrator).read { database throws(DatabaseError) in
      try database.rows(
        """
        SELECT pg_terminate_backend(pid, 60000) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()
        """)
    }
    #expect(ended.count >= 2, "the writer's connection and the kept reader's")
    #expect {
      try records.write { database throws(DatabaseError) in try database.execute("INSERT INTO things (n) VALUES (2)") }
    } throws: { error in
      (error as? DatabaseError)?.kind == .unreachable && !"\(error)".contains("\n")
    }
    // The next write connects again; the lost one left nothing; a read finds the server too.
    try records.write { database throws(DatabaseError) in try database.execute("INSERT INTO things (n) VALUES (3)") }
    let numbers = try records.read { database throws(DatabaseError) in
      try database.rows("SELECT n FROM things ORDER BY id").compactMap { $0.get(0, as: Int.self) }
    }
    #expect(numbers == [1, 3])
  }
}
