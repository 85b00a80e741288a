import QRQuiz

extension StudyLog {
  /// Adds a history brought from another program (an Anki deck's) in one transaction: a
  /// review already in the log (the same card at the same instant) is not added twice, so
  /// importing a deck again adds only its newer reviews. The number added.
  package func recordImported(_ reviews: [Review]) async throws(DatabaseError) -> Int {
    let learner = learner
    return try await records.write { database throws(DatabaseError) in
      var added = 0
      for review in reviews {
        let present = try database.rows(
          """
          SELECT 1 FROM study_reviews
          WHERE learner = \(learner) AND topic = \(review.topic) AND card = \(review.card)
            AND at = \(review.at.microsecondsSince1970)
          """)
        guard present.isEmpty else { continue }
        try database.execute(
          """
          INSERT INTO study_reviews (learner, topic, card, at, rating)
          VALUES (\(learner), \(review.topic), \(review.card), \(review.at.microsecondsSince1970), \(review.rating.rawValue))
          """)
        added += 1
      }
      return added
    }
  }
}
