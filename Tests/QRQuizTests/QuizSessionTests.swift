import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom

/// Every rule of play-rules.md (how the Questions app plays a set), on the session type
/// the terminal, the web page and any app drive.
@Suite struct QuizSessionTests {
  let start = QuizClock.Instant(Date(timeIntervalSince1970: 1_000_000))

  /// A topic of `count` questions with `answers` answers each; question i's correct
  /// answer is i % answers (or the listed ones).
  func topic(
    count: Int = 5, answers: Int = 4, correct: [[UInt8]]? = nil, options: Topic.Options? = nil
  ) throws -> ValidTopic {
    let questions = (0..<count).map { index in
      Topic.Question(
        question: "Q\(index)", answers: (0..<answers).map { "A\($0)" },
        correctAnswers: correct?[index] ?? [UInt8(index % answers)])
    }
    return try ValidTopic(Topic(options: options, sets: [questions]), defaultName: "T")
  }

  func session(_ topic: ValidTopic, totalScore: Int = 100, seed: UInt64 = 1) throws -> QuizSession {
    var session = try QuizSession(topic: topic, set: 0, totalScore: totalScore, seed: seed)
    session.start(at: start)
    return session
  }

  func correctAnswer(_ session: QuizSession) -> Int { session.currentQuestion!.correctAnswers.min()! }
  func wrongAnswer(_ session: QuizSession) -> Int {
    session.currentQuestion!.answers.indices.first { !session.currentQuestion!.correctAnswers.contains($0) }!
  }

  // MARK: Options and order

  @Test func theAppsDefaultsApplyWhenOptionsAreAbsent() {
    let resolved = Topic.Options().resolved
    #expect(resolved.questionsInRandomOrder && resolved.helpButtonEnabled && resolved.showCorrectIncorrectAnswer)
    #expect(!resolved.multipleCorrectAnswersAsMandatory)
    #expect(resolved.timePerSet == nil)
    #expect(Topic.Options(timePerSetInSeconds: 0).resolved.timePerSet == nil)
    #expect(Topic.Options(timePerSetInSeconds: -5).resolved.timePerSet == nil)
    #expect(Topic.Options(timePerSetInSeconds: 30).resolved.timePerSet == 30)
  }

  @Test func questionsAreShuffledOnceBySeedAndAnswersNever() throws {
    let shuffled = try topic(count: 12)
    let first = try session(shuffled, seed: 7).questions.map(\.text)
    #expect(try session(shuffled, seed: 7).questions.map(\.text) == first)
    #expect(first != (0..<12).map { "Q\($0)" })
    #expect(Set(first) == Set((0..<12).map { "Q\($0)" }))
    for question in try session(shuffled, seed: 7).questions { #expect(question.answers == ["A0", "A1", "A2", "A3"]) }
    let ordered = try topic(count: 12, options: .init(questionsInRandomOrder: false))
    #expect(try session(ordered, seed: 7).questions.map(\.text) == (0..<12).map { "Q\($0)" })
  }

  // MARK: The countdown

  @Test func oneCountdownEndsTheSetWhenItReachesZero() throws {
    var session = try session(try topic(options: .init(timePerSetInSeconds: 30)))
    #expect(session.remainingTime(at: start + .seconds(10)) == 20)
    _ = try session.pick(correctAnswer(session), at: start + .seconds(10))
    // Waiting for a key, the time runs out: the set ends on the tick.
    let early = session.checkTime(at: start + .seconds(29.9))
    #expect(!early)
    let onTime = session.checkTime(at: start + .seconds(30))
    #expect(onTime)
    #expect(session.isOver)
    let result = try #require(session.result)
    #expect(result.timeRanOut)
    #expect(result.correct == 1 && result.questionCount == 5 && result.questionsRight == 1)
    #expect(throws: QuizSession.Error.timeRanOut) { _ = try session.pick(0, at: start + .seconds(31)) }
  }

  @Test func aPickAfterTheDeadlineIsTooLate() throws {
    var session = try session(try topic(options: .init(timePerSetInSeconds: 5)))
    #expect(throws: QuizSession.Error.timeRanOut) { _ = try session.pick(0, at: start + .seconds(6)) }
    #expect(session.correct + session.wrong == 0)
    #expect(session.result?.timeRanOut == true)
  }

  @Test func withoutATimerTimeNeverRunsOut() throws {
    var session = try session(try topic())
    #expect(session.remainingTime(at: start + .seconds(1e6)) == nil)
    let ranOut = session.checkTime(at: start + .seconds(1e6))
    #expect(!ranOut)
  }

  /// A topic whose questions have their own times (`seconds`): Q0 10 s, Q1 none, Q2 4 s,
  /// each with an explanation, in the file's order.
  func timedTopic(setSeconds: Double? = nil) throws -> ValidTopic {
    let questions = [10.0, nil, 4].enumerated().map { index, seconds in
      Topic.Question(
        question: "Q\(index)", answers: ["A0", "A1", "A2"], correctAnswers: [0], seconds: seconds,
        explanation: "Because Q\(index).")
    }
    let options = Topic.Options(timePerSetInSeconds: setSeconds, questionsInRandomOrder: false)
    return try ValidTopic(Topic(options: options, sets: [questions]), defaultName: "T")
  }

  @Test func aQuestionsOwnTimeClosesItUnansweredAndThePlayGoesOn() throws {
    var session = try session(try timedTopic())
    session.showQuestion(at: start)
    #expect(session.remainingQuestionTime(at: start + .seconds(4)) == 6)
    // Shown again (a reload) later: its time is the one it had.
    session.showQuestion(at: start + .seconds(4))
    #expect(session.checkQuestionTime(at: start + .seconds(9.9)) == nil)
    let closedNow = session.checkQuestionTime(at: start + .seconds(10))
    let closed = try #require(closedNow)
    #expect(closed.question.text == "Q0" && closed.timeRanOut && !closed.isRight && closed.picks.isEmpty)
    #expect(session.score == 0 && session.position == 1 && !session.isOver)
    // Q1 has no time of its own: nothing closes it.
    session.showQuestion(at: start + .seconds(20))
    #expect(session.remainingQuestionTime(at: start + .seconds(20)) == nil)
    #expect(session.checkQuestionTime(at: start + .seconds(1e6)) == nil)
    _ = try session.pick(0, at: start + .seconds(1e6))
    // A pick after Q2's 4 s is too late: refused, the question closed, no points.
    session.showQuestion(at: start + .seconds(1e6))
    #expect(throws: QuizSession.Error.questionTimeRanOut) { _ = try session.pick(0, at: start + .seconds(1e6 + 4.5)) }
    #expect(session.isOver && session.correct == 1 && session.wrong == 0 && session.score == 20)
    let result = try #require(session.result)
    #expect(!result.timeRanOut, "the set itself did not run out")
    #expect(result.answered.map(\.timeRanOut) == [true, false, true])
    #expect(result.incorrect.map(\.question.text) == ["Q0", "Q2"])
  }

  @Test func aQuestionNeverShownWithItsOwnTimeHasNoneAsInTheApp() throws {
    // The terminal player plays by the app's rules: one timer a set, none a question.
    var session = try session(try timedTopic())
    #expect(session.remainingQuestionTime(at: start + .seconds(60)) == nil)
    #expect(session.checkQuestionTime(at: start + .seconds(60)) == nil)
    _ = try session.pick(0, at: start + .seconds(60))
    #expect(session.correct == 1)
  }

  @Test func theCountdownShownIsTheSoonerOfTheSetsAndTheQuestions() throws {
    var session = try session(try timedTopic(setSeconds: 12))
    #expect(session.timeToAnswer(at: start + .seconds(1)) == 11)
    session.showQuestion(at: start + .seconds(1))
    #expect(session.timeToAnswer(at: start + .seconds(2)) == 9)
    _ = try session.pick(0, at: start + .seconds(5))
    session.showQuestion(at: start + .seconds(6))
    #expect(session.timeToAnswer(at: start + .seconds(6)) == 6, "Q1 has no own time: the set's")
    // The set's time ends the set, not only the question.
    #expect(session.checkQuestionTime(at: start + .seconds(12)) == nil)
    #expect(session.isOver && session.result?.timeRanOut == true)
  }

  @Test func aRepeatGivesTheFirstQuestionItsTimeAgainWhenItIsShown() throws {
    var session = try session(try timedTopic())
    session.showQuestion(at: start)
    _ = try session.pick(1, at: start + .seconds(1))
    session.showQuestion(at: start + .seconds(2))
    _ = try session.pick(1, at: start + .seconds(3))
    session.showQuestion(at: start + .seconds(4))
    _ = session.checkQuestionTime(at: start + .seconds(8))
    #expect(session.canRepeat)
    session.repeatSet(at: start + .seconds(100))
    session.showQuestion(at: start + .seconds(100))
    #expect(session.remainingQuestionTime(at: start + .seconds(100)) == 10)
  }

  @Test(arguments: [(125.0, "2:05"), (60.0, "1:00"), (59.96, "59.9"), (9.8, "9.8"), (0.04, "0.0")])
  func theCountdownShowsSecondsAboveAMinuteAndTenthsBelow(_ seconds: Double, _ text: String) {
    #expect(QuizRules.countdown(seconds) == text)
  }

  // MARK: Answering

  @Test func onePickMovesOnAndEveryPickCounts() throws {
    var session = try session(try topic(count: 3))
    let pick = try session.pick(wrongAnswer(session), at: start)
    #expect(!pick.isCorrect && pick.finishesQuestion)
    #expect(session.position == 1 && session.wrong == 1 && session.totalScore == 90)
    _ = try session.pick(correctAnswer(session), at: start)
    #expect(session.correct == 1 && session.totalScore == 110)
    #expect(throws: QuizSession.Error.noSuchAnswer(9)) { _ = try session.pick(9, at: start) }
  }

  @Test func mandatoryMultipleAnswersNeedAsManyPicksAsCorrectAnswers() throws {
    let multiple = try topic(
      count: 2, answers: 5, correct: [[1, 3], [0, 2, 4]],
      options: .init(questionsInRandomOrder: false, multipleCorrectAnswersAsMandatory: true))
    var session = try session(multiple)
    #expect(session.picksNeeded == 2)
    let first = try session.pick(1, at: start)
    #expect(first.isCorrect && !first.finishesQuestion)
    #expect(throws: QuizSession.Error.alreadyPicked(1)) { _ = try session.pick(1, at: start) }
    // A wrong pick counts as wrong, and the question still takes its second pick.
    let second = try session.pick(0, at: start)
    #expect(!second.isCorrect && second.finishesQuestion)
    #expect(session.correct == 1 && session.wrong == 1 && session.position == 1)
    #expect(session.picksNeeded == 3)
    for answer in [0, 2, 4] { _ = try session.pick(answer, at: start) }
    let result = try #require(session.result)
    #expect(result.correct == 4 && result.wrong == 1 && result.questionsRight == 1)
    // Without the option, one pick of several correct answers moves on.
    var relaxed = try self.session(
      try topic(count: 1, answers: 5, correct: [[1, 3]], options: .init(multipleCorrectAnswersAsMandatory: false)))
    #expect(try relaxed.pick(3, at: start).finishesQuestion)
  }

  @Test func verdictsAreOfferedOnlyWhenTheTopicSaysSo() throws {
    #expect(try session(try topic()).options.showCorrectIncorrectAnswer)
    #expect(
      !(try session(try topic(options: .init(showCorrectIncorrectAnswer: false))).options.showCorrectIncorrectAnswer))
  }

  // MARK: Help

  @Test func helpHidesOneRandomWrongAnswerForFivePoints() throws {
    var session = try session(try topic(count: 1, answers: 4, correct: [[2]]), totalScore: 20)
    let hidden = try session.useHelp(at: start)
    #expect(hidden != 2)
    #expect(session.hidden == [hidden])
    #expect(session.totalScore == 15 && session.helpUses == 1)
    #expect(throws: QuizSession.Error.hidden(hidden)) { _ = try session.pick(hidden, at: start) }
  }

  @Test func helpIsAtMostTwiceAQuestionAndNeverHidesTheLastWrongAnswerOrARightOne() throws {
    var session = try session(try topic(count: 2, answers: 5, correct: [[0], [0]]), totalScore: 100)
    let first = try session.useHelp(at: start)
    let second = try session.useHelp(at: start)
    #expect(first != second && ![first, second].contains(0))
    #expect(throws: QuizSession.Error.noMoreHelp) { _ = try session.useHelp(at: start) }
    // The count starts again on the next question.
    _ = try session.pick(0, at: start)
    #expect((try? session.useHelp(at: start)) != nil)
    // Three answers, two correct: one wrong answer to hide, so help stops after one.
    var three = try self.session(try topic(count: 1, answers: 3, correct: [[0, 1]]), totalScore: 100)
    #expect(try three.useHelp(at: start) == 2)
    #expect(throws: QuizSession.Error.noMoreHelp) { _ = try three.useHelp(at: start) }
  }

  @Test func helpNeedsThreeAnswersATotalOfFiveAndTheOption() throws {
    var two = try session(try topic(count: 1, answers: 2, correct: [[0]]), totalScore: 100)
    #expect(!two.isHelpOffered)
    #expect(throws: QuizSession.Error.helpNotOffered) { _ = try two.useHelp(at: start) }
    var poor = try session(try topic(count: 1, answers: 4), totalScore: 4)
    #expect(poor.isHelpOffered)
    #expect(throws: QuizSession.Error.notEnoughPoints) { _ = try poor.useHelp(at: start) }
    var off = try session(try topic(count: 1, answers: 4, options: .init(helpButtonEnabled: false)), totalScore: 100)
    #expect(!off.isHelpOffered)
    #expect(throws: QuizSession.Error.helpNotOffered) { _ = try off.useHelp(at: start) }
    // The total counts this set's points as they come: one right answer makes help possible.
    var earning = try session(
      try topic(count: 2, answers: 4, options: .init(questionsInRandomOrder: false)), totalScore: 0)
    #expect(throws: QuizSession.Error.notEnoughPoints) { _ = try earning.useHelp(at: start) }
    _ = try earning.pick(correctAnswer(earning), at: start)
    #expect((try? earning.useHelp(at: start)) != nil)
  }

  // MARK: The end of the set

  @Test func theScoreIsTwentyPerCorrectMinusTenPerWrongMinusFivePerHelp() throws {
    var session = try session(try topic(count: 4, answers: 4), totalScore: 50)
    _ = try session.useHelp(at: start)
    _ = try session.pick(correctAnswer(session), at: start)
    _ = try session.pick(correctAnswer(session), at: start)
    _ = try session.pick(wrongAnswer(session), at: start)
    _ = try session.pick(correctAnswer(session), at: start)
    let result = try #require(session.result)
    #expect(result.score == 3 * 20 - 10 - 5)
    #expect(result.correct == 3 && result.wrong == 1 && result.helpUses == 1 && result.questionCount == 4)
    #expect(result.questionsRight == 3 && !result.timeRanOut)
    #expect(session.totalScore == 50 + result.score)
    #expect(result.incorrect.count == 1)
  }

  @Test func aSetNotAllRightMayBeRepeatedTwiceWithTheTotalRestored() throws {
    var session = try session(try topic(count: 2), totalScore: 40)
    for _ in 0..<2 { _ = try session.pick(wrongAnswer(session), at: start) }
    #expect(session.totalScore == 20)
    for repeatNumber in 1...2 {
      #expect(session.canRepeat)
      session.repeatSet(at: start)
      #expect(session.repeatsUsed == repeatNumber)
      #expect(session.totalScore == 40 && session.correct == 0 && session.wrong == 0 && session.position == 0)
      for _ in 0..<2 { _ = try session.pick(wrongAnswer(session), at: start) }
    }
    #expect(!session.canRepeat)
    // All right: no repeat offered.
    var perfect = try self.session(try topic(count: 2))
    for _ in 0..<2 { _ = try perfect.pick(correctAnswer(perfect), at: start) }
    #expect(!perfect.canRepeat)
  }

  // MARK: Statistics

  @Test func aSetCountsTowardsTheTotalsOnlyTheFirstTimeItIsCompleted() throws {
    var session = try session(try topic(count: 2))
    for _ in 0..<2 { _ = try session.pick(correctAnswer(session), at: start) }
    var statistics = PlayStatistics()
    let first = statistics.record(session.result!, set: 0, of: "T")
    #expect(first)
    #expect(statistics.score == 40 && statistics.correct == 2 && statistics.wrong == 0)
    let again = statistics.record(session.result!, set: 0, of: "T")
    #expect(!again)
    #expect(statistics.score == 40)
    let other = statistics.record(session.result!, set: 1, of: "T")
    #expect(other)
    #expect(statistics.completedSets == ["T": [0, 1]])
  }

  // MARK: Sampled quizzes and categories

  @Test func aSampleDrawsThatManyFromEachSetWithResultsPerCategory() throws {
    let sets = (0..<3).map { set in
      (0..<6).map { Topic.Question(question: "S\(set)Q\($0)", answers: ["a", "b"], correctAnswers: [0]) }
    }
    let named = try ValidTopic(
      Topic(options: .init(setNames: ["Science", "History"]), sets: sets), defaultName: "Mix")
    var session = try QuizSession(topic: named, sampling: [2, 3, 1], totalScore: 0, seed: 5)
    session.start(at: start)
    #expect(session.questions.count == 6)
    #expect(Dictionary(grouping: session.questions, by: \.category).mapValues(\.count) == [0: 2, 1: 3, 2: 1])
    while let question = session.currentQuestion {
      _ = try session.pick(question.category == 1 ? 1 : 0, at: start)
    }
    let categories = try #require(session.result).categories
    #expect(categories.map(\.name) == ["Science", "History", "Set 3"])
    #expect(categories.map(\.percent) == [100, 0, 100])
    #expect(categories.map(\.wrong) == [0, 3, 0])
    #expect(
      try QuizSession(topic: named, sampling: [2, 3, 1], totalScore: 0, seed: 5).questions.map(\.text)
        == QuizSession(topic: named, sampling: [2, 3, 1], totalScore: 0, seed: 5).questions.map(\.text))
  }

  @Test func impossibleSamplesAndSetsAreSaidPlainly() throws {
    let valid = try topic(count: 3)
    #expect(throws: QuizSession.SetupError.sampleTooLarge(set: 1, asked: 4, has: 3)) {
      _ = try QuizSession(topic: valid, sampling: [4], totalScore: 0)
    }
    #expect(throws: QuizSession.SetupError.sampleCountMismatch(given: 2, sets: 1)) {
      _ = try QuizSession(topic: valid, sampling: [1, 1], totalScore: 0)
    }
    #expect(throws: QuizSession.SetupError.noSuchSet(2, count: 1)) {
      _ = try QuizSession(topic: valid, set: 1, totalScore: 0)
    }
    #expect(throws: QuizSession.SetupError.noSets) {
      _ = try QuizSession(topic: try ValidTopic(Topic(sets: [])), set: 0, totalScore: 0)
    }
  }

  // MARK: Flash cards and numbers

  @Test func flashCardsTurnAndWrapAround() throws {
    var deck = try FlashCardDeck(topic: try topic(count: 3, answers: 3, correct: [[0], [1, 2], [0]]), set: 0)
    #expect(deck.current.question.text == "Q0" && !deck.isTurned)
    deck.turn()
    #expect(deck.isTurned && deck.current.correctAnswerTexts == ["A0"])
    deck.next()
    #expect(!deck.isTurned && deck.current.correctAnswerTexts == ["A1", "A2"])
    deck.previous()
    deck.previous()
    #expect(deck.current.question.text == "Q2")
    deck.shuffle()
    #expect(deck.position == 0 && Set(deck.cards.map(\.question.text)) == ["Q0", "Q1", "Q2"])
  }

  @Test func numericQuestionsAcceptAnyNumberWithinTheTolerance() throws {
    let moon = Topic.Question(
      question: "Moon landing year?", answers: ["1969", "1970"], correct: 0,
      numericAnswer: NumericAnswer(value: 1969, tolerance: 0))
    let pi = Topic.Question(
      question: "π to two places?", answers: ["3.14", "3.41"], correct: 0,
      numericAnswer: NumericAnswer(value: 3.14, tolerance: 0.005))
    let numbers = try ValidTopic(Topic(options: .init(questionsInRandomOrder: false), sets: [[moon, pi]]))
    var session = try QuizSession(topic: numbers, set: 0, totalScore: 0)
    session.start(at: start)
    #expect(throws: QuizSession.Error.wrongKindOfAnswer) { _ = try session.pick(0, at: start) }
    #expect(try session.answer(number: 1969, at: start))
    #expect(!(try session.answer(number: 3.2, at: start)))
    #expect(session.result?.score == 10)
    for (text, value) in [("1969", 1969.0), (" -2 ", -2), ("1.5", 1.5), ("1e3", 1000), ("+4", 4)] {
      #expect(NumericAnswer.parse(text) == value, "\(text)")
    }
    for text in ["1,5", "abc", "", "0x10", "inf", "nan", "1969 AD"] {
      #expect(NumericAnswer.parse(text) == nil, "\(text)")
    }
  }
}
