import Foundation
import QRQuiz

/// What a class remembers, as FSRS predicts it from its students' reviews on their own
/// pages: the gradebook's memory. Per student, the cards due now (their misses not
/// reviewed since among them), those overdue (due more than a day ago) and their
/// predicted recall today (the mean retrievability of the cards they studied); per
/// question, the share of the class predicted to remember it today (the mean
/// retrievability over the students who studied it), the lowest first: the questions to
/// go over again.
///
/// A value with no clock: the time comes in.
package struct ClassMemory: Sendable {
  /// A student's memory.
  package struct Student: Sendable, Hashable {
    package let student: ClassRoster.Student
    package let due: Int
    package let overdue: Int
    /// The cards they reviewed at least once.
    package let studied: Int
    /// Their predicted recall today, from 0 to 1; `nil` before any review.
    package let recall: Double?
  }

  /// A question's memory in the class.
  package struct Question: Sendable, Hashable {
    package let card: ClassStudyDeck.Card
    /// The students who reviewed it at least once.
    package let studied: Int
    /// The share of them predicted to remember it today, from 0 to 1; `nil` when nobody
    /// studied it.
    package let recall: Double?
  }

  /// How long past its due a card is overdue: a day, as Anki counts a card not seen on
  /// its day.
  package static let overdueAfter: Duration = .seconds(86_400)

  /// The class's desired retention the due counts are scheduled for (the scheduler's).
  package let desiredRetention: Double
  /// One per student of the roster, in card order.
  package let students: [Student]
  /// The questions studied, the least remembered first, then those nobody studied yet.
  package let questions: [Question]

  /// The memory of `roster`'s class, from `deck` and each student's cards (`replayed`, by
  /// card number) through `scheduler`, at `now`.
  package init(
    roster: ClassRoster, deck: ClassStudyDeck, replayed: [Int: StudyLog.Replayed], scheduler: FSRSScheduler,
    at now: QuizClock.Instant
  ) {
    let empty = StudyLog.Replayed(cards: [:], firstReviews: [:])
    desiredRetention = scheduler.desiredRetention
    let overdueBefore = now.advanced(by: .zero - Self.overdueAfter)
    var recalls: [StudyLog.CardKey: [Double]] = [:]
    students = roster.students.map { student in
      let cards = replayed[student.card] ?? empty
      var (due, overdue, recall) = (0, 0, [Double]())
      for card in deck.cards {
        if let time = deck.due(card.key, student: student.card, replayed: cards), time <= now {
          due += 1
          if time < overdueBefore { overdue += 1 }
        }
        guard let reviewed = cards.cards[card.key] else { continue }
        let retrievability = scheduler.retrievability(of: reviewed, at: now)
        recall.append(retrievability)
        recalls[card.key, default: []].append(retrievability)
      }
      return Student(
        student: student, due: due, overdue: overdue, studied: recall.count,
        recall: recall.isEmpty ? nil : recall.reduce(0, +) / Double(recall.count))
    }
    let questions = deck.cards.map { card in
      let values = recalls[card.key] ?? []
      return Question(
        card: card, studied: values.count, recall: values.isEmpty ? nil : values.reduce(0, +) / Double(values.count))
    }
    // Stable: questions equally remembered stay in the order the class met them.
    self.questions = questions.enumerated().sorted { a, b in
      switch (a.element.recall, b.element.recall) {
      case (let x?, let y?) where x != y: x < y
      case (.some, nil): true
      case (nil, .some): false
      default: a.offset < b.offset
      }
    }.map(\.element)
  }

  /// Whether any student reviewed anything.
  package var isEmpty: Bool { !students.contains { $0.studied > 0 } }

  /// The memory as CSV tables, to follow the gradebook's (after an empty row, so a sort
  /// of one never mixes in the other):
  /// - `name,card,due,overdue,studied,recall today` (recall from 0 to 1, two decimals;
  ///   empty before any review);
  /// - `topic,question,studied by,recall today`, the least remembered first.
  package var csv: String {
    var text = CSVText.row(["name", "card", "due", "overdue", "studied", "recall today"])
    for row in students {
      text += CSVText.row([
        CSVText.cell(row.student.name.text), CSVText.cell(row.student.card), CSVText.cell(row.due),
        CSVText.cell(row.overdue), CSVText.cell(row.studied), Self.decimal(row.recall),
      ])
    }
    text += "\r\n" + CSVText.row(["topic", "question", "studied by", "recall today"])
    for question in questions {
      text += CSVText.row([
        CSVText.cell(question.card.key.topic), CSVText.cell(question.card.question), CSVText.cell(question.studied),
        Self.decimal(question.recall),
      ])
    }
    return text
  }

  /// The same as JSON: `{"retention", "students": [{name, card, due, overdue, studied,
  /// recall}], "questions": [{topic, question, studied, recall}]}`, a recall `null` before
  /// any review; `retention` the class's desired retention.
  package var json: JSONValue {
    .object([
      ("retention", .number(desiredRetention)),
      (
        "students",
        .array(
          students.map { row in
            .object([
              ("name", .string(row.student.name.text)), ("card", .number(row.student.card)),
              ("due", .number(row.due)), ("overdue", .number(row.overdue)), ("studied", .number(row.studied)),
              ("recall", row.recall.map { JSONValue.number($0) } ?? .null),
            ])
          })
      ),
      (
        "questions",
        .array(
          questions.map { question in
            .object([
              ("topic", .string(question.card.key.topic)), ("question", .string(question.card.question)),
              ("studied", .number(question.studied)), ("recall", question.recall.map { JSONValue.number($0) } ?? .null),
            ])
          })
      ),
    ])
  }

  private static func decimal(_ value: Double?) -> String { value.map { String(format: "%.2f", $0) } ?? "" }
}
