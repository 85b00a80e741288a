import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizCLI

/// `qrquiz sheet`: several topics' codes on A4 or US Letter, captioned, as large as the
/// pages allow and never smaller than a phone reads from a desk; read back topic by topic.
@Suite struct PrintSheetTests {
  let home: TemporaryDirectory

  init() throws { home = try TemporaryDirectory() }

  @Test(arguments: PrintSheet.Paper.allCases) func everyTopicReadsBackFromTheSheet(paper: PrintSheet.Paper) throws {
    let topics = try PrintSheetFixtures.topics()
    let sheet = PrintSheet(codes: try PrintSheetFixtures.codes(topics), paper: paper)
    #expect(sheet.codes.count > topics.count)  // the large one took several codes
    #expect(sheet.moduleMillimetres >= TopicQREncoder.printedModuleMillimetres)
    let pages = (0..<sheet.layout.pages).map { sheet.image(page: $0) }
    let expected = (paper == .a4 ? (2480, 3508) : (2550, 3300))
    #expect(pages.allSatisfy { ($0.width, $0.height) == expected })
    #expect(try PrintSheetFixtures.read(pages) == Set(topics.map(\.normalizedJSON)))
  }

  @Test func codesAreAsLargeAsThePagesAllowAndNoSmallerThanAPhoneReads() throws {
    let small = try TopicQREncoder().encode(bytes: Array("https://192.168.1.20:8080/t/Maths".utf8))
    let dense = try TopicQREncoder().encode(bytes: [UInt8](repeating: 0x41, count: 2_900))
    #expect(dense.size == 177)
    // One code fills the page's width.
    let one = PrintSheet(codes: [.init(matrix: small, caption: "Maths")], paper: .a4)
    #expect(one.layout == .init(columns: 1, rows: 1, side: 186, pages: 1))
    for matrix in [small, dense] {
      for count in [1, 2, 5, 12, 30] {
        for paper in PrintSheet.Paper.allCases {
          let sheet = PrintSheet(
            codes: Array(repeating: .init(matrix: matrix, caption: "Maths"), count: count), paper: paper)
          #expect(sheet.moduleMillimetres >= TopicQREncoder.printedModuleMillimetres)
          #expect(sheet.layout.columns * sheet.layout.rows * sheet.layout.pages >= count)
          // Inside the margins, no two cells overlapping.
          let band = PrintSheet.band(sheet.codes)
          let cells = (0..<count).map { sheet.cellOrigin($0) }
          for (index, cell) in cells.enumerated() {
            #expect(cell.x >= PrintSheet.pageMargin - 0.001 && cell.y >= PrintSheet.pageMargin - 0.001)
            #expect(cell.x + sheet.layout.side <= paper.millimetres.width - PrintSheet.pageMargin + 0.001)
            #expect(cell.y + sheet.layout.side + band <= paper.millimetres.height - PrintSheet.pageMargin + 0.001)
            let samePage = sheet.codes(onPage: index / (sheet.layout.columns * sheet.layout.rows))
            for other in samePage where other > index {
              let apart =
                abs(cells[other].x - cell.x) >= sheet.layout.side
                || abs(cells[other].y - cell.y) >= sheet.layout.side + band
              #expect(apart, "\(count) codes on \(paper): \(index) and \(other)")
            }
          }
        }
      }
    }
    // A version-40 code needs 148 mm: one a page, on either paper.
    #expect(
      PrintSheet(codes: Array(repeating: .init(matrix: dense, caption: "D"), count: 3), paper: .letter).layout.pages
        == 3)
  }

  @Test func theSVGIsSizedInMillimetresAndThePNGSaysItsResolution() throws {
    let sheet = PrintSheet(
      codes: try PrintSheetFixtures.codes(Array(try PrintSheetFixtures.topics().prefix(3))), paper: .letter)
    let svg = try SVGElements(sheet.svg(page: 0))
    #expect(svg.root["width"] == "215.9mm" && svg.root["height"] == "279.4mm")
    #expect(svg.root["viewBox"] == "0 0 215.9 279.4")
    #expect(svg.texts.map(\.content) == ["People", "Cool Social topic", "Technology"])
    let png = try sheet.pngData(page: 0)
    let chunk = try #require(png.firstRange(of: Array("pHYs".utf8)))
    // 300 dpi is 11,811 pixels a metre, both ways; the unit is the metre.
    #expect(Array(png[chunk.upperBound..<chunk.upperBound + 9]) == [0, 0, 0x2E, 0x23, 0, 0, 0x2E, 0x23, 1])
    #expect(try PrintSheetFixtures.read([try ImageDecoder.decode(png)]).count == 3)
  }

  @Test func theCommandWritesEveryPageOrNothing() async throws {
    let topics = try PrintSheetFixtures.topics()
    var files: [String] = []
    for (index, topic) in topics.enumerated() {
      let path = home.path("topic-\(index).json")
      try Data(topic.normalizedJSON.utf8).write(to: URL(fileURLWithPath: path))
      files.append(path)
    }
    let output = home.path("codes.png")
    #expect(await QRQuizCLI.run(["sheet"] + files + ["--paper", "a4", "-o", output]) == .success)
    let pages = try FileManager.default.contentsOfDirectory(atPath: home.url.path).filter { $0.hasPrefix("codes") }
      .sorted()
    let count = PrintSheet(codes: try PrintSheetFixtures.codes(topics), paper: .a4).layout.pages
    #expect(count > 1)
    #expect(pages == (1...count).map { "codes-\($0).png" })
    let images = try pages.map { try ImageDecoder.decode(Array(Data(contentsOf: home.url.appendingPathComponent($0)))) }
    #expect(try PrintSheetFixtures.read(images) == Set(topics.map(\.normalizedJSON)))

    // A topic that cannot be read: reported, and nothing written.
    let missing = home.path("missing.json")
    #expect(await QRQuizCLI.run(["sheet", files[0], missing, "-o", home.path("none.svg")]) == .notFound)
    let broken = home.path("broken.json")
    try Data(#"{"sets":[[]]}"#.utf8).write(to: URL(fileURLWithPath: broken))
    #expect(await QRQuizCLI.run(["sheet", files[0], broken, "-o", home.path("none.svg")]) == .invalidInput)
    #expect(!FileManager.default.fileExists(atPath: home.path("none.svg")))
    for wrong in ["sheet.pdf", "sheet.txt", "-"] {
      #expect(await QRQuizCLI.run(["sheet", files[0], "-o", wrong == "-" ? wrong : home.path(wrong)]) == .usage)
    }
    #expect(await QRQuizCLI.run(["sheet", files[0]]) == .usage)
    #expect(!FileManager.default.fileExists(atPath: home.path("sheet.pdf")))
    // One page: the name given, in SVG, captions off when asked.
    let svg = home.path("one.svg")
    #expect(
      await QRQuizCLI.run(["sheet", files[0], files[1], "--no-caption", "--paper", "letter", "-o", svg]) == .success)
    let document = try SVGElements(String(contentsOfFile: svg, encoding: .utf8))
    #expect(document.texts.isEmpty && document.root["width"] == "215.9mm")
  }

  @Test func thePaperIsAskedForElseTheSystemsElseA4() {
    let letter = SheetCommand.paper(given: nil, environment: ["PAPERSIZE": "Letter"], systemDefault: "a4\n")
    #expect(letter.0 == .letter && letter.note == nil)
    #expect(SheetCommand.paper(given: nil, environment: [:], systemDefault: "# libpaper\nletter\n").0 == .letter)
    #expect(SheetCommand.paper(given: .a4, environment: ["PAPERSIZE": "letter"], systemDefault: nil).0 == .a4)
    #expect(SheetCommand.paper(given: nil, environment: [:], systemDefault: nil).0 == .a4)
    let legal = SheetCommand.paper(given: nil, environment: ["PAPERSIZE": "legal"], systemDefault: nil)
    #expect(legal.0 == .a4)
    #expect(legal.note == "PAPERSIZE says legal: qrquiz prints a4 or letter; using A4 (see --paper)")
  }
}
