import QRQuiz

/// The class of a live game whose students answer with printed answer cards
/// (`docs/CARDS.md`): its name and, for each student, the card they hold. Taken from the
/// class's roster when the game is made and kept in the game's setup, so a roster changed
/// during the game (a student added, a name corrected) changes nothing in it.
public struct LiveCardClass: Sendable, Codable, Hashable {
  /// A student and their card.
  public struct Student: Sendable, Codable, Hashable {
    /// The number printed on the student's card (its marker's).
    public var card: Int
    /// The student's name as the roster gives it.
    public var name: String
    /// How many times as long each question runs for the student (extra time), when more
    /// than once: their own deadline, and the time their speed is scored against.
    public var timeFactor: Double?
    /// The student's right answers score as if given at once: no speed points lost.
    public var noSpeedScoring: Bool?
    /// The code their printed card carries (its class mark, ``ClassCardCodes``), when not
    /// the card's own number (as cards printed before class marks carry).
    public var code: Int?

    public init(card: Int, name: String, timeFactor: Double? = nil, noSpeedScoring: Bool? = nil, code: Int? = nil) {
      self.card = card
      self.name = name
      self.timeFactor = timeFactor
      self.noSpeedScoring = noSpeedScoring
      self.code = code == card ? nil : code
    }
  }

  /// The class's name.
  public var name: String
  /// The students, in card order.
  public var students: [Student]
  /// The codes other classes' cards carry, when the game was made: such a card seen is
  /// "a card of another class", never one of this class's. `nil` in games made before
  /// class marks.
  public var otherClassCodes: [Int]?

  public init(name: String, students: [Student], otherClassCodes: [Int]? = nil) {
    self.name = name
    self.students = students.sorted { $0.card < $1.card }
    self.otherClassCodes = otherClassCodes.map { $0.sorted() }
  }

  /// The class `roster` is now, with its students' accommodations (extra time, no speed
  /// scoring) and, when given, their cards' codes and the other classes' (``ClassCardCodes``).
  public init(_ roster: ClassRoster, codes: ClassCardCodes? = nil) {
    self.init(
      name: roster.name.text,
      students: roster.students.map { student in
        let accommodations = student.accommodations
        return Student(
          card: student.card, name: student.name.text,
          timeFactor: accommodations.timeFactor > 1 ? accommodations.timeFactor : nil,
          noSpeedScoring: accommodations.noSpeedScoring ? true : nil, code: codes?.byCard[student.card])
      },
      otherClassCodes: codes.map { Array($0.otherClasses) })
  }

  /// The card numbers of the class.
  public var cards: Set<Int> { Set(students.map(\.card)) }

  /// The class's cards by the code each carries (its own number unless marked).
  public var cardsByCode: [Int: Int] {
    Dictionary(students.map { ($0.code ?? $0.card, $0.card) }, uniquingKeysWith: { first, _ in first })
  }
}
