import QRQuiz

/// A roster to rows and back.
extension ClassRosterStore {
  /// A class's key in the records: its name as people type it (case, accents, width and
  /// spacing aside) and as a file would be named (`/` as `_`), so "año 7_b" finds Año 7/B
  /// and no two classes differ by that alone.
  public static func key(_ name: String) -> String { StudentName.foldedKey(FileName.safe(name)) }

  /// The classes of the records (the one whose folded name is `key`, when given), by name.
  static func classes(in database: Database, key: String?) throws(DatabaseError) -> [StoredClass] {
    let filter: SQL = key.map { "WHERE name_key = \($0)" } ?? ""
    return try database.rows("SELECT id, name, next_card FROM classes \(sql: filter) ORDER BY name").map {
      row throws(DatabaseError) in
      try stored(id: row.get(0) ?? 0, name: row.get(1) ?? "", nextCard: row.get(2) ?? 0, in: database)
    }
  }

  /// The class whose folded name is `key`, with its row.
  static func classWithID(in database: Database, key: String) throws(DatabaseError) -> (Int64, StoredClass)? {
    guard let row = try database.row("SELECT id, name, next_card FROM classes WHERE name_key = \(key)"),
      let id = row.get(0, as: Int64.self)
    else { return nil }
    return (id, try stored(id: id, name: row.get(1) ?? "", nextCard: row.get(2) ?? 0, in: database))
  }

  private static func stored(id: Int64, name: String, nextCard: Int, in database: Database) throws(DatabaseError)
    -> StoredClass
  {
    let rows = try database.rows(
      """
      SELECT card, name, time_factor, no_speed_scoring, results_secret, retired FROM students
      WHERE class_id = \(id) ORDER BY card
      """)
    var students: [StoredClass.Student] = []
    var removed: [StoredClass.Student] = []
    for row in rows {
      // Any factor but 1 is checked as the roster checks one: a row edited to 0.5 is refused.
      let factor = row.get(2, as: Double.self) ?? 1
      let student = StoredClass.Student(
        card: row.get(0) ?? 0, name: row.get(1) ?? "", extraTime: factor == 1 ? nil : factor,
        noSpeedScoring: row.get(3, as: Bool.self) == true ? true : nil, resultsSecret: row.get(4))
      if row.get(5, as: Bool.self) == true { removed.append(student) } else { students.append(student) }
    }
    return StoredClass(name: name, nextCard: nextCard, students: students, removed: removed)
  }

  /// A new class's rows.
  ///
  /// - Parameter printedBefore: the class comes from before class marks (a 0.5 class
  ///   file): its students keep the codes their printed cards carry (code = card).
  static func insert(_ roster: ClassRoster, in database: Database, printedBefore: Bool = false)
    throws(DatabaseError)
  {
    guard
      let id = try database.value(
        """
        INSERT INTO classes (name, name_key, next_card) VALUES (\(roster.name.text), \(Self.key(roster.name.text)),
          \(roster.nextCard))
        RETURNING id
        """, as: Int64.self)
    else { throw DatabaseError(kind: .other, path: database.path, message: "a class's row was not made") }
    try saveStudents(roster, id: id, in: database)
    if printedBefore { try database.execute("UPDATE students SET code = card WHERE class_id = \(id)") }
    try giveCardCodes(classID: id, in: database)
  }

  /// A class's rows made to hold `roster`: its name and next card, each student's row
  /// (kept by card, so a student stays the same record through every change).
  static func save(_ roster: ClassRoster, id: Int64, in database: Database) throws(DatabaseError) {
    try database.execute(
      """
      UPDATE classes SET name = \(roster.name.text), name_key = \(Self.key(roster.name.text)), next_card = \(roster.nextCard)
      WHERE id = \(id)
      """)
    try saveStudents(roster, id: id, in: database)
    try giveCardCodes(classID: id, in: database)
  }

  private static func saveStudents(_ roster: ClassRoster, id: Int64, in database: Database) throws(DatabaseError) {
    let stored = StoredClass(roster)
    let everyone = stored.students.map { ($0, false) } + stored.removed.map { ($0, true) }
    for (student, retired) in everyone {
      let key = StudentName.foldedKey(student.name)
      try database.execute(
        """
        INSERT INTO students (class_id, card, name, name_key, time_factor, no_speed_scoring, results_secret, retired)
        VALUES (\(id), \(student.card), \(student.name), \(key), \(student.extraTime ?? 1),
          \(student.noSpeedScoring ?? false), \(student.resultsSecret), \(retired))
        ON CONFLICT (class_id, card) DO UPDATE SET name = excluded.name, name_key = excluded.name_key,
          time_factor = excluded.time_factor, no_speed_scoring = excluded.no_speed_scoring,
          results_secret = excluded.results_secret, retired = excluded.retired
        """)
    }
    let cards = SQL.joined(everyone.map { "\($0.0.card)" }, separator: ", ")
    if everyone.isEmpty {
      try database.execute("DELETE FROM students WHERE class_id = \(id)")
    } else {
      try database.execute("DELETE FROM students WHERE class_id = \(id) AND card NOT IN (\(sql: cards))")
    }
  }
}
