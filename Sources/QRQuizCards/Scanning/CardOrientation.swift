import Foundation

/// Which edge of a card is up in an image, from its marker's corners.
enum CardOrientation {
  /// The most a card may lean from a quarter turn and still be read: past it, two letters
  /// are about equally high and the card is ignored rather than guessed. Cards held by hand
  /// lean ±25°; perspective adds a little.
  static let greatestLean = 35.0 * .pi / 180

  /// The letter on top and the corners in the card's own order, for corners in the tag's
  /// order (libapriltag's: bottom-left, bottom-right, top-right, top-left of the code
  /// upright); `nil` when the card leans more than ``greatestLean`` from every quarter turn.
  static func read(_ corners: [CardPoint]) -> (letter: AnswerCard.Letter, corners: [CardPoint])? {
    let bottom = (corners[0] + corners[1]) * 0.5
    let top = (corners[2] + corners[3]) * 0.5
    // The card's up in the image, as an angle clockwise from the image's up.
    let angle = atan2(top.x - bottom.x, bottom.y - top.y)
    let quarterTurns = (angle / (.pi / 2)).rounded()
    guard abs(angle - quarterTurns * .pi / 2) <= greatestLean else { return nil }
    // Turned a quarter clockwise, the card has its left edge (D) on top.
    let letter = AnswerCard.Letter.allCases[((-Int(quarterTurns)) % 4 + 4) % 4]
    return (letter, [corners[3], corners[2], corners[1], corners[0]])
  }
}
