import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuizClassroom

/// The records as a teacher's commands meet them: the files private whatever the umask,
/// `qrquiz data backup` and `check`, and a database that cannot be used refused in one line
/// before anything starts.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct RecordsCLITests {
  let home: TemporaryDirectory
  var data: URL { home.url.appendingPathComponent("data/qrquiz") }
  var database: URL { data.appendingPathComponent(RecordStore.fileName) }

  init() throws { home = try TemporaryDirectory() }

  func qrquiz(_ arguments: [String], stdin: String? = nil, umask mask: String? = nil) throws -> ProcessResult {
    guard let mask else {
      return try ProcessRunner.qrquiz(
        arguments, stdin: stdin.map { Data($0.utf8) }, environment: home.qrquizEnvironment)
    }
    // The shell sets the mask, then becomes qrquiz.
    return try ProcessRunner.run(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", "umask \(mask); exec \"$0\" \"$@\"", ProcessRunner.qrquiz.path] + arguments,
      stdin: stdin.map { Data($0.utf8) }, environment: home.qrquizEnvironment)
  }

  func mode(_ url: URL) -> mode_t? {
    var status = stat()
    return lstat(url.path, &status) == 0 ? status.st_mode & 0o777 : nil
  }

  @Test func theRecordsAreTheTeachersAloneWhateverTheUmask() throws {
    for mask in ["000", "022"] {
      try? FileManager.default.removeItem(at: data)
      let made = try qrquiz(["class", "new", "7B", "--students", "-"], stdin: "Ada\nAlan\n", umask: mask)
      #expect(made.status == 0, "\(made.stderr)")
      #expect(mode(data) == 0o700, "umask \(mask): the data folder")
      #expect(mode(database) == 0o600, "umask \(mask): the database")
      for suffix in ["-wal", "-shm"] {
        let file = URL(fileURLWithPath: database.path + suffix)
        if let mode = mode(file) { #expect(mode == 0o600, "umask \(mask): \(file.lastPathComponent)") }
      }
      let backup = home.url.appendingPathComponent("backup-\(mask).sqlite")
      let backedUp = try qrquiz(["data", "backup", backup.path], umask: mask)
      #expect(backedUp.status == 0, "\(backedUp.stderr)")
      #expect(mode(backup) == 0o600, "umask \(mask): the backup")
    }
  }

  @Test func aBackupAndACheckAsTheTeacherRunsThem() throws {
    #expect(try qrquiz(["class", "new", "7B", "--students", "-"], stdin: "Ada Lovelace\nAlan Turing\n").status == 0)
    let backup = home.url.appendingPathComponent("copies/qrquiz.sqlite")
    try FileManager.default.createDirectory(at: backup.deletingLastPathComponent(), withIntermediateDirectories: true)
    let made = try qrquiz(["data", "backup", backup.path])
    #expect(made.status == 0 && made.stdoutText == "backed up \(database.path) to \(backup.path)\n", "\(made.stderr)")
    let copy = ClassRosterStore(records: try RecordStore(file: backup))
    #expect(try copy.roster(named: "7B").students.map(\.name.text) == ["Ada Lovelace", "Alan Turing"])

    let check = try qrquiz(["data", "check"])
    #expect(check.status == 0 && check.stdoutText == "\(database.path): ok\n")
    // A row edited by hand past the foreign keys: named, exit 1.
    let byHand = try Database(path: database.path)
    try byHand.execute("PRAGMA foreign_keys = OFF")
    try byHand.execute("INSERT INTO students (class_id, card, name, name_key) VALUES (42, 1, 'X', 'x')")
    let damaged = try qrquiz(["data", "check"])
    #expect(damaged.status == 1)
    #expect(damaged.stderr == "\(database.path): students row 3 points at a classes row that is not there\n")
    // A backup over a FIFO or into a folder that is not there: one line, nothing left behind.
    let fifo = home.url.appendingPathComponent("fifo.sqlite")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    let refused = try qrquiz(["data", "backup", fifo.path])
    #expect(refused.status != 0 && refused.stderr == "\(fifo.path): cannot be opened (not a regular file)\n")
    let nowhere = try qrquiz(["data", "backup", home.path("no/such/folder/copy.sqlite")])
    #expect(nowhere.status != 0 && nowhere.stderr.split(separator: "\n").count == 1, "\(nowhere.stderr)")
    let left = try FileManager.default.contentsOfDirectory(atPath: home.url.path).filter { $0.hasSuffix(".tmp") }
    #expect(left.isEmpty)
  }

  @Test func aServerWhoseRecordsCannotBeUsedSaysSoAndDoesNotStart() throws {
    try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    try Data("not a database at all, but a teacher's shopping list\n".utf8).write(to: database)
    let library = try TemporaryDirectory()
    let served = try ProcessRunner.qrquiz(
      ["serve", library.url.path, "--port", "0"], environment: home.qrquizEnvironment)
    // 1, as every command says it, which the systemd unit does not restart for: no number
    // of tries makes it a database.
    #expect(served.status == 1, "\(served.stderr)")
    #expect(served.stderr.hasPrefix("\(database.path): not a qrquiz database ("), "\(served.stderr)")
    #expect(served.stderr.split(separator: "\n").count == 1 && served.stdoutText.isEmpty, "\(served.stdoutText)")
    #expect(try String(contentsOf: database, encoding: .utf8).hasPrefix("not a database"))

    // A database of a newer qrquiz: the commands refuse it the same way, and write nothing.
    try FileManager.default.removeItem(at: database)
    do {
      let records = try RecordStore(file: database)
      try records.write { database throws(DatabaseError) in
        try database.execute("INSERT INTO schema_migrations (version, name, applied) VALUES (99, 'later', 0)")
      }
    }
    let listed = try qrquiz(["class", "list"])
    #expect(listed.status == 1 && listed.stderr.hasSuffix(": update qrquiz\n"), "\(listed.stderr)")
  }
}
