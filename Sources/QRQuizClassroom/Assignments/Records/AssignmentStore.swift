import Foundation
import QRQuiz
import QRQuizLocking

/// A data folder's homework in the records: each assignment a row (`assignments`) with its
/// students' moves (`assignment_moves`), kept after the due time (they are the results),
/// and each student who joined pointing at the student of the class they are
/// (`assignment_students`). `qrquiz assign` adds assignments beside a running server, which
/// finds them by their code.
public struct AssignmentStore: Sendable {
  public let records: RecordStore

  /// Assignments a data folder keeps at most (a teacher's year is a few hundred).
  public static let maximumAssignments = 1000

  public init(records: RecordStore) { self.records = records }

  /// Saves a new assignment (its code not taken) and gives the log its moves go to.
  ///
  /// - Throws: ``DatabaseError``: the records cannot be written, or the code is taken.
  public func create(_ assignment: Assignment) throws(DatabaseError) -> AssignmentMoveLog {
    let json = LiveMoves.encode(assignment)
    let classKey = assignment.className.map(ClassRosterStore.key)
    let id = try records.write { database throws(DatabaseError) -> Int64 in
      let classID = try classKey.flatMap { key throws(DatabaseError) in
        try database.value("SELECT id FROM classes WHERE name_key = \(key)", as: Int64.self)
      }
      guard
        let id = try database.value(
          """
          INSERT INTO assignments (code, class_id, assignment, created, due, teacher_id)
          VALUES (\(assignment.code), \(classID), \(json), \(assignment.created.microsecondsSince1970),
            \(assignment.due.microsecondsSince1970), \(assignment.teacher))
          RETURNING id
          """, as: Int64.self)
      else { throw DatabaseError(kind: .other, path: database.path, message: "an assignment's row was not made") }
      return id
    }
    return AssignmentMoveLog(records: records, assignmentID: id, assignment: assignment, moves: 0)
  }

  /// Whether `code` is an assignment's already.
  ///
  /// - Throws: ``DatabaseError``: the records cannot say (the assignment is refused, its
  ///   code never drawn again and again while the server is away).
  public func isTaken(code: String) throws(DatabaseError) -> Bool {
    try records.read { database throws(DatabaseError) in
      try database.row("SELECT 1 FROM assignments WHERE code = \(code)") != nil
    }
  }

  /// An assignment read back: its work, its log, and its row (the newest row read tells a
  /// server what a later look must read).
  public struct Resumed: Sendable {
    public var work: AssignmentWork
    public var log: AssignmentMoveLog
    public var row: Int64
  }

  /// What ``resume(after:)`` found.
  public struct Resumption: Sendable {
    public var assignments: [Resumed]
    /// A line for each assignment not read (its rows do not make one), or the records'.
    public var problems: [String]
  }

  /// The assignments whose rows come after `row` (every one, from 0), each with its work
  /// replayed and its log open to append to; at most ``maximumAssignments``.
  public func resume(after row: Int64 = 0) -> Resumption {
    let found: [(id: Int64, code: String, json: String, moves: [String], changes: [AssignmentWork.DueChange])]
    do {
      found = try records.read { database throws(DatabaseError) in
        let rows = try database.rows(
          """
          SELECT id, code, assignment FROM assignments WHERE id > \(row) AND damaged IS NULL
          ORDER BY id LIMIT \(Self.maximumAssignments)
          """)
        return try rows.map { row throws(DatabaseError) in
          let id = row.get(0, as: Int64.self) ?? 0
          let moves = try database.rows(
            "SELECT move FROM assignment_moves WHERE assignment_id = \(id) ORDER BY sequence")
          return (
            id, row.get(1) ?? "", row.get(2) ?? "", moves.map { $0.get(0) ?? "" },
            try Self.dueChanges(of: id, in: database)
          )
        }
      }
    } catch {
      return Resumption(assignments: [], problems: ["assignments not read: \(error)"])
    }
    var resumption = Resumption(assignments: [], problems: [])
    for row in found {
      do throws(AssignmentMoves.Damage) {
        let assignment = try AssignmentMoves.assignment(Array(row.json.utf8))
        var work = try AssignmentMoves.replay(assignment, moves: row.moves.map { Array($0.utf8) })
        for change in row.changes { work.apply(change) }
        let log = AssignmentMoveLog(
          records: records, assignmentID: row.id, assignment: assignment, moves: row.moves.count)
        resumption.assignments.append(Resumed(work: work, log: log, row: row.id))
      } catch {
        let place = error.move == 0 ? "its assignment" : "move \(error.move)"
        resumption.problems.append(
          "assignment \(row.code) not read: \(place): \(error.reason); kept in \(records.location)")
        let reason = "\(place): \(error.reason)"
        _ = try? records.write { database throws(DatabaseError) in
          try database.execute("UPDATE assignments SET damaged = \(reason) WHERE id = \(row.id)")
        }
      }
    }
    return resumption
  }

  /// Every assignment as its rows hold it, read only (the command line, beside a server);
  /// a line for each that cannot be read.
  public func readAll() -> (works: [AssignmentWork], problems: [String]) {
    let rows: [(code: String, json: String, moves: [String], changes: [AssignmentWork.DueChange])]
    do {
      rows = try records.read { database throws(DatabaseError) in
        try database.rows("SELECT id, code, assignment FROM assignments WHERE damaged IS NULL ORDER BY id").map {
          row throws(DatabaseError) in
          let id = row.get(0, as: Int64.self) ?? 0
          let moves = try database.rows(
            "SELECT move FROM assignment_moves WHERE assignment_id = \(id) ORDER BY sequence")
          return (
            row.get(1) ?? "", row.get(2) ?? "", moves.map { $0.get(0) ?? "" }, try Self.dueChanges(of: id, in: database)
          )
        }
      }
    } catch {
      return ([], ["assignments not read: \(error)"])
    }
    var works: [AssignmentWork] = []
    var problems: [String] = []
    for row in rows {
      do throws(AssignmentMoves.Damage) {
        let assignment = try AssignmentMoves.assignment(Array(row.json.utf8))
        var work = try AssignmentMoves.replay(assignment, moves: row.moves.map { Array($0.utf8) })
        for change in row.changes { work.apply(change) }
        works.append(work)
      } catch {
        problems.append("assignment \(row.code) not read: move \(error.move): \(error.reason)")
      }
    }
    return (works, problems)
  }
}

/// An assignment's moves, written one at a time as students make them: ``append(_:)``
/// returns once the move is committed, so a move is acknowledged only when it survives a
/// crash. Homework arrives at a student's pace; its writes share the store's one writer
/// with every live game's.
public final class AssignmentMoveLog: Sendable {
  private let records: RecordStore
  public let assignmentID: Int64
  public let assignment: Assignment
  /// The moves written so far: the next one's sequence follows them.
  private let written: Locked<Int>

  init(records: RecordStore, assignmentID: Int64, assignment: Assignment, moves: Int) {
    self.records = records
    self.assignmentID = assignmentID
    self.assignment = assignment
    written = Locked(moves)
  }

  /// Writes `entry` and waits until it is committed; a student joining is recorded as the
  /// student of the class they are (or none). Called under the assignment's lock, so moves
  /// are written in the order they are applied.
  ///
  /// - Throws: ``DatabaseError``: the move is not in the records and must be refused.
  public func append(_ entry: AssignmentWork.Entry) throws(DatabaseError) {
    let sequence = written.withLock { $0 } + 1
    let id = assignmentID
    let move = LiveMoves.encode(entry)
    try records.write { database throws(DatabaseError) in
      try database.execute(
        "INSERT INTO assignment_moves (assignment_id, sequence, move) VALUES (\(id), \(sequence), \(move))")
      if case .joined(_, let name, _, _) = entry {
        let key = StudentName.foldedKey(name)
        try database.execute(
          """
          INSERT INTO assignment_students (assignment_id, name_key, name, student_id)
          VALUES (\(id), \(key), \(name), (
            SELECT students.id FROM students JOIN assignments ON assignments.class_id = students.class_id
            WHERE assignments.id = \(id) AND students.name_key = \(key) AND students.retired = 0))
          ON CONFLICT (assignment_id, name_key) DO NOTHING
          """)
      }
    }
    written.withLock { $0 = sequence }
  }

  /// Whether the records may be shared by several servers (PostgreSQL): another server may
  /// then have stored moves of this assignment since this log's last.
  public var isShared: Bool { records.address != nil }

  /// The moves stored since this log's last (by another server sharing the records), in
  /// order, each checked against `work` as it fits; the log then counts them as its own, so
  /// the caller must apply them to its work before its next move (under the lock it
  /// applies its moves under). A move of this server refused by the records because another
  /// took its place (``DatabaseError/Kind/constraint``) is taken again after these.
  ///
  /// - Throws: ``DatabaseError``: the records cannot be read, or what they hold does not
  ///   follow on (a gap, a move that does not fit).
  public func movesSinceLast(fitting work: AssignmentWork) throws(DatabaseError) -> [AssignmentWork.Entry] {
    let after = written.withLock { $0 }
    let id = assignmentID
    let rows = try records.read { database throws(DatabaseError) in
      try database.rows(
        "SELECT sequence, move FROM assignment_moves WHERE assignment_id = \(id) AND sequence > \(after) ORDER BY sequence"
      )
    }
    let decoder = JSONDecoder()
    var caughtUp = work
    var entries: [AssignmentWork.Entry] = []
    for (offset, row) in rows.enumerated() {
      guard row.get(0, as: Int.self) == after + offset + 1, let text = row.get(1, as: String.self),
        let entry = try? decoder.decode(AssignmentWork.Entry.self, from: Data(text.utf8)), caughtUp.accepts(entry)
      else {
        throw DatabaseError(
          kind: .other, path: records.location,
          message: "assignment \(assignment.code): move \(after + offset + 1) does not follow on")
      }
      caughtUp.apply(entry)
      entries.append(entry)
    }
    written.withLock { $0 = after + entries.count }
    return entries
  }
}

extension AssignmentStore {
  /// The assignments kept.
  public func count() throws(DatabaseError) -> Int {
    try records.read { database throws(DatabaseError) in
      try database.value("SELECT count(*) FROM assignments", as: Int.self) ?? 0
    }
  }

  /// Why an assignment's work was not read.
  public enum ReadFailure: Error, Sendable, CustomStringConvertible {
    case records(DatabaseError)
    /// Its rows do not make an assignment's work (edited by hand).
    case damaged(code: String, reason: String)

    public var description: String {
      switch self {
      case .records(let error): "\(error)"
      case .damaged(let code, let reason): "assignment \(code) in the records: \(reason)"
      }
    }
  }

  /// The work of assignment `code`, as its rows hold it; `nil` when no assignment has it.
  ///
  /// - Throws: ``ReadFailure``.
  public func work(code: String) throws(ReadFailure) -> AssignmentWork? {
    let found: (json: String, moves: [String], changes: [AssignmentWork.DueChange])?
    do {
      found = try records.read { database throws(DatabaseError) in
        guard let row = try database.row("SELECT id, assignment FROM assignments WHERE code = \(code)"),
          let id = row.get(0, as: Int64.self)
        else { return nil }
        let moves = try database.rows("SELECT move FROM assignment_moves WHERE assignment_id = \(id) ORDER BY sequence")
        return (row.get(1) ?? "", moves.map { $0.get(0) ?? "" }, try Self.dueChanges(of: id, in: database))
      }
    } catch {
      throw .records(error)
    }
    guard let found else { return nil }
    do throws(AssignmentMoves.Damage) {
      let assignment = try AssignmentMoves.assignment(Array(found.json.utf8))
      var work = try AssignmentMoves.replay(assignment, moves: found.moves.map { Array($0.utf8) })
      for change in found.changes { work.apply(change) }
      return work
    } catch {
      throw .damaged(code: code, reason: "move \(error.move): \(error.reason)")
    }
  }
}
