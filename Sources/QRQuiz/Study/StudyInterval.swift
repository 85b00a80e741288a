/// How long until a card is due again, rounded as Anki shows it on its buttons
/// ("10 min · 1 d · 3 d · 8 d"): minutes under an hour, hours under a day, days under a
/// month, then months and years with one decimal.
public enum StudyInterval: Sendable, Hashable {
  case minutes(Int)
  case hours(Int)
  case days(Int)
  /// Months of 30 days, to a tenth.
  case months(Double)
  /// Years of 365 days, to a tenth.
  case years(Double)

  /// The interval from `start` to `end` (at least a minute).
  public init(from start: QuizClock.Instant, to end: QuizClock.Instant) {
    let seconds = Double(end.microsecondsSince1970 - start.microsecondsSince1970) / 1e6
    let minutes = seconds / 60
    let days = seconds / 86_400
    if minutes < 59.5 {
      self = .minutes(max(1, Int(minutes.rounded())))
    } else if seconds < 86_400 - 1_800 {
      self = .hours(max(1, Int((minutes / 60).rounded())))
    } else if days < 29.5 {
      self = .days(max(1, Int(days.rounded())))
    } else if days < 365 {
      self = .months((days / 30 * 10).rounded() / 10)
    } else {
      self = .years((days / 365 * 10).rounded() / 10)
    }
  }
}

extension FSRSScheduler {
  /// When `card` would be due after each rating at `time`: what the four buttons show.
  public func nextDues(of card: StudyCard, at time: QuizClock.Instant) -> [StudyRating: QuizClock.Instant] {
    var dues: [StudyRating: QuizClock.Instant] = [:]
    for rating in StudyRating.allCases {
      dues[rating] = (try? review(card, rating: rating, at: time))?.due ?? time
    }
    return dues
  }

  /// What the four buttons say: how long after `time` `card` would be due after each
  /// rating, each measured from the same `time` (so the terminal and the phone round
  /// alike: a Hard of 5.5 minutes is "6 min" on both).
  public func nextIntervals(of card: StudyCard, at time: QuizClock.Instant) -> [StudyRating: StudyInterval] {
    nextDues(of: card, at: time).mapValues { StudyInterval(from: time, to: $0) }
  }
}
