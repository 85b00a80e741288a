import QRQuiz

/// The class marks of answer cards (`docs/CARDS.md`): each student's row keeps the card
/// code their printed card carries (`students.code`, migration 8), and no two classes'
/// students hold the same code (removed students' included, so a card left in a drawer is
/// never another's). A new student's card carries its own number when no student of any
/// class holds that code (a data folder's first class: card N carries code N, as every
/// card did before marks), else the highest code none holds, counting down from 476: a
/// second class's card 1 is never the first's. Only when the classes hold all 476 codes
/// does a card carry a code another class's card carries too, and that is said.
extension ClassRosterStore {
  /// The codes of class `name`'s cards, and the codes of other classes'.
  ///
  /// - Throws: ``Error/notFound(_:)``, or a store error.
  public func cardCodes(of name: String) throws(Error) -> ClassCardCodes {
    let key = Self.key(name)
    let codes: ClassCardCodes?
    do {
      codes = try records.read { database throws(DatabaseError) -> ClassCardCodes? in
        guard let id = try database.value("SELECT id FROM classes WHERE name_key = \(key)", as: Int64.self) else {
          return nil
        }
        return try Self.cardCodes(classID: id, in: database)
      }
    } catch {
      throw .records(error)
    }
    guard let codes else { throw .notFound(name) }
    return codes
  }

  /// Gives class `name`'s cards that share their code with another class's card (printed
  /// before class marks) a code of their own, while codes are left: their cards must be
  /// printed again.
  ///
  /// - Returns: the cards that now carry a code of their own, in order.
  /// - Throws: ``Error/notFound(_:)``, or a store error.
  @discardableResult
  public func markCards(of name: String) throws(Error) -> [Int] {
    let key = Self.key(name)
    let outcome = try change { database throws(DatabaseError) -> Result<[Int], Error> in
      guard let id = try database.value("SELECT id FROM classes WHERE name_key = \(key)", as: Int64.self) else {
        return .failure(.notFound(name))
      }
      let shared = try Self.cardCodes(classID: id, in: database).shared
      try database.execute(
        """
        UPDATE students SET code = NULL WHERE class_id = \(id)
        AND code IN (SELECT code FROM students WHERE class_id <> \(id) AND code IS NOT NULL)
        """)
      try Self.giveCardCodes(classID: id, in: database)
      let still = Set(try Self.cardCodes(classID: id, in: database).shared)
      return .success(shared.filter { !still.contains($0) })
    }
    return try outcome.get()
  }

  /// The codes of the class whose row is `id`.
  static func cardCodes(classID id: Int64, in database: Database) throws(DatabaseError) -> ClassCardCodes {
    var byCard: [Int: Int] = [:]
    for row in try database.rows("SELECT card, code FROM students WHERE class_id = \(id)") {
      guard let card = row.get(0, as: Int.self) else { continue }
      byCard[card] = row.get(1, as: Int.self) ?? card
    }
    let others = Set(
      try database.rows("SELECT DISTINCT code FROM students WHERE class_id <> \(id) AND code IS NOT NULL")
        .compactMap { $0.get(0, as: Int.self) })
    let own = Set(byCard.values)
    return ClassCardCodes(
      byCard: byCard, otherClasses: others.subtracting(own),
      shared: byCard.filter { others.contains($0.value) }.map(\.key))
  }

  /// Gives each student of the class whose row is `id` without a code (one just added) their
  /// card's own number when no student holds it, else the highest code no student holds;
  /// when every code is held, their card's own number all the same (shared, and said so).
  static func giveCardCodes(classID id: Int64, in database: Database) throws(DatabaseError) {
    let fresh = try database.rows("SELECT card FROM students WHERE class_id = \(id) AND code IS NULL ORDER BY card")
      .compactMap { $0.get(0, as: Int.self) }
    guard !fresh.isEmpty else { return }
    var held = Set(
      try database.rows("SELECT DISTINCT code FROM students WHERE code IS NOT NULL").compactMap {
        $0.get(0, as: Int.self)
      })
    var candidate = ClassRoster.cardNumbers.upperBound
    for card in fresh where held.contains(card) == false {
      held.insert(card)
      try database.execute("UPDATE students SET code = \(card) WHERE class_id = \(id) AND card = \(card)")
    }
    for card in try database.rows("SELECT card FROM students WHERE class_id = \(id) AND code IS NULL ORDER BY card")
      .compactMap({ $0.get(0, as: Int.self) })
    {
      while candidate >= ClassRoster.cardNumbers.lowerBound, held.contains(candidate) { candidate -= 1 }
      let code = candidate >= ClassRoster.cardNumbers.lowerBound ? candidate : card
      held.insert(code)
      try database.execute("UPDATE students SET code = \(code) WHERE class_id = \(id) AND card = \(card)")
    }
  }
}
