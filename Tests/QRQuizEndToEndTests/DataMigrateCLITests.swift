import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom

/// `qrquiz data migrate` on the throwaway PostgreSQL cluster: a laptop's records, made by
/// the program itself (a roster, homework done, a live game played to its podium), moved to
/// an empty database and back, every row of every table compared; the server then serves
/// them and makes new rows beside them; and each refusal in one line, the target left
/// without a record.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct DataMigrateCLITests {
  let home: TemporaryDirectory
  let library: TemporaryDirectory
  let cache: TemporaryDirectory
  var laptopFile: URL { home.url.appendingPathComponent("data/qrquiz/\(RecordStore.fileName)") }

  init() throws {
    home = try TemporaryDirectory()
    (library, cache) = try LiveLibrary.make()
  }

  func qrquiz(_ arguments: [String], stdin: String? = nil) throws -> ProcessResult {
    try ProcessRunner.qrquiz(arguments, stdin: stdin.map { Data($0.utf8) }, environment: home.qrquizEnvironment)
  }

  func string(_ value: JSONValue?) -> String { if case .string(let text)? = value { text } else { "" } }

  /// The test's database's URL with a password in it (the cluster trusts its socket and
  /// ignores it): no output may show it.
  func urlWithPassword(_ database: TestRecords) throws -> String {
    let url = try #require(database.address?.url)
    return url.replacingOccurrences(of: "://postgres@", with: "://postgres:s3cret@")
  }

  /// A laptop's records as a teacher makes them: a class, homework answered, a live game
  /// of that class played to the podium. The assignment's code.
  @discardableResult
  func makeLaptopRecords() throws -> String {
    let made = try qrquiz(["class", "new", "7B", "--students", "-"], stdin: "Ada Lovelace\nAlan Turing\n")
    try #require(made.status == 0, "\(made.stderr)")
    let server = try ServeProcess(
      [library.url.path, "--cache-dir", cache.url.path], environment: home.qrquizEnvironment)
    let token = try #require(server.teacherToken)
    let due = Assignment.timestamp(QuizClock.Instant(Date().addingTimeInterval(3600)))
    let homework = try server.postJSON(
      "/api/assignments", #"{"topic":"Capitals","set":1,"due":"\#(due)","class":"7B"}"#, token: token)
    try #require(homework.status == 201, "\(homework.json)")
    let code = string(homework.json["code"])
    let secret = string(
      try server.postJSON("/api/assignments/\(code)/students", #"{"name":"ada lovelace"}"#).json["secret"])
    for (index, picks) in [(0, "[0]"), (1, "[0,2]")] {
      let answered = try server.postJSON(
        "/api/assignments/\(code)/answers", #"{"secret":"\#(secret)","index":\#(index),"answers":\#(picks)}"#)
      try #require(answered.status == 200, "\(answered.json)")
    }
    let game = try server.postJSON(
      "/api/live", #"{"topic":"Capitals","set":1,"seconds":600,"class":"7B"}"#, token: token)
    try #require(game.status == 201, "\(game.json)")
    let pin = string(game.json["pin"])
    let host = string(game.json["host"])
    var players: [String] = []
    for name in ["Ada Lovelace", "Alan Turing"] {
      let joined = try server.postJSON("/api/live/\(pin)/players", #"{"name":"\#(name)"}"#)
      try #require(joined.status == 201, "\(joined.json)")
      players.append(string(joined.json["secret"]))
    }
    try #require(try server.postJSON("/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#).status == 200)
    for (secret, pick) in zip(players, [0, 1]) {
      let answered = try server.postJSON(
        "/api/live/\(pin)/answers", #"{"secret":"\#(secret)","question":0,"answers":[\#(pick)]}"#)
      try #require(answered.status == 202, "\(answered.json)")
    }
    try #require(try server.postJSON("/api/live/\(pin)/end", #"{"secret":"\#(host)"}"#).status == 200)
    return code
  }

  /// A copy of the laptop's records as the teacher makes one (`qrquiz data backup`: the
  /// file alone would miss what its WAL still holds).
  func copyOfTheLaptop(_ name: String) throws -> URL {
    let copy = home.url.appendingPathComponent(name)
    let made = try qrquiz(["data", "backup", copy.path])
    try #require(made.status == 0, "\(made.stderr)")
    return copy
  }

  /// Every table of the laptop's records (but the migrations' own), with its primary key.
  func tables() throws -> [(name: String, key: String)] {
    let laptop = try Database(path: laptopFile.path, readOnly: true, create: false)
    return try laptop.rows(
      """
      SELECT name FROM sqlite_master
      WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations' ORDER BY name
      """
    ).compactMap { $0.get(0, as: String.self) }.map { name in
      let key = try laptop.rows("SELECT name FROM pragma_table_info(\(name)) WHERE pk > 0 ORDER BY pk")
        .compactMap { $0.get(0, as: String.self) }.map { "\"\($0)\"" }.joined(separator: ", ")
      return (name, key)
    }
  }

  /// Every row of every table, in key order.
  func everyRow(_ database: Database) throws -> [String: [Row]] {
    var rows: [String: [Row]] = [:]
    for table in try tables() {
      rows[table.name] = try database.rows(SQL(stringLiteral: "SELECT * FROM \"\(table.name)\" ORDER BY \(table.key)"))
    }
    return rows
  }

  @Test func aLaptopsRecordsMoveToPostgreSQLAndBackRowForRow() throws {
    let code = try makeLaptopRecords()
    let database = try TestRecords(.postgreSQL)
    let address = try #require(database.address)
    let url = try urlWithPassword(database)
    let laptop = try everyRow(try Database(path: laptopFile.path, readOnly: true, create: false))
    for table in ["classes", "students", "live_games", "live_moves", "live_players", "assignments"] {
      #expect(laptop[table]?.isEmpty == false, "the laptop has no \(table)")
    }

    let moved = try qrquiz(["data", "migrate", "--from-sqlite", laptopFile.path, "--to", url])
    #expect(moved.status == 0, "\(moved.stderr)")
    let masked = url.replacingOccurrences(of: ":s3cret@", with: ":***@")
    let total = laptop.values.reduce(0) { $0 + $1.count }
    let lines = moved.stdoutText.split(separator: "\n").map(String.init)
    #expect(lines.last == "copied \(total) rows of \(laptop.count) tables from \(laptopFile.path) to \(masked)")
    // One line a table, with its rows.
    let printed = Dictionary(
      lines.dropLast().map { $0.split(separator: "\t").map(String.init) }.map { ($0[0], Int($0[1]) ?? -1) },
      uniquingKeysWith: { first, _ in first })
    #expect(printed == laptop.mapValues(\.count))
    #expect(!moved.stdoutText.contains("s3cret") && moved.stderr.isEmpty)
    #expect(try everyRow(try Database(address)) == laptop, "the server's rows are the laptop's")

    // A server on the database serves the homework as it was, and makes new rows beside
    // the ones that came with their numbers.
    let school = try TemporaryDirectory()
    let server = try ServeProcess(
      [library.url.path, "--cache-dir", cache.url.path, "--database", url], environment: school.qrquizEnvironment)
    let token = try #require(server.teacherToken)
    let work = try JSONParser.parse(
      try server.request("GET", "/api/assignments/\(code)/results.json", headers: ["Authorization": "Bearer \(token)"])
        .body)
    #expect("\(work)".contains("Ada Lovelace"), "\(work)")
    let due = Assignment.timestamp(QuizClock.Instant(Date().addingTimeInterval(7200)))
    let more = try server.postJSON(
      "/api/assignments", #"{"topic":"Capitals","set":2,"due":"\#(due)","class":"7B"}"#, token: token)
    #expect(more.status == 201, "\(more.json)")
    let game = try server.postJSON("/api/live", #"{"topic":"Capitals","set":1,"seconds":600}"#, token: token)
    #expect(game.status == 201, "\(game.json)")
    server.kill()

    // And back to a laptop: a new file, the owner's alone, every row the server's.
    let back = home.url.appendingPathComponent("back.sqlite")
    let returned = try qrquiz(["data", "migrate", "--from", url, "--to-sqlite", back.path])
    #expect(returned.status == 0, "\(returned.stderr)")
    #expect(returned.stdoutText.hasSuffix("from \(masked) to \(back.path)\n"), "\(returned.stdoutText)")
    let schoolRows = try everyRow(try Database(address))
    #expect(schoolRows["assignments"]?.count == 2 && schoolRows["live_games"]?.count == 2)
    #expect(try everyRow(try Database(path: back.path, readOnly: true, create: false)) == schoolRows)
    var status = stat()
    #expect(lstat(back.path, &status) == 0 && status.st_mode & 0o777 == 0o600)
    // The copy is records any qrquiz opens.
    let roster = try ClassRosterStore(records: try RecordStore(file: back)).roster(named: "7B")
    #expect(roster.students.map(\.name.text) == ["Ada Lovelace", "Alan Turing"])

    // Neither target takes a second copy: one line naming it, nothing written.
    let again = try qrquiz(["data", "migrate", "--from-sqlite", laptopFile.path, "--to", url])
    #expect(again.status == 1)
    #expect(again.stderr == "\(masked): holds records already (classes has rows): copy into an empty database\n")
    let backAgain = try qrquiz(["data", "migrate", "--from", url, "--to-sqlite", back.path])
    #expect(backAgain.status == 1)
    #expect(backAgain.stderr == "\(back.path): holds records already (classes has rows): copy into an empty database\n")
    #expect(try everyRow(try Database(address)) == schoolRows)
  }

  @Test func eachRefusalIsOneLineAndLeavesTheTargetWithoutARecord() throws {
    try makeLaptopRecords()
    let database = try TestRecords(.postgreSQL)
    let address = try #require(database.address)
    let url = try urlWithPassword(database)
    func recordsOnTheServer() throws -> Int {
      let server = try Database(address)
      guard try server.hasTable("classes") else { return 0 }
      return try server.value("SELECT count(*) FROM classes", as: Int.self) ?? -1
    }

    // A server that is not there: its URL without the password, one line.
    let nowhere = "postgresql://ada:s3cret@/school?host=/nonexistent-qrquiz-folder&port=5432"
    let unreachable = try qrquiz(["data", "migrate", "--from-sqlite", laptopFile.path, "--to", nowhere])
    #expect(unreachable.status == 5 && unreachable.stderr.split(separator: "\n").count == 1, "\(unreachable.stderr)")
    #expect(unreachable.stderr.hasPrefix("postgresql://ada:***@/school?host=/nonexistent-qrquiz-folder&port=5432: "))
    #expect(unreachable.stderr.contains("cannot be reached") && !unreachable.stderr.contains("s3cret"))
    let gone = try qrquiz(["data", "migrate", "--from", nowhere, "--to-sqlite", home.path("back.sqlite")])
    #expect(gone.status == 5 && !gone.stderr.contains("s3cret"), "\(gone.stderr)")
    #expect(!FileManager.default.fileExists(atPath: home.path("back.sqlite")))

    // A source of a newer qrquiz: refused before the target is touched.
    let newer = try copyOfTheLaptop("newer.sqlite")
    try Database(path: newer.path).execute(
      "INSERT INTO schema_migrations (version, name, applied) VALUES (99, 'later', 0)")
    let refused = try qrquiz(["data", "migrate", "--from-sqlite", newer.path, "--to", url])
    #expect(refused.status == 1 && refused.stderr.hasPrefix("\(newer.path) was written by a newer qrquiz"))
    #expect(refused.stderr.hasSuffix(": update qrquiz\n") && refused.stderr.split(separator: "\n").count == 1)
    #expect(try !Database(address).hasTable("classes"), "the target was touched")

    // A row the server cannot take, in a table copied after the classes: nothing stays.
    let spoiled = try copyOfTheLaptop("spoiled.sqlite")
    try Database(path: spoiled.path).execute(
      """
      INSERT INTO assignment_due_changes (assignment_id, until, at)
      SELECT id, 'next Tuesday', 0 FROM assignments LIMIT 1
      """)
    let failed = try qrquiz(["data", "migrate", "--from-sqlite", spoiled.path, "--to", url])
    #expect(failed.status != 0 && failed.stderr.split(separator: "\n").count == 1, "\(failed.stderr)")
    #expect(failed.stdoutText.isEmpty && !failed.stderr.contains("s3cret"))
    #expect(try recordsOnTheServer() == 0, "a failed copy left rows behind")

    // A source of an older qrquiz is brought up to date first, and says so.
    let older = home.url.appendingPathComponent("older.sqlite")
    var firstThree = DatabaseMigrator()
    for migration in ClassroomSchema.migrator.migrations.prefix(3) {
      firstThree.register(migration.version, migration.name, migration.apply)
    }
    do {
      let records = try RecordStore(file: older, migrator: firstThree)
      try records.write { database throws(DatabaseError) in
        try database.execute("INSERT INTO classes (name, name_key, next_card) VALUES ('8A', '8a', 1)")
      }
    }
    let later = ClassroomSchema.migrator.migrations.dropFirst(3).map { String($0.version) }
    let brought = try qrquiz(["data", "migrate", "--from-sqlite", older.path, "--to", url])
    #expect(brought.status == 0, "\(brought.stderr)")
    #expect(
      brought.stdoutText.hasPrefix(
        "\(older.path): brought up to date first (migrations \(later.joined(separator: ", ")))\n"),
      "\(brought.stdoutText)")
    #expect(try recordsOnTheServer() == 1)

    // What is not there, or not records, or not one file and one server.
    let missing = try qrquiz(["data", "migrate", "--from-sqlite", home.path("no-such.sqlite"), "--to", url])
    #expect(missing.status == 3 && missing.stderr == "\(home.path("no-such.sqlite")): no such file\n")
    let bothFiles = try qrquiz(["data", "migrate", "--from-sqlite", laptopFile.path, "--to-sqlite", older.path])
    #expect(bothFiles.status == 2 && bothFiles.stderr.contains("--from-sqlite FILE --to postgresql://"))
    let notURL = try qrquiz(["data", "migrate", "--from-sqlite", laptopFile.path, "--to", "records.sqlite"])
    #expect(notURL.status == 2 && notURL.stderr.contains("--to must be a postgresql:// URL"))
  }
}
