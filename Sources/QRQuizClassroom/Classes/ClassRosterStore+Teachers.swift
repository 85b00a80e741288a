/// Whose each class is on a school's server (`classes.teacher_id`, migration 12): the
/// teacher who alone sees it, its gradebook and its students' links. A class with none is
/// the laptop's, whose single teacher has no account.
extension ClassRosterStore {
  /// The teacher (an account's id) class `name` belongs to; `nil` for none.
  ///
  /// - Throws: ``Error/notFound(_:)``, or a store error.
  public func teacher(ofClass name: String) throws(Error) -> Int64? {
    let key = Self.key(name)
    let found: Int64??
    do {
      found = try records.read { database throws(DatabaseError) -> Int64?? in
        guard let row = try database.row("SELECT id, teacher_id FROM classes WHERE name_key = \(key)") else {
          return nil
        }
        return .some(row.get(1, as: Int64.self))
      }
    } catch {
      throw .records(error)
    }
    guard let found else { throw .notFound(name) }
    return found
  }

  /// Gives class `name` to `teacher` (an account's id), or to nobody's account (`nil`).
  ///
  /// - Throws: ``Error/notFound(_:)``, or a store error.
  public func setTeacher(_ teacher: Int64?, ofClass name: String) throws(Error) {
    let key = Self.key(name)
    let outcome = try change { database throws(DatabaseError) -> Result<Void, Error> in
      guard let id = try database.value("SELECT id FROM classes WHERE name_key = \(key)", as: Int64.self) else {
        return .failure(.notFound(name))
      }
      try database.execute("UPDATE classes SET teacher_id = \(teacher) WHERE id = \(id)")
      return .success(())
    }
    try outcome.get()
  }

  /// The names of the classes of `teacher` (an account's id; `nil`: the classes of no
  /// account, the laptop's).
  ///
  /// - Throws: a store error.
  public func classNames(of teacher: Int64?) throws(Error) -> Set<String> {
    let names: [String]
    do {
      names = try records.read { database throws(DatabaseError) -> [String] in
        let rows =
          if let teacher {
            try database.rows("SELECT name FROM classes WHERE teacher_id = \(teacher)")
          } else {
            try database.rows("SELECT name FROM classes WHERE teacher_id IS NULL")
          }
        return rows.compactMap { $0.get(0, as: String.self) }
      }
    } catch {
      throw .records(error)
    }
    return Set(names)
  }
}
