import Foundation
import QRQuiz
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuizFiles

/// Saved topics, community topics and topics behind URLs, against the test server.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct TopicLibraryTests {
  let server: TestServer
  let home: TemporaryDirectory
  let good =
    #"{"options":{"name":"Capitals"},"sets":[[{"question":"Capital of France?","answers":["Paris","Rome"],"correct":0}]]}"#

  init() throws {
    server = try TestServer()
    home = try TemporaryDirectory()
    try server.serve(Array(good.utf8), as: "capitals.json")
    try server.serve(Array(#"{"sets":[[{"question":"Q","answers":["a","a"],"correct":0}]]}"#.utf8), as: "invalid.json")
    let other = #"{"sets":[[{"question":"2+2?","answers":["4","5"],"correctAnswers":[0],"imageURL":"IMAGE"}]]}"#
      .replacingOccurrences(of: "IMAGE", with: server.url("/synthetic/3000/i.png").absoluteString)
    try server.serve(Array(other.utf8), as: "maths.json")
    let list = """
      {"topics":[
        {"name":"Capitals","remoteContentURL":"\(server.url("/files/capitals.json"))","isVisible":true},
        {"name":"Maths","remoteContentURL":"\(server.url("/files/maths.json"))"},
        {"name":"Broken","remoteContentURL":"\(server.url("/files/invalid.json"))","isVisible":true},
        {"name":"Secret","remoteContentURL":"\(server.url("/files/capitals.json"))","isVisible":false},
        {"name":"Gone","remoteContentURL":"\(server.url("/status/404"))","isVisible":true},
        {"name":"Huge","remoteContentURL":"\(server.url("/oversized/17000000"))","isVisible":true}
      ]}
      """
    try server.serve(Array(list.utf8), as: "community.json")
  }

  func qrquiz(_ arguments: [String]) throws -> ProcessResult {
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_DATA_HOME"] = home.path("data")
    environment["XDG_CACHE_HOME"] = home.path("cache")
    environment["QRQUIZ_CACHE_DIR"] = nil
    return try ProcessRunner.qrquiz(arguments, environment: environment)
  }

  @Test func communityFetchSavesTheGoodAndReportsEachBadEntry() throws {
    let result = try qrquiz(["community", "fetch", server.url("/files/community.json").absoluteString, "--allow-http"])
    #expect(result.status == 1, "\(result.stderr)")
    let lines = result.stdoutText.split(separator: "\n").map(String.init)
    #expect(lines.count == 6)
    #expect(lines[0] == "Capitals: saved as 'Capitals'")
    #expect(lines[1] == "Maths: saved as 'Maths'")
    #expect(lines[2].hasPrefix("Broken: failed: ") && lines[2].contains("duplicates answer 1"))
    #expect(lines[3] == "Secret: hidden, skipped")
    #expect(lines[4].hasPrefix("Gone: failed: ") && lines[4].hasSuffix("HTTP status 404"))
    #expect(lines[5].hasPrefix("Huge: failed: ") && lines[5].hasSuffix("larger than the 16777216-byte limit"))
    #expect(result.stderr.contains("1 image: 1 fetched"))
    let list = try qrquiz(["topics", "list"])
    #expect(
      list.stdoutText
        == "Capitals\t1 set\t1 question\timages 0/0 cached\nMaths\t1 set\t1 question\timages 1/1 cached\n")
  }

  @Test func dryRunSavesNothing() throws {
    let result = try qrquiz(["community", "fetch", server.url("/files/community.json").absoluteString, "--dry-run"])
    #expect(result.stdoutText.contains("Capitals: valid\n"))
    #expect(try qrquiz(["topics", "list"]).stdoutText.isEmpty)
  }

  @Test func aTopicIsNotSavedTwiceByNameOrContent() throws {
    let path = home.path("capitals.json")
    try Data(good.utf8).write(to: URL(fileURLWithPath: path))
    #expect(try qrquiz(["topics", "add", path]).stderr == "\(path): saved as 'Capitals'\n")
    let again = try qrquiz(["topics", "add", server.url("/files/capitals.json").absoluteString])
    #expect(again.stderr.hasSuffix("not saved: a topic named 'Capitals' is already saved\n"))
    let renamed = home.path("renamed.json")
    try Data(good.replacingOccurrences(of: "Capitals", with: "Cities").utf8).write(to: URL(fileURLWithPath: renamed))
    let twin = try qrquiz(["topics", "add", renamed])
    #expect(twin.stderr == "\(renamed): not saved: the same questions and answers are already saved as 'Capitals'\n")
  }

  @Test func savedTopicsAreShownExportedAndRemoved() throws {
    #expect(try qrquiz(["topics", "add", server.url("/files/maths.json").absoluteString]).status == 0)
    let show = try qrquiz(["topics", "show", "maths"])
    #expect(show.stdoutText.hasPrefix(#"{"sets":[[{"question":"2+2?""#))
    let exported = home.path("export.json")
    #expect(try qrquiz(["topics", "export", "maths", "-o", exported]).status == 0)
    #expect(try String(contentsOfFile: exported, encoding: .utf8) == show.stdoutText)
    #expect(try qrquiz(["topics", "remove", "maths"]).status == 0)
    #expect(try qrquiz(["topics", "show", "maths"]).status == 3)
  }

  @Test func aFileWhereAFolderMustGoIsNamedWithItsRealReason() throws {
    // Foundation on Linux calls this "Input/output error"; the user needs to know which
    // path is in the way and why.
    let blocker = home.path("data")
    try Data("not a folder".utf8).write(to: URL(fileURLWithPath: blocker))
    let notADirectory = FileSystemError(path: blocker, operation: .create, code: ENOTDIR)
    let topic = try TopicReader.topic(json: Array(good.utf8), source: "capitals.json")
    #expect(throws: TopicLibrary.Error.storage(notADirectory)) {
      _ = try TopicLibrary(directory: URL(fileURLWithPath: blocker + "/qrquiz/topics")).save(topic)
    }
    #expect(throws: notADirectory) {
      _ = try ImageDiskCache(directory: URL(fileURLWithPath: blocker + "/cache"))
    }
    let path = home.path("capitals.json")
    try Data(good.utf8).write(to: URL(fileURLWithPath: path))
    let result = try qrquiz(["topics", "add", path])
    #expect(result.status != 0)
    #expect(result.stderr.hasSuffix("topic library: cannot create \(blocker): Not a directory\n"), "\(result.stderr)")
    // A folder that is already there, reached through a link, is used as it is.
    let real = home.path("real")
    try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(atPath: home.path("link"), withDestinationPath: real)
    _ = try TopicLibrary(directory: URL(fileURLWithPath: home.path("link/topics"))).save(topic)
    #expect(FileManager.default.fileExists(atPath: real + "/topics/Capitals.json"))
  }

  @Test(arguments: [
    ("../../etc/passwd", "_.._etc_passwd"), ("..", "topic"), (".hidden", "hidden"), ("a/b\\c", "a_b_c"),
    ("  Name  ", "Name"), ("tab\there", "tab_here"),
  ])
  func namesAreSafeAsFileNames(_ name: String, _ safe: String) {
    #expect(TopicLibrary.safeName(name) == safe)
  }

  @Test func decodeSaveKeepsTheTopicsRead() throws {
    let png = home.path("quiz.png")
    #expect(try qrquiz(["encode", server.url("/files/maths.json").absoluteString, "-o", png]).status == 0)
    let decoded = try qrquiz(["decode", "--save", png])
    #expect(decoded.status == 0, "\(decoded.stderr)")
    #expect(decoded.stderr.contains("saved as 'quiz'"))
    #expect(try qrquiz(["topics", "list"]).stdoutText.hasPrefix("quiz\t"))
  }

  @Test func validateAndEncodeAcceptURLs() throws {
    let valid = try qrquiz(["validate", server.url("/files/capitals.json").absoluteString])
    #expect(valid.status == 0)
    let invalid = try qrquiz(["validate", server.url("/files/invalid.json").absoluteString])
    #expect(invalid.status == 1)
    let missing = try qrquiz(["validate", server.url("/status/404").absoluteString])
    #expect(missing.status == 3)
    #expect(missing.stderr.hasSuffix("/status/404: HTTP status 404\n"))
  }
}
