import Foundation
import QRQuiz
import QRQuizFiles

/// The classes a teacher keeps: one JSON file per class under a directory
/// (`$XDG_DATA_HOME/qrquiz/classes` by the command line's choice), named safely after the
/// class. Every change is a read-modify-write under the folder's file lock, written
/// atomically and durably (as saved topics are), so two `qrquiz class add` at once lose
/// neither and a card number is never given twice.
///
/// ```swift
/// let store = ClassRosterStore(directory: URL(filePath: "/srv/quiz/classes"))
/// try store.create(try ClassRoster(name: "7B", students: ["Ada", "Alan"]))
/// let added = try store.update("7b") { roster throws(ClassRoster.Problem) in try roster.add(["Grace"]) }
/// print(added.map(\.card))  // [3]
/// ```
public struct ClassRosterStore: Sendable {
  /// Why a store operation failed.
  public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// No class has this name.
    case notFound(String)
    /// Several classes have this name but for case or accents.
    case ambiguous(String, [String])
    /// A class of this name (or of the same file name) exists already.
    case nameTaken(String)
    /// The change is refused.
    case refused(ClassRoster.Problem)
    /// A class's file is not a roster this version reads: what is wrong with it.
    case corrupt(path: String, reason: String)
    /// A class's file was written by a newer qrquiz, which this one must not rewrite.
    case newerFormat(path: String, format: Int)
    /// The directory could not be read or written.
    case storage(FileSystemError)

    public var description: String {
      switch self {
      case .notFound(let name): "no class named '\(name)'"
      case .ambiguous(let name, let names):
        "'\(name)' could be \(names.map { "'\($0)'" }.joined(separator: " or ")): give the name in full"
      case .nameTaken(let name): "a class named '\(name)' exists already"
      case .refused(let problem): problem.description
      case .corrupt(let path, let reason): "\(path): not a class roster (\(reason))"
      case .newerFormat(let path, let format):
        "\(path) is a class of format \(format), written by a newer qrquiz: update qrquiz to change it"
      case .storage(let error): "classes: \(error)"
      }
    }
  }

  /// The directory of `NAME.json` files.
  public let directory: URL

  /// A store in `directory` (created when first written).
  public init(directory: URL) { self.directory = directory }

  /// Every class, sorted by name.
  ///
  /// - Throws: ``Error``: a file that is not a roster is named rather than skipped, so a
  ///   class never silently vanishes from the list.
  public func list() throws(Error) -> [ClassRoster] {
    try fileNames().map { name throws(Error) in try read(file(name)) }
      .sorted { $0.name.text.localizedStandardCompare($1.name.text) == .orderedAscending }
  }

  /// Every class that can be read, sorted by name, and what is wrong with each file that
  /// cannot (a page that lists classes shows both, rather than nothing for one bad file).
  public func listReadable() -> (rosters: [ClassRoster], problems: [Error]) {
    let names: [String]
    do throws(Error) { names = try fileNames() } catch { return ([], [error]) }
    var rosters: [ClassRoster] = []
    var problems: [Error] = []
    for name in names {
      do throws(Error) { rosters.append(try read(file(name))) } catch { problems.append(error) }
    }
    rosters.sort { $0.name.text.localizedStandardCompare($1.name.text) == .orderedAscending }
    return (rosters, problems)
  }

  /// The class `name` names, as a person types it: exactly, or without regard to case and
  /// accents when one class matches.
  ///
  /// - Throws: ``Error/notFound(_:)``, ``Error/ambiguous(_:_:)``.
  public func roster(named name: String) throws(Error) -> ClassRoster {
    try read(file(try fileName(of: name)))
  }

  /// Saves a new class.
  ///
  /// - Throws: ``Error/nameTaken(_:)`` when its name (loosely) or its file name is taken.
  public func create(_ roster: ClassRoster) throws(Error) {
    try locked { () throws(Error) in
      let safe = FileName.safe(roster.name.text)
      if let taken = try matchingNames(roster.name.text).first { throw .nameTaken(taken) }
      if exists(safe) { throw .nameTaken(safe) }
      try write(roster, to: file(safe))
    }
  }

  /// Changes the class `name` names under the lock, and saves it when `change` returns.
  ///
  /// - Returns: what `change` returns.
  /// - Throws: ``Error/refused(_:)`` with `change`'s problem (nothing saved), or a store error.
  @discardableResult
  public func update<T>(
    _ name: String, _ change: (inout ClassRoster) throws(ClassRoster.Problem) -> T
  ) throws(Error) -> T {
    try locked { () throws(Error) -> T in
      let url = file(try fileName(of: name))
      var roster = try read(url)
      let result: T
      do throws(ClassRoster.Problem) { result = try change(&roster) } catch { throw .refused(error) }
      try write(roster, to: url)
      return result
    }
  }

  /// Renames a class; its students keep their cards.
  ///
  /// - Returns: the class as renamed.
  public func rename(_ name: String, to newName: String) throws(Error) -> ClassRoster {
    try locked { () throws(Error) -> ClassRoster in
      let old = try fileName(of: name)
      var roster = try read(file(old))
      do throws(ClassRoster.Problem) { roster.name = try ClassRoster.checked(className: newName) } catch {
        throw .refused(error)
      }
      let safe = FileName.safe(roster.name.text)
      if let taken = try matchingNames(newName).first(where: { $0 != old }) { throw .nameTaken(taken) }
      if safe != old, exists(safe) { throw .nameTaken(safe) }
      try write(roster, to: file(safe))
      if safe != old, unlink(file(old).path) != 0 { throw .storage(.current(.remove, file(old).path)) }
      return roster
    }
  }

  /// Deletes a class and its roster. Its printed cards mean nothing after this.
  ///
  /// - Returns: the class deleted.
  @discardableResult
  public func delete(_ name: String) throws(Error) -> ClassRoster {
    try locked { () throws(Error) -> ClassRoster in
      let url = file(try fileName(of: name))
      let roster = try read(url)
      guard unlink(url.path) == 0 else { throw .storage(.current(.remove, url.path)) }
      return roster
    }
  }

  /// The file name (without `.json`) of the class `name` names.
  private func fileName(of name: String) throws(Error) -> String {
    let safe = FileName.safe(name)
    if exists(safe) { return safe }
    let matches = try matchingNames(name)
    guard matches.count <= 1 else { throw .ambiguous(name, matches) }
    guard let match = matches.first else { throw .notFound(name) }
    return match
  }

  /// The file names of the classes whose name matches `name` without regard to case,
  /// accents or spaces.
  private func matchingNames(_ name: String) throws(Error) -> [String] {
    let key = StudentName.foldedKey(name)
    return try fileNames().filter { StudentName.foldedKey($0) == key }
  }

  private func exists(_ safeName: String) -> Bool {
    var status = stat()
    return stat(file(safeName).path, &status) == 0
  }

  func file(_ safeName: String) -> URL { directory.appendingPathComponent(safeName + ".json") }

  /// The `.json` files of the folder, without the extension; none when it does not exist.
  private func fileNames() throws(Error) -> [String] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    } catch {
      let failure = FileSystemError.from(error, .list, directory.path)
      if failure.isNotFound { return [] }
      throw .storage(failure)
    }
    return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.map { String($0.dropLast(5)) }.sorted()
  }

  /// Runs `body` under the folder's lock (the folder made first).
  private func locked<T>(_ body: () throws(Error) -> T) throws(Error) -> T {
    do throws(FileSystemError) { try Directory.create(directory) } catch { throw .storage(error) }
    return try FileLock.withExclusiveLock(
      on: directory.appendingPathComponent(".classes.lock"), lockFailure: Error.storage, body)
  }
}
