import Foundation
import QRQuiz

/// The classes a teacher keeps, in the records: a row per class (`classes`) and one per
/// student (`students`: card, name, accommodations, results secret; a removed student's row
/// stays, retired, so a card number is never given twice). Every change is one transaction
/// of the store's writer: two `qrquiz class add` at once lose neither, and a card number is
/// never given twice.
///
/// ```swift
/// let store = ClassRosterStore(records: records)
/// try store.create(try ClassRoster(name: "7B", students: ["Ada", "Alan"]))
/// let added = try store.update("7b") { roster throws(ClassRoster.Problem) in try roster.add(["Grace"]) }
/// print(added.map(\.card))  // [3]
/// ```
public struct ClassRosterStore: Sendable {
  /// Why a store operation failed.
  public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// No class has this name.
    case notFound(String)
    /// A class of this name (compared without case, accents or spacing) exists already.
    case nameTaken(String)
    /// The change is refused.
    case refused(ClassRoster.Problem)
    /// A class's rows do not make a roster (edited by hand): what is wrong with them.
    case corrupt(name: String, reason: String)
    /// The records could not be read or written.
    case records(DatabaseError)

    public var description: String {
      switch self {
      case .notFound(let name): "no class named '\(name)'"
      case .nameTaken(let name): "a class named '\(name)' exists already"
      case .refused(let problem): problem.description
      case .corrupt(let name, let reason): "class '\(name)' in the records is not a class roster (\(reason))"
      case .records(let error): "classes: \(error)"
      }
    }
  }

  public let records: RecordStore

  public init(records: RecordStore) { self.records = records }

  /// Every class, sorted by name.
  ///
  /// - Throws: ``Error``: a class whose rows are not a roster is named rather than
  ///   skipped, so a class never silently vanishes from the list.
  public func list() throws(Error) -> [ClassRoster] {
    let read = listReadable()
    if let problem = read.problems.first { throw problem }
    return read.rosters
  }

  /// Every class that can be read, sorted by name, and what is wrong with each that cannot
  /// (a page that lists classes shows both, rather than nothing for one bad class).
  public func listReadable() -> (rosters: [ClassRoster], problems: [Error]) {
    let stored: [StoredClass]
    do {
      stored = try records.read { database throws(DatabaseError) in try Self.classes(in: database, key: nil) }
    } catch {
      return ([], [.records(error)])
    }
    var rosters: [ClassRoster] = []
    var problems: [Error] = []
    for entry in stored {
      do throws(StoredClass.Corruption) { rosters.append(try entry.roster()) } catch {
        problems.append(.corrupt(name: entry.name, reason: error.reason))
      }
    }
    rosters.sort { $0.name.text.localizedStandardCompare($1.name.text) == .orderedAscending }
    return (rosters, problems)
  }

  /// The class `name` names, as a person types it: without regard to case, accents or
  /// spacing ("7b" is 7B).
  ///
  /// - Throws: ``Error/notFound(_:)``.
  public func roster(named name: String) throws(Error) -> ClassRoster {
    let key = Self.key(name)
    let stored: StoredClass?
    do {
      stored = try records.read { database throws(DatabaseError) in try Self.classes(in: database, key: key).first }
    } catch {
      throw .records(error)
    }
    guard let stored else { throw .notFound(name) }
    do throws(StoredClass.Corruption) { return try stored.roster() } catch {
      throw .corrupt(name: stored.name, reason: error.reason)
    }
  }

  /// Saves a new class.
  ///
  /// - Throws: ``Error/nameTaken(_:)`` when its name (loosely) is taken.
  public func create(_ roster: ClassRoster) throws(Error) {
    let outcome = try change { database throws(DatabaseError) -> Result<Void, Error> in
      if let taken = try database.value(
        "SELECT name FROM classes WHERE name_key = \(Self.key(roster.name.text))", as: String.self)
      {
        return .failure(.nameTaken(taken))
      }
      try Self.insert(roster, in: database)
      return .success(())
    }
    try outcome.get()
  }

  /// Changes the class `name` names in one transaction, saved when `change` returns.
  ///
  /// - Returns: what `change` returns.
  /// - Throws: ``Error/refused(_:)`` with `change`'s problem (nothing saved), or a store error.
  @discardableResult
  public func update<T: Sendable>(
    _ name: String, _ change: @escaping @Sendable (inout ClassRoster) throws(ClassRoster.Problem) -> T
  ) throws(Error) -> T {
    let key = Self.key(name)
    let outcome = try self.change { database throws(DatabaseError) -> Result<T, Error> in
      guard let (id, stored) = try Self.classWithID(in: database, key: key) else { return .failure(.notFound(name)) }
      var roster: ClassRoster
      do throws(StoredClass.Corruption) { roster = try stored.roster() } catch {
        return .failure(.corrupt(name: stored.name, reason: error.reason))
      }
      let result: T
      do throws(ClassRoster.Problem) { result = try change(&roster) } catch { return .failure(.refused(error)) }
      try Self.save(roster, id: id, in: database)
      return .success(result)
    }
    return try outcome.get()
  }

  /// Renames a class; its students keep their cards.
  ///
  /// - Returns: the class as renamed.
  public func rename(_ name: String, to newName: String) throws(Error) -> ClassRoster {
    let key = Self.key(name)
    let outcome = try change { database throws(DatabaseError) -> Result<ClassRoster, Error> in
      guard let (id, stored) = try Self.classWithID(in: database, key: key) else { return .failure(.notFound(name)) }
      var roster: ClassRoster
      do throws(StoredClass.Corruption) { roster = try stored.roster() } catch {
        return .failure(.corrupt(name: stored.name, reason: error.reason))
      }
      do throws(ClassRoster.Problem) { roster.name = try ClassRoster.checked(className: newName) } catch {
        return .failure(.refused(error))
      }
      if let taken = try database.value(
        "SELECT name FROM classes WHERE name_key = \(Self.key(roster.name.text)) AND id <> \(id)", as: String.self)
      {
        return .failure(.nameTaken(taken))
      }
      try Self.save(roster, id: id, in: database)
      return .success(roster)
    }
    return try outcome.get()
  }

  /// Deletes a class and its roster. Its printed cards mean nothing after this; its games
  /// and homework stay, their students then guests.
  ///
  /// - Returns: the class deleted.
  @discardableResult
  public func delete(_ name: String) throws(Error) -> ClassRoster {
    let key = Self.key(name)
    let outcome = try change { database throws(DatabaseError) -> Result<ClassRoster, Error> in
      guard let (id, stored) = try Self.classWithID(in: database, key: key) else { return .failure(.notFound(name)) }
      let roster: ClassRoster
      do throws(StoredClass.Corruption) { roster = try stored.roster() } catch {
        return .failure(.corrupt(name: stored.name, reason: error.reason))
      }
      try database.execute("DELETE FROM classes WHERE id = \(id)")
      return .success(roster)
    }
    return try outcome.get()
  }

  /// Runs `body` in a write, its database errors as the store's (the card codes' changes
  /// too, in ClassRosterStore+CardCodes.swift).
  func change<T: Sendable>(
    _ body: @escaping @Sendable (Database) throws(DatabaseError) -> Result<T, Error>
  ) throws(Error) -> Result<T, Error> {
    do {
      return try records.write(body)
    } catch {
      throw .records(error)
    }
  }
}

extension ClassRosterStore {
  /// The class of the student whose results secret is `secret` (one indexed lookup);
  /// `nil` when no student has it.
  ///
  /// - Throws: ``Error``: the records could not be read, or the class's rows are not a roster.
  public func roster(withResultsSecret secret: String) throws(Error) -> ClassRoster? {
    let stored: StoredClass?
    do {
      stored = try records.read { database throws(DatabaseError) -> StoredClass? in
        guard
          let key = try database.value(
            """
            SELECT classes.name_key FROM students JOIN classes ON classes.id = students.class_id
            WHERE students.results_secret = \(secret) AND students.retired = 0
            """, as: String.self)
        else { return nil }
        return try Self.classes(in: database, key: key).first
      }
    } catch {
      throw .records(error)
    }
    guard let stored else { return nil }
    do throws(StoredClass.Corruption) { return try stored.roster() } catch {
      throw .corrupt(name: stored.name, reason: error.reason)
    }
  }
}
