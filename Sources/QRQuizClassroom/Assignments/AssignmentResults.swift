import Foundation
import QRQuiz

/// An assignment's results for the teacher: a row per student (the roster's students who
/// have not joined included, as not started), each with their best attempt, and each
/// question's share of right answers and its answer distribution, the hardest first.
///
/// Give it the work as it stands now (``AssignmentWork/settled(at:)``), so the questions
/// whose time ran out count as unanswered.
public struct AssignmentResults: Sendable {
  public let work: AssignmentWork
  /// The class's roster, when the assignment is for a class.
  public let roster: ClassRoster?
  /// When the results are read: a roster's student who has not started is `missed` once
  /// their own due time is past (`nil`: `not started`, as if still open).
  public let now: QuizClock.Instant?

  public init(_ work: AssignmentWork, roster: ClassRoster?, at now: QuizClock.Instant? = nil) {
    self.work = work
    self.roster = roster
    self.now = now
  }

  /// A row of the students' table.
  public struct Row: Sendable, Hashable {
    public var name: String
    /// The student who joined, or `nil` for a roster's student who has not.
    public var student: AssignmentWork.Student?
    /// Not started, and their own due time is past.
    public var missed = false

    /// Every question of the best attempt answered.
    public func isDone(questions: Int) -> Bool { (student?.best.answers.count ?? 0) == questions }

    /// The row's status in the one vocabulary of the teacher's page, `qrquiz assign
    /// --results`, the CSV and the gradebook (``Gradebook/Cell/Status/word``): `done`,
    /// `not finished` (joined and stopped, or cut off by the due time), `not started`, or
    /// `missed` (not started, and their due time past).
    public func status(questions: Int) -> String {
      guard student != nil else { return missed ? "missed" : "not started" }
      return isDone(questions: questions) ? "done" : "not finished"
    }

    /// When the student finished their best attempt: its last answer, only when it is
    /// done (a student cut off by the due time did not finish).
    public func finished(questions: Int) -> QuizClock.Instant? {
      isDone(questions: questions) ? student?.best.lastAnswer : nil
    }
  }

  /// The students who joined in the order they joined, then the roster's students who
  /// have not, in the roster's order.
  public var rows: [Row] {
    var rows = work.students.map { Row(name: $0.name.text, student: $0) }
    for listed in roster?.students ?? [] where work.student(named: listed.name.text) == nil {
      let missed = now.map { !work.isOpen(forKey: listed.name.key, at: $0) } ?? false
      rows.append(Row(name: listed.name.text, student: nil, missed: missed))
    }
    return rows
  }

  /// How the students did on one question, in their best attempts.
  public struct QuestionSummary: Sendable, Hashable {
    /// The question's index (0-based).
    public var index: Int
    public var question: AssignmentQuestion
    public var right: Int
    /// Students who answered it.
    public var answered: Int
    /// Students whose time for it ran out.
    public var unanswered = 0
    /// Picks per answer.
    public var picks: [Int]
    /// Students who came to it: answered, or ran out of time on it.
    public var reached: Int { answered + unanswered }
    /// The share of right answers among those who came to it (0 when none did).
    public var share: Double { reached == 0 ? 0 : Double(right) / Double(reached) }
  }

  /// The questions, the lowest share of right answers first (then in order).
  public var questions: [QuestionSummary] {
    var summaries = work.assignment.questions.enumerated().map { index, question in
      QuestionSummary(
        index: index, question: question, right: 0, answered: 0,
        picks: Array(repeating: 0, count: question.question.answers.count))
    }
    for student in work.students {
      for (index, answer) in student.best.answers.enumerated() {
        if answer.outcome == .unanswered {
          summaries[index].unanswered += 1
          continue
        }
        summaries[index].answered += 1
        if answer.outcome == .right { summaries[index].right += 1 }
        for pick in answer.picks where summaries[index].picks.indices.contains(pick) {
          summaries[index].picks[pick] += 1
        }
      }
    }
    return summaries.sorted {
      ($0.reached == 0 ? 2 : $0.share, $0.index) < ($1.reached == 0 ? 2 : $1.share, $1.index)
    }
  }

  /// The CSV a spreadsheet opens (BOM, RFC 4180, every text cell guarded against formulas,
  /// as ``LiveResults/csv`` is): the students (`name,done,score,correct,questions,attempts,
  /// seconds,finished`, then each question's answer text and `right`/`wrong`), an empty
  /// row, then the questions, hardest first (`question,set,text,right answer,right,answered,
  /// unanswered,share`, then each answer's text and how many picked it; `set` is the topic's
  /// set the question came from, as the JSON's `"set"`).
  public var csv: String {
    let assignment = work.assignment
    var header = ["name", "done", "score", "correct", "questions", "attempts", "seconds", "finished"]
    for number in assignment.questions.indices.map({ $0 + 1 }) { header += ["Q\(number) answer", "Q\(number) result"] }
    var text = "\u{FEFF}" + CSVText.row(header)
    for row in rows {
      guard let student = row.student else {
        text += CSVText.row(
          [CSVText.cell(row.name), row.status(questions: assignment.questions.count)]
            + Array(repeating: "", count: header.count - 2))
        continue
      }
      let best = student.best
      var cells = [
        CSVText.cell(row.name), row.status(questions: assignment.questions.count),
        CSVText.cell(best.score), CSVText.cell(best.correct), CSVText.cell(assignment.questions.count),
        CSVText.cell(student.attempts.count), String(format: "%.1f", best.seconds),
        row.finished(questions: assignment.questions.count).map { LiveResults.timestamp($0.date) } ?? "",
      ]
      for index in assignment.questions.indices {
        guard best.answers.indices.contains(index) else {
          cells += ["", ""]
          continue
        }
        let answer = best.answers[index]
        cells.append(CSVText.cell(texts(answer.picks, of: index).joined(separator: "; ")))
        cells.append(answer.outcome.rawValue)
      }
      text += CSVText.row(cells)
    }
    text += "\r\n"
    let widest = assignment.questions.map(\.question.answers.count).max() ?? 0
    var questionHeader = ["question", "set", "text", "right answer", "right", "answered", "unanswered", "share"]
    for number in (0..<widest).map({ $0 + 1 }) { questionHeader += ["answer \(number)", "picked \(number)"] }
    text += CSVText.row(questionHeader)
    for summary in questions {
      var cells = [
        CSVText.cell(summary.index + 1), summary.question.question.set.map { CSVText.cell($0) } ?? "",
        CSVText.cell(summary.question.question.text),
        CSVText.cell(texts(summary.question.question.correct, of: summary.index).joined(separator: "; ")),
        CSVText.cell(summary.right), CSVText.cell(summary.answered), CSVText.cell(summary.unanswered),
        String(format: "%.2f", summary.share),
      ]
      for (position, answer) in summary.question.question.answers.enumerated() {
        cells += [CSVText.cell(answer), CSVText.cell(summary.picks[position])]
      }
      text += CSVText.row(cells)
    }
    return text
  }

  /// The same as JSON, with the assignment's settings.
  public var json: JSONValue {
    let assignment = work.assignment
    let students: [JSONValue] = rows.map { row in
      guard let student = row.student else {
        return .object([
          ("name", .string(row.name)), ("status", .string(row.status(questions: assignment.questions.count))),
          ("started", .bool(false)), ("done", .bool(false)),
        ])
      }
      let best = student.best
      let answers: [JSONValue] = best.answers.map { answer in
        .object([
          ("picks", .array(answer.picks.map(JSONValue.number))), ("outcome", .string(answer.outcome.rawValue)),
          ("points", .number(answer.points)),
        ])
      }
      return .object([
        ("name", .string(row.name)), ("status", .string(row.status(questions: assignment.questions.count))),
        ("started", .bool(true)),
        ("done", .bool(row.isDone(questions: assignment.questions.count))), ("score", .number(best.score)),
        ("correct", .number(best.correct)), ("attempts", .number(student.attempts.count)),
        ("seconds", .number(best.seconds)),
        (
          "finished",
          row.finished(questions: assignment.questions.count).map { .string(LiveResults.timestamp($0.date)) } ?? .null
        ),
        ("answers", .array(answers)),
      ])
    }
    let questions: [JSONValue] = questions.map { summary in
      .object([
        ("number", .number(summary.index + 1)),
        ("set", summary.question.question.set.map(JSONValue.number) ?? .null),
        ("text", .string(summary.question.question.text)),
        ("answers", .array(summary.question.question.answers.map(JSONValue.string))),
        ("correct", .array(summary.question.question.correct.map(JSONValue.number))),
        ("right", .number(summary.right)), ("answered", .number(summary.answered)),
        ("unanswered", .number(summary.unanswered)),
        ("share", .number(summary.share)), ("picks", .array(summary.picks.map(JSONValue.number))),
      ])
    }
    return .object([
      ("code", .string(assignment.code)), ("topic", .string(assignment.topicName)),
      ("title", .string(assignment.title)), ("due", .string(LiveResults.timestamp(assignment.due.date))),
      ("class", assignment.className.map(JSONValue.string) ?? .null),
      ("set", assignment.setNumber.map(JSONValue.number) ?? .null), ("attempts", .number(assignment.attempts)),
      ("scoring", .string(assignment.scoring.rawValue)), ("students", .array(students)),
      ("questions", .array(questions)),
    ])
  }

  private func texts(_ picks: [Int], of question: Int) -> [String] {
    let answers = work.assignment.questions[question].question.answers
    return picks.map { answers.indices.contains($0) ? answers[$0] : "" }
  }
}
