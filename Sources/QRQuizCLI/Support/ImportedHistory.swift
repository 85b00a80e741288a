import QRQuiz
import QRQuizClassroom
import QRQuizInterchange

/// A review history an import read (an Anki deck's), brought into the study log of the
/// profile in use, keyed as `qrquiz review` keys the saved topic's cards, so the cards come
/// due when Anki would have them due.
enum ImportedHistory {
  /// Records `reviews` for `topic` as saved; the line that says what was added.
  static func record(_ reviews: [ImportedReview], topic: ValidTopic) async throws -> String {
    let keys = Set(StudyDeck.items(of: topic).map(\.key.card))
    var matched: [StudyLog.Review] = []
    for review in reviews {
      let card = StudyDeck.cardID(review.question, occurrence: review.occurrence)
      // A question the import skipped (--skip-invalid) has no card to be reviewed.
      guard keys.contains(card) else { continue }
      matched.append(StudyLog.Review(topic: topic.name, card: card, at: review.at, rating: review.rating))
    }
    let profile = try PlayerName.resolve(nil)
    let log = StudyLog(records: try Records.open(), profile: profile)
    let added = try await log.recordImported(matched)
    let cards = Set(matched.map(\.card)).count
    return "\(Plural.count(added, "review")) of \(Plural.count(cards, "card")) brought into \(profile)'s study log "
      + "(qrquiz review)" + (added < matched.count ? "; \(matched.count - added) were there already" : "")
  }
}
