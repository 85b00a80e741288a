import QRQuizFiles

/// Migration 4: the names' keys folded again by today's rule (``NameFolding``: Ł, Ø, Đ,
/// ß, Æ, Œ, ı to their base letters), so "Lukasz Nowak" finds the Łukasz Nowak a roster
/// stored before the rule. Keys are computed here, in Swift: no SQL function folds as
/// `NameFolding` does. A class whose new key another class already has keeps its old
/// one (two classes the old rule told apart stay apart; `qrquiz class rename` settles it),
/// and so does a homework's student row.
enum NameKeyRefresh {
  static func apply(_ database: Database) throws(DatabaseError) {
    for row in try database.rows("SELECT id, name, name_key FROM classes") {
      let id: Int64 = row.get(0) ?? 0
      let name: String = row.get(1) ?? ""
      let key = ClassRosterStore.key(name)
      guard key != row.get(2, as: String.self),
        try database.row("SELECT 1 FROM classes WHERE name_key = \(key)") == nil
      else { continue }
      try database.execute("UPDATE classes SET name_key = \(key) WHERE id = \(id)")
    }
    for row in try database.rows("SELECT id, name, name_key FROM students") {
      let key = StudentName.foldedKey(row.get(1) ?? "")
      guard key != row.get(2, as: String.self) else { continue }
      try database.execute("UPDATE students SET name_key = \(key) WHERE id = \(row.get(0) ?? Int64(0))")
    }
    for row in try database.rows("SELECT assignment_id, name, name_key FROM assignment_students") {
      let assignment: Int64 = row.get(0) ?? 0
      let old: String = row.get(2) ?? ""
      let key = StudentName.foldedKey(row.get(1) ?? "")
      guard key != old,
        try database.row(
          "SELECT 1 FROM assignment_students WHERE assignment_id = \(assignment) AND name_key = \(key)") == nil
      else { continue }
      try database.execute(
        "UPDATE assignment_students SET name_key = \(key) WHERE assignment_id = \(assignment) AND name_key = \(old)")
    }
  }
}
