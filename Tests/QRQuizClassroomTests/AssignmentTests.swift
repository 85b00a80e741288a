import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom
@testable import QRQuizFiles

/// Homework's rules in process, on a clock the test gives: the deadline, attempts, one
/// answer per question in order, the app's verdicts and points, rosters, bounds; and its
/// journal: replayed equal, a torn last line dropped, a damaged file kept aside.
@Suite struct AssignmentTests {
  static func t(_ seconds: Double) -> QuizClock.Instant { LiveGameFixtures.t(seconds) }
  static func secret(_ number: Int) -> String { LiveGameFixtures.secret(number) }

  static func assignment(
    className: String? = nil, attempts: Int = 1, scoring: AssignmentScoring = .accuracy, maximumStudents: Int = 100,
    due: Double = 3600
  ) throws -> Assignment {
    try Assignment.make(
      topic: LiveGameFixtures.capitals(), topicName: "Capitals", code: "ABCD2345", due: t(due), className: className,
      setNumber: 1,
      attempts: attempts, scoring: scoring, maximumStudents: maximumStudents, created: t(0))
  }

  /// Joins and applies.
  static func join(_ work: inout AssignmentWork, _ name: String, _ number: Int, roster: ClassRoster? = nil) throws {
    work.apply(try work.join(name: name, secret: secret(number), roster: roster, at: t(Double(number))))
  }

  @discardableResult
  static func answer(
    _ work: inout AssignmentWork, _ number: Int, _ question: Int, _ picks: [Int], at time: Double = 10
  ) throws -> AssignmentWork.Verdict {
    let (entry, verdict) = try work.answer(secret: secret(number), question: question, picks: picks, at: t(time))
    work.apply(entry)
    return verdict
  }

  @Test func aStudentAnswersInOrderWithTheAppsVerdictsAndTheExplanation() throws {
    var work = AssignmentWork(assignment: try Self.assignment())
    try Self.join(&work, "Ada", 1)
    let first = try Self.answer(&work, 1, 0, [0])
    #expect(first.outcome == .right && first.correct == [0] && first.score == 1000)
    // Two right answers, mandatory: one of them alone is wrong.
    let second = try Self.answer(&work, 1, 1, [0])
    #expect(second.outcome == .wrong && second.correct == [0, 2] && second.score == 1000)
    #expect(throws: AssignmentWork.MoveRefusal.alreadyAnswered) {
      try work.answer(secret: Self.secret(1), question: 0, picks: [0], at: Self.t(11))
    }
    let third = try Self.answer(&work, 1, 2, [0])
    #expect(third.score == 2000)
    #expect(throws: AssignmentWork.MoveRefusal.noAttemptsLeft) {
      try work.answer(secret: Self.secret(1), question: 2, picks: [0], at: Self.t(12))
    }
    let ada = try #require(work.student(secret: Self.secret(1)))
    #expect(ada.best.correct == 2 && ada.best.answers.map(\.outcome) == [.right, .wrong, .right])
  }

  @Test func theExplanationComesWithTheVerdict() throws {
    var topic = try LiveGameFixtures.capitals().topic
    topic.sets[0][0].explanation = "Paris has been the capital since 987."
    let assignment = try Assignment.make(
      topic: try ValidTopic(topic), topicName: "Capitals", code: "ABCD2345", due: Self.t(60), className: nil,
      setNumber: 1, created: Self.t(0))
    var work = AssignmentWork(assignment: assignment)
    try Self.join(&work, "Ada", 1)
    #expect(try Self.answer(&work, 1, 0, [1]).explanation == "Paris has been the capital since 987.")
  }

  @Test func questionsAreAnsweredInOrderAndBadPicksAreRefused() throws {
    var work = AssignmentWork(assignment: try Self.assignment())
    try Self.join(&work, "Ada", 1)
    #expect(throws: AssignmentWork.MoveRefusal.notYet(next: 1)) {
      try work.answer(secret: Self.secret(1), question: 1, picks: [0], at: Self.t(5))
    }
    #expect(throws: AssignmentWork.MoveRefusal.noSuchQuestion) {
      try work.answer(secret: Self.secret(1), question: 3, picks: [0], at: Self.t(5))
    }
    for picks in [[], [4], [-1], [0, 0]] {
      #expect(throws: AssignmentWork.MoveRefusal.self, "\(picks)") {
        try work.answer(secret: Self.secret(1), question: 0, picks: picks, at: Self.t(5))
      }
    }
    #expect(throws: AssignmentWork.MoveRefusal.unknownStudent) {
      try work.answer(secret: Self.secret(2), question: 0, picks: [0], at: Self.t(5))
    }
  }

  @Test func nothingIsTakenAtOrAfterTheDueTime() throws {
    var work = AssignmentWork(assignment: try Self.assignment(due: 100))
    try Self.join(&work, "Ada", 1)
    try Self.answer(&work, 1, 0, [0], at: 99.999)
    #expect(throws: AssignmentWork.MoveRefusal.pastDue) {
      try work.answer(secret: Self.secret(1), question: 1, picks: [0, 2], at: Self.t(100))
    }
    #expect(throws: AssignmentWork.JoinRefusal.pastDue) {
      try work.join(name: "Alan", secret: Self.secret(2), roster: nil, at: Self.t(100))
    }
    #expect(throws: Assignment.Problem.dueInThePast) {
      try Assignment.make(
        topic: LiveGameFixtures.capitals(), topicName: "Capitals", code: "ABCD2345", due: Self.t(0), className: nil,
        setNumber: 1,
        created: Self.t(0))
    }
  }

  @Test func theBestOfTheAllowedAttemptsCounts() throws {
    var work = AssignmentWork(assignment: try Self.assignment(attempts: 2, scoring: .app))
    try Self.join(&work, "Ada", 1)
    #expect(throws: AssignmentWork.MoveRefusal.attemptNotOver) { try work.retry(secret: Self.secret(1), at: Self.t(2)) }
    for question in 0..<3 { try Self.answer(&work, 1, question, [3]) }
    #expect(work.student(secret: Self.secret(1))?.best.score == -30)
    #expect(throws: AssignmentWork.MoveRefusal.attemptOver) {
      try work.answer(secret: Self.secret(1), question: 0, picks: [0], at: Self.t(20))
    }
    work.apply(try work.retry(secret: Self.secret(1), at: Self.t(20)))
    try Self.answer(&work, 1, 0, [0], at: 21)
    try Self.answer(&work, 1, 1, [0, 2], at: 22)
    try Self.answer(&work, 1, 2, [1], at: 23)
    let ada = try #require(work.student(secret: Self.secret(1)))
    #expect(ada.attempts.count == 2 && ada.best.score == 30 && ada.best.seconds == 3)
    #expect(throws: AssignmentWork.MoveRefusal.noAttemptsLeft) {
      try work.retry(secret: Self.secret(1), at: Self.t(30))
    }
  }

  @Test func aClassAssignmentTakesItsRostersNamesOnceAsTheRosterSpellsThem() throws {
    let roster = try ClassRoster(name: "7B", students: ["Ada Lovelace", "Chloé Martin"])
    var work = AssignmentWork(assignment: try Self.assignment(className: "7B"))
    #expect(throws: AssignmentWork.JoinRefusal.notOnRoster) {
      try work.join(name: "Mallory", secret: Self.secret(1), roster: roster, at: Self.t(1))
    }
    #expect(throws: AssignmentWork.JoinRefusal.notOnRoster) {
      try work.join(name: "Ada Lovelace", secret: Self.secret(1), roster: nil, at: Self.t(1))
    }
    try Self.join(&work, "  chloe martin ", 1, roster: roster)
    #expect(work.students.map(\.name.text) == ["Chloé Martin"])
    #expect(throws: AssignmentWork.JoinRefusal.nameTaken) {
      try work.join(name: "CHLOÉ MARTIN", secret: Self.secret(2), roster: roster, at: Self.t(2))
    }
  }

  @Test func namesAreCheckedAndStudentsBounded() throws {
    var work = AssignmentWork(assignment: try Self.assignment(maximumStudents: 2))
    for hostile in ["", "   ", "Ada\u{202E}evil", "A\u{0000}B", String(repeating: "x", count: 41)] {
      #expect(throws: AssignmentWork.JoinRefusal.self, "\(hostile.debugDescription)") {
        try work.join(name: hostile, secret: Self.secret(9), roster: nil, at: Self.t(1))
      }
    }
    try Self.join(&work, "Ada", 1)
    try Self.join(&work, "Alan", 2)
    #expect(throws: AssignmentWork.JoinRefusal.full) {
      try work.join(name: "Grace", secret: Self.secret(3), roster: nil, at: Self.t(3))
    }
    #expect(throws: Assignment.Problem.badAttempts(11)) { try Self.assignment(attempts: 11) }
    #expect(throws: Assignment.Problem.badMaximumStudents(0)) { try Self.assignment(maximumStudents: 0) }
  }

  @Test func codesAreEightCharactersWithoutLookAlikes() {
    let codes = (0..<200).map { _ in Assignment.makeCode() }
    #expect(codes.allSatisfy(Assignment.isCode))
    #expect(codes.allSatisfy { !$0.contains(where: "01ILO".contains) })
    #expect(Set(codes).count > 190)
    #expect(!Assignment.isCode("../../et") && !Assignment.isCode("abcd2345") && !Assignment.isCode("ABCD234"))
  }

  // MARK: The records

  @Test(arguments: RecordEngine.allCases)
  func theRecordsReplayEqualAndTheNextMoveFollows(engine: RecordEngine) throws {
    let folder = try TestRecords(engine)
    let store = AssignmentStore(records: try folder.open())
    var work = AssignmentWork(assignment: try Self.assignment(attempts: 2))
    let log = try store.create(work.assignment)
    func move(_ entry: AssignmentWork.Entry) throws {
      try log.append(entry)
      work.apply(entry)
    }
    try move(try work.join(name: "Ada", secret: Self.secret(1), roster: nil, at: Self.t(1)))
    try move(try work.join(name: "Alan", secret: Self.secret(2), roster: nil, at: Self.t(2)))
    for question in 0..<3 {
      try move(try work.answer(secret: Self.secret(1), question: question, picks: [0], at: Self.t(3)).entry)
    }
    try move(try work.retry(secret: Self.secret(1), at: Self.t(4)))
    try move(try work.answer(secret: Self.secret(2), question: 0, picks: [1], at: Self.t(5)).entry)

    // A server started again reads the same work, and its next move follows.
    let reopened = AssignmentStore(records: try folder.open())
    let resumed = try #require(reopened.resume().assignments.first)
    #expect(resumed.work == work)
    let entry = try resumed.work.answer(secret: Self.secret(2), question: 1, picks: [0, 2], at: Self.t(6)).entry
    try resumed.log.append(entry)
    var expected = work
    expected.apply(entry)
    #expect(try reopened.work(code: "ABCD2345") == expected)
    #expect(reopened.readAll().works == [expected])
  }

  @Test(arguments: RecordEngine.allCases)
  func anAssignmentWhoseRowsDoNotReplayIsKeptAsideAndNamed(engine: RecordEngine) throws {
    let folder = try TestRecords(engine)
    let records = try folder.open()
    let store = AssignmentStore(records: records)
    _ = try store.create(try Self.assignment())
    var bad = try Self.assignment()
    bad.code = "BAD23456"
    _ = try store.create(bad)
    // An answer by a student who never joined: an edit by hand.
    try records.write { database throws(DatabaseError) in
      try database.execute(
        """
        INSERT INTO assignment_moves (assignment_id, sequence, move)
        SELECT id, 1, '{"answered":{"at":{"microsecondsSince1970":1},"picks":[0],"question":0,"student":7}}'
        FROM assignments WHERE code = 'BAD23456'
        """)
    }
    let resumption = store.resume()
    #expect(resumption.assignments.map(\.work.assignment.code) == ["ABCD2345"])
    #expect(resumption.problems.count == 1, "\(resumption.problems)")
    #expect(resumption.problems.contains { $0.contains("BAD23456") && $0.contains("move 1") })
    // Kept, not read again, its code never given again.
    #expect(store.resume().problems.isEmpty)
    #expect(try store.isTaken(code: "BAD23456") && !store.isTaken(code: "NEW23456"))
  }

  /// A topic imported from one spreadsheet list: three runs (2, 4 and 2 answers) of one
  /// list, then a set of its own.
  static func listTopic() throws -> ValidTopic { try LiveGameFixtures.listedTopic() }

  @Test func aListsFirstSetAssignsTheWholeListInOrderAsOneQuiz() throws {
    let list = try Assignment.make(
      topic: Self.listTopic(), topicName: "Lesson", code: "ABCD2345", due: Self.t(60), className: nil, setNumber: 1,
      created: Self.t(0))
    #expect(list.questions.map(\.question.text) == ["q1", "q2", "q3", "q4", "q5"])
    #expect(list.questions.map(\.question.set) == [1, 1, 2, 3, 3])
    #expect(list.questions.map(\.question.answers.count) == [2, 2, 4, 2, 2])
    // A set of its own, or one run asked for by its number, is played alone.
    let alone = try Assignment.make(
      topic: Self.listTopic(), topicName: "Lesson", code: "ABCD2345", due: Self.t(60), className: nil, setNumber: 4,
      created: Self.t(0))
    #expect(alone.questions.map(\.question.text) == ["other"])
    let run = try Assignment.make(
      topic: Self.listTopic(), topicName: "Lesson", code: "ABCD2345", due: Self.t(60), className: nil, setNumber: 2,
      created: Self.t(0))
    #expect(run.questions.map(\.question.text) == ["q3"])
    // A student plays it through, question after question, and the results say each set.
    var work = AssignmentWork(assignment: list)
    try Self.join(&work, "Ada", 1)
    for question in list.questions.indices { try Self.answer(&work, 1, question, [0]) }
    let results = AssignmentResults(work, roster: nil)
    #expect(results.rows.first?.isDone(questions: 5) == true)
    guard case .array(let questions)? = results.json["questions"] else { throw CocoaError(.coderInvalidValue) }
    #expect(questions.compactMap { $0["set"] }.count == 5)
    #expect(results.csv.contains("\r\nquestion,set,text,"))
  }

  // MARK: Results

  @Test func resultsListTheRosterHardestQuestionFirstAndGuardFormulas() throws {
    let roster = try ClassRoster(name: "7B", students: ["=HYPERLINK(\"x\")", "Ada", "Grace"])
    var work = AssignmentWork(assignment: try Self.assignment(className: "7B"))
    try Self.join(&work, "=HYPERLINK(\"x\")", 1, roster: roster)
    try Self.join(&work, "Ada", 2, roster: roster)
    for (question, picks) in [[0], [0], [0]].enumerated() { try Self.answer(&work, 1, question, picks) }
    for (question, picks) in [[0], [1], [1]].enumerated() { try Self.answer(&work, 2, question, picks) }
    let results = AssignmentResults(work, roster: roster)
    #expect(results.rows.map(\.name) == ["=HYPERLINK(\"x\")", "Ada", "Grace"])
    // Q2 nobody got right (0 of 2), Q3 one of two, Q1 both.
    #expect(results.questions.map(\.index) == [1, 2, 0])
    #expect(results.questions[0].picks == [1, 1, 0, 0])
    let csv = results.csv
    #expect(csv.hasPrefix("\u{FEFF}name,done,score"))
    #expect(csv.contains("\"'=HYPERLINK(\"\"x\"\")\",done,2000"))
    #expect(csv.contains("Grace,not started"))
    #expect(csv.contains("2,1,Which are in Spain?,Madrid; Seville,0,2,0,0.00"))
    guard case .array(let students)? = results.json["students"] else { throw CocoaError(.coderInvalidValue) }
    #expect(students.count == 3 && students[2]["started"] == .bool(false))
  }
}
