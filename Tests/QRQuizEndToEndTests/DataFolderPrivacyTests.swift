import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom

/// The data folder under a umask of 022 (issue 50, item 4): a class's students' secrets and
/// extra time, the teacher's token, live results and saved topics are the teacher's alone.
/// The folder and every folder in it 0700, every file 0600 (the database, its WAL and
/// shared memory, locks, exports), whatever the umask, and a database left looser by hand
/// made the owner's again. Checked with `lstat` on everything in the folder.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct DataFolderPrivacyTests {
  let home: TemporaryDirectory
  var data: URL { home.url.appendingPathComponent("data/qrquiz") }

  init() throws { home = try TemporaryDirectory() }

  /// `qrquiz ARGUMENTS` under umask 022: the shell sets it, then becomes qrquiz.
  func qrquiz(_ arguments: [String], stdin: String? = nil) throws -> ProcessResult {
    try ProcessRunner.run(
      URL(fileURLWithPath: "/bin/sh"), ["-c", "umask 022; exec \"$0\" \"$@\"", ProcessRunner.qrquiz.path] + arguments,
      stdin: stdin.map { Data($0.utf8) }, environment: home.qrquizEnvironment)
  }

  /// Every folder and file below `folder` (itself included) whose mode is not the owner's
  /// alone: 0700 for a folder, 0600 for a file.
  func loose(_ folder: URL) -> [String] {
    var found: [String] = []
    func visit(_ path: String) {
      var status = stat()
      guard lstat(path, &status) == 0 else { return }
      let mode = status.st_mode & 0o777
      switch status.st_mode & S_IFMT {
      case S_IFDIR:
        if mode != 0o700 { found.append("\(path): \(String(mode, radix: 8))") }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
          visit(path + "/" + name)
        }
      case S_IFREG:
        if mode != 0o600 { found.append("\(path): \(String(mode, radix: 8))") }
      default: break
      }
    }
    visit(folder.path)
    return found
  }

  @Test func everythingInTheDataFolderIsTheTeachersAloneUnderUmask022() throws {
    let (library, _) = try LiveLibrary.make()
    #expect(try qrquiz(["topics", "add", library.url.appendingPathComponent("Capitals.json").path]).status == 0)
    let made = try qrquiz(["class", "new", "7B", "--students", "-"], stdin: "Ada Lovelace\nAlan Turing\n")
    #expect(made.status == 0, "\(made.stderr)")
    // A database and folder left loose (by hand, by a copy): made private again by the next command.
    let database = data.appendingPathComponent(RecordStore.fileName)
    #expect(chmod(database.path, 0o644) == 0 && chmod(data.path, 0o755) == 0)
    #expect(try qrquiz(["class", "list"]).status == 0)

    // The server under umask 022 too (the child takes the test's umask when spawned): its
    // token, its lock, a live game's results exported as files.
    let previous = umask(0o022)
    let server = try ServeProcess([], environment: home.qrquizEnvironment)
    umask(previous)
    let token = try #require(server.teacherToken)
    let teacher = ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
    let game = try server.request(
      "POST", "/api/live", headers: teacher, body: Array(#"{"topic":"Capitals","set":1}"#.utf8))
    try #require(game.status == 201, "\(game.text)")
    let pin = try JSONParser.parse(game.body)["pin"]
    guard case .string(let pinText)? = pin else { throw CocoaError(.coderInvalidValue) }
    let joined = try server.request(
      "POST", "/api/live/\(pinText)/players", headers: ["Content-Type": "application/json"],
      body: Array(#"{"name":"Ada"}"#.utf8))
    #expect(joined.status == 201, "\(joined.text)")
    #expect(
      try server.request("POST", "/api/live/\(pinText)/next", headers: teacher, body: Array("{}".utf8)).status == 200)
    let ended = try server.request("POST", "/api/live/\(pinText)/end", headers: teacher, body: Array("{}".utf8))
    #expect(ended.status == 200, "\(ended.text)")
    let results = data.appendingPathComponent("live/results")
    #expect(((try? FileManager.default.contentsOfDirectory(atPath: results.path)) ?? []).count >= 2, "no export")
    #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("teacher-token").path))
    #expect(FileManager.default.fileExists(atPath: database.path + "-wal"))

    // Before: the class's rows and results 0644 in 0755 folders.
    #expect(loose(data) == [])
    let backup = home.url.appendingPathComponent("copy.sqlite")
    #expect(try qrquiz(["data", "backup", backup.path]).status == 0)
    #expect(loose(backup) == [])
  }
}
