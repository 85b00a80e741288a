/// The cards a scan reads as a class's: each card by the code its marker carries (its class
/// mark, `ClassCardCodes`), and the codes of other classes' cards, which are counted as
/// ``AnswerCardScan/Ignored/otherClass`` rather than read as this class's.
public struct AnswerCardSet: Sendable, Hashable {
  /// The class's card numbers by the code each carries.
  public var cardsByCode: [Int: Int]
  /// The codes other classes' cards carry.
  public var otherClassCodes: Set<Int>

  /// Cards by code, and other classes' codes (none of the class's own).
  public init(cardsByCode: [Int: Int], otherClassCodes: Set<Int> = []) {
    self.cardsByCode = cardsByCode
    self.otherClassCodes = otherClassCodes.subtracting(cardsByCode.keys)
  }

  /// Cards without a class mark: each carries its own number.
  public init(cards: Set<Int>) {
    self.init(cardsByCode: Dictionary(uniqueKeysWithValues: cards.map { ($0, $0) }))
  }
}
