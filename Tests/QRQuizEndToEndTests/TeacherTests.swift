import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizServer

/// What a teacher meets first, tried as one would: QR codes the app reads (and what to do
/// when it cannot), codes that fit the terminal, a server phones can reach, names typed
/// loosely, and the creators checking image addresses where they are typed.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct TeacherTests {
  let home: TemporaryDirectory

  init() throws { home = try TemporaryDirectory() }

  func qrquiz(_ arguments: [String], input: String = "") throws -> ProcessResult {
    try ProcessRunner.qrquiz(arguments, stdin: Data(input.utf8), environment: home.qrquizEnvironment)
  }

  /// A topic of `count` capital questions: 12 make 1.7 KB, past version 25.
  func capitals(_ count: Int, name: String = "Capitals") throws -> String {
    let questions = (0..<count).map {
      #"{"question":"Question \#($0) about the capitals of the world?","answers":["Paris","Rome","Madrid","Berlin"],"correct":0}"#
    }
    let path = home.path("\(name).json")
    try Data((#"{"options":{"name":"\#(name)"},"sets":[["# + questions.joined(separator: ",") + "]]}").utf8)
      .write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func aTwelveQuestionTopicIsOneCodeTheAppReadsWithAdviceOnPrinting() throws {
    let topic = try capitals(12)
    let image = home.path("capitals.png")
    let encoded = try qrquiz(["encode", topic, "-o", image])
    #expect(encoded.status == 0)
    #expect(
      encoded.stderr.contains(
        "one version-29 QR code (133 modules a side), which the Questions app reads; it is dense: print it at least "
          + "12 cm wide, or share the topic by its address with qrquiz serve"), "\(encoded.stderr)")
    // The code is the topic's JSON, as the app scans it.
    let raw = try qrquiz(["decode", "--raw", image])
    #expect(raw.stdoutText.hasPrefix(#"{"options":{"name":"Capitals"}"#))
    // Asked to stay small: the compact form, said plainly, and what would fit.
    let small = try qrquiz(["encode", topic, "--max-version", "20", "-o", home.path("small.png")])
    #expect(small.stderr.contains("The Questions app cannot read the compact form: qrquiz decode reads it"))
    #expect(small.stderr.contains("without --max-version it fits one code the app reads"))
    // Too large for any one code: the compact form, and the ways the app can have it.
    let large = try qrquiz(["encode", try capitals(60, name: "Large"), "-o", home.path("large.png")])
    #expect(large.stderr.contains("do not fit one QR code up to version 40 (at most 2953 at level L)"))
    #expect(large.stderr.contains("share the topic by its address with qrquiz serve (one small code the app scans)"))
  }

  @Test func successIsSaidOnlyAfterTheWrite() throws {
    let failed = try qrquiz(["encode", try capitals(12), "-o", "/nonexistent/dir/x.png"])
    #expect(failed.status == 5)
    #expect(failed.stderr == "cannot write /nonexistent/dir/x.png: No such file or directory\n", "\(failed.stderr)")
  }

  @Test func aSheetOfSeveralCodesSaysWhatItIs() throws {
    let sheet = home.path("sheet.png")
    var generator = TopicGenerator(seed: 4)
    let topic = home.path("monde.json")
    try Data(generator.topic(atMost: 12_000, name: "Capitales du monde").normalizedJSON.utf8).write(
      to: URL(fileURLWithPath: topic))
    #expect(try qrquiz(["encode", topic, "-o", sheet]).stderr.contains("compact symbols"))
    let image = try ImageDecoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: sheet))))
    // The title band above the grid has ink in it; the codes still read.
    let band = (0..<(image.width * 20)).map { image.pixels[$0] }
    #expect(band.contains { $0 < 128 })
    #expect(try qrquiz(["decode", sheet]).stdoutText.contains("Capitales du monde"))
    // Its accents and dashes are in the image's font: nothing drawn as a box.
    #expect(BitmapFont.missingCharacters(in: "Capitales du Mónde — 2").isEmpty)
  }

  @Test func aCodeWiderThanTheTerminalIsRefusedWithTheWaysOut() throws {
    let topic = try capitals(12)
    let wide = try PseudoTerminal.run(
      ["encode", topic, "--terminal"], steps: [], columns: 80, rows: 24, environment: home.qrquizEnvironment)
    #expect(wide.status == 5)
    #expect(
      wide.raw.contains(
        "the QR code is 141 columns wide and this terminal has 80: it would wrap and not scan; widen the terminal "
          + "(or make its font smaller), or use --compact-terminal (71 columns), or write an image with -o FILE.png"),
      "\(wide.raw)")
    // Quarter blocks: half as wide, and still a code a reader decodes.
    let compact = try PseudoTerminal.run(
      ["encode", topic, "--terminal", "--compact-terminal"], steps: [], columns: 80, rows: 80,
      environment: home.qrquizEnvironment)
    #expect(compact.status == 0)
    let text = try qrquiz(["encode", topic, "--terminal", "--compact-terminal"]).stdoutText
    let lines = text.split(separator: "\n").map { Array($0) }
    #expect(lines.allSatisfy { $0.count == 71 })
    #expect(
      try Self.decodeQuarterBlocks(lines) == (try Fixtures.validTopic(URL(fileURLWithPath: topic))).normalizedJSON)
  }

  /// Renders quarter-block text as a terminal does (a cell twice as tall as wide) and reads it.
  static func decodeQuarterBlocks(_ lines: [[Character]]) throws -> String? {
    let glyphs: [Character] = [" ", "▗", "▖", "▄", "▝", "▐", "▞", "▟", "▘", "▚", "▌", "▙", "▀", "▜", "▛", "█"]
    let cellWidth = 8
    let cellHeight = 16
    let width = lines[0].count * cellWidth
    var image = GrayImage(width: width, height: lines.count * cellHeight, filledWith: 0)
    for (row, line) in lines.enumerated() {
      for (column, character) in line.enumerated() {
        let bits = glyphs.firstIndex(of: character) ?? 0
        for y in 0..<cellHeight {
          for x in 0..<cellWidth {
            let quadrant = (y < cellHeight / 2 ? 8 : 2) >> (x < cellWidth / 2 ? 0 : 1)
            // Lit quadrants are the light modules: white on the dark terminal.
            if bits & quadrant != 0 { image[column * cellWidth + x, row * cellHeight + y] = 255 }
          }
        }
      }
    }
    return try QRCodeReader(timeLimit: .infinity).scan(image).symbols.first?.text
  }

  @Test func aServerPhonesCannotReachSaysSoAndItsTeacherAddressStays() throws {
    let library = try TemporaryDirectory()
    try FileManager.default.copyItem(
      at: Fixtures.sampleTopic("Social"), to: library.url.appendingPathComponent("Social.json"))
    let first = try ServeProcess([library.url.path, "--allow-edit"], environment: home.qrquizEnvironment)
    #expect(
      first.startText.contains("Phones cannot reach 127.0.0.1, which is this computer only"), "\(first.startText)")
    #expect(try first.request("GET", "/t/Social").text.contains("id=\"unreachable\""))
    let token = try #require(first.editURL?.components(separatedBy: "token=").last)
    // The same port taken: a suggestion.
    let taken = try qrquiz(["serve", library.url.path, "--port", "\(first.port)"])
    #expect(taken.status == 5 && taken.stderr.contains("try --port \(first.port + 1), or --port 0 for any free one"))
    // Started again (one server per data folder: the first stopped): the same teacher's address.
    first.kill()
    let second = try ServeProcess([library.url.path, "--allow-edit"], environment: home.qrquizEnvironment)
    #expect(second.editURL?.components(separatedBy: "token=").last == token)
    second.kill()
    let renewed = try ServeProcess(
      [library.url.path, "--allow-edit", "--new-token"], environment: home.qrquizEnvironment)
    #expect(renewed.editURL?.components(separatedBy: "token=").last != token)
    renewed.kill()
    let file = home.url.appendingPathComponent("data/qrquiz/teacher-token").path
    #expect((try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int) == 0o600)
    // Topics saved, and removed, by another command appear and go without a restart.
    let own = try ServeProcess([], environment: home.qrquizEnvironment)
    #expect(try own.request("GET", "/t/Capitals").status == 404)
    #expect(try qrquiz(["topics", "add", try capitals(3)]).status == 0)
    #expect(try Self.waitFor(200, "/t/Capitals", on: own), "a topic saved by qrquiz topics add never appeared")
    #expect(try qrquiz(["topics", "remove", "Capitals"]).status == 0)
    #expect(try Self.waitFor(404, "/t/Capitals", on: own), "a topic removed by qrquiz topics remove stayed")
  }

  /// Asks for `path` until it answers `status` (the server notices library changes within
  /// a second, or as long as a busy machine makes that); false if the server ends or hangs.
  static func waitFor(_ status: Int, _ path: String, on server: ServeProcess) throws -> Bool {
    try server.wait(until: { try server.request("GET", path).status == status }) == .done
  }

  @Test func namesAreTypedLooselyAndSavesReplaceKeepingTheOldVersion() throws {
    let topic = try capitals(3)
    #expect(try qrquiz(["import", topic, "--from", "csv"]).status != 0)  // not CSV: refused
    #expect(try qrquiz(["topics", "add", topic]).status == 0)
    let again = try qrquiz([
      "import", Fixtures.url("import/sample.aiken").path, "--name", "Capitals", "--save", "--skip-invalid",
    ])
    #expect(again.status == 1)
    #expect(
      again.stderr.contains("a topic named 'Capitals' is already saved; --replace replaces it"), "\(again.stderr)")
    let replaced = try qrquiz([
      "import", Fixtures.url("import/sample.aiken").path, "--name", "Capitals", "--save", "--replace", "--skip-invalid",
    ])
    #expect(replaced.status == 0, "\(replaced.stderr)")
    #expect(replaced.stderr.contains("replaced 'Capitals' (the old one is kept as a version)"))
    let library = TopicLibrary(directory: home.url.appendingPathComponent("data/qrquiz/topics"))
    let versions = library.versions(of: "Capitals")
    #expect(versions.count == 1)
    #expect(try library.version(versions[0].id, of: "Capitals").topic.questions.count == 3)
    #expect(try qrquiz(["lint", topic]).stderr.contains("unknown command 'lint'; did you mean validate?"))
  }

  @Test func imageAddressesAreCheckedWhereTheyAreTyped() throws {
    let script = "Pictures\n\n\n\n\n\n1\nWhat is this?\nA cat\nA dog\n\n1\nnot a url\nhttps://example.org/cat.jpg\n\n"
    let made = try qrquiz(["new", "--plain"], input: script)
    #expect(made.status == 0, "\(made.stderr)")
    #expect(
      made.stdoutText.contains(
        "An image address starts with http:// or https:// and names a host (https://example.org/cat.jpg)"))
    #expect(made.stdoutText.contains(#""imageURL":"https://example.org/cat.jpg""#))
  }

  @Test func aFullScreenImageThatIsNoAddressSaysSoAtOnce() throws {
    let json =
      #"{"options":{"name":"Pictures"},"sets":[[{"question":"What is this?","answers":["A","B"],"correct":0,"imageURL":"not a url"}]]}"#
    let path = home.path("pictures.json")
    try Data(json.utf8).write(to: URL(fileURLWithPath: path))
    let report = try PseudoTerminal.run(
      ["play", path], steps: [["expect": "(image not available: not an http(s) address)"], ["send": "q"]],
      environment: home.qrquizEnvironment)
    #expect(!report.failed, "\(report.final)")
  }

  @Test func aResetOnATerminalIsAskedFirst() throws {
    #expect(try qrquiz(["play", try capitals(2), "--set", "1", "--no-images"], input: "1\n1\n").status == 0)
    let declined = try PseudoTerminal.run(
      ["stats", "--reset"],
      steps: [["expect": "Reset the statistics of default (total score 40, 1 completed set)? [y/N]"], ["send": "n\r"]],
      environment: home.qrquizEnvironment)
    #expect(!declined.failed && declined.raw.contains("nothing reset"))
    #expect(try qrquiz(["stats", "--json"]).stdoutText.contains(#""score":40"#))
    let accepted = try PseudoTerminal.run(
      ["stats", "--reset"], steps: [["expect": "[y/N]"], ["send": "y\r"], ["expect": "statistics of default reset"]],
      environment: home.qrquizEnvironment)
    #expect(!accepted.failed)
    #expect(try qrquiz(["stats", "--json"]).stdoutText.contains(#""score":0"#))
  }
}
