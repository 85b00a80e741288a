import Foundation
import QRQuiz

/// What the students of an ``Assignment`` have done: who joined, and each attempt's
/// answers in order.
///
/// A value with no clock and no I/O, as ``LiveGame`` is: each move (``join(name:secret:roster:ownLink:at:)``,
/// ``start(secret:question:timeFactor:at:)``, ``answer(secret:question:picks:at:)``,
/// ``retry(secret:at:)``) checks what it is asked at the time its caller gives and returns
/// the ``Entry`` to store, changing nothing; the caller makes the entry durable, then
/// `apply(_:)`s it. Applying the stored entries to a new value of the same assignment
/// gives the same value (``init(assignment:entries:)``).
///
/// Rules: nothing is taken at or after the due time; one answer per question, in order;
/// a timed question (its set's timer, or its own) is shown only once its timer is started,
/// and goes unanswered when the timer runs out (`AssignmentWork+Timers.swift`); a student
/// makes at most ``Assignment/attempts`` attempts, the best one counts; with a class, only
/// its roster's names join.
public struct AssignmentWork: Sendable, Equatable {
  /// A student who joined.
  public struct Student: Sendable, Hashable, Identifiable {
    /// 1, 2, 3 … in the order they joined.
    public let id: Int
    public let name: StudentName
    /// What every move of the student needs (128 random bits).
    public let secret: String
    public let joined: QuizClock.Instant
    /// The attempts made, the current one last (a student who joined has one).
    public internal(set) var attempts: [Attempt]

    /// The attempt that counts: the best score, the earlier on a tie.
    public var best: Attempt {
      attempts.dropFirst().reduce(attempts[0]) { $1.score > $0.score ? $1 : $0 }
    }
  }

  /// One play of the assignment's questions by a student.
  public struct Attempt: Sendable, Hashable {
    public let started: QuizClock.Instant
    /// The answers, question by question from the first (a question whose time ran out
    /// is answered `unanswered`, at the moment it ran out).
    public internal(set) var answers: [Answer] = []
    public internal(set) var score = 0
    public internal(set) var correct = 0
    /// The timers started, by question (0-based).
    public internal(set) var starts: [Int: TimerStart] = [:]

    /// When the last answer came.
    public var lastAnswer: QuizClock.Instant? { answers.last?.at }
    /// Seconds from the start to the last answer.
    public var seconds: Double { lastAnswer.map { $0.seconds(since: started) } ?? 0 }
  }

  /// A student's answer to one question, scored as it came.
  public struct Answer: Sendable, Hashable {
    public var picks: [Int]
    public var outcome: LiveOutcome
    public var points: Int
    public var at: QuizClock.Instant
  }

  /// One change, as the records keep it.
  public enum Entry: Sendable, Codable, Hashable {
    case joined(student: Int, name: String, secret: String, at: QuizClock.Instant)
    case answered(student: Int, question: Int, picks: [Int], at: QuizClock.Instant)
    /// The student starts a new attempt.
    case retried(student: Int, at: QuizClock.Instant)
    /// The student starts the timer(s) of question `question` of their attempt: the
    /// seconds its set (from this question, the set's first) and the question itself are
    /// given, the student's extra time included.
    case started(
      student: Int, question: Int, at: QuizClock.Instant, setSeconds: Double?, questionSeconds: Double?)
  }

  /// Why a student may not join.
  public enum JoinRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    case invalidName(StudentName.Problem)
    /// The assignment is for a class, and its roster has no such name.
    case notOnRoster
    case nameTaken
    case full
    case pastDue
    /// The assignment opens from each student's own link only (``Assignment/ownLinks``).
    case ownLinkRequired

    public var description: String {
      switch self {
      case .ownLinkRequired:
        "this homework opens from your own link, the one your teacher gave you (its address has /s/ in it): open it there"
      case .invalidName(let problem): problem.description
      case .notOnRoster: "this name is not on the class's list: type it as your teacher has it"
      case .nameTaken: "a student of this name has joined already"
      case .full: "the assignment has as many students as it takes"
      case .pastDue: "the assignment is past its due time"
      }
    }
  }

  /// Why an answer (or a new attempt) is refused.
  public enum MoveRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    case unknownStudent
    case pastDue
    /// The attempt is over and no attempt is left.
    case noAttemptsLeft
    /// The attempt is over; another may be started.
    case attemptOver
    /// The attempt is not over (a new one is refused).
    case attemptNotOver
    case noSuchQuestion
    case alreadyAnswered
    /// An earlier question is not answered yet.
    case notYet(next: Int)
    case invalidPicks(String)
    /// The question's time (its own, or its set's) ran out before the answer came.
    case timeUp
    /// The question is timed, and its timer was not started (``start(secret:question:timeFactor:at:)``).
    case notStarted

    public var description: String {
      switch self {
      case .unknownStudent: "no student of this assignment has this secret"
      case .pastDue: "the assignment is past its due time"
      case .noAttemptsLeft: "you have used every attempt"
      case .attemptOver: "this attempt is over: start another"
      case .attemptNotOver: "finish this attempt first"
      case .noSuchQuestion: "the assignment has no such question"
      case .alreadyAnswered: "you answered this question already: the first answer counts"
      case .notYet(let next): "answer question \(next) first"
      case .invalidPicks(let reason): reason
      case .timeUp: "the time for this question ran out"
      case .notStarted: "start this question's timer first"
      }
    }
  }

  public let assignment: Assignment
  /// Students in the order they joined; a student's ``Student/id`` is its index + 1.
  public internal(set) var students: [Student] = []
  var studentBySecret: [String: Int] = [:]
  var studentByKey: [String: Int] = [:]
  /// The due times moved since the assignment was made, oldest first
  /// (`AssignmentWork+DueChanges.swift`).
  public internal(set) var dueChanges: [DueChange] = []
  /// Students by their name's look-alike skeleton (``StudentName/skeleton``).
  var studentBySkeleton: [String: Int] = [:]

  public init(assignment: Assignment) { self.assignment = assignment }

  /// The work `entries` make (the stored ones).
  public init(assignment: Assignment, entries: some Sequence<Entry>) {
    self.init(assignment: assignment)
    for entry in entries { apply(entry) }
  }

  /// The student holding `secret`.
  public func student(secret: String) -> Student? {
    studentBySecret[secret].map { students[$0 - 1] }
  }

  /// The student of `name` (compared as ``StudentName/key``).
  public func student(named name: String) -> Student? {
    studentByKey[StudentName.foldedKey(name)].map { students[$0 - 1] }
  }

  // MARK: Moves

  /// A student joins with `name`; with a class, `roster` must be the class's, and the
  /// name is taken as the roster spells it.
  ///
  /// - Parameters:
  ///   - raw: the name as typed (or the roster's, from the student's own link).
  ///   - secret: the student's new secret (random, from the caller).
  ///   - roster: the class's roster, for an assignment given to a class.
  ///   - ownLink: whether the student came by their own link (`/s/SECRET`): the only way
  ///     into an assignment that ``Assignment/requiresOwnLinks``.
  ///   - now: when the student asked to join.
  /// - Throws: ``JoinRefusal``.
  public func join(
    name raw: String, secret: String, roster: ClassRoster?, ownLink: Bool = false, at now: QuizClock.Instant
  ) throws(JoinRefusal) -> Entry {
    guard isOpenToAnyone(at: now) else { throw .pastDue }
    guard ownLink || !assignment.requiresOwnLinks else { throw .ownLinkRequired }
    var name: StudentName
    do throws(StudentName.Problem) { name = try StudentName(raw) } catch { throw .invalidName(error) }
    if assignment.className != nil {
      guard let listed = roster?.student(.name(name.text)) else { throw .notOnRoster }
      name = listed.name
    }
    // A student whose due time was extended may join after everyone else's.
    guard isOpen(forKey: name.key, at: now) else { throw .pastDue }
    // Open to anyone, a look-alike of a name taken ("Αda" with a Greek Α) is that name, as
    // in a live game; a class's names are the roster's, matched by key above.
    if assignment.className == nil {
      guard
        !NameFolding.isTaken(key: name.key, skeleton: name.skeleton, keys: studentByKey, skeletons: studentBySkeleton)
      else { throw .nameTaken }
    }
    guard studentByKey[name.key] == nil else { throw .nameTaken }
    guard students.count < assignment.maximumStudents else { throw .full }
    return .joined(student: students.count + 1, name: name.text, secret: secret, at: now)
  }

  /// What an answer gets back.
  public struct Verdict: Sendable, Hashable {
    public var outcome: LiveOutcome
    /// The right answers.
    public var correct: [Int]
    public var explanation: String?
    /// The attempt's score with this answer.
    public var score: Int
  }

  /// The student holding `secret` answers question `question` (0-based) with `picks`.
  ///
  /// - Returns: the entry to store, and what to tell the student once it is durable.
  /// - Throws: ``MoveRefusal``.
  public func answer(
    secret: String, question: Int, picks: [Int], at now: QuizClock.Instant
  ) throws(MoveRefusal) -> (entry: Entry, verdict: Verdict) {
    let (student, attempt) = try next(secret: secret, question: question, at: now)
    guard !assignment.needsStart(question) || attempt.starts[question] != nil else { throw .notStarted }
    let asked = assignment.questions[question]
    if let problem = Self.problem(picks, answers: asked.question.answers.count) { throw .invalidPicks(problem) }
    let outcome = asked.question.judge(picks, mandatory: assignment.mandatory)
    let verdict = Verdict(
      outcome: outcome, correct: asked.question.correct, explanation: asked.explanation,
      score: attempt.score + assignment.scoring.points(for: outcome))
    return (.answered(student: student.id, question: question, picks: picks, at: now), verdict)
  }

  /// The student holding `secret` starts another attempt.
  ///
  /// - Throws: ``MoveRefusal``.
  public func retry(secret: String, at now: QuizClock.Instant) throws(MoveRefusal) -> Entry {
    guard let student = student(secret: secret) else { throw .unknownStudent }
    guard isOpen(forKey: student.name.key, at: now) else { throw .pastDue }
    guard settled(student.attempts[student.attempts.count - 1], at: now).answers.count == assignment.questions.count
    else {
      throw .attemptNotOver
    }
    guard student.attempts.count < assignment.attempts else { throw .noAttemptsLeft }
    return .retried(student: student.id, at: now)
  }

  /// What is wrong with `picks` for a question of `answers` answers (`nil`: nothing).
  static func problem(_ picks: [Int], answers: Int) -> String? {
    if picks.isEmpty { return "pick at least one answer" }
    if let bad = picks.first(where: { !(0..<answers).contains($0) }) {
      return "answer \(bad) is not one of the question's (0 to \(answers - 1))"
    }
    if Set(picks).count != picks.count { return "an answer is picked twice" }
    return nil
  }

  // MARK: Applying

  /// Whether `entry` fits (rows edited by hand must not crash the server reading it).
  public func accepts(_ entry: Entry) -> Bool {
    switch entry {
    case .joined(let id, let name, let secret, _):
      guard id == students.count + 1, id <= assignment.maximumStudents, let checked = try? StudentName(name) else {
        return false
      }
      return studentByKey[checked.key] == nil && studentBySecret[secret] == nil
    case .answered(let id, let question, let picks, let time):
      guard students.indices.contains(id - 1), assignment.questions.indices.contains(question) else { return false }
      let attempt = settled(students[id - 1].attempts[students[id - 1].attempts.count - 1], at: time)
      return attempt.answers.count == question
        && (!assignment.needsStart(question) || attempt.starts[question] != nil)
        && Self.problem(picks, answers: assignment.questions[question].question.answers.count) == nil
    case .retried(let id, let time):
      guard students.indices.contains(id - 1) else { return false }
      let student = students[id - 1]
      return student.attempts.count < assignment.attempts
        && settled(student.attempts[student.attempts.count - 1], at: time).answers.count
          == assignment.questions.count
    case .started(let id, let question, let time, let setSeconds, let questionSeconds):
      guard students.indices.contains(id - 1), assignment.questions.indices.contains(question) else { return false }
      let attempt = settled(students[id - 1].attempts[students[id - 1].attempts.count - 1], at: time)
      return attempt.answers.count == question && assignment.needsStart(question) && attempt.starts[question] == nil
        && [setSeconds, questionSeconds].allSatisfy { $0.map(Self.isTimerLength) ?? true }
    }
  }

  /// Applies an entry a move returned (or the records hold, checked by ``accepts(_:)``).
  public mutating func apply(_ entry: Entry) {
    switch entry {
    case .joined(let id, let name, let secret, let time):
      let checked = (try? StudentName(name)) ?? StudentName(unchecked: name)
      students.append(Student(id: id, name: checked, secret: secret, joined: time, attempts: [Attempt(started: time)]))
      studentBySecret[secret] = id
      studentByKey[checked.key] = id
      studentBySkeleton[checked.skeleton] = id
    case .answered(let id, let question, let picks, let time):
      let outcome = assignment.questions[question].question.judge(picks, mandatory: assignment.mandatory)
      let last = settleCurrentAttempt(of: id, at: time)
      students[id - 1].attempts[last].record(
        Answer(picks: picks, outcome: outcome, points: assignment.scoring.points(for: outcome), at: time))
    case .retried(let id, let time):
      settleCurrentAttempt(of: id, at: time)
      students[id - 1].attempts.append(Attempt(started: time))
    case .started(let id, let question, let time, let setSeconds, let questionSeconds):
      let last = settleCurrentAttempt(of: id, at: time)
      students[id - 1].attempts[last].starts[question] = TimerStart(
        at: time, setSeconds: setSeconds, questionSeconds: questionSeconds)
    }
  }
}

extension StudentName {
  /// A name as the records hold it, when today's rules would refuse it.
  init(unchecked text: String) {
    self.text = text
    key = Self.foldedKey(text)
    skeleton = NameFolding.skeleton(text)
  }
}
