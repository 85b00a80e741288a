import Foundation
import Testing

@testable import QRQuiz
@testable import QRQuizCards

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
    let scan = try AnswerCardScanner().scan(image)
    #expect(scan.cards.map(\.card) == [12])
    #expect(scan.cards.first?.answer == .a)
    // White around the marker: its border of one cell, and the card's margin.
    let cell = 640.0 * 0.6 / 8
    for offset in stride(from: 0.0, through: 640, by: 8) {
      #expect(image[Int(offset).clamped(to: 0...639), Int(128 - cell / 2)] > 200, "the white border above the marker")
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
