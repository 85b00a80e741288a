import QRQuiz

/// One learner's flash-card reviews in the records (`study_reviews`), and each card's FSRS
/// state replayed from them: the log is what is kept, as a live game keeps its moves, so a
/// change of retention or weights applies to every card at once and nothing can disagree
/// with the log.
///
/// ```swift
/// let log = StudyLog(records: records, profile: "Ada")
/// try await log.record(StudyLog.Review(topic: "Capitals", card: "Peru?", at: QuizClock.now, rating: .good))
/// print(try log.cards(scheduler: try FSRSScheduler()).cards.count)  // 1
/// ```
package struct StudyLog: Sendable {
  /// A review: a card of a topic, when, and how well it was recalled.
  package struct Review: Sendable, Hashable {
    package var topic: String
    /// The card's id within its topic (the question's text).
    package var card: String
    package var at: QuizClock.Instant
    package var rating: StudyRating

    package init(topic: String, card: String, at: QuizClock.Instant, rating: StudyRating) {
      self.topic = topic
      self.card = card
      self.at = at
      self.rating = rating
    }
  }

  /// A card's key: its topic and its id in the topic.
  package struct CardKey: Sendable, Hashable {
    package var topic: String
    package var card: String

    package init(topic: String, card: String) {
      self.topic = topic
      self.card = card
    }

    /// The seed of the card's fuzz: the same card gets the same intervals on every machine.
    package var fuzzSeed: UInt64 { StudyCard.fuzzSeed(for: topic + "\u{1F}" + card) }
  }

  /// The cards as the log leaves them, and when each was first reviewed.
  package struct Replayed: Sendable {
    package var cards: [CardKey: StudyCard]
    package var firstReviews: [CardKey: QuizClock.Instant]

    /// How many cards were first reviewed at or after `start` (the new cards of a day).
    package func newCards(since start: QuizClock.Instant) -> Int {
      firstReviews.values.count(where: { $0 >= start })
    }

    /// The card `key` as it stands, new (due `time`) when it has no review yet.
    package func card(_ key: CardKey, at time: QuizClock.Instant) -> StudyCard {
      cards[key] ?? StudyCard(due: time, fuzzSeed: key.fuzzSeed)
    }

    /// Applies `review` through `scheduler`. A review earlier than the card's last (a
    /// clock set back) counts as made at the last review's time.
    package mutating func apply(_ review: Review, scheduler: FSRSScheduler) {
      let key = CardKey(topic: review.topic, card: review.card)
      let before = card(key, at: review.at)
      let at = max(review.at, before.lastReview ?? review.at)
      if firstReviews[key] == nil { firstReviews[key] = at }
      cards[key] = (try? scheduler.review(before, rating: review.rating, at: at)) ?? before
    }
  }

  package let records: RecordStore
  /// Who studied: `profile:` and the profile's name in lower case (profiles ignore case),
  /// or `student:` and a class's student's id in the records.
  package let learner: String
  /// The class's student whose log this is (their row of `students`), else `nil`.
  package let studentID: Int64?

  /// The log of the terminal player `profile`.
  package init(records: RecordStore, profile: String) {
    self.records = records
    learner = "profile:" + profile.lowercased()
    studentID = nil
  }

  /// The log of a class's student, who reviews on their own page (`/s/SECRET`): their
  /// reviews are deleted with them.
  package init(records: RecordStore, studentID: Int64) {
    self.records = records
    learner = Self.learner(studentID: studentID)
    self.studentID = studentID
  }

  /// The learner of the student `id`'s reviews.
  static func learner(studentID id: Int64) -> String { "student:\(id)" }

  /// Adds `review` to the log, on disk when this returns.
  package func record(_ review: Review) async throws(DatabaseError) {
    let (learner, studentID) = (learner, studentID)
    try await records.write { database throws(DatabaseError) in
      try database.execute(
        """
        INSERT INTO study_reviews (learner, topic, card, at, rating, student_id)
        VALUES (\(learner), \(review.topic), \(review.card), \(review.at.microsecondsSince1970), \(review.rating.rawValue),
          \(studentID))
        """)
    }
  }

  /// Every card reviewed, replayed through `scheduler` in time order (fuzz as it says).
  package func cards(scheduler: FSRSScheduler) throws(DatabaseError) -> Replayed {
    let rows = try records.read { database throws(DatabaseError) in
      try database.rows(
        """
        SELECT topic, card, at, rating FROM study_reviews WHERE learner = \(learner)
        ORDER BY topic, card, at, id
        """)
    }
    var replayed = Replayed(cards: [:], firstReviews: [:])
    for row in rows {
      guard let review = Self.review(row, from: 0) else { continue }
      replayed.apply(review, scheduler: scheduler)
    }
    return replayed
  }

  /// The review in `row`'s columns `topic, card, at, rating` from column `first`.
  static func review(_ row: Row, from first: Int) -> Review? {
    guard let topic = row.get(first, as: String.self), let card = row.get(first + 1, as: String.self),
      let microseconds = row.get(first + 2, as: Int64.self), let number = row.get(first + 3, as: Int.self),
      let rating = StudyRating(rawValue: number)
    else { return nil }
    return Review(topic: topic, card: card, at: QuizClock.Instant(microsecondsSince1970: microseconds), rating: rating)
  }

  /// Every student's cards of the class `classKey` (``ClassRosterStore/key(_:)``), by the
  /// student's card number, replayed through `scheduler`: the gradebook's memory, read in
  /// one query.
  package static func classCards(records: RecordStore, classKey: String, scheduler: FSRSScheduler)
    throws(DatabaseError) -> [Int: Replayed]
  {
    let rows = try records.read { database throws(DatabaseError) in
      try database.rows(
        """
        SELECT students.card, study_reviews.topic, study_reviews.card, study_reviews.at, study_reviews.rating
        FROM study_reviews JOIN students ON students.id = study_reviews.student_id
        JOIN classes ON classes.id = students.class_id
        WHERE classes.name_key = \(classKey)
        ORDER BY students.card, study_reviews.topic, study_reviews.card, study_reviews.at, study_reviews.id
        """)
    }
    var byStudent: [Int: Replayed] = [:]
    for row in rows {
      guard let student = row.get(0, as: Int.self), let review = Self.review(row, from: 1) else { continue }
      byStudent[student, default: Replayed(cards: [:], firstReviews: [:])].apply(review, scheduler: scheduler)
    }
    return byStudent
  }
}
