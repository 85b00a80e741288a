import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizCLI

/// `qrquiz sheet` and `encode --caption` as a teacher runs them: what they are told, and
/// the printed pages read by zbarimg as by our own reader.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct SheetCLITests {
  let home: TemporaryDirectory

  init() throws { home = try TemporaryDirectory() }

  func qrquiz(_ arguments: [String]) throws -> ProcessResult {
    try ProcessRunner.qrquiz(arguments, environment: home.qrquizEnvironment)
  }

  @Test(arguments: PrintSheet.Paper.allCases) func zbarimgReadsEveryCodeOfTheSheet(paper: PrintSheet.Paper) throws {
    let topics = try PrintSheetFixtures.topics()
    var files: [String] = []
    for (index, topic) in topics.enumerated() {
      let path = home.path("topic-\(index).json")
      try Data(topic.normalizedJSON.utf8).write(to: URL(fileURLWithPath: path))
      files.append(path)
    }
    let made = try qrquiz(["sheet"] + files + ["--paper", paper.rawValue, "-o", home.path("codes.png")])
    #expect(made.status == 0, "\(made.stderr)")
    let sheet = PrintSheet(codes: try PrintSheetFixtures.codes(topics), paper: paper)
    let pages = (1...sheet.layout.pages).map { home.path("codes-\($0).png") }
    #expect(
      made.stderr.hasPrefix(
        "wrote \(pages[0]) … \(pages[pages.count - 1]): \(sheet.codes.count) codes of \(topics.count) topics on "
          + "\(pages.count) \(paper.name) pages, "), "\(made.stderr)")
    #expect(made.stderr.contains("topic-6.json: too large for one code the Questions app reads: "))
    #expect(made.stderr.contains("the PNG's font has no 数 学 の 問 題 (Latin letters only): drawn as boxes"))
    // zbarimg reads every symbol, and the same texts as our reader, which gives every topic back.
    let zbar = try ProcessRunner.tool("zbarimg", ["-q", "--raw"] + pages)
    #expect(zbar.status == 0, "\(zbar.stderr)")
    let zbarTexts = zbar.stdoutText.split(separator: "\n").map(String.init)
    #expect(zbarTexts.count == sheet.codes.count)
    let images = try pages.map { try ImageDecoder.decode(Array(Data(contentsOf: URL(fileURLWithPath: $0)))) }
    #expect(Set(zbarTexts) == Set(images.flatMap { QRCodeReader(timeLimit: .infinity).symbols(in: $0).map(\.text) }))
    let appForm = Set(zbarTexts.filter { $0.hasPrefix("{") })
    #expect(appForm == Set(topics.prefix(6).map(\.normalizedJSON)))
    #expect(try PrintSheetFixtures.read(images) == Set(topics.map(\.normalizedJSON)))
  }

  @Test func picturesTheAppWillNotLoadAreWarnedOfInValidatesWords() throws {
    let path = home.path("cells.json")
    let json = #"""
      {"options":{"name":"Cells"},"sets":[[
        {"question":"This cell?","answers":["Plant","Animal"],"correct":0,"imageURL":"http://example.org/cell.png"},
        {"question":"That one?","answers":["Plant","Animal"],"correct":1,"imageURL":"https://example.org/other.png"}]]}
      """#
    try Data(json.utf8).write(to: URL(fileURLWithPath: path))
    let validate = try qrquiz(["validate", path])
    let warning = try #require(validate.stdoutText.split(separator: "\n").first { $0.contains(": warning: ") })
    #expect(warning.hasSuffix(#""http://example.org/cell.png" is not https; the app may not load it"#))
    for arguments in [["encode", path, "-o", home.path("cells.png")], ["sheet", path, "-o", home.path("sheet.png")]] {
      let made = try qrquiz(arguments)
      #expect(made.status == 0, "\(made.stderr)")
      let lines = made.stderr.split(separator: "\n")
      #expect(lines.filter { $0 == warning }.count == 1, "\(arguments[0]): \(made.stderr)")
      #expect(!made.stderr.contains("other.png"), "an https picture is not warned of")
    }
  }

  @Test func theSVGSheetIsWellFormedAndAPDFIsRefusedWithTheWayOut() throws {
    let people = Fixtures.sampleTopic("People").path
    let social = Fixtures.sampleTopic("Social").path
    let made = try qrquiz(["sheet", people, social, "--paper", "a4", "-o", home.path("codes.svg")])
    #expect(made.status == 0, "\(made.stderr)")
    let lint = try ProcessRunner.tool("xmllint", ["--noout", home.path("codes.svg")])
    #expect(lint.status == 0, "\(lint.stderr)")
    let pdf = try qrquiz(["sheet", people, "-o", home.path("codes.pdf")])
    #expect(pdf.status == 2)
    #expect(
      pdf.stderr
        == "qrquiz sheet: PDF sheets are not written yet: write FILE.svg (print it from a browser, or save it as PDF "
        + "there) or FILE.png (see 'qrquiz sheet --help')\n")
    let several = try qrquiz(["encode", people, social, "-o", home.path("x.png")])
    #expect(several.stderr.contains("or qrquiz sheet for a page of them all"))
  }

  @Test func aPNGCaptionSaysWhatItsFontCannotDraw() throws {
    let topic = home.path("cjk.json")
    var json = try Fixtures.validTopic(Fixtures.sampleTopic("People")).topic
    json = json.renamed("数学 Matemáticas")
    try Data(try ValidTopic(json).normalizedJSON.utf8).write(to: URL(fileURLWithPath: topic))
    let png = try qrquiz(["encode", topic, "--caption", "-o", home.path("cjk.png")])
    #expect(png.status == 0)
    #expect(
      png.stderr.hasSuffix(
        "cjk.json: the PNG's font has no 数 学 (Latin letters only): drawn as boxes; --svg writes the name as text\n"),
      "\(png.stderr)")
    let svg = try qrquiz(["encode", topic, "--caption", "--svg", "-o", home.path("cjk.svg")])
    #expect(svg.status == 0 && !svg.stderr.contains("drawn as boxes"))
  }
}
