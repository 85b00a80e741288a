import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

/// `qrquiz class` as a teacher uses it: a school system's CSV in, numbers that stay put,
/// one line for each refusal.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct ClassCLITests {
  let home: TemporaryDirectory

  init() throws { home = try TemporaryDirectory() }

  func qrquiz(_ arguments: [String], stdin: String? = nil) throws -> ProcessResult {
    try ProcessRunner.qrquiz(arguments, stdin: stdin.map { Data($0.utf8) }, environment: home.qrquizEnvironment)
  }

  @Test func aClassFromASpreadsheetKeepsItsNumbers() throws {
    let csv = home.path("7B.csv")
    try Data("Last Name,First Name,Email\r\nLovelace,Ada,a@x\r\nTuring,Alan,t@x\r\nHopper,Grace,g@x\r\n".utf8)
      .write(to: URL(fileURLWithPath: csv))
    let created = try qrquiz(["class", "new", "7B", "--students", csv])
    #expect(created.status == 0, "\(created.stderr)")
    #expect(
      created.stdoutText.hasPrefix(
        "class 7B: 3 students, cards 1–3 (names from column 'First Name' + 'Last Name')\n"))
    #expect(
      try qrquiz(["class", "remove", "7b", "Alan Turing"]).stdoutText == "removed Alan Turing (card 2, retired)\n")
    #expect(
      try qrquiz(["class", "add", "7B", "--students", "-"], stdin: "Katherine Johnson\n").stdoutText
        == "card 4: Katherine Johnson\n")
    let shown = try qrquiz(["class", "show", "7B"])
    #expect(
      shown.stdoutText
        == "7B: 3 students; 1 removed (card 2 retired)\n   1  Ada Lovelace\n   3  Grace Hopper\n   4  Katherine Johnson\n"
    )
    let csvOut = try qrquiz(["class", "show", "7B", "--csv"]).stdoutText
    #expect(csvOut == "\u{FEFF}card,name\r\n1,Ada Lovelace\r\n3,Grace Hopper\r\n4,Katherine Johnson\r\n")
    #expect(try qrquiz(["class", "list"]).stdoutText == "7B\t3 students\tcards 1–4\n")
  }

  @Test func aStudentsAccommodationsAreSetShownAndTakenAway() throws {
    #expect(try qrquiz(["class", "new", "7B", "--students", "-"], stdin: "Ada Lovelace\nAlan Turing\n").status == 0)
    let set = try qrquiz(["class", "set", "7B", "ada lovelace", "--extra-time", "1.5", "--no-speed"])
    #expect(set.status == 0 && set.stdoutText == "Ada Lovelace (card 1): extra time ×1.5, no speed scoring\n")
    #expect(
      try qrquiz(["class", "set", "7B", "--card", "2", "--extra-time", "2"]).stdoutText
        == "Alan Turing (card 2): extra time ×2\n")
    let shown = try qrquiz(["class", "show", "7B"]).stdoutText
    #expect(
      shown.contains("   1  Ada Lovelace  (extra time ×1.5, no speed scoring)\n   2  Alan Turing  (extra time ×2)\n"))
    #expect(
      try qrquiz(["class", "show", "7B", "--json"]).stdoutText.contains(#""extraTime":1.5,"noSpeedScoring":true"#))
    // What is not given stays; --speed and a factor of 1 take them away.
    #expect(
      try qrquiz(["class", "set", "7B", "Ada Lovelace", "--speed"]).stdoutText
        == "Ada Lovelace (card 1): extra time ×1.5\n")
    #expect(
      try qrquiz(["class", "set", "7B", "Ada Lovelace", "--extra-time", "1"]).stdoutText
        == "Ada Lovelace (card 1): no accommodations\n")
    let tooMuch = try qrquiz(["class", "set", "7B", "Ada Lovelace", "--extra-time", "9"])
    #expect(tooMuch.status == 2 && tooMuch.stderr.contains("extra time must be a factor from 1 to 4"))
    let nobody = try qrquiz(["class", "set", "7B", "Nobody", "--no-speed"])
    #expect(nobody.status == 1 && nobody.stderr == "no student 'Nobody' in the class\n")
  }

  @Test func refusalsAreOneLineWithTheFileAndLine() throws {
    let names = home.path("names.txt")
    try Data("Ada\nAl\u{202E}an\n".utf8).write(to: URL(fileURLWithPath: names))
    let hidden = try qrquiz(["class", "new", "7B", "--students", names])
    #expect(hidden.status == 1)
    #expect(
      hidden.stderr == "\(names): line 2: character 3 of the name is a control or invisible character\n",
      "\(hidden.stderr)")
    let sheet = home.path("grades.xlsx")
    try Data([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00]).write(to: URL(fileURLWithPath: sheet))
    let xlsx = try qrquiz(["class", "new", "7B", "--students", sheet])
    #expect(xlsx.status == 1)
    #expect(xlsx.stderr.hasPrefix("\(sheet): this is a spreadsheet file (xlsx or ods), not text"), "\(xlsx.stderr)")
    #expect(xlsx.stderr.split(separator: "\n").count == 1)
    let missing = try qrquiz(["class", "show", "9C"])
    #expect(missing.status == 3)
    #expect(missing.stderr == "no class named '9C' (see qrquiz class list)\n")
    #expect(try qrquiz(["class", "list"]).stdoutText.isEmpty, "nothing was saved by a refused new")
  }

  /// Each student's slip, printed and read back as a phone would: its code is that
  /// student's own link, the same when printed again, and it opens their page only.
  @Test func slipsCarryEachStudentsOwnLinkAndOpenTheirPage() throws {
    #expect(
      try qrquiz(["class", "new", "7B", "--students", "-"], stdin: "Ada Lovelace\nŁukasz Nowak\nGrace Hopper\n").status
        == 0)
    func printedLinks() throws -> [String] {
      let printed = try qrquiz([
        "class", "slips", "7B", "--public-url", "http://127.0.0.1:9/", "-o", home.path("slips.pdf"),
      ])
      try #require(printed.status == 0, "\(printed.stderr)")
      #expect(printed.stderr.hasPrefix("\(home.path("slips.pdf")): 3 slips of 7B, links to http://127.0.0.1:9/s/…"))
      let page = try ProcessRunner.tool(
        "pdftoppm", ["-r", "150", "-gray", "-png", "-singlefile", home.path("slips.pdf"), home.path("page")])
      try #require(page.status == 0, "\(page.stderr)")
      let read = try qrquiz(["decode", "--raw", home.path("page.png")])
      try #require(read.status == 0, "\(read.stderr)")
      return read.stdoutText.split(separator: "\n").map(String.init).sorted()
    }
    let links = try printedLinks()
    #expect(links.count == 3 && Set(links).count == 3, "\(links)")
    #expect(links.allSatisfy { $0.wholeMatch(of: /http:\/\/127\.0\.0\.1:9\/s\/[0-9a-f]{32}/) != nil }, "\(links)")
    #expect(try printedLinks() == links, "a slip printed again opens the same page")

    let server = try ServeProcess([], environment: home.qrquizEnvironment)
    var names: [String] = []
    for link in links {
      let page = try server.request("GET", String(link.dropFirst("http://127.0.0.1:9".count)))
      #expect(page.status == 200)
      names += ["Ada Lovelace", "Łukasz Nowak", "Grace Hopper"].filter { page.text.contains($0) }
    }
    #expect(
      names.sorted() == ["Ada Lovelace", "Grace Hopper", "Łukasz Nowak"], "each slip opens its student's page alone")
    let none = try qrquiz(["class", "slips", "7B", "--public-url", "ftp://x", "-o", home.path("x.pdf")])
    #expect(none.status == 2 && none.stderr.contains("--public-url must start with http:// or https://"))
    #expect(!FileManager.default.fileExists(atPath: home.path("x.pdf")))
  }
}
