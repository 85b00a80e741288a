import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom

/// The records' database as it goes wrong and as it is looked after: a file that is not a
/// database, a damaged one, a newer one, a folder that cannot be written, a server that
/// cannot be reached; migrations run once; values bound, never spliced, and read back as
/// they were; what arrives together committed together; a backup and a check. What is not
/// about a file runs on both engines (`RecordEngine`).
@Suite struct RecordStoreTests {
  let directory: TemporaryDirectory
  var file: URL { directory.url.appendingPathComponent(RecordStore.fileName) }

  init() throws { directory = try TemporaryDirectory() }

  @Test func aFileThatIsNotADatabaseIsRefusedInOneLineNamingIt() throws {
    try Data("these are not the records you are looking for\n".utf8).write(to: file)
    #expect {
      try RecordStore(file: file)
    } throws: { error in
      (error as? DatabaseError)?.kind == .notADatabase && "\(error)".hasPrefix("\(file.path): not a qrquiz database (")
        && !"\(error)".contains("\n")
    }
    // Left as it was.
    #expect(try String(contentsOf: file, encoding: .utf8) == "these are not the records you are looking for\n")
  }

  /// Two processes (or a server's threads) starting on an empty folder at once: each finds
  /// no file, and one makes it first (seen once in CI as one of four stores not starting on
  /// "File exists"). The other's make then finds the file: a regular file is opened, made
  /// the owner's alone; a link put there is still refused.
  @Test func aRecordsFileMadeByAnotherSinceTheLookIsOpenedNotRefused() throws {
    try Data().write(to: file)
    chmod(file.path, 0o644)
    try RecordStore.makeFile(file, privateFolder: true)
    #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600)
    _ = try RecordStore(file: file)

    let link = directory.url.appendingPathComponent("link.sqlite")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
    #expect {
      try RecordStore.makeFile(link, privateFolder: true)
    } throws: { error in
      "\(error)" == "\(link.path): cannot be opened (not a regular file)"
    }
  }

  @Test(arguments: RecordEngine.allCases)
  func aDatabaseOfANewerQrquizIsRefusedAndLeftAsItIs(engine: RecordEngine) throws {
    let database = try TestRecords(engine)
    do {
      let records = try database.open()
      try records.write { database throws(DatabaseError) in
        try database.execute("INSERT INTO schema_migrations (version, name, applied) VALUES (99, 'from the future', 0)")
      }
    }
    #expect {
      try database.open()
    } throws: { error in
      (error as? DatabaseError)?.kind == .newer(version: 99, known: ClassroomSchema.migrator.latestVersion)
        && "\(error)".hasSuffix("this qrquiz knows \(ClassroomSchema.migrator.latestVersion)): update qrquiz")
    }
  }

  @Test(arguments: RecordEngine.allCases)
  func eachMigrationRunsOnceInATransactionAndIsRecorded(engine: RecordEngine) throws {
    let database = try TestRecords(engine)
    var migrator = DatabaseMigrator()
    migrator.register(1, "one") { database throws(DatabaseError) in
      try database.execute("CREATE TABLE one (x INTEGER)")
    }
    migrator.register(2, "two fails half way") { database throws(DatabaseError) in
      try database.execute("CREATE TABLE two (x INTEGER)")
      try database.execute("INSERT INTO no_such_table VALUES (1)")
    }
    #expect(throws: DatabaseError.self) { try database.open(migrator: migrator) }
    // Migration 1 stayed, 2 left nothing behind: its table is not there.
    var fixed = DatabaseMigrator()
    fixed.register(1, "one") { database throws(DatabaseError) in
      try database.execute("CREATE TABLE one (x INTEGER)")
    }
    fixed.register(2, "two") { database throws(DatabaseError) in
      try database.execute("CREATE TABLE two (x INTEGER)")
    }
    let records = try database.open(migrator: fixed)
    _ = try database.open(migrator: fixed)
    let versions = try records.read { database throws(DatabaseError) in
      try database.rows("SELECT version, name FROM schema_migrations ORDER BY version").map(\.values)
    }
    #expect(versions == [[.integer(1), .text("one")], [.integer(2), .text("two")]])
  }

  @Test(arguments: RecordEngine.allCases)
  func valuesAreBoundNeverSpliced(engine: RecordEngine) throws {
    let database = try TestRecords(engine)
    let records = try database.open()
    let store = ClassRosterStore(records: records)
    let hostile = "7B'); DROP TABLE classes; --"
    try store.create(try ClassRoster(name: hostile, students: ["Robert'); DROP TABLE students;--", "Ada"]))
    let roster = try store.roster(named: hostile)
    #expect(roster.name.text == hostile)
    #expect(roster.students.map(\.name.text) == ["Robert'); DROP TABLE students;--", "Ada"])
    #expect(try store.list().count == 1)
    // A fragment of SQL's own is the only way text becomes SQL.
    let sql: SQL = "SELECT \(hostile)"
    #expect(sql.text == "SELECT ?" && sql.arguments == [.text(hostile)])
  }

  @Test(arguments: RecordEngine.allCases)
  func movesOfManyGamesThatArriveTogetherShareOneCommit(engine: RecordEngine) async throws {
    let database = try TestRecords(engine)
    let records = try database.open()
    let store = LiveGameStore(records: records, directory: database.directory.url)
    var games: [(LiveGame, LiveMoveLog)] = []
    for number in 0..<64 {
      var setup = LiveGameFixtures.setup()
      setup.pin = String(format: "%06d", number)
      games.append((LiveGame(setup: setup), try store.start(setup)))
    }
    // The writer is held in a job of its own while every game's moves arrive.
    let held = DispatchSemaphore(value: 0)
    let running = DispatchSemaphore(value: 0)
    records.enqueue(
      { _ throws(DatabaseError) in
        running.signal()
        held.wait()
      }, completion: { _ in })
    running.wait()
    let before = records.commitCount
    var tickets: [(LiveMoveLog, Int)] = []
    for index in games.indices {
      for player in 1...5 {
        let entry = try games[index].0.join(
          name: "P\(player)", browser: nil, secret: LiveGameFixtures.secret(player), at: LiveGameFixtures.t(0)
        ).0
        tickets.append((games[index].1, games[index].1.append([entry])))
      }
    }
    held.signal()
    for (log, ticket) in tickets { try await log.waitUntilDurable(ticket) }
    // The held job's transaction, then one for all 320 moves of the 64 games.
    #expect(records.commitCount - before == 2)
    for (game, log) in games {
      log.finish()
      #expect(try store.game(id: log.gameID) == game)
    }
  }

  @Test func aBackupIsAWholeDatabaseOfItsOwnMadeWhileOthersWrite() async throws {
    let records = try RecordStore(file: file)
    let store = ClassRosterStore(records: records)
    try store.create(try ClassRoster(name: "7B", students: ["Ada", "Alan"]))
    let backup = directory.url.appendingPathComponent("copies/records-backup.sqlite")
    try FileManager.default.createDirectory(at: backup.deletingLastPathComponent(), withIntermediateDirectories: true)
    // Writes go on while the copy is made; it holds the moment it was made, whole.
    let writer = Task {
      for number in 0..<50 {
        _ = try? store.update("7B") { roster throws(ClassRoster.Problem) in try roster.add(["S\(number)"]) }
      }
    }
    try records.backup(to: backup)
    await writer.value
    let copy = ClassRosterStore(records: try RecordStore(file: backup))
    let copied = try copy.roster(named: "7B")
    #expect(copied.students.prefix(2).map(\.name.text) == ["Ada", "Alan"])
    #expect(try RecordStore(file: backup).check() == [])
    var status = stat()
    #expect(stat(backup.path, &status) == 0 && status.st_mode & 0o777 == 0o600)
    // Made again over the old one: replaced whole.
    try records.backup(to: backup)
    #expect(try ClassRosterStore(records: try RecordStore(file: backup)).roster(named: "7B").students.count == 52)
  }

  @Test func theCheckFindsARowThatPointsAtNothing() throws {
    let records = try RecordStore(file: file)
    try ClassRosterStore(records: records).create(try ClassRoster(name: "7B", students: ["Ada"]))
    #expect(try records.check() == [])
    // A row written past the foreign keys, as a hand edit with them off would.
    let byHand = try Database(path: file.path)
    try byHand.execute("PRAGMA foreign_keys = OFF")
    try byHand.execute("INSERT INTO students (class_id, card, name, name_key) VALUES (42, 1, 'Nobody', 'nobody')")
    #expect(try records.check() == ["students row 2 points at a classes row that is not there"])
  }

  @Test func aDamagedDatabaseIsNamedNotTrusted() throws {
    do {
      let records = try RecordStore(file: file)
      let store = ClassRosterStore(records: records)
      for number in 0..<40 {
        try store.create(try ClassRoster(name: "Class \(number)", students: (1...20).map { "Student \($0)" }))
      }
      records.close()
    }
    // Everything in the database file itself, none left in the write-ahead log.
    try Database(path: file.path).execute("PRAGMA wal_checkpoint(TRUNCATE)")
    // Every page past the first two made garbage: the header reads, the tables do not.
    var bytes = Array(try Data(contentsOf: file))
    try #require(bytes.count > 4 * 4096)
    var random = SeededGenerator(seed: 7)
    for index in 8192..<bytes.count { bytes[index] = UInt8.random(in: 0...255, using: &random) }
    try Data(bytes).write(to: file)
    try? FileManager.default.removeItem(at: URL(fileURLWithPath: file.path + "-wal"))
    let outcome = Result { () throws -> [String] in
      let records = try RecordStore(file: file)
      let problems = try records.check()
      _ = try ClassRosterStore(records: records).list()
      return problems
    }
    switch outcome {
    case .success(let problems):
      #expect(!problems.isEmpty, "a damaged database passed the check")
    case .failure(let error):
      let kind =
        (error as? DatabaseError)?.kind
        ?? (error as? ClassRosterStore.Error).flatMap {
          if case .records(let failure) = $0 { failure.kind } else { nil }
        }
      #expect(kind == .damaged || kind == .notADatabase, "\(error)")
      #expect("\(error)".contains(file.path) && !"\(error)".contains("\n"), "\(error)")
    }
  }

  @Test(.enabled(if: SmallFileSystem.canMount, "needs root to mount a tmpfs"))
  func aFolderThatCannotBeWrittenIsSaidInOneLine() throws {
    let disk = try #require(SmallFileSystem(kilobytes: 256, readOnly: true))
    let target = disk.url.appendingPathComponent(RecordStore.fileName)
    #expect {
      try RecordStore(file: target)
    } throws: { error in
      guard let failure = error as? DatabaseError else { return false }
      return [.readOnly, .cannotOpen].contains(failure.kind) && "\(error)".hasPrefix(target.path)
        && !"\(error)".contains("\n")
    }
    withExtendedLifetime(disk) {}
  }
}
