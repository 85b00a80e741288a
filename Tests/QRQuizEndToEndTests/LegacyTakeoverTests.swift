import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom

/// A data folder made by the 0.5.0 release itself (a teacher's term, then the server killed
/// mid-question: `Fixtures/legacy-0.5`, made by `make_legacy_data.py` with a build of
/// b8f6de0), taken over by this release: every answer 0.5.0 gave about it is given the same,
/// the game in progress resumes with every acknowledged move, and its files are kept,
/// unchanged, where no 0.5 binary reads them.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct LegacyTakeoverTests {
  let home: TemporaryDirectory
  let fixture = Fixtures.url("legacy-0.5")
  var data: URL { home.url.appendingPathComponent("data/qrquiz") }

  init() throws {
    home = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      at: data.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: fixture.appendingPathComponent("data"), to: data)
  }

  func qrquiz(_ arguments: [String]) throws -> ProcessResult {
    var environment = home.qrquizEnvironment
    environment["TZ"] = "UTC"
    environment["LC_ALL"] = "C.UTF-8"
    return try ProcessRunner.qrquiz(arguments, environment: environment)
  }

  /// What 0.5.0 answered, its data folder's path written as this test's.
  /// An assignment's results without what this release says differently on purpose,
  /// the rest to be word for word 0.5.0's: 0.5.0 gave a student who had not finished a
  /// "finished" time (a teacher's trial found it; it is empty now), and this release adds
  /// each student's `status` to the JSON (the words of the gradebook).
  static func withoutCorrections(_ text: String, _ format: String) -> String {
    if format == "csv" {
      // The CSV's lines end in CR LF (one Character to Swift).
      return text.components(separatedBy: "\r\n").enumerated().map { index, line in
        var fields = line.components(separatedBy: ",")
        // name, done, …, finished (the 8th column) of a student whose `done` is not "done".
        if index > 0, fields.count > 7, fields[1] != "done" { fields[7] = "" }
        return fields.joined(separator: ",")
      }.joined(separator: "\r\n")
    }
    guard var object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
      let students = object["students"] as? [[String: Any]]
    else { return text }
    object["students"] = students.map { student in
      var student = student
      student["status"] = nil
      if student["done"] as? Bool != true { student["finished"] = nil }
      return student
    }
    let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    return data.map { String(decoding: $0, as: UTF8.self) } ?? text
  }

  func expected(_ name: String) throws -> String {
    // Decoded as they are: reading a file as a String would drop a CSV's byte-order mark.
    let text = String(decoding: try Data(contentsOf: fixture.appendingPathComponent("expected/\(name)")), as: UTF8.self)
    return text.replacingOccurrences(of: Self.generationFolder, with: data.path)
  }

  /// Where the fixture's data folder was when 0.5.0 answered (its text names it).
  static let generationFolder = "/tmp/legacy-0.5/xdg/qrquiz"

  @Test func everythingTheOldReleaseSaidIsSaidTheSameAfterTheTakeover() throws {
    let first = try qrquiz(["live", "--results"])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(
      first.stderr.hasPrefix(
        "took over the data folder of qrquiz 0.5: 2 classes, 2 finished live games, 1 live game in progress, "
          + "2 assignments, 2 profiles, 2 players' statistics; its files are kept in \(data.path)/backup-0.5"),
      "\(first.stderr)")
    // As 0.5.0 printed it, but for the tied game's line: 0.5.0 named one of its two tied
    // winners, this release names both (issue 49).
    let results = try expected("live-results.txt").replacingOccurrences(
      of: "\twinner Tie One (1000)\t", with: "\twinners Tie One and Tie Two (1000)\t")
    #expect(results != (try expected("live-results.txt")), "the fixture has the tied game")
    #expect(first.stdoutText == results)
    // Said once: the second command finds nothing more to take over.
    let again = try qrquiz(["class", "show", "9B"])
    #expect(again.stderr.isEmpty, "\(again.stderr)")
    #expect(again.stdoutText == (try expected("class-9B.txt")))
    for (arguments, file) in [
      (["class", "show", "9C"], "class-9C.txt"), (["class", "list"], "class-list.txt"),
      (["assign", "--list"], "assign-list.txt"), (["profile", "list", "--json"], "profile-list.json"),
      (["stats", "--json", "--profile", "Ada"], "stats-Ada.json"),
    ] {
      let result = try qrquiz(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      #expect(result.stdoutText == (try expected(file)), "\(arguments)")
    }
    let codes = try FileManager.default.contentsOfDirectory(
      atPath: fixture.appendingPathComponent("data/assignments").path
    )
    .filter { $0.hasSuffix(".jsonl") }.map { String($0.dropLast(".jsonl".count)) }
    #expect(codes.count == 2)
    for code in codes {
      for format in ["json", "csv"] {
        let result = try qrquiz(["assign", "--results", code, "--\(format)"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
          Self.withoutCorrections(result.stdoutText, format)
            == Self.withoutCorrections(
              try expected("assign-\(code).\(format)"), format),
          "\(code) as \(format)")
      }
    }
    #expect(try qrquiz(["profile", "use", "--default"]).status == 0)
    #expect(try qrquiz(["stats", "--json"]).stdoutText == (try expected("stats-default.json")))
    let check = try qrquiz(["data", "check"])
    #expect(check.status == 0 && check.stdoutText == "\(data.path)/records.sqlite: ok\n", "\(check.stderr)")
  }

  @Test func theOldFilesAreKeptUnchangedWhereNoOldBinaryReadsThem() throws {
    #expect(try qrquiz(["class", "list"]).status == 0)
    let backup = data.appendingPathComponent("backup-0.5")
    let original = fixture.appendingPathComponent("data")
    for path in ["live/games", "assignments", "classes", "stats", "profiles.json", "live/results"] {
      let before = try Self.files(original.appendingPathComponent(path))
      #expect(!before.isEmpty, "\(path) is in the fixture")
      #expect(try Self.files(backup.appendingPathComponent(path)) == before, "\(path) kept as it was")
    }
    for path in ["live/games", "assignments", "classes", "stats", "profiles.json"] {
      #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent(path).path), "\(path) moved")
    }
    // The results stay where teachers and scripts read them: this release's exports.
    #expect(
      try Self.files(data.appendingPathComponent("live/results"))
        == (try Self.files(original.appendingPathComponent("live/results"))))
    // The records are the owner's alone.
    var status = stat()
    #expect(stat(data.appendingPathComponent("records.sqlite").path, &status) == 0 && status.st_mode & 0o777 == 0o600)
    #expect(stat(backup.path, &status) == 0 && status.st_mode & 0o777 == 0o700)
  }

  @Test func theGameKilledMidQuestionResumesWithEveryAcknowledgedMove() throws {
    #expect(try qrquiz(["class", "list"]).status == 0)
    let journals = data.appendingPathComponent("backup-0.5/live/games")
    let name = try #require(try FileManager.default.contentsOfDirectory(atPath: journals.path).first)
    let lines = try String(contentsOf: journals.appendingPathComponent(name), encoding: .utf8)
      .split(separator: "\n").map { Array($0.utf8) }
    let (setup, entries) = try LiveMoves.replay(setup: lines[0], moves: Array(lines.dropFirst()))
    let journaled = LiveGame(setup: setup, entries: entries)
    #expect(journaled.players.count == 6 && journaled.answeredCount == 2)
    let store = LiveGameStore(
      records: try RecordStore(file: data.appendingPathComponent(RecordStore.fileName)),
      directory: data.appendingPathComponent("live"))
    // Resumed at once: open, with its answers, and the class's students.
    let resumed = store.resumeUnfinished(at: try #require(entries.last).time)
    for unfinished in resumed.games { unfinished.log.finish() }
    #expect(resumed.problems.isEmpty, "\(resumed.problems)")
    #expect(resumed.games.map(\.game) == [journaled])
    // Resumed later: the question keeps the time it had when the 0.5 server last moved.
    let later = store.resumeUnfinished(at: try #require(entries.last).time + .seconds(3600))
    for unfinished in later.games { unfinished.log.finish() }
    #expect(later.games.first?.game.deadline == (try #require(journaled.deadline)) + .seconds(3600))
  }

  /// The regular files under `url` (or `url` itself), by relative path, with their bytes.
  static func files(_ url: URL) throws -> [String: Data] {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return [:] }
    guard isFolder.boolValue else { return [url.lastPathComponent: try Data(contentsOf: url)] }
    var files: [String: Data] = [:]
    for name in try FileManager.default.subpathsOfDirectory(atPath: url.path) {
      let file = url.appendingPathComponent(name)
      var status = stat()
      if lstat(file.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG { files[name] = try Data(contentsOf: file) }
    }
    return files
  }
}
