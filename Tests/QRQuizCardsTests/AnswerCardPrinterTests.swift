import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizCards
@testable import QRQuizClassroom

/// The cards a teacher prints: vector pages with cut marks on A4 or Letter, and PNGs that
/// read back as the card they are, upright.
@Suite struct AnswerCardPrinterTests {
  static func cards(_ count: Int) throws -> [AnswerCard] {
    try (1...count).map { try AnswerCard(number: $0, name: "Student \($0)", className: "7B") }
  }

  /// How many times `text` occurs in `bytes`.
  static func occurrences(of text: String, in bytes: [UInt8]) -> Int {
    let needle = Array(text.utf8)
    guard bytes.count >= needle.count else { return 0 }
    return (0...(bytes.count - needle.count)).filter {
      bytes[$0] == needle[0] && Array(bytes[$0..<$0 + needle.count]) == needle
    }.count
  }

  @Test(arguments: [(1, 3), (2, 2), (4, 1)])
  func pagesHoldOneTwoOrFourCards(perPage: Int, pages: Int) throws {
    let pdf = try AnswerCardPrinter(paper: .a4, cardsPerPage: perPage).pdf(
      try Self.cards(perPage == 1 ? 3 : perPage == 2 ? 4 : 4))
    #expect(pdf.starts(with: Array("%PDF-".utf8)))
    // One page object a page (and one /Pages tree).
    #expect(Self.occurrences(of: "/Type /Page\n", in: pdf) + Self.occurrences(of: "/Type /Page ", in: pdf) == pages)
    // Vector: no picture anywhere in the file.
    #expect(Self.occurrences(of: "/Subtype /Image", in: pdf) == 0)
  }

  @Test func paperSizesAreA4AndLetter() throws {
    let a4 = try AnswerCardPrinter(paper: .a4).pdf(try Self.cards(1))
    let letter = try AnswerCardPrinter(paper: .letter).pdf(try Self.cards(1))
    #expect(Self.occurrences(of: "/MediaBox [ 0 0 595.", in: a4) == 1)
    #expect(Self.occurrences(of: "/MediaBox [ 0 0 612 792 ]", in: letter) == 1)
    #expect(AnswerCardPrinter(paper: .a4, cardsPerPage: 1).cardSide.rounded() == 185)
    #expect(AnswerCardPrinter(paper: .a4, cardsPerPage: 2).cardSide.rounded() == 129)
    #expect(AnswerCardPrinter(paper: .a4, cardsPerPage: 4).cardSide.rounded() == 88)
    #expect(AnswerCardPrinter(paper: .letter, cardsPerPage: 2).cardSide.rounded() == 120)
  }

  @Test func aPNGIsTheCardUprightAtItsSize() throws {
    let card = try AnswerCard(number: 12, name: "María José Fernández-Castañeda", className: "Year 9 Spanish")
    let png = try AnswerCardPrinter.png(card, side: 640)
    let image = try ImageDecoder.decode(png)
    #expect(image.width == 640 && image.height == 640)
    let scan = try AnswerCardScanner(timeLimit: .infinity).scan(image)
    #expect(scan.cards.map(\.card) == [12])
    #expect(scan.cards.first?.answer == .a)
    // White around the marker: its border of one cell, and the card's margin.
    let cell = 640.0 * 0.6 / 8
    for offset in stride(from: 0.0, through: 640, by: 8) {
      #expect(image[Int(offset).clamped(to: 0...639), Int(128 - cell / 2)] > 200, "the white border above the marker")
    }
  }

  /// The printed page as a printer sees it (poppler's renderer at 288 dpi, 4 px a point):
  /// both lines of each corner's cut mark are ink, the page outside them paper, and the
  /// page's cards read back upright.
  @Test func aPrintedPageHasCutMarksAtEveryCornerAndReadsBack() throws {
    let folder = try TemporaryDirectory()
    let printer = AnswerCardPrinter(paper: .a4, cardsPerPage: 4)
    try Data(try printer.pdf(try Self.cards(4))).write(to: folder.url.appendingPathComponent("cards.pdf"))
    let rendered = try ProcessRunner.tool(
      "pdftoppm", ["-r", "288", "-gray", "-png", "-singlefile", folder.path("cards.pdf"), folder.path("page")])
    try #require(rendered.status == 0, "\(rendered.stderr)")
    let page = try ImageDecoder.decode(contentsOf: folder.url.appendingPathComponent("page.png"))
    let scale = 4.0
    /// The darkest pixel within a pixel of a point given in points.
    func darkest(_ x: Double, _ y: Double) -> UInt8 {
      var value: UInt8 = 255
      for dy in -1...1 {
        for dx in -1...1 { value = min(value, page[Int(x * scale) + dx, Int(y * scale) + dy]) }
      }
      return value
    }
    let (columns, rows, side) = printer.grid
    let left = (printer.paper.size.width - Double(columns) * side - AnswerCardPrinter.gutter) / 2
    let top =
      (printer.paper.size.height - AnswerCardPrinter.footerHeight - Double(rows) * side
        - AnswerCardPrinter.gutter) / 2
    let along = AnswerCardPrinter.markGap + AnswerCardPrinter.markLength / 2
    for index in 0..<4 {
      let x = left + Double(index % 2) * (side + AnswerCardPrinter.gutter)
      let y = top + Double(index / 2) * (side + AnswerCardPrinter.gutter)
      for (cornerX, cornerY) in [(x, y), (x + side, y), (x + side, y + side), (x, y + side)] {
        let outX = cornerX == x ? -1.0 : 1
        let outY = cornerY == y ? -1.0 : 1
        #expect(darkest(cornerX + outX * along, cornerY) < 170, "card \(index + 1): the mark along its top or bottom")
        #expect(darkest(cornerX, cornerY + outY * along) < 170, "card \(index + 1): the mark along its side")
        #expect(darkest(cornerX + outX * along, cornerY + outY * along) > 245, "card \(index + 1): paper outside")
      }
    }
    let scan = try AnswerCardScanner(timeLimit: .infinity).scan(page)
    #expect(scan.cards.map(\.card) == [1, 2, 3, 4])
    #expect(scan.cards.allSatisfy { $0.answer == .a })
  }

  /// Each edge carries its own letter, upright when that edge is on top: the glyph at each
  /// edge, seen with that edge up, is most like that letter drawn upright by itself.
  @Test func eachEdgeCarriesItsLetterUprightWhenThatEdgeIsOnTop() throws {
    let side = 800
    let card = try ImageDecoder.decode(try AnswerCardPrinter.png(try AnswerCard(number: 5), side: side))
    let size = AnswerCardLayout.letterSize * Double(side)
    let box = Int(size * 1.3)
    /// The ink of a `box`-pixel square around `centre`, seen turned `turns` quarter turns
    /// clockwise (the edge a letter faces on top).
    func ink(_ image: GrayImage, centre: CardPoint, turns: Int) -> [Bool] {
      let angle = Double(turns) * .pi / 2
      var bits: [Bool] = []
      for v in 0..<box {
        for u in 0..<box {
          let du = Double(u - box / 2) + 0.5
          let dv = Double(v - box / 2) + 0.5
          let x = centre.x + du * cos(angle) - dv * sin(angle)
          let y = centre.y + du * sin(angle) + dv * cos(angle)
          bits.append(image[Int(x), Int(y)] < 128)
        }
      }
      return bits
    }
    let references = try AnswerCard.Letter.allCases.map { letter in
      let canvas = try CardCanvas(.png(width: box, height: box))
      let middle = Double(box / 2)
      canvas.text(
        letter.rawValue, size: size, bold: true,
        at: CardPoint(x: middle, y: middle + size * AnswerCardLayout.capitalHeight / 2))
      let image = try ImageDecoder.decode(try canvas.finish())
      return ink(image, centre: CardPoint(x: middle, y: middle), turns: 0)
    }
    for (index, letter) in AnswerCard.Letter.allCases.enumerated() {
      let angle = Double(index) * .pi / 2
      let reach = 0.5 - AnswerCardLayout.letterInset
      let centre = CardPoint(x: Double(side) * (0.5 + reach * sin(angle)), y: Double(side) * (0.5 - reach * cos(angle)))
      let seen = ink(card, centre: centre, turns: index)
      let inked = seen.filter { $0 }.count
      #expect(inked > box * box / 20, "\(letter): \(inked) pixels of ink")
      let distances = references.map { reference in zip(seen, reference).filter { $0 != $1 }.count }
      let nearest = distances.indices.min { distances[$0] < distances[$1] }
      #expect(
        nearest == index, "\(letter) on its edge looks like \(AnswerCard.Letter.allCases[nearest ?? 0]): \(distances)")
      #expect(distances[index] * 3 < inked, "\(letter): \(distances[index]) pixels differ")
    }
  }

  @Test func everyCardNumberHasACardAndNoOtherDoes() throws {
    #expect(throws: AnswerCard.Problem.noSuchCard(0)) { try AnswerCard(number: 0) }
    #expect(throws: AnswerCard.Problem.noSuchCard(477)) { try AnswerCard(number: 477) }
    #expect(try AnswerCard(number: 476).number == 476)
    #expect(throws: AnswerCardPrinter.Error.noCards) { try AnswerCardPrinter().pdf([]) }
  }

  @Test func aClassesCardsCarryItsStudentsNamesInCardOrder() throws {
    var roster = try ClassRoster(name: "7B", students: ["Ada", "Alan", "Grace"])
    try roster.remove(.card(2))
    let cards = AnswerCard.cards(of: roster)
    #expect(cards.map(\.number) == [1, 3])
    #expect(cards.map(\.name) == ["Ada", "Grace"])
    #expect(cards.allSatisfy { $0.className == "7B" })
  }
}

extension Int {
  fileprivate func clamped(to range: ClosedRange<Int>) -> Int {
    Swift.min(range.upperBound, Swift.max(range.lowerBound, self))
  }
}
