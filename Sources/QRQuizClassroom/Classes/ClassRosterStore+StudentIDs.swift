extension ClassRosterStore {
  /// The records' id of the student of the class `className` holding card `card`: the key
  /// of their study log (`StudyLog(records:studentID:)`), which the roster, a value of
  /// names and cards, does not carry.
  ///
  /// - Throws: ``Error/records(_:)``.
  public func studentID(className: String, card: Int) throws(Error) -> Int64? {
    let key = Self.key(className)
    do {
      return try records.read { database throws(DatabaseError) in
        try database.value(
          """
          SELECT students.id FROM students JOIN classes ON classes.id = students.class_id
          WHERE classes.name_key = \(key) AND students.card = \(card) AND students.retired = 0
          """, as: Int64.self)
      }
    } catch {
      throw .records(error)
    }
  }
}
