/// How well a student recalled a card, as Anki and the FSRS references number the four
/// buttons: 1 Again (forgot), 2 Hard, 3 Good, 4 Easy.
public enum StudyRating: Int, Sendable, Hashable, Codable, CaseIterable {
  case again = 1
  case hard = 2
  case good = 3
  case easy = 4

  /// The rating's number less 3 (Good): −2 to 1, the offset the difficulty and
  /// short-term stability formulas scale by.
  var offsetFromGood: Double { Double(rawValue - 3) }

  /// Whether the card was recalled (anything but Again).
  public var isRecall: Bool { self != .again }
}
