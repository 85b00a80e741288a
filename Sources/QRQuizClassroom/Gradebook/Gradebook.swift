import Foundation
import QRQuiz

/// Everything a class took, per student, in one table: a row per student of the roster
/// (in card order), a column per live game and assignment (oldest first), each cell what
/// that student did in it. Live games count when the class played them
/// (``GradebookMatching/isPlayed(_:by:)``), assignments when they were given to the class.
///
/// ```swift
/// let book = Gradebook(roster: roster, assignments: works, games: liveGames.gameRecords(), at: QuizClock.now)
/// print(book.csv)
/// ```
public struct Gradebook: Sendable {
  /// A live game or an assignment the class took.
  public struct Activity: Sendable, Hashable {
    public enum Kind: String, Sendable {
      case live, assignment
    }
    public var kind: Kind
    /// The assignment's code, or the live game's results file name.
    public var id: String
    public var title: String
    /// When it was played (a live game), or due (an assignment).
    public var date: Date
    public var questions: Int
    /// An assignment not yet due.
    public var isOpen: Bool
    /// An assignment's due times moved (reopened for everyone, extended for a student),
    /// oldest first: the gradebook's notes.
    public var dueChanges: [AssignmentWork.DueChange] = []

    /// The notes in words, for the CSV and the JSON: "reopened for everyone until
    /// 2026-12-10T18:00:00Z", "extended for Ana Lovelace until 2026-12-09T18:00:00Z".
    public var notes: [String] { Self.notes(of: dueChanges) }

    /// Due changes in words (`qrquiz assign --results` says them the same).
    public static func notes(of changes: [AssignmentWork.DueChange]) -> [String] {
      changes.map { change in
        let until = LiveResults.timestamp(change.until.date)
        return change.studentName.map { "extended for \($0) until \(until)" } ?? "reopened for everyone until \(until)"
      }
    }
  }

  /// What a student did in one activity.
  public struct Cell: Sendable, Hashable {
    public enum Status: String, Sendable {
      /// Every question answered (or its time ran out).
      case done
      /// Some questions answered: joined late, left early, not finished.
      case partial
      /// An assignment still open, not started yet.
      case pending
      /// Not taken part, and it is over.
      case missed

      /// The status in the one vocabulary of the gradebook's page, its CSV and JSON and
      /// `qrquiz assign --results` (``AssignmentResults/Row/status(questions:)``).
      public var word: String {
        switch self {
        case .done: "done"
        case .partial: "not finished"
        case .pending: "not started"
        case .missed: "missed"
        }
      }
    }

    /// How the student answered.
    public enum Device: String, Sendable {
      /// A phone or a computer in a live game.
      case phone
      /// An answer card, in a live game.
      case card
      /// An assignment's page.
      case online
    }

    public var status: Status
    public var device: Device?
    public var score: Int?
    /// Questions right.
    public var correct: Int?
    /// Questions answered (right or wrong).
    public var answered: Int?
    /// An assignment's time, from the start of the best attempt to its last answer.
    public var seconds: Double?

    static let missed = Cell(status: .missed)
    static let pending = Cell(status: .pending)
  }

  /// A student's row.
  public struct Row: Sendable, Hashable {
    public var student: ClassRoster.Student
    /// One cell per activity, in the order of ``Gradebook/activities``.
    public var cells: [Cell]

    /// Right answers over the questions of everything over (live games, assignments past
    /// due), those missed counting 0 right; `nil` before anything was over. An assignment
    /// still open is left out: the student may not have finished.
    public var share: Double? {
      var right = 0
      var asked = 0
      for (cell, activity) in zip(cells, activities) where !activity.isOpen {
        right += cell.correct ?? 0
        asked += activity.questions
      }
      return asked == 0 ? nil : Double(right) / Double(asked)
    }

    /// The share in whole percent, rounded half up on the exact fraction (5 of 8: 63), as
    /// the page shows it; the CSV's share (4 decimals: 0.625) rounds to the same.
    public var percent: Int? {
      var right = 0
      var asked = 0
      for (cell, activity) in zip(cells, activities) where !activity.isOpen {
        right += cell.correct ?? 0
        asked += activity.questions
      }
      return asked == 0 ? nil : (200 * right + asked) / (2 * asked)
    }

    /// The activities, for the share (a row is read beside its gradebook's).
    fileprivate var activities: [Activity] = []
  }

  public let roster: ClassRoster
  /// Oldest first.
  public let activities: [Activity]
  /// One per student of the roster, in card order.
  public let rows: [Row]

  /// The gradebook of `roster`'s class from `assignments` (every assignment's work; those
  /// of other classes are left out) and `games` (saved live games; those the class did
  /// not play are left out), as things stand at `now`.
  public init(roster: ClassRoster, assignments: [AssignmentWork], games: [LiveGameRecord], at now: QuizClock.Instant) {
    self.roster = roster
    var columns: [(activity: Activity, cells: [Int: Cell])] = []
    for game in games where GradebookMatching.isPlayed(game, by: roster) {
      columns.append(
        (
          Activity(
            kind: .live, id: game.id, title: game.title, date: game.played, questions: game.questions, isOpen: false),
          Self.cells(of: game, roster: roster)
        ))
    }
    for work in assignments {
      guard let name = work.assignment.className, StudentName.foldedKey(name) == roster.name.key else { continue }
      let assignment = work.assignment
      var cells = Self.cells(of: work.settled(at: now), roster: roster)
      // Not started: "not yet" while the student's own due time is not past (a student
      // given more time), else missed.
      for student in roster.students where cells[student.card] == nil {
        cells[student.card] = work.isOpen(forKey: student.name.key, at: now) ? .pending : .missed
      }
      columns.append(
        (
          Activity(
            kind: .assignment, id: assignment.code, title: assignment.title, date: work.due.date,
            questions: assignment.questions.count, isOpen: work.isOpenToAnyone(at: now), dueChanges: work.dueChanges),
          cells
        ))
    }
    columns.sort { ($0.activity.date, $0.activity.id) < ($1.activity.date, $1.activity.id) }
    let activities = columns.map(\.activity)
    self.activities = activities
    rows = roster.students.map { student in
      var row = Row(
        student: student,
        cells: columns.map { $0.cells[student.card] ?? ($0.activity.isOpen ? .pending : .missed) })
      row.activities = activities
      return row
    }
  }

  /// Each student's cell in a live game, by card (the best of two players matched to one
  /// student: a phone and a card, say).
  static func cells(of game: LiveGameRecord, roster: ClassRoster) -> [Int: Cell] {
    var cells: [Int: Cell] = [:]
    for player in game.players {
      guard let student = GradebookMatching.student(player, in: roster) else { continue }
      let answered = player.correct + player.wrong
      // A class answering by card is in the game from its start: answering nothing is missing it.
      guard answered > 0 else {
        if cells[student.card] == nil { cells[student.card] = .missed }
        continue
      }
      let cell = Cell(
        status: player.unanswered == 0 ? .done : .partial, device: player.byCard ? .card : .phone,
        score: player.score, correct: player.correct, answered: answered)
      if let kept = cells[student.card], kept.status != .missed, (kept.score ?? 0) >= player.score { continue }
      cells[student.card] = cell
    }
    return cells
  }

  /// Each student's cell in an assignment (their best attempt), by card.
  static func cells(of work: AssignmentWork, roster: ClassRoster) -> [Int: Cell] {
    var cells: [Int: Cell] = [:]
    let count = work.assignment.questions.count
    for joined in work.students {
      guard let student = roster.student(.name(joined.name.text)) else { continue }
      let best = joined.best
      cells[student.card] = Cell(
        status: best.answers.count == count ? .done : .partial, device: .online, score: best.score,
        correct: best.correct, answered: best.answers.count { $0.outcome != .unanswered }, seconds: best.seconds)
    }
    return cells
  }

  /// The row of the student holding card `card`.
  public func row(card: Int) -> Row? { rows.first { $0.student.card == card } }
}
