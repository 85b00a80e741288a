/// A review: the card's memory moves (``memory(after:rating:elapsedDays:)``), then its
/// state and next due follow from the rating, through the learning or relearning steps
/// or, in review, the interval at the desired retention.
extension FSRSScheduler {
  /// The wait before the next review: a step's minutes, or whole days.
  enum Wait: Hashable {
    case microseconds(Int64)
    case days(Int)
  }

  /// `card` after a review rated `rating` at `time`.
  ///
  /// - Throws: ``StudyCard/ReviewError/beforeLastReview(_:)`` when `time` is earlier than
  ///   the card's last review.
  public func review(_ card: StudyCard, rating: StudyRating, at time: QuizClock.Instant) throws(StudyCard.ReviewError)
    -> StudyCard
  {
    if let last = card.lastReview, time < last { throw .beforeLastReview(last) }
    var next = card
    let elapsedDays = card.lastReview.map { Self.wholeDays(from: $0, to: time) }
    let memory = memory(after: card.memory, rating: rating, elapsedDays: elapsedDays)
    next.memory = memory
    var wait: Wait
    switch card.state {
    case .learning:
      wait = stepWait(&next, steps: learningSteps, rating: rating, stability: memory.stability)
    case .relearning:
      wait = stepWait(&next, steps: relearningSteps, rating: rating, stability: memory.stability)
    case .review:
      if rating == .again, !relearningSteps.isEmpty {
        next.state = .relearning
        next.step = 0
        wait = .microseconds(relearningSteps.microseconds(0))
      } else {
        wait = .days(interval(stability: memory.stability))
      }
    }
    if fuzz, case .days(let days) = wait { wait = .days(fuzzed(days, card: card)) }
    switch wait {
    case .microseconds(let microseconds):
      next.due = QuizClock.Instant(microsecondsSince1970: time.microsecondsSince1970 + microseconds)
    case .days(let days):
      next.due = QuizClock.Instant(microsecondsSince1970: time.microsecondsSince1970 + Int64(days) * 86_400_000_000)
    }
    next.lastReview = time
    next.reviewCount += 1
    return next
  }

  /// The wait of a card in (re)learning, moving it along `steps` or graduating it to
  /// review: Again back to the first step, Hard the same step again (the first one a
  /// little longer), Good the next step or graduation after the last, Easy graduation.
  private func stepWait(_ card: inout StudyCard, steps: StudySteps, rating: StudyRating, stability: Double) -> Wait {
    let step = card.step ?? 0
    // A card past the last step (its steps were shortened since) graduates on a recall.
    guard !steps.isEmpty, step < steps.count || rating == .again else {
      return graduate(&card, stability: stability)
    }
    switch rating {
    case .again:
      card.step = 0
      return .microseconds(steps.microseconds(0))
    case .hard:
      guard step == 0 else { return .microseconds(steps.microseconds(step)) }
      // Half way to the second step, or half as long again as a single one. Steps are
      // whole seconds, so these halves are whole microseconds: nothing to round.
      let first = steps.microseconds(0)
      return .microseconds(steps.count == 1 ? first * 3 / 2 : (first + steps.microseconds(1)) / 2)
    case .good:
      guard step + 1 < steps.count else { return graduate(&card, stability: stability) }
      card.step = step + 1
      return .microseconds(steps.microseconds(step + 1))
    case .easy:
      return graduate(&card, stability: stability)
    }
  }

  private func graduate(_ card: inout StudyCard, stability: Double) -> Wait {
    card.state = .review
    card.step = nil
    return .days(interval(stability: stability))
  }

  /// Whole days until recall falls to the desired retention:
  /// S/F · (retention^(1/decay) − 1), rounded half to even as the references round, from
  /// 1 to the maximum interval.
  func interval(stability: Double) -> Int {
    let days = (stability / factor * retentionFactor).rounded(.toNearestOrEven)
    // Compared as doubles: an infinite stability (absurd weights, a long history) must not
    // trap in `Int(_:)`.
    guard days < Double(maximumInterval) else { return maximumInterval }
    return days >= 1 ? Int(days) : 1
  }
}
