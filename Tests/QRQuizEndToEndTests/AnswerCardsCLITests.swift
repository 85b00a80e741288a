import Foundation
import QRQuizCards
import QRQuizServerTesting
import QRQuizTestPhotos
import QRQuizTestSupport
import Testing

@testable import QRQuiz

/// `qrquiz answer-cards` as a teacher uses it: the class's cards printed, a photo of the
/// room read back with names and who was not seen, and one line for each refusal.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct AnswerCardsCLITests {
  let home: TemporaryDirectory

  init() throws { home = try TemporaryDirectory() }

  func qrquiz(_ arguments: [String], environment: [String: String]? = nil) throws -> ProcessResult {
    try ProcessRunner.qrquiz(arguments, environment: environment ?? home.qrquizEnvironment)
  }

  func makeClass() throws {
    let names = home.path("7B.txt")
    try Data("Ada Lovelace\nAlan Turing\nGrace Hopper\n=HYPERLINK(\"x\")\n".utf8).write(to: URL(fileURLWithPath: names))
    let made = try qrquiz(["class", "new", "7B", "--students", names])
    try #require(made.status == 0, "\(made.stderr)")
  }

  @Test func theClassesCardsArePrintedAsPDFAndPNG() throws {
    try makeClass()
    let pdf = home.path("7B.pdf")
    let pngs = home.path("png")
    let printed = try qrquiz(["answer-cards", "print", "--class", "7b", "-o", pdf, "--png", pngs, "--per-page", "4"])
    #expect(printed.status == 0, "\(printed.stderr)")
    #expect(
      printed.stderr.hasPrefix("\(pdf): 4 cards of 7B, 1 page (A4, 4 a page, cards of 88 mm)\n"), "\(printed.stderr)")
    let info = try ProcessRunner.tool("pdfinfo", [pdf])
    #expect(info.stdoutText.contains("Pages:           1"), "\(info.stdoutText)")
    #expect(info.stdoutText.contains("595.276 x 841.89 pts (A4)"), "\(info.stdoutText)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: pngs).sorted() == (1...4).map { "card-\($0).png" })
    let image = try ImageDecoder.decode(contentsOf: URL(fileURLWithPath: pngs + "/card-4.png"))
    #expect(image.width >= 600 && image.height == image.width)
  }

  @Test func aPhotoIsReadWithNamesAndWhoWasNotSeen() throws {
    try makeClass()
    let placements = [
      CardPhotos.Placement(card: 1, answer: .c, centre: CardPoint(x: 200, y: 200), side: 240, lean: 12),
      CardPhotos.Placement(card: 4, answer: .b, centre: CardPoint(x: 520, y: 220), side: 200, lean: -20, held: 25),
      // Not a student of 7B.
      CardPhotos.Placement(card: 9, answer: .a, centre: CardPoint(x: 820, y: 220), side: 200),
    ]
    let photo = home.path("room.jpg")
    try Data(try CardPhotos.jpeg(try CardPhotos.photo(width: 1000, height: 440, placements))).write(
      to: URL(fileURLWithPath: photo))
    let table = try qrquiz(["answer-cards", "scan", "--class", "7B", photo])
    #expect(table.status == 0, "\(table.stderr)")
    let lines = table.stdoutText.split(separator: "\n").map(String.init)
    #expect(lines.count == 4, "\(table.stdoutText)")
    #expect(lines.first?.hasPrefix("\(photo): 2 cards, 1 ignored (1 not in 7B), ") == true, "\(table.stdoutText)")
    #expect(
      Array(lines.dropFirst()) == [
        "   1  C  Ada Lovelace", "   4  B  =HYPERLINK(\"x\")", "  not seen: 2 Alan Turing, 3 Grace Hopper",
      ])
    let json = try qrquiz(["answer-cards", "scan", "--json", "--class", "7B", photo, home.path("missing.jpg")])
    #expect(json.status == 3, "a missing photo: not found")
    let records = json.stdoutText.split(separator: "\n").map { try? JSONParser.parse(Array($0.utf8)) }
    #expect(records.count == 2)
    let first = try #require(records.first ?? nil)
    #expect(first["file"] == .string(photo))
    #expect(first["ignored"] == .number(1))
    guard case .array(let cards) = first["cards"] else {
      Issue.record("no cards: \(json.stdoutText)")
      return
    }
    #expect(cards.map { $0["card"] } == [.number(1), .number(4)])
    #expect(cards.map { $0["answer"] } == [.string("C"), .string("B")])
    #expect(cards.map { $0["name"] } == [.string("Ada Lovelace"), .string("=HYPERLINK(\"x\")")])
    guard case .array(let corners) = cards[0]["corners"] else {
      Issue.record("no corners")
      return
    }
    #expect(corners.count == 4)
    guard case .number = first["ms"] else {
      Issue.record("no ms")
      return
    }
    #expect(records.last??["error"] == .string("No such file or directory"), "\(json.stdoutText)")
  }

  /// Class marks: 8C's printed card 1 (its PNG, as `print` made it) held up beside 7B's card
  /// 2 is "of another class" to 7B and Katherine's card to 8C, never 7B's card 1.
  @Test func anotherClasssCardIsSaidSoAndNeverReadAsThisClasss() throws {
    try makeClass()
    let names = home.path("8C.txt")
    try Data("Katherine Johnson\nTim Berners-Lee\n".utf8).write(to: URL(fileURLWithPath: names))
    try #require(try qrquiz(["class", "new", "8C", "--students", names]).status == 0)
    let pngs = home.path("8C")
    let printed = try qrquiz(["answer-cards", "print", "--class", "8C", "--png", pngs])
    #expect(printed.status == 0 && !printed.stderr.contains("no class mark"), "\(printed.stderr)")
    let katherine = try ImageDecoder.decode(contentsOf: URL(fileURLWithPath: pngs + "/card-1.png"))
    var room = try CardPhotos.photo(
      width: 1000, height: 440,
      [CardPhotos.Placement(card: 2, answer: .a, centre: CardPoint(x: 250, y: 220), side: 240)])
    let held = CardPhotos.Placement(card: 1, answer: .d, centre: CardPoint(x: 700, y: 220), side: 240, lean: 10)
    CardPhotos.draw(katherine, at: held.corners, on: &room)
    let photo = home.path("room.jpg")
    try Data(try CardPhotos.jpeg(room)).write(to: URL(fileURLWithPath: photo))
    let inSevenB = try qrquiz(["answer-cards", "scan", "--class", "7B", photo])
    let sevenB = inSevenB.stdoutText.split(separator: "\n").map(String.init)
    #expect(
      sevenB.first?.hasPrefix("\(photo): 1 card, 1 ignored (1 not in 7B, 1 of another class), ") == true,
      "\(inSevenB.stdoutText)")
    #expect(sevenB.dropFirst().first == "   2  A  Alan Turing", "\(inSevenB.stdoutText)")
    let inEightC = try qrquiz(["answer-cards", "scan", "--class", "8C", photo])
    let eightC = inEightC.stdoutText.split(separator: "\n").map(String.init)
    #expect(eightC.dropFirst().first == "   1  D  Katherine Johnson", "\(inEightC.stdoutText)")
    let marked = try qrquiz(["answer-cards", "mark", "--class", "8c"])
    #expect(marked.status == 0 && marked.stdoutText == "8C: every card carries the class's mark already\n")
    #expect(try qrquiz(["answer-cards", "mark"]).status == 2)
  }

  /// Read `--jobs` at a time, reported in the order given: photo N shows card N answering
  /// the N-th letter, and the lines come back 1, 2, 3 … whichever photo finished first
  /// (the larger ones, first, take longest).
  @Test func photosReadInParallelAreReportedInTheOrderGiven() throws {
    var paths: [String] = []
    for number in 1...6 {
      let width = 1800 - number * 200
      let placement = CardPhotos.Placement(
        card: number, answer: AnswerCard.Letter.allCases[number % 4], centre: CardPoint(x: 150, y: 150), side: 200)
      let path = home.path("photo-\(number).jpg")
      try Data(try CardPhotos.jpeg(try CardPhotos.photo(width: width, height: 400, [placement]))).write(
        to: URL(fileURLWithPath: path))
      paths.append(path)
    }
    let read = try qrquiz(["answer-cards", "scan", "--json", "--jobs", "3"] + paths)
    #expect(read.status == 0, "\(read.stderr)")
    let records = try read.stdoutText.split(separator: "\n").map { try JSONParser.parse(Array($0.utf8)) }
    #expect(records.map { $0["file"] } == paths.map { .string($0) })
    for (number, record) in zip(1..., records) {
      guard case .array(let cards) = record["cards"] else {
        Issue.record("photo \(number): \(read.stdoutText)")
        continue
      }
      #expect(cards.map { $0["card"] } == [.number(number)])
      #expect(cards.map { $0["answer"] } == [.string(AnswerCard.Letter.allCases[number % 4].rawValue)])
    }
  }

  @Test func refusalsAreOneLine() throws {
    let notImage = home.path("notes.jpg")
    try Data("not an image".utf8).write(to: URL(fileURLWithPath: notImage))
    let bad = try qrquiz(["answer-cards", "scan", notImage])
    #expect(bad.status == 1)
    #expect(bad.stdoutText == "\(notImage): not a PNG or JPEG image\n", "\(bad.stdoutText)")
    // A PNG whose header says 100,000 × 100,000 pixels is refused before a pixel is made.
    let huge = home.path("huge.png")
    try Data(PNGBuilder.header(width: 100_000, height: 100_000)).write(to: URL(fileURLWithPath: huge))
    let refused = try qrquiz(["answer-cards", "scan", huge])
    #expect(refused.status == 1)
    #expect(refused.stdoutText.contains("over the limit of 40000000 pixels"), "\(refused.stdoutText)")
    let both = try qrquiz(["answer-cards", "print", "--count", "3", "--class", "7B", "-o", home.path("x.pdf")])
    #expect(both.status == 2)
    #expect(
      both.stderr
        == "qrquiz answer-cards print: --class or --count, not both (see 'qrquiz answer-cards print --help')\n")
    let nowhere = try qrquiz(["answer-cards", "print", "--count", "3"])
    #expect(nowhere.status == 2)
    #expect(nowhere.stderr.contains("say where the cards go: -o FILE.pdf or --png DIR"))
    let tooMany = try qrquiz(["answer-cards", "print", "--count", "477", "-o", home.path("x.pdf")])
    #expect(tooMany.status == 2)
    #expect(!FileManager.default.fileExists(atPath: home.path("x.pdf")))
  }

  @Test func aMachineWithoutLibapriltagOrCairoIsToldInOneLine() throws {
    for name in ["libapriltag.so.3", "libcairo.so.2"] {
      try Data("not a library".utf8).write(to: home.url.appendingPathComponent(name))
    }
    var environment = home.qrquizEnvironment
    environment["LD_LIBRARY_PATH"] = home.url.path
    let scan = try qrquiz(["answer-cards", "scan", Fixtures.url("cards/rotated-6.jpg").path], environment: environment)
    #expect(scan.status != 0)
    #expect(scan.stderr == "libapriltag is not installed (libapriltag.so.3; on Debian: apt-get install libapriltag3)\n")
    let print = try qrquiz(
      ["answer-cards", "print", "--count", "2", "-o", home.path("c.pdf")], environment: environment)
    #expect(print.status != 0)
    #expect(print.stderr.split(separator: "\n").count == 1, "\(print.stderr)")
    #expect(print.stderr.contains("is not installed"), "\(print.stderr)")
    #expect(!FileManager.default.fileExists(atPath: home.path("c.pdf")))
  }
}
