import Foundation
import QRQuiz
import QRQuizCards

/// Photos of a class holding up answer cards, made in process from the printer's own PNG
/// cards: each card warped onto a cluttered background through a perspective map (turned
/// to its answer, leaning, held at an angle), then blur and noise, as a camera adds them.
public enum CardPhotos {
  /// One card in a photo.
  public struct Placement {
    public var card: Int
    /// The letter on top.
    public var answer: AnswerCard.Letter
    /// The card's centre, in the photo's pixels.
    public var centre: CardPoint
    /// The card's side, in the photo's pixels (its marker's is 0.6 of it).
    public var side: Double
    /// Leaning from its quarter turn, clockwise, in degrees.
    public var lean: Double = 0
    /// Held at an angle out of the plane, in degrees, about a vertical axis.
    public var held: Double = 0
    /// The card as printed, when not card `card` without a class mark (a class's card,
    /// carrying its class's code).
    public var printed: AnswerCard?

    public init(
      card: Int, answer: AnswerCard.Letter, centre: CardPoint, side: Double, lean: Double = 0, held: Double = 0
    ) {
      (self.card, self.answer, self.centre, self.side, self.lean, self.held) = (card, answer, centre, side, lean, held)
    }

    /// `printed` (a class's card, as the printer draws it) held up.
    public init(
      printed: AnswerCard, answer: AnswerCard.Letter, centre: CardPoint, side: Double, lean: Double = 0,
      held: Double = 0
    ) {
      self.init(card: printed.number, answer: answer, centre: centre, side: side, lean: lean, held: held)
      self.printed = printed
    }

    /// The card's corners in the photo (top-left, top-right, bottom-right, bottom-left of
    /// the card upright).
    public var corners: [CardPoint] {
      // Letter k on top: the card turned clockwise by (4 - k) quarter turns.
      let turn = Double((4 - answer.index) % 4) * .pi / 2 + lean * .pi / 180
      let half = side / 2
      let distance = side * 4
      let angle = held * .pi / 180
      return [(-half, -half), (half, -half), (half, half), (-half, half)].map { x, y in
        // Turned about the vertical axis, seen through a pinhole `distance` away.
        let depth = -x * sin(angle)
        let scale = distance / (distance + depth)
        let px = x * cos(angle) * scale
        let py = y * scale
        return CardPoint(
          x: centre.x + px * cos(turn) - py * sin(turn), y: centre.y + px * sin(turn) + py * cos(turn))
      }
    }
  }

  /// The printer's PNG of card `number`, decoded.
  public static func card(_ number: Int, side: Int = 600) throws -> GrayImage {
    try card(try AnswerCard(number: number), side: side)
  }

  /// The printer's PNG of `printed`, decoded.
  public static func card(_ printed: AnswerCard, side: Int = 600) throws -> GrayImage {
    try ImageDecoder.decode(AnswerCardPrinter.png(printed, side: side))
  }

  /// A `width` × `height` photo of `placements`, over rectangles and lines, blurred by a
  /// 3 × 3 box `blurs` times, with noise of about `noise` levels.
  public static func photo(
    width: Int, height: Int, _ placements: [Placement], seed: UInt64 = 1, blurs: Int = 1, noise: Int = 6
  ) throws -> GrayImage {
    var random = SeededRandom(seed: seed)
    var photo = GrayImage(width: width, height: height, filledWith: 150)
    for _ in 0..<60 {
      let x = Int.random(in: 0..<width, using: &random)
      let y = Int.random(in: 0..<height, using: &random)
      let w = Int.random(in: 4...(width / 6), using: &random)
      let h = Int.random(in: 4...(height / 6), using: &random)
      let level = UInt8.random(in: 20...240, using: &random)
      for row in y..<min(height, y + h) {
        for column in x..<min(width, x + w) { photo[column, row] = level }
      }
    }
    // Each card drawn once, by what is printed on it (two classes' card 1 differ).
    var cards: [AnswerCard: GrayImage] = [:]
    for placement in placements {
      let printed = try placement.printed ?? AnswerCard(number: placement.card)
      if cards[printed] == nil { cards[printed] = try card(printed) }
      draw(cards[printed]!, at: placement.corners, on: &photo)
    }
    for _ in 0..<blurs { photo = boxBlurred(photo) }
    for index in photo.pixels.indices {
      let value = Int(photo.pixels[index]) + Int.random(in: -noise...noise, using: &random)
      photo.pixels[index] = UInt8(clamping: value)
    }
    return photo
  }

  /// `card` warped onto `photo` so its corners land on `corners`, each pixel the mean of the card's pixels it covers.
  public static func draw(_ card: GrayImage, at corners: [CardPoint], on photo: inout GrayImage) {
    let side = Double(card.width)
    let square = [
      CardPoint(x: 0, y: 0), CardPoint(x: side, y: 0), CardPoint(x: side, y: side), CardPoint(x: 0, y: side),
    ]
    // QRQuiz's own perspective fit, from the photo's pixels to the card's.
    let toCard = Homography(fitting: zip(corners, square).map { (Point($0.x, $0.y), Point($1.x, $1.y)) })!
    let minX = max(0, Int(corners.map(\.x).min()!.rounded(.down)))
    let maxX = min(photo.width - 1, Int(corners.map(\.x).max()!.rounded(.up)))
    let minY = max(0, Int(corners.map(\.y).min()!.rounded(.down)))
    let maxY = min(photo.height - 1, Int(corners.map(\.y).max()!.rounded(.up)))
    guard minX <= maxX, minY <= maxY else { return }
    for y in minY...maxY {
      for x in minX...maxX {
        let source = toCard.map(Point(Double(x) + 0.5, Double(y) + 0.5))
        guard source.x >= 0, source.y >= 0, source.x < side - 1, source.y < side - 1 else { continue }
        // A smaller card than its PNG: the PNG's pixels a photo pixel covers, averaged.
        photo[x, y] = sample(card, at: source, footprint: max(1, Int(side / Double(max(1, maxX - minX)))))
      }
    }
  }

  private static func sample(_ image: GrayImage, at point: Point, footprint: Int) -> UInt8 {
    var total = 0
    var count = 0
    let half = footprint / 2
    for dy in -half...half {
      for dx in -half...half {
        let x = min(image.width - 1, max(0, Int(point.x) + dx))
        let y = min(image.height - 1, max(0, Int(point.y) + dy))
        total += Int(image[x, y])
        count += 1
      }
    }
    return UInt8(total / count)
  }

  public static func boxBlurred(_ image: GrayImage) -> GrayImage {
    var output = image
    for y in 1..<(image.height - 1) {
      for x in 1..<(image.width - 1) {
        var sum = 0
        for dy in -1...1 { for dx in -1...1 { sum += Int(image[x + dx, y + dy]) } }
        output[x, y] = UInt8(sum / 9)
      }
    }
    return output
  }
}
