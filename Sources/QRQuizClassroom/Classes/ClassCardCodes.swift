/// The class mark of a class's answer cards (`docs/CARDS.md`): which card code each of its
/// cards carries. A card's number is the student's for good; its code (one of the 476
/// markers, `AnswerCardCode` in `QRQuizCards`) is what a camera reads. Cards printed before
/// class marks carry code = card in every class; a student added since carries a code no
/// other class's student holds, so another class's card N is never read as this class's
/// card N.
public struct ClassCardCodes: Sendable, Hashable, Codable {
  /// The code each card of the class carries, its removed students' included, by card.
  public var byCard: [Int: Int]
  /// The codes other classes' cards carry (their removed students' included) that no card
  /// of this class carries: seen in this class's game, "a card of another class".
  public var otherClasses: Set<Int>
  /// This class's cards whose code another class's card carries too (cards printed before
  /// class marks): read as this class's in its games, whoever holds them.
  public var shared: [Int]

  public init(byCard: [Int: Int], otherClasses: Set<Int> = [], shared: [Int] = []) {
    self.byCard = byCard
    self.otherClasses = otherClasses
    self.shared = shared.sorted()
  }

  /// The code card `card` carries: its own number for a card the records do not know
  /// (printed before class marks, or without a class).
  public func code(ofCard card: Int) -> Int { byCard[card] ?? card }

  /// Whether every card of the class carries a code of its own.
  public var isMarked: Bool { shared.isEmpty }
}
