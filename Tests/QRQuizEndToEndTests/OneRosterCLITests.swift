import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

/// `qrquiz class import-oneroster` as a school's IT gives the teacher its export: classes
/// made, then brought up to date without renumbering anyone, through the same roster calls
/// as class new, add and remove; a broken export said in one line, nothing changed.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct OneRosterCLITests {
  let home: TemporaryDirectory

  init() throws { home = try TemporaryDirectory() }

  func qrquiz(_ arguments: [String]) throws -> ProcessResult {
    try ProcessRunner.qrquiz(arguments, environment: home.qrquizEnvironment)
  }

  /// A copy of the fixture export in a folder of its own, `change`d.
  func export(_ change: (inout [String: String]) -> Void = { _ in }) throws -> String {
    let folder = home.path("export-\(UUID().uuidString)")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var texts: [String: String] = [:]
    for name in ["manifest.csv", "classes.csv", "users.csv", "enrollments.csv"] {
      texts[name] = String(decoding: try Fixtures.bytes("oneroster/\(name)"), as: UTF8.self)
    }
    change(&texts)
    for (name, text) in texts { try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
    return folder
  }

  @Test func classesAreMadeThenUpdatedWithoutRenumbering() throws {
    let first = try qrquiz(["class", "import-oneroster", try export()])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(
      first.stdoutText == "class 7B Maths: new, 3 students, cards 1–3\nclass 8A Science: new, 1 student, card 1\n")
    #expect(
      try qrquiz(["class", "show", "7B Maths"]).stdoutText
        == "7B Maths: 3 students\n   1  Alan Turing\n   2  Ada Lovelace\n   3  Grace Hopper\n")
    // Ada leaves 7B; Dorothy joins it.
    let later = try export { texts in
      texts["enrollments.csv"] =
        texts["enrollments.csv"]!.replacingOccurrences(
          of: "enr-2,,,cls-7b,sch-1,usr-1,student,,,\r\n", with: ""
        ) + "enr-7,,,cls-7b,sch-1,usr-5,student,,,\r\n"
    }
    let second = try qrquiz(["class", "import-oneroster", later, "--class", "cls-7b"])
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stdoutText == "class 7B Maths: 3 students, 1 added (card 4), 1 removed (card 2 retired)\n")
    #expect(
      try qrquiz(["class", "show", "7B Maths"]).stdoutText
        == "7B Maths: 3 students; 1 removed (card 2 retired)\n   1  Alan Turing\n   3  Grace Hopper\n   4  Dorothy Vaughan\n"
    )
    // The same export again changes nothing.
    #expect(
      try qrquiz(["class", "import-oneroster", later, "--class", "cls-7b"]).stdoutText
        == "class 7B Maths: 3 students, none added, none removed\n")
  }

  @Test func aZipIsReadAsItsFolder() throws {
    let folder = try export()
    let zip = home.path("roster.zip")
    let zipped = try ProcessRunner.tool(
      "python3",
      ["-m", "zipfile", "-c", zip]
        + ["manifest.csv", "classes.csv", "users.csv", "enrollments.csv"].map { folder + "/" + $0 })
    #expect(zipped.status == 0, "\(zipped.stderr)")
    let imported = try qrquiz(["class", "import-oneroster", zip])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdoutText.hasPrefix("class 7B Maths: new, 3 students"))
  }

  @Test func aBrokenExportIsOneLineAndChangesNothing() throws {
    let broken = try export { texts in
      texts["enrollments.csv"] = texts["enrollments.csv"]!.replacingOccurrences(of: "usr-4,", with: "usr-44,")
    }
    let result = try qrquiz(["class", "import-oneroster", broken])
    #expect(result.status == 1)
    #expect(result.stderr == "\(broken): enrollments.csv line 6: the user 'usr-44' is not in users.csv\n")
    #expect(try qrquiz(["class", "list"]).stdoutText == "")
  }
}
