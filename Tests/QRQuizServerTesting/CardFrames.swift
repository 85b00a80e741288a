import Foundation
import QRQuizCards
import QRQuizTestPhotos
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom
@testable import QRQuizServer

/// Camera frames of answer cards held up, as the card scanner receives them.
package enum CardFrames {
  /// A 1280 × 720 webcam frame of `cards` (number, letter on top), as a JPEG.
  package static func frame(_ cards: [(Int, AnswerCard.Letter)], seed: UInt64 = 1) throws -> [UInt8] {
    let placements = cards.enumerated().map { index, card in
      CardPhotos.Placement(
        card: card.0, answer: card.1,
        centre: CardPoint(x: 200 + Double(index % 4) * 290, y: 200 + Double(index / 4) * 320),
        side: 220, lean: Double(index % 3) * 8 - 8)
    }
    return try CardPhotos.jpeg(CardPhotos.photo(width: 1280, height: 720, placements, seed: seed))
  }

  /// A 1280 × 720 webcam frame of printed cards (a class's, with its class mark) held up,
  /// as a JPEG.
  package static func frame(printed cards: [(AnswerCard, AnswerCard.Letter)], seed: UInt64 = 1) throws -> [UInt8] {
    let placements = cards.enumerated().map { index, card in
      CardPhotos.Placement(
        printed: card.0, answer: card.1,
        centre: CardPoint(x: 200 + Double(index % 4) * 290, y: 200 + Double(index / 4) * 320),
        side: 220, lean: Double(index % 3) * 8 - 8)
    }
    return try CardPhotos.jpeg(CardPhotos.photo(width: 1280, height: 720, placements, seed: seed))
  }
}
