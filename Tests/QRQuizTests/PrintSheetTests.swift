import Foundation
import Testing

@testable import QRQuiz
@testable import QRQuizCLI

/// `qrquiz sheet`: several topics' codes on A4 or US Letter, captioned, as large as the
/// pages allow and never smaller than a phone reads from a desk; read back topic by topic.
@Suite struct PrintSheetTests {
  let home: TemporaryDirectory

  init() throws { home = try TemporaryDirectory() }

  /// Topics a teacher would print together: the samples, a Spanish and a Japanese name,
  /// a hostile one, and one too large for one code (compact symbols).
  static func topics() throws -> [ValidTopic] {
    var generator = TopicGenerator(seed: 11)
    let people = try Fixtures.sampleValidTopic("People")
    return try Fixtures.sampleTopicNames.filter { $0 != "ImagesTest" }.map { try Fixtures.sampleValidTopic($0) } + [
      try ValidTopic(people.topic.renamed("Geografía de España")),
      try ValidTopic(people.topic.renamed("数学の問題")),
      try ValidTopic(people.topic.renamed("<script>alert(1)</script>\u{202E} & \"x\"")),
      try ValidTopic(generator.topic(atMost: 6_000, name: "Historia del mundo")),
    ]
  }

  static func codes(_ topics: [ValidTopic]) throws -> [PrintSheet.Code] {
    try topics.flatMap { topic in
      let matrices = try TopicQREncoder().encode(topic).matrices
      return matrices.enumerated().map {
        PrintSheet.Code(matrix: $1, caption: topic.name, part: ($0 + 1, matrices.count))
      }
    }
  }

  /// The topics read from `images` by our own reader, as normalised JSON.
  static func read(_ images: [GrayImage]) throws -> Set<String> {
    var collector = TopicCollector()
    for (index, image) in images.enumerated() {
      for symbol in QRCodeReader().symbols(in: image) { try collector.add(symbol, from: "page \(index + 1)") }
    }
    return Set(
      try collector.finish().compactMap { entry in
        if case .topic(let topic, _) = entry { topic.normalizedJSON } else { nil }
      })
  }

  @Test(arguments: PrintSheet.Paper.allCases) func everyTopicReadsBackFromTheSheet(paper: PrintSheet.Paper) throws {
    let topics = try Self.topics()
    let sheet = PrintSheet(codes: try Self.codes(topics), paper: paper)
    #expect(sheet.codes.count > topics.count)  // the large one took several codes
    #expect(sheet.moduleMillimetres >= TopicQREncoder.printedModuleMillimetres)
    let pages = (0..<sheet.layout.pages).map { sheet.image(page: $0) }
    let expected = (paper == .a4 ? (2480, 3508) : (2550, 3300))
    #expect(pages.allSatisfy { ($0.width, $0.height) == expected })
    #expect(try Self.read(pages) == Set(topics.map(\.normalizedJSON)))
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
    let sheet = PrintSheet(codes: try Self.codes(Array(try Self.topics().prefix(3))), paper: .letter)
    let svg = try SVGElements(sheet.svg(page: 0))
    #expect(svg.root["width"] == "215.9mm" && svg.root["height"] == "279.4mm")
    #expect(svg.root["viewBox"] == "0 0 215.9 279.4")
    #expect(svg.texts.map(\.content) == ["People", "Cool Social topic", "Technology"])
    let png = try sheet.pngData(page: 0)
    let chunk = try #require(png.firstRange(of: Array("pHYs".utf8)))
    // 300 dpi is 11,811 pixels a metre, both ways; the unit is the metre.
    #expect(Array(png[chunk.upperBound..<chunk.upperBound + 9]) == [0, 0, 0x2E, 0x23, 0, 0, 0x2E, 0x23, 1])
    #expect(try Self.read([try ImageDecoder.decode(png)]).count == 3)
  }

  @Test func theCommandWritesEveryPageOrNothing() async throws {
    let topics = try Self.topics()
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
    let count = PrintSheet(codes: try Self.codes(topics), paper: .a4).layout.pages
    #expect(count > 1)
    #expect(pages == (1...count).map { "codes-\($0).png" })
    let images = try pages.map { try ImageDecoder.decode(Array(Data(contentsOf: home.url.appendingPathComponent($0)))) }
    #expect(try Self.read(images) == Set(topics.map(\.normalizedJSON)))

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

extension Topic {
  /// The topic under another name.
  func renamed(_ name: String) -> Topic {
    var topic = self
    var options = topic.options ?? Topic.Options()
    options.name = name
    topic.options = options
    return topic
  }
}

/// `qrquiz sheet` and `encode --caption` as a teacher runs them: what they are told, and
/// the printed pages read by zbarimg as by our own reader.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct SheetCLITests {
  let home: TemporaryDirectory

  init() throws { home = try TemporaryDirectory() }

  func qrquiz(_ arguments: [String]) throws -> ProcessResult {
    try ProcessRunner.qrquiz(arguments, environment: home.qrquizEnvironment)
  }

  @Test(arguments: PrintSheet.Paper.allCases) func zbarimgReadsEveryCodeOfTheSheet(paper: PrintSheet.Paper) throws {
    let topics = try PrintSheetTests.topics()
    var files: [String] = []
    for (index, topic) in topics.enumerated() {
      let path = home.path("topic-\(index).json")
      try Data(topic.normalizedJSON.utf8).write(to: URL(fileURLWithPath: path))
      files.append(path)
    }
    let made = try qrquiz(["sheet"] + files + ["--paper", paper.rawValue, "-o", home.path("codes.png")])
    #expect(made.status == 0, "\(made.stderr)")
    let sheet = PrintSheet(codes: try PrintSheetTests.codes(topics), paper: paper)
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
    #expect(Set(zbarTexts) == Set(images.flatMap { QRCodeReader().symbols(in: $0).map(\.text) }))
    let appForm = Set(zbarTexts.filter { $0.hasPrefix("{") })
    #expect(appForm == Set(topics.prefix(6).map(\.normalizedJSON)))
    #expect(try PrintSheetTests.read(images) == Set(topics.map(\.normalizedJSON)))
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
