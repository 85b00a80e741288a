import QRQuiz
import QRQuizClassroom
import QRQuizFiles
import QRQuizLocking

/// One assignment served: its students' work under a lock, and its move log. Every move is
/// checked, committed to the records, and only then applied and acknowledged, all under the
/// lock, so the work always equals the records and nothing a student was told is lost by a
/// crash.
///
/// Records shared by several servers (PostgreSQL): a student may join on one and answer on
/// another. Each move first applies the moves the others stored since this server's last,
/// then is checked against the work as it now stands; the records keep one move per place
/// in the assignment's sequence, so of two servers taking the same place one is refused,
/// catches up and takes its move again (a second answer to the same question then refused
/// as any). What students see is caught up first too (``catchUp()``).
final class AssignmentBook: Sendable {
  let assignment: Assignment
  private let work: Locked<AssignmentWork>
  /// `nil`: kept in memory only (a server without a data folder, tests).
  private let log: AssignmentMoveLog?

  init(work: AssignmentWork, log: AssignmentMoveLog?) {
    assignment = work.assignment
    self.work = Locked(work)
    self.log = log
  }

  var code: String { assignment.code }

  /// What students did so far.
  var snapshot: AssignmentWork { work.withLock { $0 } }

  /// Why a move failed: refused by the rules, or not saved.
  enum Failure<Refusal: Error>: Error {
    case refused(Refusal)
    case notSaved(DatabaseError)
  }

  /// A student joins; returns their secret.
  func join(name: String, roster: ClassRoster?, at now: QuizClock.Instant) throws(Failure<AssignmentWork.JoinRefusal>)
    -> String
  {
    let secret = Secret.make()
    try inTurn { (work) throws(Failure<AssignmentWork.JoinRefusal>) in
      let entry: AssignmentWork.Entry
      do throws(AssignmentWork.JoinRefusal) {
        entry = try work.join(name: name, secret: secret, roster: roster, at: now)
      } catch {
        throw Failure<AssignmentWork.JoinRefusal>.refused(error)
      }
      try save(entry, &work, refusing: AssignmentWork.JoinRefusal.self)
    }
    return secret
  }

  /// A student of the assignment's class opens it from their own link (`/s/SECRET`):
  /// their secret, the one they joined with before or a new one.
  func openByOwnLink(_ student: ClassRoster.Student, roster: ClassRoster, at now: QuizClock.Instant)
    throws(Failure<AssignmentWork.JoinRefusal>) -> String
  {
    let secret = Secret.make()
    return try inTurn { (work) throws(Failure<AssignmentWork.JoinRefusal>) -> String in
      if let joined = work.student(named: student.name.text) { return joined.secret }
      let entry: AssignmentWork.Entry
      do throws(AssignmentWork.JoinRefusal) {
        entry = try work.join(name: student.name.text, secret: secret, roster: roster, ownLink: true, at: now)
      } catch {
        throw Failure<AssignmentWork.JoinRefusal>.refused(error)
      }
      try save(entry, &work, refusing: AssignmentWork.JoinRefusal.self)
      return secret
    }
  }

  /// A student's answer, with its verdict once durable.
  func answer(secret: String, question: Int, picks: [Int], at now: QuizClock.Instant) throws(Failure<
    AssignmentWork.MoveRefusal
  >) -> AssignmentWork.Verdict {
    try inTurn { (work) throws(Failure<AssignmentWork.MoveRefusal>) -> AssignmentWork.Verdict in
      let move: (entry: AssignmentWork.Entry, verdict: AssignmentWork.Verdict)
      do throws(AssignmentWork.MoveRefusal) {
        move = try work.answer(secret: secret, question: question, picks: picks, at: now)
      } catch {
        throw Failure<AssignmentWork.MoveRefusal>.refused(error)
      }
      try save(move.entry, &work, refusing: AssignmentWork.MoveRefusal.self)
      return move.verdict
    }
  }

  /// A student starts another attempt; returns its number (from 1).
  func retry(secret: String, at now: QuizClock.Instant) throws(Failure<AssignmentWork.MoveRefusal>) -> Int {
    try inTurn { (work) throws(Failure<AssignmentWork.MoveRefusal>) -> Int in
      let entry: AssignmentWork.Entry
      do throws(AssignmentWork.MoveRefusal) { entry = try work.retry(secret: secret, at: now) } catch {
        throw Failure<AssignmentWork.MoveRefusal>.refused(error)
      }
      try save(entry, &work, refusing: AssignmentWork.MoveRefusal.self)
      return work.student(secret: secret)?.attempts.count ?? 0
    }
  }

  /// A student starts the timer(s) of their next question; `false` when there was
  /// nothing to start (no timer, or started already).
  func start(secret: String, question: Int, timeFactor: Double, at now: QuizClock.Instant) throws(Failure<
    AssignmentWork.MoveRefusal
  >) -> Bool {
    try inTurn { (work) throws(Failure<AssignmentWork.MoveRefusal>) -> Bool in
      let entry: AssignmentWork.Entry?
      do throws(AssignmentWork.MoveRefusal) {
        entry = try work.start(secret: secret, question: question, timeFactor: timeFactor, at: now)
      } catch {
        throw Failure<AssignmentWork.MoveRefusal>.refused(error)
      }
      guard let entry else { return false }
      try save(entry, &work, refusing: AssignmentWork.MoveRefusal.self)
      return true
    }
  }

  /// Applies a due time moved (read from the records, or just written there).
  func apply(_ change: AssignmentWork.DueChange) { work.withLock { $0.apply(change) } }

  /// The student holding `secret`, as they are now.
  func student(secret: String) -> AssignmentWork.Student? { work.withLock { $0.student(secret: secret) } }

  /// The student holding `secret` as they stand at `now` (questions whose time ran out
  /// answered `unanswered`).
  func student(secret: String, at now: QuizClock.Instant) -> AssignmentWork.Student? {
    work.withLock { $0.student(secret: secret, at: now) }
  }

  /// What students did, as it stands at `now`.
  func snapshot(at now: QuizClock.Instant) -> AssignmentWork { work.withLock { $0 }.settled(at: now) }

  /// Moves taken in a row before a server that keeps losing its place to others says it
  /// could not (503): each loss means another server's move was stored first.
  static let placesTried = 8

  /// `move` under the work's lock, on records shared with other servers after catching
  /// up with theirs, and again (up to ``placesTried`` times) when another server stored a
  /// move in the place this one wanted.
  private func inTurn<Value, Refusal>(
    _ move: (inout AssignmentWork) throws(Failure<Refusal>) -> Value
  ) throws(Failure<Refusal>) -> Value {
    try work.withLock { (work) throws(Failure<Refusal>) -> Value in
      var tries = 0
      while true {
        do throws(DatabaseError) { try catchUp(&work) } catch { throw .notSaved(error) }
        do throws(Failure<Refusal>) {
          return try move(&work)
        } catch {
          tries += 1
          guard case .notSaved(let failure) = error, failure.kind == .constraint, log?.isShared == true,
            tries < Self.placesTried
          else { throw error }
        }
      }
    }
  }

  /// Applies the moves other servers sharing the records stored since this one's last.
  private func catchUp(_ work: inout AssignmentWork) throws(DatabaseError) {
    guard let log, log.isShared else { return }
    for entry in try log.movesSinceLast(fitting: work) { work.apply(entry) }
  }

  /// Brings the work up to what other servers sharing the records stored (a page or a
  /// result read here shows a student's moves made there); as it was when the records
  /// cannot be read.
  func catchUp() {
    work.withLock { try? catchUp(&$0) }
  }

  /// Writes `entry` to the records and waits for the commit, then applies it.
  private func save<Refusal>(
    _ entry: AssignmentWork.Entry, _ work: inout AssignmentWork, refusing: Refusal.Type
  ) throws(Failure<Refusal>) {
    do throws(DatabaseError) { try log?.append(entry) } catch { throw .notSaved(error) }
    work.apply(entry)
  }
}
