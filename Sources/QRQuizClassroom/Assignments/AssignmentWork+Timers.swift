import Foundation
import QRQuiz

/// An assignment's timers, as the app and the web player count them: a set's
/// `timePerSetInSeconds` runs from the start of its first question over all of its
/// questions, a question's own `seconds` over that question alone, each as long again as
/// a student's extra time says (``ClassRoster/Accommodations``). A timed question is shown
/// only once the student starts its timer (a ``AssignmentWork/Entry/started(student:question:at:setSeconds:questionSeconds:)``
/// stored, so nobody reads a question before its time runs); when a timer runs out,
/// the questions it covers that are not answered are answered `unanswered`, at that moment.
/// That is worked out from the starts and the time given (``AssignmentWork/settled(_:at:)``),
/// never stored, so moves replayed give the same answers.
extension AssignmentWork {
  /// A question's timers, started.
  public struct TimerStart: Sendable, Hashable {
    public var at: QuizClock.Instant
    /// Seconds the question's set has from `at` (given at the set's first question).
    public var setSeconds: Double?
    /// Seconds the question itself has from `at`.
    public var questionSeconds: Double?
  }

  /// The longest a timer may be made to run: an hour's question with four times the time.
  static func isTimerLength(_ seconds: Double) -> Bool {
    seconds.isFinite && seconds > 0 && seconds <= 4 * 3600
  }

  /// `attempt` with the questions whose time ran out by `now` answered `unanswered`.
  public func settled(_ attempt: Attempt, at now: QuizClock.Instant) -> Attempt {
    var attempt = attempt
    while attempt.answers.count < assignment.questions.count {
      guard let deadline = assignment.deadline(of: attempt.answers.count, in: attempt), deadline <= now else { break }
      attempt.record(
        Answer(picks: [], outcome: .unanswered, points: assignment.scoring.points(for: .unanswered), at: deadline))
    }
    return attempt
  }

  /// The student `id`'s current attempt settled at `now`, in place; its index.
  @discardableResult
  mutating func settleCurrentAttempt(of id: Int, at now: QuizClock.Instant) -> Int {
    let last = students[id - 1].attempts.count - 1
    students[id - 1].attempts[last] = settled(students[id - 1].attempts[last], at: now)
    return last
  }

  /// The work as it stands at `now`: every student's current attempt settled (what the
  /// teacher's results and a student's page show).
  public func settled(at now: QuizClock.Instant) -> AssignmentWork {
    var work = self
    for student in students { work.settleCurrentAttempt(of: student.id, at: now) }
    return work
  }

  /// The student holding `secret` as they stand at `now`.
  public func student(secret: String, at now: QuizClock.Instant) -> Student? {
    guard var student = student(secret: secret) else { return nil }
    student.attempts[student.attempts.count - 1] = settled(student.attempts[student.attempts.count - 1], at: now)
    return student
  }

  /// The student holding `secret` starts the timer(s) of question `question` (0-based),
  /// their timers running `timeFactor` times as long (their extra time).
  ///
  /// - Returns: the entry to store; `nil` when there is nothing to start (the question
  ///   has no timer of its own to start, or it was started already).
  /// - Throws: ``MoveRefusal``.
  public func start(secret: String, question: Int, timeFactor: Double = 1, at now: QuizClock.Instant)
    throws(MoveRefusal) -> Entry?
  {
    let (student, attempt) = try next(secret: secret, question: question, at: now)
    guard assignment.needsStart(question), attempt.starts[question] == nil else { return nil }
    let timers = assignment.timers(of: question, timeFactor: timeFactor)
    return .started(
      student: student.id, question: question, at: now, setSeconds: timers.set, questionSeconds: timers.question)
  }
}

extension AssignmentWork {
  /// The student holding `secret` and their attempt as it stands at `now`, when
  /// `question` is the one they are at: the checks every move on a question makes.
  ///
  /// - Throws: ``MoveRefusal``: unknown, past due, the attempt over, the question's time
  ///   up, or another question than theirs.
  func next(secret: String, question: Int, at now: QuizClock.Instant) throws(MoveRefusal) -> (
    student: Student, attempt: Attempt
  ) {
    guard let student = student(secret: secret) else { throw .unknownStudent }
    guard isOpen(forKey: student.name.key, at: now) else { throw .pastDue }
    let given = student.attempts[student.attempts.count - 1].answers.count
    let attempt = settled(student.attempts[student.attempts.count - 1], at: now)
    let questions = assignment.questions
    if questions.indices.contains(question), question >= given, question < attempt.answers.count { throw .timeUp }
    if attempt.answers.count == questions.count {
      throw student.attempts.count < assignment.attempts ? .attemptOver : .noAttemptsLeft
    }
    guard questions.indices.contains(question) else { throw .noSuchQuestion }
    guard question >= attempt.answers.count else { throw .alreadyAnswered }
    guard question == attempt.answers.count else { throw .notYet(next: attempt.answers.count + 1) }
    return (student, attempt)
  }
}

extension AssignmentWork.Attempt {
  /// Adds the next question's answer.
  mutating func record(_ answer: AssignmentWork.Answer) {
    answers.append(answer)
    score += answer.points
    if answer.outcome == .right { correct += 1 }
  }
}

extension Assignment {
  /// Whether question `index` is the first of its set on a timer per set (its start
  /// starts the set's timer).
  public func opensTimedSet(_ index: Int) -> Bool {
    secondsPerSet != nil && (index == 0 || questions[index].set != questions[index - 1].set)
  }

  /// Whether question `index` is shown only once its timer is started: the first of a
  /// timed set, or a question with its own time.
  public func needsStart(_ index: Int) -> Bool { opensTimedSet(index) || questions[index].seconds != nil }

  /// The first question of the run of questions of `index`'s set.
  func firstOfSet(_ index: Int) -> Int {
    var first = index
    while first > 0, questions[first - 1].set == questions[index].set { first -= 1 }
    return first
  }

  /// The set's and the question's own time that starting question `index` gives, each
  /// `timeFactor` times as long.
  public func timers(of index: Int, timeFactor: Double = 1) -> (set: Double?, question: Double?) {
    (
      opensTimedSet(index) ? secondsPerSet.map { $0 * timeFactor } : nil,
      questions[index].seconds.map { $0 * timeFactor }
    )
  }

  /// When question `index` stops taking an answer in `attempt`, by the timers started (its
  /// set's, its own); `nil` while no timer of it runs. The due time is not counted here.
  public func deadline(of index: Int, in attempt: AssignmentWork.Attempt) -> QuizClock.Instant? {
    var deadlines: [QuizClock.Instant] = []
    if secondsPerSet != nil, let start = attempt.starts[firstOfSet(index)], let seconds = start.setSeconds {
      deadlines.append(start.at + .microseconds(Int64((seconds * 1e6).rounded())))
    }
    if let start = attempt.starts[index], let seconds = start.questionSeconds {
      deadlines.append(start.at + .microseconds(Int64((seconds * 1e6).rounded())))
    }
    return deadlines.min()
  }
}
