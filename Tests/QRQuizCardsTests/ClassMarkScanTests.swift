import Foundation
import QRQuizTestPhotos
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizCards
@testable import QRQuizClassroom

/// Class marks read from photos: two classes' cards printed by the printer with the codes
/// the records give them, photographed together, each class's scan reading its own cards
/// and saying the other's are another class's, never its card of the same number.
@Suite struct ClassMarkScanTests {
  let directory: TemporaryDirectory
  let store: ClassRosterStore
  let scanner: AnswerCardScanner

  init() throws {
    directory = try TemporaryDirectory()
    store = ClassRosterStore(records: try directory.records())
    try store.create(try ClassRoster(name: "7B", students: ["Ada", "Alan", "Grace"]))
    try store.create(try ClassRoster(name: "8C", students: ["Katherine", "Tim", "Barbara"]))
    // No time limit: what these tests prove is what is read, never how fast.
    scanner = try AnswerCardScanner(timeLimit: .infinity)
  }

  /// A class's printed cards, by number, and the set its scans read.
  func printed(_ name: String) throws -> (cards: [Int: AnswerCard], set: AnswerCardSet) {
    let codes = try store.cardCodes(of: name)
    let cards = AnswerCard.cards(of: try store.roster(named: name), codes: codes)
    let set = AnswerCardSet(
      cardsByCode: Dictionary(uniqueKeysWithValues: cards.map { ($0.code, $0.number) }),
      otherClassCodes: codes.otherClasses)
    return (Dictionary(uniqueKeysWithValues: cards.map { ($0.number, $0) }), set)
  }

  /// A photo of `cards` held up side by side.
  func photo(_ cards: [(AnswerCard, AnswerCard.Letter)]) throws -> GrayImage {
    let placements = cards.enumerated().map { index, card in
      CardPhotos.Placement(
        printed: card.0, answer: card.1, centre: CardPoint(x: 170 + Double(index % 4) * 300, y: 200), side: 240,
        lean: Double(index % 3) * 8 - 8)
    }
    return try ImageDecoder.decode(
      try CardPhotos.jpeg(try CardPhotos.photo(width: 1280, height: 420, placements)))
  }

  @Test func eachClassReadsItsOwnCardsAndNotTheOtherClassesCardOfTheSameNumber() throws {
    let (sevenB, sevenBSet) = try printed("7B")
    let (eightC, eightCSet) = try printed("8C")
    #expect(sevenB[1]?.code != eightC[1]?.code, "two classes' card 1 carry different codes")
    // 7B's cards 1 and 2 up beside 8C's cards 1 and 3, in one photo.
    let held = [
      (try #require(sevenB[1]), AnswerCard.Letter.b), (try #require(eightC[1]), .a), (try #require(sevenB[2]), .c),
      (try #require(eightC[3]), .d),
    ]
    let room = try photo(held)
    let inSevenB = try scanner.scan(room, of: sevenBSet)
    #expect(inSevenB.cards.map(\.card) == [1, 2])
    #expect(inSevenB.cards.map(\.answer) == [.b, .c], "8C's card 1 (A) is not 7B's card 1 (B)")
    #expect(inSevenB.ignored.otherClass == 2 && inSevenB.ignored.notInClass == 2)
    let inEightC = try scanner.scan(room, of: eightCSet)
    #expect(inEightC.cards.map(\.card) == [1, 3])
    #expect(inEightC.cards.map(\.answer) == [.a, .d])
    #expect(inEightC.ignored.otherClass == 2)
    // Read without a class, a card is its code: never 7B's or 8C's card 1.
    let unclassed = try scanner.scan(room)
    #expect(unclassed.cards.map(\.card) == held.map(\.0.code).sorted())
  }

  @Test func cardsWithoutAMarkReadAsBeforeAndNeverAsAnotherClasssCard() throws {
    // `answer-cards print --count 3`: cards 1 to 3 carrying codes 1 to 3, as every card did.
    let room = try photo([(try AnswerCard(number: 1), .a), (try AnswerCard(number: 3), .d)])
    let scan = try scanner.scan(room)
    #expect(scan.cards.map(\.card) == [1, 3] && scan.cards.map(\.answer) == [.a, .d])
    let asACardSet = try scanner.scan(room, of: AnswerCardSet(cards: [1, 2, 3]))
    #expect(asACardSet.cards.map(\.card) == [1, 3])
    // The data folder's first class, 7B, carries codes 1 to 3: its cards read as before.
    let (_, sevenBSet) = try printed("7B")
    #expect(try scanner.scan(room, of: sevenBSet).cards.map(\.card) == [1, 3])
    // In 8C's game they are another class's cards (7B's codes), never 8C's cards 1 and 3.
    let (_, eightCSet) = try printed("8C")
    let inEightC = try scanner.scan(room, of: eightCSet)
    #expect(inEightC.cards.isEmpty && inEightC.ignored.notInClass == 2 && inEightC.ignored.otherClass == 2)
  }

  @Test func aClassCardCarriesItsCodeAndKeepsItsNumber() throws {
    let card = try AnswerCard(number: 3, code: 470, name: "Grace", className: "7B")
    #expect(card.number == 3 && card.code == 470 && card.tagID == AnswerCardCode.tagID(forCard: 470))
    #expect(try AnswerCard(number: 3).code == 3)
    #expect(throws: AnswerCard.Problem.noSuchCard(477)) { try AnswerCard(number: 3, code: 477) }
    let scan = try scanner.scan(try photo([(card, .b)]), of: AnswerCardSet(cardsByCode: [470: 3]))
    #expect(scan.cards.map(\.card) == [3] && scan.cards.first?.answer == .b)
  }
}
