import Foundation
import QRQuiz

/// Homework: a topic students play at their own pace until a deadline, each with a secret
/// of their own, for a class (its roster's names only) or for anyone with the link.
///
/// The assignment is fixed for its life: its row in the records (``AssignmentStore``).
/// What students do is ``AssignmentWork``, a value rebuilt from its stored entries.
public struct Assignment: Sendable, Codable, Hashable {
  /// Eight letters and digits students type or scan (`/a/CODE`): it finds the
  /// assignment and grants nothing but joining it.
  public var code: String
  /// The topic's name in the library's addresses (`/t/NAME`).
  public var topicName: String
  /// The topic's name as shown.
  public var title: String
  /// The deadline, on the server's clock: nothing is taken from then on.
  public var due: QuizClock.Instant
  /// The class it is given to (only its roster's names may join), or `nil` for anyone.
  public var className: String?
  /// The set played (1-based; a list's first set: the whole list), or `nil` for every set
  /// in turn.
  public var setNumber: Int?
  /// Attempts each student may make (the best one counts).
  public var attempts: Int
  public var scoring: AssignmentScoring
  /// Students at most.
  public var maximumStudents: Int
  /// The topic's `multipleCorrectAnswersAsMandatory`.
  public var mandatory: Bool
  /// The questions in the order every student is asked them.
  public var questions: [AssignmentQuestion]
  public var created: QuizClock.Instant
  /// The time each set may take, from the start of its first question (the topic's
  /// `timePerSetInSeconds`, as the app and the web player count it); `nil`: no timer per
  /// set. A question's own `seconds` is a timer of its own (``AssignmentQuestion/seconds``).
  public var secondsPerSet: Double?
  /// Whether the class's students open it only from their own links (`/s/SECRET`, handed
  /// out on slips: `qrquiz class slips`), never by typing a name (`qrquiz assign
  /// --own-links`): a name typed may be anyone's, a link is one student's. `nil` (made
  /// before the option): no.
  public var ownLinks: Bool?
  /// The teacher whose homework it is on a school's server (an account's id in
  /// `TeacherAccountStore`, kept in `assignments.teacher_id` too): only they see it and its
  /// results. `nil`: the laptop's single teacher's.
  public var teacher: Int64?

  /// Whether joining by a name is refused: only the student's own link opens it.
  public var requiresOwnLinks: Bool { ownLinks == true && className != nil }

  public init(
    code: String, topicName: String, title: String, due: QuizClock.Instant, className: String?, setNumber: Int?,
    attempts: Int, scoring: AssignmentScoring, maximumStudents: Int, mandatory: Bool,
    questions: [AssignmentQuestion], created: QuizClock.Instant, secondsPerSet: Double? = nil
  ) {
    self.code = code
    self.topicName = topicName
    self.title = title
    self.due = due
    self.className = className
    self.setNumber = setNumber
    self.attempts = attempts
    self.scoring = scoring
    self.maximumStudents = maximumStudents
    self.mandatory = mandatory
    self.questions = questions
    self.created = created
    self.secondsPerSet = secondsPerSet
  }

  /// Attempts an assignment may allow.
  public static let attemptsRange = 1...10
  /// Students an assignment may take.
  public static let maximumStudentsRange = 1...10_000
  /// Questions an assignment may ask (every set of a large topic).
  public static let maximumQuestions = 2000

  /// Whether `now` is before the deadline.
  public func isOpen(at now: QuizClock.Instant) -> Bool { now < due }

  /// A new assignment's code: 8 characters of an alphabet without look-alikes (no 0/O,
  /// 1/I/L), about 39 bits: codes are found, never guessed into anything.
  public static func makeCode() -> String {
    let alphabet = Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ")
    var generator = SystemRandomNumberGenerator()
    return String((0..<8).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
  }

  /// Whether `text` has the shape of a code (what a path may name).
  public static func isCode(_ text: String) -> Bool {
    text.utf8.count == 8 && text.unicodeScalars.allSatisfy { ("2"..."9").contains($0) || ("A"..."Z").contains($0) }
  }

  /// Why an assignment cannot be made.
  public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
    case dueInThePast
    case noQuestions
    case tooManyQuestions(Int)
    case badAttempts(Int)
    case badMaximumStudents(Int)
    case setup(String)

    public var description: String {
      switch self {
      case .dueInThePast: "the due time is past"
      case .noQuestions: "the topic has no questions"
      case .tooManyQuestions(let count):
        "the assignment would ask \(count) questions; at most \(Assignment.maximumQuestions)"
      case .badAttempts(let count):
        "attempts must be from \(attemptsRange.lowerBound) to \(attemptsRange.upperBound), not \(count)"
      case .badMaximumStudents(let count):
        "students must be from 1 to \(maximumStudentsRange.upperBound), not \(count)"
      case .setup(let reason): reason
      }
    }
  }

  /// The assignment of `topic`: set `setNumber`'s questions (1-based; `nil` for every set
  /// in turn, set 1's questions, then set 2's …; a list's first set assigns the list's sets
  /// in order as one quiz, as live games and the web player play it:
  /// `ValidTopic/setsPlayed(from:)`), shuffled once (within each set, a list's sets as one)
  /// when the topic's `questionsInRandomOrder` says so, so every student answers the same
  /// questions in the same order and the questions can be compared. The topic's
  /// `timePerSetInSeconds` (one timer over a list's sets, as the web player runs it) and its
  /// questions' own `seconds` are the assignment's timers.
  ///
  /// - Throws: ``Problem``.
  public static func make(
    topic: ValidTopic, topicName: String, code: String, due: QuizClock.Instant, className: String?,
    setNumber: Int?, attempts: Int = 1, scoring: AssignmentScoring = .accuracy, maximumStudents: Int = 2000,
    created: QuizClock.Instant, seed: UInt64? = nil
  ) throws(Problem) -> Assignment {
    guard due > created else { throw .dueInThePast }
    guard attemptsRange.contains(attempts) else { throw .badAttempts(attempts) }
    guard maximumStudentsRange.contains(maximumStudents) else { throw .badMaximumStudents(maximumStudents) }
    let session: QuizSession
    do {
      if let setNumber {
        session = try QuizSession(topic: topic, sets: topic.setsPlayed(from: setNumber), totalScore: 0, seed: seed)
      } else {
        session = try QuizSession(topic: topic, sampling: topic.topic.sets.map(\.count), totalScore: 0, seed: seed)
      }
    } catch {
      throw .setup("\(error)")
    }
    // Every set in turn: the sets one after the other (a set's timer runs over its own
    // questions, a list's over the list's), each shuffled within itself, a list as one.
    var timerSet: [Int: Int] = [:]
    for unit in topic.playableUnits { for set in unit.sets { timerSet[set] = unit.sets.lowerBound } }
    let questions = session.questions.enumerated().map { (timerSet[$0.element.category] ?? $0.element.category, $0) }
      .sorted { ($0.0, $0.1.offset) < ($1.0, $1.1.offset) }
      .map { AssignmentQuestion($0.1.element, timerSet: $0.0) }
    guard !questions.isEmpty else { throw .noQuestions }
    guard questions.count <= maximumQuestions else { throw .tooManyQuestions(questions.count) }
    return Assignment(
      code: code, topicName: topicName, title: topic.name, due: due, className: className, setNumber: setNumber,
      attempts: attempts, scoring: scoring, maximumStudents: maximumStudents,
      mandatory: session.options.multipleCorrectAnswersAsMandatory, questions: questions, created: created,
      secondsPerSet: session.options.timePerSet)
  }
}

/// How an assignment scores an answer: no speed (students play at their own pace).
public enum AssignmentScoring: String, Sendable, Codable, CaseIterable {
  /// 1,000 points per right answer.
  case accuracy
  /// The Questions app's points: +20 right, −10 wrong, 0 unanswered.
  case app

  /// The points of one answer.
  public func points(for outcome: LiveOutcome) -> Int {
    switch self {
    case .accuracy: LiveScoring.accuracy.points(for: outcome, elapsed: 0, seconds: 1, streak: 1)
    case .app: LiveScoring.app.points(for: outcome, elapsed: 0, seconds: 1, streak: 1)
    }
  }
}

/// A question as an assignment asks it: the live game's question (its verdicts are the
/// app's, ``LiveQuestion/judge(_:mandatory:)``) with the explanation shown after the answer.
public struct AssignmentQuestion: Sendable, Codable, Hashable {
  public var question: LiveQuestion
  /// Why the right answer is right (a QRQuiz extension), shown after the student answers.
  public var explanation: String?
  /// The set whose timer it runs under (0-based): the topic's set it comes from, or for a
  /// list's sets played as one, the list's first; `nil` in assignments made before sets were
  /// kept. (The results say the set it comes from, 1-based, as `question.set`.)
  public var set: Int?
  /// The question's own time to answer it (docs/FORMAT.md's `seconds`), from its start.
  public var seconds: Double?

  public init(question: LiveQuestion, explanation: String? = nil, set: Int? = nil, seconds: Double? = nil) {
    self.question = question
    self.explanation = explanation
    self.set = set
    self.seconds = seconds
  }

  init(_ question: QuizSession.Question, timerSet: Int) {
    self.init(
      question: LiveQuestion(
        text: question.text, answers: question.answers, correct: Array(question.correctAnswers),
        imageURL: question.imageURL, set: question.category + 1),
      explanation: question.explanation, set: timerSet,
      seconds: question.seconds.map {
        min(max($0, LiveGame.Setup.questionSecondsRange.lowerBound), LiveGame.Setup.questionSecondsRange.upperBound)
      })
  }
}
