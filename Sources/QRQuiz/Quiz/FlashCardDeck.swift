/// A set's questions as flash cards (or a list's, its sets one after the other): a card
/// shows its question; turned, its correct answer(s). Next and previous wrap around;
/// shuffling starts again at the first card.
///
/// ```swift
/// var deck = try FlashCardDeck(topic: topic, set: 0)
/// print(deck.current.question.text)
/// deck.turn()
/// print(deck.current.correctAnswerTexts)
/// deck.next()
/// ```
public struct FlashCardDeck: Sendable {
  /// One card.
  public struct Card: Sendable, Hashable {
    /// The question on its face.
    public var question: QuizSession.Question
    /// The correct answers, in the file's order: the back of the card.
    public var correctAnswerTexts: [String] {
      question.answers.indices.filter(question.correctAnswers.contains).map { question.answers[$0] }
    }
  }

  /// The cards, in their current order.
  public private(set) var cards: [Card]
  /// The card shown, 0-based.
  public private(set) var position = 0
  /// Whether the card shown is turned to its answer.
  public private(set) var isTurned = false
  private var random: SeededRandom

  /// The cards of set `set` (0-based) of `topic`, in the file's order.
  ///
  /// - Throws: ``QuizSession/SetupError``.
  public init(topic: ValidTopic, set: Int, seed: UInt64? = nil) throws(QuizSession.SetupError) {
    try self.init(topic: topic, sets: set...set, seed: seed)
  }

  /// The cards of the consecutive sets `sets` (0-based) of `topic`, in the file's order:
  /// a list's sets as one deck (`ValidTopic/setsPlayed(from:)`).
  ///
  /// - Throws: ``QuizSession/SetupError``.
  public init(topic: ValidTopic, sets range: ClosedRange<Int>, seed: UInt64? = nil) throws(QuizSession.SetupError) {
    let sets = topic.topic.sets
    guard !sets.isEmpty else { throw .noSets }
    guard sets.indices.contains(range.lowerBound) else { throw .noSuchSet(range.lowerBound + 1, count: sets.count) }
    guard sets.indices.contains(range.upperBound) else { throw .noSuchSet(range.upperBound + 1, count: sets.count) }
    cards = range.flatMap { set in sets[set].map { Card(question: QuizSession.Question($0, category: set)) } }
    random = seed.map(SeededRandom.init(seed:)) ?? SeededRandom()
  }

  /// The card shown.
  public var current: Card { cards[position] }

  /// Turns the card shown over (and back).
  public mutating func turn() { isTurned.toggle() }

  /// The next card, face up; after the last, the first.
  public mutating func next() {
    position = (position + 1) % cards.count
    isTurned = false
  }

  /// The previous card, face up; before the first, the last.
  public mutating func previous() {
    position = (position + cards.count - 1) % cards.count
    isTurned = false
  }

  /// Shuffles the cards and shows the first.
  public mutating func shuffle() {
    cards.shuffle(using: &random)
    position = 0
    isTurned = false
  }
}
