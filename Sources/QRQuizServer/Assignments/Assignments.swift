import Foundation
import QRQuiz
import QRQuizClassroom
import QRQuizFiles
import QRQuizLocking

/// Every assignment of a server: made by the teacher, found by code, kept in the data
/// folder's archive (`DATA/assignments`) and found again when the server starts. Bounded:
/// `AssignmentArchive.maximumAssignments` in all.
public final class Assignments: Sendable {
  let archive: AssignmentArchive?
  let clock: LiveClock
  private let books = Locked<[String: AssignmentBook]>([:])
  /// The archive folder's modification time when last read: `qrquiz assign` adds journals
  /// beside a running server, which reads them when the folder changes.
  private let folderStamp = Locked<timespec?>(nil)
  /// Told of each assignment found that way (its topic is hidden from then on).
  let onFound = Locked<(@Sendable (Assignment) -> Void)?>(nil)
  /// Attempts to join, per address: a class joins in a burst, a guesser of names is slowed.
  let joinLimiter = JoinLimiter()

  /// - Parameters:
  ///   - archive: where journals are kept; `nil` keeps assignments in memory only.
  ///   - clock: the server's clock, which due times are read on.
  public init(archive: AssignmentArchive?, clock: LiveClock = .system) {
    self.archive = archive
    self.clock = clock
  }

  /// The assignment of `code`.
  func book(_ typed: String) -> AssignmentBook? {
    // As a student types it: "k7m2 qx9p" is K7M2QX9P.
    let code = typed.uppercased().filter { $0 != " " && $0 != "-" }
    guard Assignment.isCode(code) else { return nil }
    if let book = books.withLock({ $0[code] }) { return book }
    refreshIfChanged()
    return books.withLock { $0[code] }
  }

  /// Reads the journals added to the archive since it was last read (by `qrquiz assign`),
  /// when its folder changed, telling `onFound` of each.
  func refreshIfChanged() {
    guard let archive else { return }
    var status = stat()
    guard stat(archive.directory.path, &status) == 0 else { return }
    let stamp = status.st_mtim
    let changed = folderStamp.withLock { last -> Bool in
      if let last, last.tv_sec == stamp.tv_sec, last.tv_nsec == stamp.tv_nsec { return false }
      last = stamp
      return true
    }
    guard changed else { return }
    let known = books.withLock { Set($0.keys) }
    let found = onFound.withLock { $0 }
    for url in archive.scan().journals {
      let code = String(url.lastPathComponent.dropLast(".jsonl".count))
      guard !known.contains(code), let (work, journal) = try? AssignmentJournal.resume(url) else { continue }
      let book = AssignmentBook(work: work, journal: journal)
      let isNew = books.withLock { books -> Bool in
        guard books[code] == nil, books.count < AssignmentArchive.maximumAssignments else { return false }
        books[code] = book
        return true
      }
      if isNew { found?(work.assignment) }
    }
  }

  /// Every assignment, newest first.
  var all: [AssignmentBook] {
    books.withLock { Array($0.values) }.sorted {
      ($0.assignment.created, $0.code) > ($1.assignment.created, $1.code)
    }
  }

  /// Why an assignment was not made.
  enum CreationFailure: Error {
    case tooMany
    case notSaved(FileSystemError)
  }

  /// Adds the assignment `make` returns for a new code (one no assignment, nor any file of
  /// the archive, has), its journal durable first.
  func create(_ make: (String) -> Assignment) throws(CreationFailure) -> AssignmentBook {
    try books.withLock { (books) throws(CreationFailure) -> AssignmentBook in
      guard books.count < AssignmentArchive.maximumAssignments else { throw .tooMany }
      var code = Assignment.makeCode()
      while books[code] != nil || archive?.isTaken(code: code) == true { code = Assignment.makeCode() }
      let assignment = make(code)
      var journal: AssignmentJournal?
      if let archive {
        do throws(FileSystemError) {
          journal = try AssignmentJournal(creating: archive.journalURL(code: code), assignment: assignment)
        } catch {
          throw .notSaved(error)
        }
      }
      let book = AssignmentBook(work: AssignmentWork(assignment: assignment), journal: journal)
      books[code] = book
      return book
    }
  }

  /// Reads the archive's assignments back; a line for each that cannot be.
  func resume() -> [String] {
    guard let archive else { return [] }
    var status = stat()
    if stat(archive.directory.path, &status) == 0 { folderStamp.withLock { $0 = status.st_mtim } }
    let resumption = archive.resumeAll()
    books.withLock { books in
      for (work, journal) in resumption.assignments where books.count < AssignmentArchive.maximumAssignments {
        books[work.assignment.code] = AssignmentBook(work: work, journal: journal)
      }
    }
    return resumption.problems
  }
}
