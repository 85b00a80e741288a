import Foundation
import QRQuiz

/// A due time a teacher moved after the assignment was made (`qrquiz assign --extend` and
/// `--reopen`, the teacher's page): one student's (a flat battery, a day ill) or everyone's.
/// The assignment itself never changes; the changes are rows of their own
/// (`assignment_due_changes`), applied to the work as it is read, so a running server takes
/// them at once. The latest change for everyone is everyone's due time; a student's is the
/// later of that and the latest change for them.
extension AssignmentWork {
  /// A due time moved.
  public struct DueChange: Sendable, Hashable {
    /// The student it is for (the name as the roster spells it, and its folded key), or
    /// `nil`: everyone (the assignment reopened).
    public var studentName: String?
    public var studentKey: String?
    /// The new due time.
    public var until: QuizClock.Instant
    /// When the teacher moved it.
    public var at: QuizClock.Instant

    public init(studentName: String?, until: QuizClock.Instant, at: QuizClock.Instant) {
      self.studentName = studentName
      studentKey = studentName.map(StudentName.foldedKey)
      self.until = until
      self.at = at
    }
  }

  /// Why a due time cannot be moved.
  public enum DueChangeRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// The new time is not in the future.
    case untilPast
    /// The assignment is for a class whose roster has no such name.
    case notOnRoster(String)
    /// The assignment is for anyone, and no student of this name has joined.
    case noSuchStudent(String)
    /// The new time is not later than the due time it would move.
    case notLater(QuizClock.Instant)

    public var description: String {
      switch self {
      case .untilPast: "the new due time is past"
      case .notOnRoster(let name): "\(name) is not on the class's roster (qrquiz class show lists it)"
      case .noSuchStudent(let name): "no student named \(name) has joined this assignment"
      case .notLater(let due):
        "the new due time is not later than the due time it would move (\(Assignment.timestamp(due)))"
      }
    }
  }

  /// Everyone's due time: the assignment's, or the latest reopening's.
  public var due: QuizClock.Instant {
    dueChanges.last { $0.studentKey == nil }?.until ?? assignment.due
  }

  /// The due time of the student whose folded name is `key`: everyone's, or their own
  /// extension when it is later.
  public func due(forKey key: String) -> QuizClock.Instant {
    let own = dueChanges.last { $0.studentKey == key }?.until
    return max(due, own ?? due)
  }

  /// Whether the student whose folded name is `key` may still answer at `now`.
  public func isOpen(forKey key: String, at now: QuizClock.Instant) -> Bool { now < due(forKey: key) }

  /// Whether anyone may still answer at `now`: before everyone's due time, or a student's
  /// own extension.
  public func isOpenToAnyone(at now: QuizClock.Instant) -> Bool { now < latestDue }

  /// The latest due time of anyone: how long the topic's answers stay the teacher's alone.
  public var latestDue: QuizClock.Instant {
    dueChanges.reduce(due) { max($0, $1.until) }
  }

  /// The change that moves the due time of `name` (the roster's spelling, or folded: case,
  /// accents) or, without a name, everyone's, to `until`.
  ///
  /// - Throws: ``DueChangeRefusal``.
  public func dueChange(
    student name: String?, until: QuizClock.Instant, roster: ClassRoster?, at now: QuizClock.Instant
  ) throws(DueChangeRefusal) -> DueChange {
    guard until > now else { throw .untilPast }
    guard let name else {
      guard until > due else { throw .notLater(due) }
      return DueChange(studentName: nil, until: until, at: now)
    }
    let spelled: String
    if assignment.className != nil {
      guard let listed = roster?.student(.name(name)) else { throw .notOnRoster(name) }
      spelled = listed.name.text
    } else {
      guard let joined = student(named: name) else { throw .noSuchStudent(name) }
      spelled = joined.name.text
    }
    let current = due(forKey: StudentName.foldedKey(spelled))
    guard until > current else { throw .notLater(current) }
    return DueChange(studentName: spelled, until: until, at: now)
  }

  /// Applies a due change (made by ``dueChange(student:until:roster:at:)``, or read back).
  public mutating func apply(_ change: DueChange) { dueChanges.append(change) }
}
