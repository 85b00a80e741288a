import QRQuiz

/// A review a file's history holds (an Anki deck's `revlog`), keyed as `qrquiz review`
/// keys a card: the text of its question in the imported topic, and which question of
/// that text it is (1 for the first, 2 for the second …), so the card of a topic saved
/// under any name is found.
public struct ImportedReview: Sendable, Hashable {
  /// The question's text.
  public var question: String
  /// Which question of that text, 1-based, in the topic's order.
  public var occurrence: Int
  /// When it was reviewed.
  public var at: QuizClock.Instant
  /// How well it was recalled (Anki's ease: 1 Again, 2 Hard, 3 Good, 4 Easy).
  public var rating: StudyRating

  public init(question: String, occurrence: Int, at: QuizClock.Instant, rating: StudyRating) {
    self.question = question
    self.occurrence = occurrence
    self.at = at
    self.rating = rating
  }
}
