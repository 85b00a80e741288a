import Foundation
import QRQuiz
import QRQuizLocking

/// Every assignment of a server: made by the teacher, found by code, kept in the data
/// folder's archive (`DATA/assignments`) and found again when the server starts. Bounded:
/// ``AssignmentArchive/maximumAssignments`` in all.
public final class Assignments: Sendable {
  let archive: AssignmentArchive?
  let clock: LiveClock
  private let books = Locked<[String: AssignmentBook]>([:])
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
  func book(_ code: String) -> AssignmentBook? {
    guard Assignment.isCode(code) else { return nil }
    return books.withLock { $0[code] }
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
    let resumption = archive.resumeAll()
    books.withLock { books in
      for (work, journal) in resumption.assignments where books.count < AssignmentArchive.maximumAssignments {
        books[work.assignment.code] = AssignmentBook(work: work, journal: journal)
      }
    }
    return resumption.problems
  }
}
