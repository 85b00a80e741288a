import Foundation
import QRQuizTestPhotos
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizCards
@testable import QRQuizClassroom

/// Reading answer cards: the letter on top in every turn, mirrored images giving nothing
/// wrong, whole classes in one photo, and what is ignored, with libapriltag itself.
@Suite struct AnswerCardScanTests {
  let scanner: AnswerCardScanner

  /// No time limit: what these tests prove is what is read, never how fast.
  init() throws { scanner = try AnswerCardScanner(timeLimit: .infinity) }

  /// A photo of one card, turned so `answer` is on top.
  func photo(of card: Int, answer: AnswerCard.Letter, lean: Double = 0, held: Double = 0) throws -> GrayImage {
    try CardPhotos.photo(
      width: 480, height: 480,
      [
        CardPhotos.Placement(
          card: card, answer: answer, centre: CardPoint(x: 240, y: 240), side: 260, lean: lean, held: held)
      ])
  }

  @Test(arguments: AnswerCard.Letter.allCases, [-25.0, 0, 25])
  func eachTurnGivesTheLetterOnTop(_ answer: AnswerCard.Letter, lean: Double) throws {
    let scan = try scanner.scan(try photo(of: 7, answer: answer, lean: lean, held: 30))
    #expect(scan.cards.map(\.card) == [7])
    #expect(scan.cards.first?.answer == answer)
  }

  @Test func theCleanPNGTurnedByQuarterTurnsGivesAThenDThenCThenB() throws {
    let card = try CardPhotos.card(3)
    // Turned clockwise a quarter, the card's left edge (D) is on top.
    let expected: [AnswerCard.Letter] = [.a, .d, .c, .b]
    for turns in 0..<4 {
      let scan = try scanner.scan(card.rotated(quarterTurns: turns))
      #expect(scan.cards.map(\.answer) == [expected[turns]], "turned \(turns) quarter(s)")
    }
  }

  @Test func cornersStartBetweenDAndAAndGoClockwise() throws {
    let card = try CardPhotos.card(3)
    let upright = try #require(try scanner.scan(card).cards.first)
    // The marker spans 0.2 to 0.8 of the card's 600 pixels.
    let expected = [(120.0, 120.0), (480, 120), (480, 480), (120, 480)]
    for (corner, (x, y)) in zip(upright.corners, expected) {
      #expect(abs(corner.x - x) < 2 && abs(corner.y - y) < 2, "\(upright.corners)")
    }
    // Turned a quarter clockwise: the corner between D and A is now at the top right.
    let turned = try #require(try scanner.scan(card.rotated(quarterTurns: 1)).cards.first)
    #expect(abs(turned.corners[0].x - 480) < 2 && abs(turned.corners[0].y - 120) < 2, "\(turned.corners)")
  }

  @Test func aCardHeldBetweenTwoLettersIsIgnoredNotGuessed() throws {
    let scan = try scanner.scan(try photo(of: 5, answer: .a, lean: 45))
    #expect(scan.cards.isEmpty)
    #expect(scan.ignored.betweenLetters == 1)
  }

  @Test func mirroredPhotosGiveNoCardAndReadUnmirroredWhenSaidSo() throws {
    // Every card number a class of 40 uses, in every turn, seen in a mirror.
    var placements: [CardPhotos.Placement] = []
    for card in 1...40 {
      let answer = AnswerCard.Letter.allCases[card % 4]
      let centre = CardPoint(x: Double((card - 1) % 8) * 150 + 80, y: Double((card - 1) / 8) * 150 + 80)
      placements.append(CardPhotos.Placement(card: card, answer: answer, centre: centre, side: 130, lean: 10))
    }
    let photo = try CardPhotos.photo(width: 1220, height: 760, placements)
    let plain = try scanner.scan(photo)
    #expect(plain.cards.count == 40, "the photo reads unmirrored: \(plain.cards.map(\.card))")
    let mirrored = photo.mirrored()
    #expect(try scanner.scan(mirrored).cards.isEmpty)
    let undone = try scanner.scan(mirrored, mirrored: true)
    #expect(undone.cards.map(\.card) == plain.cards.map(\.card))
    #expect(undone.cards.map(\.answer) == plain.cards.map(\.answer))
    // Corners in the mirrored image's own pixels.
    for (seen, original) in zip(undone.cards, plain.cards) {
      #expect(abs(seen.corners[0].x - (1220 - original.corners[0].x)) < 1)
    }
  }

  @Test func everyCardCodeSeenInAMirrorIsFarFromEveryCardsCode() throws {
    // The table's own rule, recomputed from libapriltag's drawings of the codes: a mirror
    // image in any turn is at least mirrorDistance bits from every card's code in any turn.
    let codes = try AnswerCardCode.tagIDs.map { try AprilTagCells(tagID: $0).dataBits }
    let mirrored = codes.map(Self.mirroredTurns)
    for index in codes.indices {
      for other in codes {
        #expect(
          Self.distance(mirrored[index], Self.packed(other)) >= AnswerCardCode.mirrorDistance, "card \(index + 1)")
      }
    }
    #expect(codes.count == ClassRoster.cardNumbers.count)
    #expect(try AprilTagCells.codeCount() == 587)
  }

  @Test func theCodeTableTakesTheMirrorSafeCodesInTheFamilysOrder() throws {
    let all = try (0..<AprilTagCells.codeCount()).map { try AprilTagCells(tagID: $0).dataBits }
    let mirrored = all.map(Self.mirroredTurns)
    let packed = all.map(Self.packed)
    var chosen: [Int] = []
    for candidate in all.indices {
      guard Self.distance(mirrored[candidate], packed[candidate]) >= AnswerCardCode.mirrorDistance else { continue }
      if chosen.allSatisfy({ Self.distance(mirrored[candidate], packed[$0]) >= AnswerCardCode.mirrorDistance }) {
        chosen.append(candidate)
      }
    }
    #expect(chosen == AnswerCardCode.tagIDs)
  }

  /// A 6 × 6 grid of bits as the low 36 bits of a number, row by row: the tests compare
  /// codes by the hundred thousand, so a distance is one XOR and a bit count.
  static func packed(_ bits: [Bool]) -> UInt64 {
    bits.enumerated().reduce(0) { $1.element ? $0 | 1 << UInt64($1.offset) : $0 }
  }

  /// `bits` mirrored, in its four quarter turns, packed.
  static func mirroredTurns(_ bits: [Bool]) -> [UInt64] { turns(mirror(bits)).map(packed) }

  /// The fewest bits in which any of `turns` differs from `code`.
  static func distance(_ turns: [UInt64], _ code: UInt64) -> Int { turns.map { ($0 ^ code).nonzeroBitCount }.min()! }

  /// A 6 × 6 grid of bits, mirrored left to right.
  static func mirror(_ bits: [Bool]) -> [Bool] { (0..<36).map { bits[($0 / 6) * 6 + 5 - $0 % 6] } }

  /// A 6 × 6 grid in its four quarter turns.
  static func turns(_ bits: [Bool]) -> [[Bool]] {
    var turned = [bits]
    for _ in 1..<4 {
      let last = turned.last!
      turned.append((0..<36).map { last[(5 - $0 % 6) * 6 + $0 / 6] })
    }
    return turned
  }
}

extension AprilTagCells {
  /// The 6 × 6 data cells inside the black border, row by row.
  var dataBits: [Bool] { (2..<8).flatMap { row in (2..<8).map { self[row, $0] } } }
}
