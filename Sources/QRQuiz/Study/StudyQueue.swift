/// The cards to study now, dealt as Anki deals them: those due, the longest overdue first,
/// then new cards up to the day's limit, in the order given (a topic's order). A learning
/// card due within ``learnAhead`` comes back in the same sitting once nothing else is
/// due, so a card rated Again or Good in its first steps is seen again before the student
/// stops, as Anki's learn-ahead limit does.
///
/// A value with no clock: the time comes in.
public struct StudyQueue: Sendable, Hashable {
  /// How far ahead a learning card is shown when nothing else is due: 20 minutes, Anki's
  /// default.
  public static let learnAhead: Duration = .seconds(20 * 60)

  /// A card of the queue: its id and its state (`nil` for a card never reviewed).
  public struct Entry: Sendable, Hashable {
    public let id: String
    public let card: StudyCard?

    public init(id: String, card: StudyCard?) {
      self.id = id
      self.card = card
    }

    /// Whether the card has never been reviewed.
    public var isNew: Bool { card == nil }
  }

  /// The ids due now, the longest overdue first.
  public let due: [String]
  /// The new ids to introduce now, at most the day's limit less those already introduced.
  public let new: [String]
  /// The learning cards due within ``learnAhead`` after `now` (not yet due), soonest first.
  public let learningAhead: [String]

  /// The queue of `cards` (every card of the topics studied, in their order) at `now`,
  /// when `newToday` new cards have already been introduced today of `newLimit`.
  public init(cards: [Entry], at now: QuizClock.Instant, newLimit: Int, newToday: Int) {
    var due: [(QuizClock.Instant, Int, String)] = []
    var ahead: [(QuizClock.Instant, Int, String)] = []
    var new: [String] = []
    let aheadEnd = now.advanced(by: Self.learnAhead)
    for (position, entry) in cards.enumerated() {
      guard let card = entry.card else {
        new.append(entry.id)
        continue
      }
      if card.due <= now {
        due.append((card.due, position, entry.id))
      } else if card.state != .review, card.due <= aheadEnd {
        ahead.append((card.due, position, entry.id))
      }
    }
    let byDue = { (a: (QuizClock.Instant, Int, String), b: (QuizClock.Instant, Int, String)) in
      a.0 != b.0 ? a.0 < b.0 : a.1 < b.1
    }
    self.due = due.sorted(by: byDue).map(\.2)
    self.learningAhead = ahead.sorted(by: byDue).map(\.2)
    self.new = Array(new.prefix(max(0, newLimit - newToday)))
  }

  /// The card to show next: a due one, else a new one, else a learning one ahead.
  public var next: String? { due.first ?? new.first ?? learningAhead.first }

  /// Whether nothing is left to study now.
  public var isEmpty: Bool { next == nil }
}
