import Foundation

/// Where a review log's columns are, from its header.
struct ReviewLogColumns {
  var card: Int
  var time: Int
  var rating: Int
  var count: Int

  /// The columns of `header`: `card`, `time` and `rating` each once (any case, spaces
  /// around them ignored), in any order, among any others.
  init(header: [String]) throws(ReviewReplay.Error.Problem) {
    let names = header.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    var found: [String: Int] = [:]
    for (index, name) in names.enumerated() where ["card", "time", "rating"].contains(name) {
      guard found[name] == nil else { throw .duplicateColumn(name) }
      found[name] = index
    }
    for name in ["card", "time", "rating"] where found[name] == nil { throw .missingColumn(name) }
    card = found["card"]!
    time = found["time"]!
    rating = found["rating"]!
    count = names.count
  }
}

/// One review of the log, read strictly: a value that could be read two ways is refused.
struct ReviewLogRow {
  var card: String
  var time: QuizClock.Instant
  /// The time as written (valid, so written back as it is).
  var timeText: String
  var rating: StudyRating

  init(_ fields: [String], columns: ReviewLogColumns) throws(ReviewReplay.Error.Problem) {
    guard fields.count == columns.count else { throw .fieldCount(fields.count, expected: columns.count) }
    card = fields[columns.card]
    guard !card.isEmpty else { throw .emptyCard }
    guard card.utf8.count <= ReviewReplay.maximumCardLength else { throw .cardTooLong(card.utf8.count) }
    timeText = fields[columns.time]
    guard let time = QuizClock.Instant(iso8601Seconds: timeText) else { throw .time(timeText) }
    self.time = time
    let ratingText = fields[columns.rating]
    guard ratingText.utf8.count == 1, let number = Int(ratingText), let rating = StudyRating(rawValue: number) else {
      throw .rating(ratingText)
    }
    self.rating = rating
  }
}
