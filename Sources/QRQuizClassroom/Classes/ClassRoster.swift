import QRQuiz

/// A class: its name and its students, each with the number of the answer card they hold.
///
/// Card numbers are given 1, 2, 3 … in the order students are first listed and are kept
/// for good: a student added later gets the next number never given in this class, and a
/// removed student's number is retired, never given again (their printed card would
/// otherwise answer for someone else). Names are strangers' text (a spreadsheet typed by
/// anyone), checked as ``StudentName`` and unique in the class without regard to case,
/// accents or spacing.
///
/// ```swift
/// var roster = try ClassRoster(name: "7B", students: ["Ada Lovelace", "Alan Turing"])
/// print(try roster.add(["Grace Hopper"]).map(\.card))  // [3]
/// try roster.remove(.card(2))  // card 2 is retired
/// print(roster.students.map(\.card))  // [1, 3]
/// ```
public struct ClassRoster: Sendable, Hashable {
  /// A student of the class.
  public struct Student: Sendable, Hashable {
    /// The number on the student's answer card, unique in the class for good.
    public let card: Int
    /// The student's name as shown, checked.
    public internal(set) var name: StudentName
    /// What the student's timers and scores allow for (extra time, no speed scoring): the
    /// teacher's alone, never shown to other students.
    public internal(set) var accommodations = Accommodations.none
    /// The secret of the student's own page of results (`/s/SECRET`: 128 random bits in
    /// hex), once the teacher's pages gave them one (``giveResultsSecrets()``).
    public internal(set) var resultsSecret: String?

    init(card: Int, name: StudentName, accommodations: Accommodations = .none, resultsSecret: String? = nil) {
      self.card = card
      self.name = name
      self.accommodations = accommodations
      self.resultsSecret = resultsSecret
    }
  }

  /// Which student an operation is about.
  public enum StudentSelector: Sendable, Hashable, CustomStringConvertible {
    /// The student holding this card.
    case card(Int)
    /// The student of this name (compared as ``StudentName/key``).
    case name(String)

    public var description: String {
      switch self {
      case .card(let number): "card \(number)"
      case .name(let name): "'\(name)'"
      }
    }
  }

  /// The most card numbers a class can ever give: one per answer-card marker that cannot be
  /// misread as another, mirrored or not (the answer cards' code table has exactly these).
  public static let cardNumbers = 1...476

  /// The class's name, checked as ``ClassName``.
  public internal(set) var name: ClassName
  /// The students, in card order.
  public private(set) var students: [Student]
  /// Students removed, with the card numbers retired with them, in card order.
  public private(set) var removed: [Student]
  /// The number the next student added gets: one more than any number ever given here.
  public private(set) var nextCard: Int

  /// A new class whose students get cards 1, 2, 3 … in the order of `students`.
  ///
  /// - Throws: ``Problem`` for the first name that is refused (its index in `students`).
  public init(name: String, students: [String]) throws(Problem) {
    self.name = try Self.checked(className: name)
    self.students = []
    removed = []
    nextCard = Self.cardNumbers.lowerBound
    try add(students)
  }

  /// A roster as stored; the store checks what it reads (``ClassRosterStore``).
  init(name: ClassName, students: [Student], removed: [Student], nextCard: Int) {
    self.name = name
    self.students = students
    self.removed = removed
    self.nextCard = nextCard
  }

  /// The student holding card `number`, if one of this class does.
  public func student(card number: Int) -> Student? {
    students.first { $0.card == number }
  }

  /// The student `selector` names.
  public func student(_ selector: StudentSelector) -> Student? {
    switch selector {
    case .card(let number): return student(card: number)
    case .name(let text):
      let key = StudentName.foldedKey(text)
      return students.first { $0.name.key == key }
    }
  }

  /// Adds students, each with the next free card number, in the order given.
  ///
  /// - Returns: the students added, with their cards.
  /// - Throws: ``Problem``; nothing is added when one name is refused.
  @discardableResult
  public mutating func add(_ names: [String]) throws(Problem) -> [Student] {
    var keys = Dictionary(students.enumerated().map { ($1.name.key, -1 - $0) }, uniquingKeysWith: { first, _ in first })
    var added: [Student] = []
    for (index, raw) in names.enumerated() {
      let name: StudentName
      do throws(StudentName.Problem) { name = try StudentName(raw) } catch { throw .badName(index: index, error) }
      if let earlier = keys[name.key] {
        throw earlier < 0
          ? .alreadyInClass(index: index, name: name.text, card: students[-1 - earlier].card)
          : .listedTwice(index: index, name: name.text, firstIndex: earlier)
      }
      keys[name.key] = index
      let card = nextCard + added.count
      guard Self.cardNumbers.contains(card) else { throw .noCardNumbersLeft(limit: Self.cardNumbers.upperBound) }
      added.append(Student(card: card, name: name))
    }
    students += added
    nextCard += added.count
    return added
  }

  /// Removes a student; their card number is retired with them.
  ///
  /// - Returns: the student removed.
  /// - Throws: ``Problem/noSuchStudent(_:)``.
  @discardableResult
  public mutating func remove(_ selector: StudentSelector) throws(Problem) -> Student {
    guard let student = student(selector), let index = students.firstIndex(of: student) else {
      throw .noSuchStudent(selector)
    }
    students.remove(at: index)
    // Only the card and the name are kept: the retired number stays taken, and their page
    // of results and accommodations go with them.
    removed.append(Student(card: student.card, name: student.name))
    removed.sort { $0.card < $1.card }
    return student
  }

  /// Gives a student a new name (a typo fixed); they keep their card.
  ///
  /// - Returns: the student as renamed.
  /// - Throws: ``Problem``: no such student, a refused name, or another student's name.
  @discardableResult
  public mutating func renameStudent(_ selector: StudentSelector, to newName: String) throws(Problem) -> Student {
    guard let student = student(selector), let index = students.firstIndex(of: student) else {
      throw .noSuchStudent(selector)
    }
    let name: StudentName
    do throws(StudentName.Problem) { name = try StudentName(newName) } catch { throw .badName(index: 0, error) }
    if let other = students.first(where: { $0.name.key == name.key }), other.card != student.card {
      throw .alreadyInClass(index: 0, name: name.text, card: other.card)
    }
    students[index].name = name
    return students[index]
  }

  /// Gives a student new accommodations (``Accommodations/none`` takes them away).
  ///
  /// - Returns: the student as changed.
  /// - Throws: ``Problem/noSuchStudent(_:)``.
  @discardableResult
  public mutating func setAccommodations(_ selector: StudentSelector, _ accommodations: Accommodations) throws(Problem)
    -> Student
  {
    guard let student = student(selector), let index = students.firstIndex(of: student) else {
      throw .noSuchStudent(selector)
    }
    students[index].accommodations = accommodations
    return students[index]
  }

  /// Gives every student who has none the secret of their own page of results.
  ///
  /// - Returns: how many were given one (0: nothing changed, nothing to save).
  @discardableResult
  public mutating func giveResultsSecrets() -> Int {
    var given = 0
    for index in students.indices where students[index].resultsSecret == nil {
      students[index].resultsSecret = Secret.make()
      given += 1
    }
    return given
  }

  /// The student whose page of results `secret` opens.
  public func student(resultsSecret secret: String) -> Student? {
    students.first { $0.resultsSecret.map { Secret.matches(secret, $0) } ?? false }
  }

  static func checked(className: String) throws(Problem) -> ClassName {
    do throws(StudentName.Problem) { return try ClassName(className) } catch { throw .badClassName(error) }
  }
}
