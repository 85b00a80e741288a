import QRQuiz

/// What one image showed of the room's answer cards.
public struct AnswerCardScan: Sendable, Hashable {
  /// A card seen, and the answer it gave.
  public struct Sighting: Sendable, Hashable {
    /// The card's number.
    public var card: Int
    /// The letter on the card's top edge, as the image shows it.
    public var answer: AnswerCard.Letter
    /// The marker's corners in the image's pixels, in the card's own order: the corner
    /// between its D and A edges (top-left when the card is upright), then clockwise
    /// (between A and B, B and C, C and D). With a mirrored image un-mirrored, still in the
    /// pixels of the image as given.
    public var corners: [CardPoint]
  }

  /// Markers seen that gave no answer, by why.
  public struct Ignored: Sendable, Hashable {
    /// Cards whose number is not one of the class's (another class's included).
    public var notInClass = 0
    /// Of ``notInClass``, the cards whose code is another class's (``AnswerCardSet``).
    public var otherClass = 0
    /// Cards seen twice in the image with different answers (neither counts).
    public var twoAnswers = 0
    /// Cards held at about 45°, between two letters: which one is on top is not clear.
    public var betweenLetters = 0
    /// tag36h11 codes that no card carries (another AprilTag, a mirrored card).
    public var notACard = 0

    /// Everything ignored.
    public var total: Int { notInClass + twoAnswers + betweenLetters + notACard }
  }

  /// The cards seen, by card number.
  public var cards: [Sighting]
  /// What was seen and not taken.
  public var ignored: Ignored
}
