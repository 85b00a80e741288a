/// Each class's desired retention (`classes.desired_retention`, in thousandths, migration
/// 10): what its students' Review schedules for and the gradebook's memory counts due by.
/// A class that never set one has FSRS's default, ``DesiredRetention/standard``.
extension ClassRosterStore {
  /// Class `name`'s desired retention.
  ///
  /// - Throws: ``Error/notFound(_:)``, or a store error.
  public func desiredRetention(of name: String) throws(Error) -> DesiredRetention {
    let key = Self.key(name)
    let found: Int?
    do {
      found = try records.read { database throws(DatabaseError) -> Int? in
        guard let row = try database.row("SELECT id, desired_retention FROM classes WHERE name_key = \(key)") else {
          return nil
        }
        return row.get(1, as: Int.self) ?? 0
      }
    } catch {
      throw .records(error)
    }
    guard let found else { throw .notFound(name) }
    return DesiredRetention(stored: found) ?? .standard
  }

  /// Sets class `name`'s desired retention.
  ///
  /// - Throws: ``Error/notFound(_:)``, or a store error.
  public func setDesiredRetention(_ retention: DesiredRetention, of name: String) throws(Error) {
    let key = Self.key(name)
    let outcome = try change { database throws(DatabaseError) -> Result<Void, Error> in
      guard let id = try database.value("SELECT id FROM classes WHERE name_key = \(key)", as: Int64.self) else {
        return .failure(.notFound(name))
      }
      try database.execute("UPDATE classes SET desired_retention = \(retention.thousandths) WHERE id = \(id)")
      return .success(())
    }
    try outcome.get()
  }
}
