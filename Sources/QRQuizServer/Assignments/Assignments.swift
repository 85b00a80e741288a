import Foundation
import QRQuiz
import QRQuizClassroom
import QRQuizFiles
import QRQuizLocking

/// Every assignment of a server: made by the teacher, found by code, kept in the records
/// and found again when the server starts. Bounded: `AssignmentStore.maximumAssignments` in
/// all.
public final class Assignments: Sendable {
  let store: AssignmentStore?
  let clock: LiveClock
  private let books = Locked<[String: AssignmentBook]>([:])
  /// The newest assignment's row read: `qrquiz assign` adds assignments beside a running
  /// server, which reads the rows after it when a code is not known yet.
  private let lastRow = Locked<Int64>(0)
  /// Told of each assignment found that way (its topic is hidden from then on).
  let onFound = Locked<(@Sendable (Assignment) -> Void)?>(nil)
  /// The newest due change read (`AssignmentStore+DueChanges.swift`): `qrquiz assign
  /// --extend`/`--reopen` move due times beside a running server, which reads the changes
  /// after it on every look-up, so they count at once.
  private let lastDueChange = Locked<Int64>(0)
  /// Told of each due time moved later: the topic's name, and until when its answers stay
  /// hidden.
  let onDueMoved = Locked<(@Sendable (String, QuizClock.Instant) -> Void)?>(nil)

  /// - Parameters:
  ///   - store: where assignments are kept; `nil` keeps them in memory only.
  ///   - clock: the server's clock, which due times are read on.
  public init(store: AssignmentStore?, clock: LiveClock = .system) {
    self.store = store
    self.clock = clock
  }

  /// The assignment of `code`.
  func book(_ typed: String) -> AssignmentBook? {
    // As a student types it: "k7m2 qx9p" is K7M2QX9P.
    let code = typed.uppercased().filter { $0 != " " && $0 != "-" }
    guard Assignment.isCode(code) else { return nil }
    refreshDueChanges()
    if let book = books.withLock({ $0[code] }) {
      book.catchUp()
      return book
    }
    refreshIfChanged()
    return books.withLock { $0[code] }
  }

  /// The assignment of `code` when it is `teacher`'s: another teacher's is `nil`, as one
  /// that does not exist.
  func book(_ typed: String, of teacher: Teacher) -> AssignmentBook? {
    book(typed).flatMap { teacher.owns($0.assignment.teacher) ? $0 : nil }
  }

  /// `teacher`'s assignments, newest first.
  func all(of teacher: Teacher) -> [AssignmentBook] { all.filter { teacher.owns($0.assignment.teacher) } }

  /// Applies the due changes written since they were last read (by `qrquiz assign`, or this
  /// server): one indexed query when there are none. A change applied twice changes
  /// nothing (the latest counts).
  func refreshDueChanges() {
    guard let store else { return }
    let after = lastDueChange.withLock { $0 }
    guard store.latestDueChange() > after else { return }
    let (changes, last) = store.dueChanges(after: after)
    lastDueChange.withLock { $0 = max($0, last) }
    let tell = onDueMoved.withLock { $0 }
    for (code, change) in changes {
      guard let book = books.withLock({ $0[code] }) else { continue }
      book.apply(change)
      tell?(book.assignment.topicName, change.until)
    }
  }

  /// Reads the assignments added to the records since they were last read (by `qrquiz
  /// assign`), telling `onFound` of each: one indexed query.
  func refreshIfChanged() {
    guard let store else { return }
    let after = lastRow.withLock { $0 }
    let found = store.resume(after: after)
    guard let newest = found.assignments.map(\.row).max() else { return }
    lastRow.withLock { $0 = max($0, newest) }
    let known = books.withLock { Set($0.keys) }
    let tell = onFound.withLock { $0 }
    for resumed in found.assignments where !known.contains(resumed.work.assignment.code) {
      let code = resumed.work.assignment.code
      let book = AssignmentBook(work: resumed.work, log: resumed.log)
      let isNew = books.withLock { books -> Bool in
        guard books[code] == nil, books.count < AssignmentStore.maximumAssignments else { return false }
        books[code] = book
        return true
      }
      guard isNew else { continue }
      tell?(resumed.work.assignment)
      // Its due times moved before this server knew it (read with it) hide its topic as long.
      if !resumed.work.dueChanges.isEmpty {
        onDueMoved.withLock { $0 }?(resumed.work.assignment.topicName, resumed.work.latestDue)
      }
    }
  }

  /// Moves the due time of assignment `code` for `student` (or everyone) to `until`:
  /// written to the records (or, without them, applied in memory), and counting at once.
  ///
  /// - Throws: ``AssignmentStore/DueChangeFailure``.
  func changeDue(
    code: String, student: String?, until: QuizClock.Instant, roster: ClassRoster?
  ) throws(AssignmentStore.DueChangeFailure) {
    let now = clock.now()
    guard let book = book(code) else { throw .noSuchAssignment(code) }
    if let store {
      try store.changeDue(code: book.code, student: student, until: until, roster: roster, at: now)
      refreshDueChanges()
      return
    }
    do throws(AssignmentWork.DueChangeRefusal) {
      let change = try book.snapshot.dueChange(student: student, until: until, roster: roster, at: now)
      book.apply(change)
      onDueMoved.withLock { $0 }?(book.assignment.topicName, change.until)
    } catch {
      throw .refused(error)
    }
  }

  /// Every assignment, newest first: those `qrquiz assign` (or another server) added to
  /// the records since the last look among them (one indexed query when there are none).
  var all: [AssignmentBook] {
    refreshIfChanged()
    refreshDueChanges()
    let books = books.withLock { Array($0.values) }
    // Shared records: each as other servers left it (one indexed query each; none on a laptop).
    for book in books { book.catchUp() }
    return books.sorted {
      ($0.assignment.created, $0.code) > ($1.assignment.created, $1.code)
    }
  }

  /// Why an assignment was not made.
  enum CreationFailure: Error {
    case tooMany
    case notSaved(DatabaseError)
  }

  /// Adds the assignment `make` returns for a new code (one no assignment of the records
  /// has), its row committed first.
  func create(_ make: (String) -> Assignment) throws(CreationFailure) -> AssignmentBook {
    try books.withLock { (books) throws(CreationFailure) -> AssignmentBook in
      guard books.count < AssignmentStore.maximumAssignments else { throw .tooMany }
      var code = Assignment.makeCode()
      do throws(DatabaseError) {
        // A code no assignment has, here or in the records.
        while true {
          if books[code] == nil, try !(store?.isTaken(code: code) ?? false) { break }
          code = Assignment.makeCode()
        }
      } catch {
        throw .notSaved(error)
      }
      let assignment = make(code)
      var log: AssignmentMoveLog?
      if let store {
        do throws(DatabaseError) {
          log = try store.create(assignment)
        } catch {
          throw .notSaved(error)
        }
      }
      let book = AssignmentBook(work: AssignmentWork(assignment: assignment), log: log)
      books[code] = book
      return book
    }
  }

  /// Reads the records' assignments back; a line for each that cannot be.
  func resume() -> [String] {
    guard let store else { return [] }
    // Read first: a change written meanwhile is read again later, which changes nothing.
    let latest = store.latestDueChange()
    lastDueChange.withLock { $0 = max($0, latest) }
    let resumption = store.resume()
    if let newest = resumption.assignments.map(\.row).max() { lastRow.withLock { $0 = max($0, newest) } }
    books.withLock { books in
      for resumed in resumption.assignments where books.count < AssignmentStore.maximumAssignments {
        books[resumed.work.assignment.code] = AssignmentBook(work: resumed.work, log: resumed.log)
      }
    }
    return resumption.problems
  }
}
