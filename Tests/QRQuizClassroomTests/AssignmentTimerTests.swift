import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom

/// An assignment's timers on a clock the test gives: a set's time runs from its first
/// question's start over all its questions, a question's own time over it alone, both as
/// long again as a student's extra time; a timed question is shown only once started; the
/// questions a timer ran out on go unanswered; a journal replayed gives the same answers.
@Suite struct AssignmentTimerTests {
  static func t(_ seconds: Double) -> QuizClock.Instant { LiveGameFixtures.t(seconds) }
  static func secret(_ number: Int) -> String { LiveGameFixtures.secret(number) }

  /// Capitals with `timePerSetInSeconds` (every set in turn) and question 2 of set 1 timed on its own.
  static func assignment(perSet: Double? = 60, questionSeconds: Double? = nil, setNumber: Int? = nil) throws
    -> Assignment
  {
    var topic = try LiveGameFixtures.capitals().topic
    var options = topic.options ?? Topic.Options()
    options.timePerSetInSeconds = perSet
    topic.options = options
    topic.sets[0][1].seconds = questionSeconds
    return try Assignment.make(
      topic: try ValidTopic(topic), topicName: "Capitals", code: "ABCD2345", due: t(3600), className: nil,
      setNumber: setNumber, created: t(0))
  }

  static func joined(_ assignment: Assignment) throws -> AssignmentWork {
    var work = AssignmentWork(assignment: assignment)
    work.apply(try work.join(name: "Ada", secret: secret(1), roster: nil, at: t(1)))
    return work
  }

  static func start(_ work: inout AssignmentWork, _ question: Int, at time: Double, factor: Double = 1) throws {
    if let entry = try work.start(secret: secret(1), question: question, timeFactor: factor, at: t(time)) {
      work.apply(entry)
    }
  }

  static func answer(_ work: inout AssignmentWork, _ question: Int, _ picks: [Int], at time: Double) throws {
    work.apply(try work.answer(secret: secret(1), question: question, picks: picks, at: t(time)).entry)
  }

  @Test func everySetInTurnKeepsEachSetTogetherAndStartsItsTimerAtItsFirstQuestion() throws {
    let assignment = try Self.assignment()
    #expect(assignment.questions.map(\.set) == [0, 0, 0, 1])
    #expect(assignment.secondsPerSet == 60)
    #expect((0..<4).map(assignment.needsStart) == [true, false, false, true])
    var work = try Self.joined(assignment)
    #expect(throws: AssignmentWork.MoveRefusal.notStarted) {
      try work.answer(secret: Self.secret(1), question: 0, picks: [0], at: Self.t(5))
    }
    try Self.start(&work, 0, at: 10)
    // Started twice: the first start stands.
    #expect(try work.start(secret: Self.secret(1), question: 0, at: Self.t(20)) == nil)
    try Self.answer(&work, 0, [0], at: 30)
    // The set's second question runs on the set's clock: no start, and 40 s are left.
    let attempt = try #require(work.student(secret: Self.secret(1), at: Self.t(30))).attempts[0]
    #expect(assignment.deadline(of: 1, in: attempt) == Self.t(70))
    try Self.answer(&work, 1, [0, 2], at: 69)
    // At 70 s the set's time is up: question 3 goes unanswered, at that moment.
    #expect(throws: AssignmentWork.MoveRefusal.timeUp) {
      try work.answer(secret: Self.secret(1), question: 2, picks: [0], at: Self.t(70))
    }
    let settled = try #require(work.student(secret: Self.secret(1), at: Self.t(500))).attempts[0]
    #expect(settled.answers.map(\.outcome) == [.right, .right, .unanswered])
    #expect(settled.answers[2].at == Self.t(70))
    // Set 2 waits for its own start, however late: its time has not begun.
    #expect(assignment.deadline(of: 3, in: settled) == nil)
    try Self.start(&work, 3, at: 500)
    try Self.answer(&work, 3, [0], at: 520)
    let ada = try #require(work.student(secret: Self.secret(1), at: Self.t(600)))
    #expect(ada.best.answers.map(\.outcome) == [.right, .right, .unanswered, .right] && ada.best.score == 3000)
  }

  /// The listed topic (sets 1–3 one list of q1…q5, set 4 alone, set 5 a list of one),
  /// timed per set and shuffled as `shuffled` says.
  static func listAssignment(setNumber: Int?, shuffled: Bool = false) throws -> Assignment {
    let topic = try LiveGameFixtures.listedTopic(
      groups: #","setGroups":[0,0,0,1,2],"timePerSetInSeconds":60"#, shuffled: shuffled)
    return try Assignment.make(
      topic: topic, topicName: "Lesson", code: "ABCD2345", due: t(3600), className: nil, setNumber: setNumber,
      created: t(0), seed: 5)
  }

  @Test func aListsSetsRunUnderOneTimerAsOneQuiz() throws {
    let list = try Self.listAssignment(setNumber: 1)
    #expect(list.questions.map(\.question.text) == ["q1", "q2", "q3", "q4", "q5"])
    // One timer from the list's first question over its five, as the web player runs it;
    // the results still say each question's own set.
    #expect(list.questions.map(\.set) == [0, 0, 0, 0, 0])
    #expect((0..<5).map(list.needsStart) == [true, false, false, false, false])
    #expect(list.questions.map(\.question.set) == [1, 1, 2, 3, 3])
    var work = try Self.joined(list)
    try Self.start(&work, 0, at: 10)
    for question in 0..<4 { try Self.answer(&work, question, [0], at: 20 + Double(question)) }
    let attempt = try #require(work.student(secret: Self.secret(1), at: Self.t(30))).attempts[0]
    #expect(list.deadline(of: 4, in: attempt) == Self.t(70), "the list's one minute, begun at its first question")
    // Every set in turn: the list's timer, then set 4's and set 5's.
    let all = try Self.listAssignment(setNumber: nil)
    #expect(all.questions.map(\.set) == [0, 0, 0, 0, 0, 3, 4])
    #expect((0..<7).map(all.needsStart) == [true, false, false, false, false, true, true])
  }

  @Test func aShuffledListIsShuffledAsOneAndKeptBeforeTheNextSet() throws {
    let all = try Self.listAssignment(setNumber: nil, shuffled: true)
    let texts = all.questions.map(\.question.text)
    #expect(Set(texts.prefix(5)) == ["q1", "q2", "q3", "q4", "q5"] && texts.suffix(2).sorted() == ["last", "other"])
    // Across the list's runs, not only within each: some seed moves a question out of its run.
    let runs: [String: Int] = ["q1": 0, "q2": 0, "q3": 1, "q4": 2, "q5": 2]
    let mixed = try (1...20).contains { seed -> Bool in
      let topic = try LiveGameFixtures.listedTopic(
        groups: #","setGroups":[0,0,0,1,2],"timePerSetInSeconds":60"#, shuffled: true)
      let order = try Assignment.make(
        topic: topic, topicName: "Lesson", code: "ABCD2345", due: Self.t(3600), className: nil, setNumber: 1,
        created: Self.t(0), seed: UInt64(seed)
      ).questions.map { runs[$0.question.text]! }
      return order != order.sorted()
    }
    #expect(mixed)
  }

  @Test func aQuestionsOwnTimeRunsOverItAloneAndTheEarlierDeadlineWins() throws {
    let assignment = try Self.assignment(perSet: nil, questionSeconds: 20, setNumber: 1)
    #expect((0..<3).map(assignment.needsStart) == [false, true, false])
    var work = try Self.joined(assignment)
    try Self.answer(&work, 0, [0], at: 5)
    try Self.start(&work, 1, at: 100)
    #expect(throws: AssignmentWork.MoveRefusal.timeUp) {
      try work.answer(secret: Self.secret(1), question: 1, picks: [0, 2], at: Self.t(120))
    }
    // Question 3 has no timer: after question 2 ran out it waits as long as it takes.
    try Self.answer(&work, 2, [0], at: 3000)
    let ada = try #require(work.student(secret: Self.secret(1)))
    #expect(ada.best.answers.map(\.outcome) == [.right, .unanswered, .right])

    // With a set's timer too, the question ends at whichever comes first.
    let both = try Self.assignment(perSet: 30, questionSeconds: 20, setNumber: 1)
    var racing = try Self.joined(both)
    try Self.start(&racing, 0, at: 0)
    try Self.answer(&racing, 0, [0], at: 25)
    try Self.start(&racing, 1, at: 26)
    let attempt = try #require(racing.student(secret: Self.secret(1))).attempts[0]
    #expect(both.deadline(of: 1, in: attempt) == Self.t(30), "the set's 30 s end before the question's 20 s")
  }

  @Test func extraTimeLengthensEveryTimerOfTheStudent() throws {
    let assignment = try Self.assignment(perSet: 60, questionSeconds: 20, setNumber: 1)
    var work = try Self.joined(assignment)
    try Self.start(&work, 0, at: 0, factor: 1.5)
    try Self.answer(&work, 0, [0], at: 80)  // within the set's 90 s, past its 60
    try Self.start(&work, 1, at: 81, factor: 1.5)
    let attempt = try #require(work.student(secret: Self.secret(1))).attempts[0]
    #expect(attempt.starts[0]?.setSeconds == 90 && attempt.starts[1]?.questionSeconds == 30)
    #expect(assignment.deadline(of: 1, in: attempt) == Self.t(90))
    try Self.answer(&work, 1, [0, 2], at: 89)
    #expect(try #require(work.student(secret: Self.secret(1))).best.correct == 2)
  }

  @Test func aJournalOfTimedWorkReplaysToTheSameAnswers() throws {
    let assignment = try Self.assignment()
    var work = try Self.joined(assignment)
    var entries: [AssignmentWork.Entry] = [
      try work.join(name: "Bob", secret: Self.secret(2), roster: nil, at: Self.t(2))
    ]
    work.apply(entries[0])
    for (question, picks, time) in [(0, [0], 10.0), (1, [1], 20.0)] {
      if let start = try work.start(secret: Self.secret(2), question: question, at: Self.t(time - 1)) {
        work.apply(start)
        entries.append(start)
      }
      let move = try work.answer(secret: Self.secret(2), question: question, picks: picks, at: Self.t(time))
      work.apply(move.entry)
      entries.append(move.entry)
    }
    // Question 3 runs out at 69 s; set 2 starts at 200 s and is answered.
    let start = try #require(try work.start(secret: Self.secret(2), question: 3, at: Self.t(200)))
    work.apply(start)
    let last = try work.answer(secret: Self.secret(2), question: 3, picks: [0], at: Self.t(210)).entry
    work.apply(last)
    entries += [start, last]
    let encoded = try entries.map { try JSONEncoder().encode($0) }
    var replayed = try Self.joined(assignment)
    for bytes in encoded {
      let entry = try JSONDecoder().decode(AssignmentWork.Entry.self, from: bytes)
      #expect(replayed.accepts(entry))
      replayed.apply(entry)
    }
    #expect(replayed == work)
    #expect(replayed.students[1].best.answers.map(\.outcome) == [.right, .wrong, .unanswered, .right])
    // A start for a question that is not next, or twice, does not fit a journal.
    #expect(!replayed.accepts(start))
  }

  @Test func theResultsCountARunOutQuestionAsReachedNotAnswered() throws {
    let assignment = try Self.assignment(perSet: 10, setNumber: 1)
    var work = try Self.joined(assignment)
    try Self.start(&work, 0, at: 0)
    try Self.answer(&work, 0, [1], at: 5)
    let results = AssignmentResults(work.settled(at: Self.t(100)), roster: nil)
    let second = try #require(results.questions.first { $0.index == 1 })
    #expect(second.answered == 0 && second.unanswered == 1 && second.share == 0)
    #expect(results.rows[0].isDone(questions: 3), "the set's time is up: nothing is left to answer")
    #expect(results.csv.contains(",unanswered"))
  }
}
