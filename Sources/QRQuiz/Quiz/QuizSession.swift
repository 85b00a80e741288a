import Foundation

/// One play of a set, or of a sampled quiz, with every rule of the Questions app: the
/// shuffle, the countdown, help, verdicts, mandatory multiple answers, the score and the
/// repeats. A plain value: a terminal, a web page or an app drives it by calling its
/// methods with the time now (a ``QuizClock/Instant``, the one time type of every value
/// that decides), and draws what it says. Nothing here reads a clock, a keyboard or a
/// screen.
///
/// ```swift
/// let topic = try await TopicReader().topic(from: .file("Social.json"))
/// var session = try QuizSession(topic: topic, set: 0, totalScore: 0, seed: 7)
/// session.start(at: QuizClock.now)
/// while let question = session.currentQuestion {
///   _ = try session.pick(question.correctAnswers.min()!, at: QuizClock.now)
/// }
/// print(session.result!.score)
/// ```
public struct QuizSession: Sendable {
  // MARK: State

  /// The topic's name.
  public let title: String
  /// The topic's options with the app's defaults.
  public let options: Topic.Options.ResolvedOptions
  /// Category (set) names, from `options.setNames` or "Set N" (``ValidTopic/setName(_:in:)``).
  public let categoryNames: [String]
  /// The questions in play order: a view of the topic's own questions (a play keeps its
  /// order, not a copy of them: a server holds thousands of plays of one topic).
  public var questions: Questions { Questions(sets: sets, selection: selection, order: order) }
  /// The index of the current question; `questions.count` once the set is over.
  public private(set) var position = 0
  /// Answers picked on the current question.
  public private(set) var picks: [Int] = []
  /// Answers help hid on the current question.
  public private(set) var hidden: Set<Int> = []
  /// Help used on the current question.
  public private(set) var helpOnQuestion = 0
  /// Correct picks in this play of the set.
  public private(set) var correct = 0
  /// Wrong picks in this play of the set.
  public private(set) var wrong = 0
  /// Help uses in this play of the set.
  public private(set) var helpUses = 0
  /// The player's total score, live: what it was before the set plus this play's.
  public private(set) var totalScore: Int
  /// Repeats used.
  public private(set) var repeatsUsed = 0
  /// Whether the countdown ended the set.
  public private(set) var timeRanOut = false
  /// The questions played so far in this play, in order.
  public private(set) var answered: [Answered] = []

  /// The topic's sets, shared with the topic (arrays are copied only when written).
  private let sets: [[Topic.Question]]
  /// Which of them are played, in the file's order.
  private let selection: Selection
  /// The play order: positions in `selection`.
  private var order: [UInt32]
  private let scoreBeforeSet: Int
  private var random: SeededRandom
  private var startedAt: QuizClock.Instant?
  /// When the current question was shown, for its own time (`seconds`); `nil` until a
  /// front end that keeps question times shows it (``showQuestion(at:)``).
  private var questionShownAt: QuizClock.Instant?

  // MARK: Starting

  /// A play of set `set` (0-based) of `topic`.
  ///
  /// - Parameters:
  ///   - topic: the topic.
  ///   - set: the set to play, 0-based.
  ///   - totalScore: the player's total score before the set (help needs 5 of it).
  ///   - seed: the shuffle's and help's seed; the same seed plays the same way.
  /// - Throws: ``SetupError``.
  public init(topic: ValidTopic, set: Int, totalScore: Int, seed: UInt64? = nil) throws(SetupError) {
    let sets = topic.topic.sets
    guard !sets.isEmpty else { throw .noSets }
    guard sets.indices.contains(set) else { throw .noSuchSet(set + 1, count: sets.count) }
    self.init(
      topic: topic, selection: .set(set, count: sets[set].count), totalScore: totalScore,
      random: seed.map(SeededRandom.init(seed:)) ?? SeededRandom())
  }

  /// A play of the consecutive sets `sets` (0-based) of `topic` as one quiz: every
  /// question of each in order (shuffled as the topic says), each still of its own set.
  ///
  /// - Throws: ``SetupError``.
  public init(topic: ValidTopic, sets range: ClosedRange<Int>, totalScore: Int, seed: UInt64? = nil)
    throws(SetupError)
  {
    let sets = topic.topic.sets
    guard !sets.isEmpty else { throw .noSets }
    guard sets.indices.contains(range.lowerBound) else { throw .noSuchSet(range.lowerBound + 1, count: sets.count) }
    guard sets.indices.contains(range.upperBound) else { throw .noSuchSet(range.upperBound + 1, count: sets.count) }
    if range.count == 1 {
      try self.init(topic: topic, set: range.lowerBound, totalScore: totalScore, seed: seed)
      return
    }
    let chosen = range.flatMap { set in
      sets[set].indices.map { Selection.Reference(set: UInt32(set), question: UInt32($0)) }
    }
    self.init(
      topic: topic, selection: .sample(chosen), totalScore: totalScore,
      random: seed.map(SeededRandom.init(seed:)) ?? SeededRandom())
  }

  /// A quiz of `counts[i]` random questions from each set `i`, played as one: the main
  /// quiz of a multi-category app, with results per category. One count for a topic of
  /// several sets is a total, spread over the sets (``spread(_:over:)``).
  ///
  /// - Throws: ``SetupError``: a count per set (or one total) is needed, and no set can
  ///   give more questions than it has.
  public init(topic: ValidTopic, sampling counts: [Int], totalScore: Int, seed: UInt64? = nil) throws(SetupError) {
    let sets = topic.topic.sets
    guard !sets.isEmpty else { throw .noSets }
    var counts = counts
    if counts.count == 1, sets.count > 1 { counts = try Self.spread(counts[0], over: sets.map(\.count)) }
    guard counts.count == sets.count else { throw .sampleCountMismatch(given: counts.count, sets: sets.count) }
    var random = seed.map(SeededRandom.init(seed:)) ?? SeededRandom()
    var chosen: [Selection.Reference] = []
    for (index, (set, count)) in zip(sets, counts).enumerated() {
      guard count >= 0, count <= set.count else { throw .sampleTooLarge(set: index + 1, asked: count, has: set.count) }
      chosen += set.indices.shuffled(using: &random).prefix(count).sorted().map {
        Selection.Reference(set: UInt32(index), question: UInt32($0))
      }
    }
    guard !chosen.isEmpty else { throw .sampleEmpty }
    self.init(topic: topic, selection: .sample(chosen), totalScore: totalScore, random: random)
  }

  /// `total` questions spread over sets of `sizes` questions as evenly as they allow: a
  /// question from each set in turn, skipping sets that have given all they have.
  ///
  /// - Throws: ``SetupError/sampleTooLarge(set:asked:has:)`` (set 0: the whole topic) when
  ///   the sets have fewer questions in all.
  public static func spread(_ total: Int, over sizes: [Int]) throws(SetupError) -> [Int] {
    let available = sizes.reduce(0, +)
    guard total <= available else { throw .sampleTooLarge(set: 0, asked: total, has: available) }
    var counts = [Int](repeating: 0, count: sizes.count)
    var left = total
    // Whole rounds first (one each from every set that can still give), then the rest.
    while left > 0 {
      let open = sizes.indices.filter { counts[$0] < sizes[$0] }
      let round = min(left / max(open.count, 1), open.map { sizes[$0] - counts[$0] }.min() ?? 0)
      if round > 0 {
        for index in open { counts[index] += round }
        left -= round * open.count
      } else {
        for index in open where left > 0 {
          counts[index] += 1
          left -= 1
        }
      }
    }
    return counts
  }

  private init(topic: ValidTopic, selection: Selection, totalScore: Int, random: SeededRandom) {
    title = topic.name
    options = (topic.topic.options ?? Topic.Options()).resolved
    categoryNames = topic.topic.sets.indices.map { topic.setName($0) }
    sets = topic.topic.sets
    self.selection = selection
    order = (0..<UInt32(selection.count)).map { $0 }
    self.totalScore = totalScore
    scoreBeforeSet = totalScore
    self.random = random
    if options.questionsInRandomOrder { order.shuffle(using: &self.random) }
  }

  /// Starts (or restarts) the countdown at `now`.
  public mutating func start(at now: QuizClock.Instant) { startedAt = now }

  /// Starts the current question's own countdown at `now`, when it has one (a question's
  /// `seconds`, a QRQuiz extension: the app's only timer is the set's) and it has not
  /// started yet: a page shown again keeps the time it had. A front end that keeps
  /// question times calls it whenever it shows a question (the first, each one after a
  /// verdict, the first of a repeat); a question never shown this way has no time of its
  /// own, as in the app.
  public mutating func showQuestion(at now: QuizClock.Instant) {
    guard !isOver, questionShownAt == nil else { return }
    questionShownAt = now
  }

  // MARK: Playing

  /// Whether the set is over.
  public var isOver: Bool { position >= questions.count }

  /// The question being asked, or `nil` once the set is over.
  public var currentQuestion: Question? { isOver ? nil : questions[position] }

  /// Picks the current question still needs before the player moves on.
  public var picksNeeded: Int {
    guard let question = currentQuestion else { return 0 }
    return question.requiredPicks(mandatory: options.multipleCorrectAnswersAsMandatory) - picks.count
  }

  /// Seconds left on the countdown at `now`; `nil` without a timer.
  public func remainingTime(at now: QuizClock.Instant) -> Double? {
    guard let limit = options.timePerSet else { return nil }
    guard let startedAt else { return limit }
    return max(0, limit - now.seconds(since: startedAt))
  }

  /// Seconds left at `now` to answer the current question by its own time (`seconds`);
  /// `nil` when it has none, or was not shown with ``showQuestion(at:)``.
  public func remainingQuestionTime(at now: QuizClock.Instant) -> Double? {
    guard let questionShownAt, let limit = currentQuestion?.seconds, limit > 0 else { return nil }
    return max(0, limit - now.seconds(since: questionShownAt))
  }

  /// The countdown a front end shows while a question is asked: the sooner of the set's
  /// time and the question's own; `nil` when neither runs.
  public func timeToAnswer(at now: QuizClock.Instant) -> Double? {
    [remainingTime(at: now), remainingQuestionTime(at: now)].compactMap { $0 }.min()
  }

  /// Ends the set if its time ran out by `now`; true when it did (now or before).
  @discardableResult
  public mutating func checkTime(at now: QuizClock.Instant) -> Bool {
    guard !timeRanOut else { return true }
    guard !isOver, let remaining = remainingTime(at: now), remaining <= 0 else { return false }
    timeRanOut = true
    position = questions.count
    picks = []
    hidden = []
    questionShownAt = nil
    return true
  }

  /// Closes the current question if its own time ran out by `now` (and the set's did not):
  /// it counts as not answered right, no points, with the picks it had (every one of
  /// them already scored), and the play moves on. Returns it when it closed now.
  @discardableResult
  public mutating func checkQuestionTime(at now: QuizClock.Instant) -> Answered? {
    guard !checkTime(at: now), let question = currentQuestion, let remaining = remainingQuestionTime(at: now),
      remaining <= 0
    else { return nil }
    let played = Answered(question: question, picks: picks, typedNumber: nil, isRight: false, timeRanOut: true)
    finishQuestion(played)
    return played
  }

  /// Picks answer `answer` (0-based) of the current question.
  ///
  /// - Throws: ``Error``: the set is over or its time ran out, no such answer, picked
  ///   already, or hidden by help.
  public mutating func pick(_ answer: Int, at now: QuizClock.Instant) throws(Error) -> Pick {
    guard let question = try current(at: now) else { throw .over }
    guard question.numericAnswer == nil else { throw .wrongKindOfAnswer }
    guard question.answers.indices.contains(answer) else { throw .noSuchAnswer(answer) }
    guard !picks.contains(answer) else { throw .alreadyPicked(answer) }
    guard !hidden.contains(answer) else { throw .hidden(answer) }
    let isCorrect = question.correctAnswers.contains(answer)
    count(isCorrect)
    picks.append(answer)
    let finishes = picks.count >= question.requiredPicks(mandatory: options.multipleCorrectAnswersAsMandatory)
    if finishes {
      let isRight = picks.allSatisfy(question.correctAnswers.contains)
      finishQuestion(Answered(question: question, picks: picks, typedNumber: nil, isRight: isRight))
    }
    return Pick(
      answer: answer, isCorrect: isCorrect, finishesQuestion: finishes, verdict: verdict(isCorrect: isCorrect))
  }

  /// Answers a numeric question with `number`: right within its tolerance.
  ///
  /// - Throws: ``Error``.
  public mutating func answer(number: Double, at now: QuizClock.Instant) throws(Error) -> Bool {
    guard let question = try current(at: now) else { throw .over }
    guard let numeric = question.numericAnswer else { throw .wrongKindOfAnswer }
    let isRight = numeric.accepts(number)
    count(isRight)
    finishQuestion(Answered(question: question, picks: [], typedNumber: number, isRight: isRight))
    return isRight
  }

  /// Uses help on the current question: hides one random wrong answer still shown.
  ///
  /// - Returns: the answer hidden, 0-based.
  /// - Throws: ``Error/helpNotOffered``, ``Error/notEnoughPoints``, ``Error/noMoreHelp``.
  public mutating func useHelp(at now: QuizClock.Instant) throws(Error) -> Int {
    guard let question = try current(at: now) else { throw .over }
    guard isHelpOffered else { throw .helpNotOffered }
    let maximum = min(QuizRules.helpUsesPerQuestion, question.answers.count - 1)
    let candidates = question.answers.indices.filter {
      !question.correctAnswers.contains($0) && !hidden.contains($0) && !picks.contains($0)
    }
    guard helpOnQuestion < maximum, !candidates.isEmpty else { throw .noMoreHelp }
    guard totalScore >= QuizRules.minimumScoreForHelp else { throw .notEnoughPoints }
    let answer = candidates.randomElement(using: &random)!
    hidden.insert(answer)
    helpOnQuestion += 1
    helpUses += 1
    totalScore += QuizRules.pointsForHelp
    return answer
  }

  /// Whether the current question offers help: the topic allows it, and the question has
  /// at least three answers (and is not a numeric question).
  public var isHelpOffered: Bool {
    guard let question = currentQuestion else { return false }
    return options.helpButtonEnabled && question.numericAnswer == nil
      && question.answers.count >= QuizRules.minimumAnswersForHelp
  }

  private mutating func current(at now: QuizClock.Instant) throws(Error) -> Question? {
    if checkTime(at: now) { throw isOver && timeRanOut ? .timeRanOut : .over }
    if checkQuestionTime(at: now) != nil { throw .questionTimeRanOut }
    return currentQuestion
  }

  private mutating func count(_ isCorrect: Bool) {
    if isCorrect {
      correct += 1
      totalScore += QuizRules.pointsForCorrect
    } else {
      wrong += 1
      totalScore += QuizRules.pointsForWrong
    }
  }

  private mutating func finishQuestion(_ played: Answered) {
    answered.append(played)
    position += 1
    picks = []
    hidden = []
    helpOnQuestion = 0
    questionShownAt = nil
  }

  // MARK: Ending

  /// The score of this play: 20 a correct pick, −10 a wrong one, −5 a help.
  public var score: Int {
    QuizRules.pointsForCorrect * correct + QuizRules.pointsForWrong * wrong + QuizRules.pointsForHelp * helpUses
  }

  /// The result, once the set is over.
  public var result: Result? {
    guard isOver else { return nil }
    return Result(
      correct: correct, wrong: wrong, helpUses: helpUses, score: score, questionCount: questions.count,
      questionsRight: answered.filter(\.isRight).count, timeRanOut: timeRanOut, answered: answered,
      categories: categoryResults())
  }

  /// Whether the player may play the set again: not every question was right, and fewer
  /// than two repeats were used.
  public var canRepeat: Bool {
    guard let result else { return false }
    return result.questionsRight < result.questionCount && repeatsUsed < QuizRules.repeatsPerSet
  }

  /// Plays the set again: counters back to zero, the total score back to what it was
  /// before the set, the questions shuffled again (when the topic shuffles).
  public mutating func repeatSet(at now: QuizClock.Instant) {
    guard canRepeat else { return }
    repeatsUsed += 1
    correct = 0
    wrong = 0
    helpUses = 0
    totalScore = scoreBeforeSet
    timeRanOut = false
    answered = []
    position = 0
    picks = []
    hidden = []
    helpOnQuestion = 0
    questionShownAt = nil
    order = (0..<UInt32(selection.count)).map { $0 }
    if options.questionsInRandomOrder { order.shuffle(using: &random) }
    start(at: now)
  }

  private func categoryResults() -> [CategoryResult] {
    let played = Set(questions.map(\.category)).sorted()
    return played.map { category in
      let asked = questions.filter { $0.category == category }.count
      let right = answered.filter { $0.question.category == category && $0.isRight }.count
      return CategoryResult(
        category: category, name: categoryNames[category], questions: asked, right: right)
    }
  }
}
