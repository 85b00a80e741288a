import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuizClassroom

/// Several processes starting at once on one empty PostgreSQL database (a school's servers
/// after an upgrade): the first runs the migrations under the database's advisory lock, the
/// others wait for it and then find nothing to do; every one of them starts.
@Suite(.blocksItsThread) struct MigrationLockTests {
  @Test func twoMigratorsRacingOnAnEmptyDatabaseBothStartAndTheSchemaIsMadeOnce() throws {
    let database = try TestRecords(.postgreSQL)
    let address = try #require(database.address)
    // The first migration, the first time it runs, waits (holding the lock) until the
    // test has seen the second migrator wait for the lock: the two overlap for certain.
    let runs = Shared(0)
    let started = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    var migrator = DatabaseMigrator()
    migrator.register(1, "things") { database throws(DatabaseError) in
      let run = runs.withLock { runs in
        runs += 1
        return runs
      }
      if run == 1 {
        started.signal()
        _ = release.wait(timeout: .now() + HangLimit.inProcessSeconds)
      }
      try database.executeScript("CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    }
    migrator.register(2, "more things") { database throws(DatabaseError) in
      try database.executeScript("CREATE INDEX things_by_name ON things (name)")
    }

    let racing = migrator
    let outcomes = Shared<[Int: Result<[Int], DatabaseError>]>([:])
    let finished = DispatchGroup()
    func migrate(_ number: Int) {
      finished.enter()
      Thread.detachNewThread {
        defer { finished.leave() }
        let outcome = Result { () throws(DatabaseError) in try racing.migrate(try Database(address)) }
        outcomes.withLock { $0[number] = outcome }
      }
    }
    migrate(1)
    #expect(started.wait(timeout: .now() + HangLimit.inProcessSeconds) == .success, "the first never started")
    migrate(2)
    // The second is seen waiting for the advisory lock the first holds.
    let observer = try Database(address)
    var waiting = false
    let deadline = Date().addingTimeInterval(HangLimit.inProcessSeconds)
    while !waiting && Date() < deadline {
      waiting =
        try observer.value(
          """
          SELECT count(*) FROM pg_locks
          WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
          """, as: Int.self) == 1
      if !waiting { Thread.sleep(forTimeInterval: 0.01) }
    }
    #expect(waiting, "the second migrator did not wait for the first")
    release.signal()
    #expect(finished.wait(timeout: .now() + HangLimit.inProcessSeconds) == .success)

    let results = outcomes.withLock { $0 }
    #expect(try results[1]?.get() == [1, 2], "the first runs them all")
    #expect(try results[2]?.get() == [], "the second finds nothing to do")
    #expect(runs.withLock { $0 } == 1, "the schema is made once")
    let recorded = try observer.rows("SELECT version FROM schema_migrations ORDER BY version")
    #expect(recorded.compactMap { $0.get(0, as: Int.self) } == [1, 2])
    // The lock is given back: a third start takes it at once and runs nothing.
    #expect(try migrator.migrate(try Database(address)) == [])
    let held = try observer.value(
      """
      SELECT count(*) FROM pg_locks
      WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
      """, as: Int.self)
    #expect(held == 0, "the lock was kept")
  }

  /// The real schema, four stores at once: on PostgreSQL ordered by the lock, on SQLite by
  /// each migration's write lock and its second look.
  @Test(arguments: RecordEngine.allCases)
  func fourStoresOpenedAtOnceOnAnEmptyDatabaseAllStart(engine: RecordEngine) throws {
    let database = try TestRecords(engine)
    let address = database.address
    let file = database.directory.url.appendingPathComponent(RecordStore.fileName)
    let outcomes = Shared<[String]>([])
    let finished = DispatchGroup()
    for _ in 0..<4 {
      finished.enter()
      Thread.detachNewThread {
        defer { finished.leave() }
        do {
          let records =
            try address.map { address throws(DatabaseError) in try RecordStore(postgreSQL: address) }
            ?? RecordStore(file: file)
          _ = try records.read { database throws(DatabaseError) in
            try database.value("SELECT count(*) FROM classes", as: Int.self)
          }
          outcomes.withLock { $0.append("started") }
        } catch {
          outcomes.withLock { $0.append("\(error)") }
        }
      }
    }
    #expect(finished.wait(timeout: .now() + HangLimit.inProcessSeconds) == .success)
    #expect(outcomes.withLock { $0 } == Array(repeating: "started", count: 4))
    let versions = try database.open().read { database throws(DatabaseError) in
      try database.rows("SELECT version FROM schema_migrations ORDER BY version").compactMap { $0.get(0, as: Int.self) }
    }
    #expect(versions == ClassroomSchema.migrator.migrations.map(\.version))
  }
}

/// What the test's threads share, behind a lock.
private final class Shared<State>: @unchecked Sendable {
  // @unchecked: `state` is touched only in `withLock`, under `lock`.
  private let lock = NSLock()
  private var state: State

  init(_ state: State) { self.state = state }

  func withLock<T>(_ body: (inout State) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(&state)
  }
}
