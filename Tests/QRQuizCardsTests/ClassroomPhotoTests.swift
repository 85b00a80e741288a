import Foundation
import QRQuizTestPhotos
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizCards

/// Print → PNG → a photo of the room → scan: the same cards and answers come back, and what
/// is not a card of the class (or shows two answers) is left out and counted.
@Suite struct ClassroomPhotoTests {
  let scanner: AnswerCardScanner

  /// No time limit: what these tests prove is what is read, never how fast, which a busy
  /// machine would decide (the limit has its test, `aTimeLimitHoldsWhateverTheImage`).
  init() throws { scanner = try AnswerCardScanner(timeLimit: .infinity) }

  /// Thirty cards in rows, the back rows smaller, each its own answer, lean and angle.
  static func room(seed: UInt64) -> [CardPhotos.Placement] {
    var random = SeededRandom(seed: seed)
    var placements: [CardPhotos.Placement] = []
    for row in 0..<5 {
      let side = 70.0 + Double(row) * 35  // markers of 42 to 126 pixels
      for column in 0..<6 {
        let card = row * 6 + column + 1
        placements.append(
          CardPhotos.Placement(
            card: card, answer: AnswerCard.Letter.allCases.randomElement(using: &random)!,
            centre: CardPoint(x: 110 + Double(column) * 300, y: 70 + Double(row) * 100 + Double(row * row) * 25),
            side: side, lean: Double.random(in: -25...25, using: &random),
            held: Double.random(in: -35...35, using: &random)))
      }
    }
    return placements
  }

  @Test(arguments: [1, 2] as [UInt64])
  func aPhotoOfTheRoomGivesEveryCardAndItsAnswer(seed: UInt64) throws {
    let placements = Self.room(seed: seed)
    let photo = try CardPhotos.photo(width: 1920, height: 1080, placements, seed: seed, blurs: 1, noise: 8)
    let scan = try scanner.scan(imageData: try CardPhotos.jpeg(photo, quality: 75))
    #expect(scan.cards.map(\.card) == placements.map(\.card).sorted())
    for placement in placements {
      #expect(scan.cards.first { $0.card == placement.card }?.answer == placement.answer, "card \(placement.card)")
    }
    #expect(scan.ignored.total == 0)
  }

  /// Markers are looked for on several levels of the image's pyramid, each level a range of
  /// sizes: every size is found, whichever level it falls on and wherever the level's
  /// pixels fall (four cards a photo, each a few pixels further along).
  @Test(arguments: [24.0, 40, 64, 100, 130, 150, 170, 200, 300, 450])
  func everyMarkerSizeIsFoundWhateverLevelItFallsOn(markerSide: Double) throws {
    let side = markerSide / 0.6
    var placements: [CardPhotos.Placement] = []
    for index in 0..<4 {
      let x = 700 + Double(index % 2) * 1500 + Double(index) * 5
      let y = 560 + Double(index / 2) * 1100 + Double(index) * 3
      placements.append(
        CardPhotos.Placement(
          card: index + 1, answer: AnswerCard.Letter.allCases[index], centre: CardPoint(x: x, y: y), side: side,
          lean: 20))
    }
    let photo = try CardPhotos.photo(width: 3000, height: 2250, placements, blurs: 1, noise: 4)
    let scan = try scanner.scan(photo)
    #expect(scan.cards.map(\.card) == [1, 2, 3, 4], "markers of \(markerSide) px")
    #expect(scan.cards.map(\.answer) == AnswerCard.Letter.allCases)
  }

  @Test func aMarkerWhoseBoxFallsBetweenTwoSearchedLevelsIsFound() throws {
    // From a benchmark photo: 131 px at a slant is a box of 42 px on the first level
    // searched (past its 40) and of 9 two levels up, where the range once began at 10.
    let scan = try scanner.scan(imageData: try Fixtures.bytes("cards/between-levels.jpg"))
    #expect(scan.cards.contains { $0.card == 11 && $0.answer == .c }, "\(scan.cards.map(\.card))")
  }

  @Test func cardsNotInTheClassAndCardsWithTwoAnswersAreLeftOutAndCounted() throws {
    let placements = [
      CardPhotos.Placement(card: 1, answer: .a, centre: CardPoint(x: 150, y: 150), side: 200),
      CardPhotos.Placement(card: 2, answer: .b, centre: CardPoint(x: 400, y: 150), side: 200),
      // Card 3 twice: once B, once C.
      CardPhotos.Placement(card: 3, answer: .b, centre: CardPoint(x: 650, y: 150), side: 200),
      CardPhotos.Placement(card: 3, answer: .c, centre: CardPoint(x: 150, y: 400), side: 200),
      // Card 4 twice with the same answer counts once.
      CardPhotos.Placement(card: 4, answer: .d, centre: CardPoint(x: 400, y: 400), side: 200),
      CardPhotos.Placement(card: 4, answer: .d, centre: CardPoint(x: 650, y: 400), side: 200),
    ]
    let photo = try CardPhotos.photo(width: 800, height: 540, placements)
    let scan = try scanner.scan(photo, cards: [1, 3, 4])
    #expect(scan.cards.map(\.card) == [1, 4])
    #expect(scan.cards.map(\.answer) == [.a, .d])
    #expect(scan.ignored.notInClass == 1)
    #expect(scan.ignored.twoAnswers == 1)
  }

  @Test func anUprightPhoneJPEGIsReadAsItsEXIFOrientationShowsIt() throws {
    // Pixels stored turned a quarter counter-clockwise, EXIF orientation 6 (turn right to
    // view): read as stored, the card would show B on top; shown upright, A.
    let bytes = try Fixtures.bytes("cards/rotated-6.jpg")
    let scan = try scanner.scan(imageData: bytes)
    #expect(scan.cards.map(\.card) == [2])
    #expect(scan.cards.first?.answer == .a)
  }

  /// Frames bounded as the live game bounds a posted frame (8 MiB, 20 MP): refused before a
  /// pixel is made, with the picture uploads' errors; a JPEG of endless scans stopped.
  @Test func framesOverTheLimitsAreRefusedBeforeTheyAreDecoded() throws {
    let frames = ImageLimits(maximumPixels: 20_000_000, maximumFileSize: 8 << 20)
    #expect(throws: AnswerCardScanner.Error.image(.tooManyPixels(width: 5000, height: 4001, limit: 20_000_000))) {
      _ = try scanner.scan(imageData: PNGBuilder.header(width: 5000, height: 4001), limits: frames)
    }
    let bigger =
      try CardPhotos.jpeg(GrayImage(width: 64, height: 64, filledWith: 200))
      + [UInt8](
        repeating: 0, count: 8 << 20)
    #expect(throws: AnswerCardScanner.Error.image(.fileTooLarge(size: bigger.count, limit: 8 << 20))) {
      _ = try scanner.scan(imageData: bigger, limits: frames)
    }
    #expect(throws: AnswerCardScanner.Error.image(.tooManyScans(limit: 100))) {
      _ = try scanner.scan(imageData: try Fixtures.bytes("bombs/scans.jpg"), limits: frames)
    }
    #expect(throws: AnswerCardScanner.Error.image(.unsupportedFormat)) {
      _ = try scanner.scan(imageData: Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 100), limits: frames)
    }
  }

  @Test func aTimeLimitHoldsWhateverTheImage() throws {
    var random = SeededRandom(seed: 9)
    let noise = GrayImage(
      width: 4000, height: 3000, pixels: (0..<12_000_000).map { _ in UInt8.random(in: 0...255, using: &random) })
    let hurried = try AnswerCardScanner(timeLimit: 0.001)
    #expect(throws: AnswerCardScanner.Error.timeLimitExceeded(seconds: 0.001)) { _ = try hurried.scan(noise) }
  }

  @Test func anImageOfThousandsOfMarkerLikeSquaresGetsAtMostTheWindowLimit() throws {
    // 39.7 MP of QR finder patterns (dark squares with a light ring and a dark centre):
    // thousands of regions shaped as markers are.
    let image = try ImageDecoder.decode(contentsOf: Fixtures.url("bombs/finders.png"))
    let detector = try TagDetector(bitsCorrected: 2)
    let search = CardSearch(image: image, detector: detector, deadline: Deadline(seconds: 600), timeLimit: 600)
    let outcome = try search.run()
    #expect(outcome.windows <= CardSearch.maximumWindows)
    #expect(outcome.detections.isEmpty)
  }
}
