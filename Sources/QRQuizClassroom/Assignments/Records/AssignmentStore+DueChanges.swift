import Foundation
import QRQuiz

/// The due times teachers moved (`assignment_due_changes`): written by `qrquiz assign
/// --extend`/`--reopen` or the teacher's page, read with the assignments' moves, and looked
/// for by a running server on each request (one indexed query), so a change made beside it
/// counts at once.
extension AssignmentStore {
  /// Why a due change was not saved.
  public enum DueChangeFailure: Error, Sendable, CustomStringConvertible {
    case noSuchAssignment(String)
    case refused(AssignmentWork.DueChangeRefusal)
    case records(DatabaseError)
    case damaged(String)

    public var description: String {
      switch self {
      case .noSuchAssignment(let code): "no assignment has the code \(code) (qrquiz assign --list lists them)"
      case .refused(let refusal): refusal.description
      case .records(let error): "\(error)"
      case .damaged(let reason): reason
      }
    }
  }

  /// Moves the due time of assignment `code` for `student` (as the roster spells it, or
  /// folded), or for everyone, to `until`, checked against the assignment's work as the
  /// records hold it.
  ///
  /// - Returns: the work with the change applied.
  /// - Throws: ``DueChangeFailure``.
  @discardableResult
  public func changeDue(
    code: String, student: String?, until: QuizClock.Instant, roster: ClassRoster?, at now: QuizClock.Instant
  ) throws(DueChangeFailure) -> AssignmentWork {
    let found: AssignmentWork?
    do {
      found = try work(code: code)
    } catch {
      switch error {
      case .records(let failure): throw .records(failure)
      case .damaged: throw .damaged(error.description)
      }
    }
    guard var work = found else { throw .noSuchAssignment(code) }
    let change: AssignmentWork.DueChange
    do throws(AssignmentWork.DueChangeRefusal) {
      change = try work.dueChange(student: student, until: until, roster: roster, at: now)
    } catch {
      throw .refused(error)
    }
    do {
      try save(change, code: code)
    } catch {
      throw .records(error)
    }
    work.apply(change)
    return work
  }

  /// Writes `change` for assignment `code`.
  ///
  /// - Throws: ``DatabaseError``.
  public func save(_ change: AssignmentWork.DueChange, code: String) throws(DatabaseError) {
    try records.write { database throws(DatabaseError) in
      try database.execute(
        """
        INSERT INTO assignment_due_changes (assignment_id, student_key, student_name, until, at)
        SELECT id, \(change.studentKey), \(change.studentName), \(change.until.microsecondsSince1970),
          \(change.at.microsecondsSince1970)
        FROM assignments WHERE code = \(code)
        """)
    }
  }

  /// The due changes of the assignment row `id`, oldest first.
  static func dueChanges(of id: Int64, in database: Database) throws(DatabaseError) -> [AssignmentWork.DueChange] {
    try database.rows(
      "SELECT student_name, until, at FROM assignment_due_changes WHERE assignment_id = \(id) ORDER BY id"
    ).map(Self.dueChange)
  }

  /// The due changes written after row `after`, with their assignments' codes, oldest
  /// first; and the newest row's id (`after` when there is none).
  public func dueChanges(after: Int64) -> (changes: [(code: String, change: AssignmentWork.DueChange)], last: Int64) {
    let rows =
      (try? records.read { database throws(DatabaseError) in
        try database.rows(
          """
          SELECT changes.id, assignments.code, changes.student_name, changes.until, changes.at
          FROM assignment_due_changes AS changes JOIN assignments ON assignments.id = changes.assignment_id
          WHERE changes.id > \(after) ORDER BY changes.id
          """)
      }) ?? []
    var last = after
    var changes: [(code: String, change: AssignmentWork.DueChange)] = []
    for row in rows {
      last = max(last, row.get(0, as: Int64.self) ?? last)
      guard let code = row.get(1, as: String.self) else { continue }
      changes.append(
        (
          code,
          AssignmentWork.DueChange(
            studentName: row.get(2, as: String.self),
            until: QuizClock.Instant(microsecondsSince1970: row.get(3, as: Int64.self) ?? 0),
            at: QuizClock.Instant(microsecondsSince1970: row.get(4, as: Int64.self) ?? 0))
        ))
    }
    return (changes, last)
  }

  /// The newest due change's row id (0 for none): what a server compares to know whether
  /// to read more.
  public func latestDueChange() -> Int64 {
    (try? records.read { database throws(DatabaseError) in
      try database.value("SELECT max(id) FROM assignment_due_changes", as: Int64.self)
    } ?? 0) ?? 0
  }

  private static func dueChange(_ row: Row) -> AssignmentWork.DueChange {
    AssignmentWork.DueChange(
      studentName: row.get(0, as: String.self),
      until: QuizClock.Instant(microsecondsSince1970: row.get(1, as: Int64.self) ?? 0),
      at: QuizClock.Instant(microsecondsSince1970: row.get(2, as: Int64.self) ?? 0))
  }
}
