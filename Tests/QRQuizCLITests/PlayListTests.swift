import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizCLI
@testable import QRQuizClassroom

/// A topic imported from one list that the app's answer counts split into runs plays as
/// that one list in the terminal: `qrquiz play` offers it as one choice and plays it in
/// order, records it once, and `qrquiz cards` deals all of its cards. (Listed topic: sets
/// 1–3 one list of q1…q5, set 4 alone, set 5 a list of one.)
@Suite struct PlayListTests {
  let folder: TemporaryDirectory
  let setup: PlaySetup

  init() throws {
    folder = try TemporaryDirectory()
    setup = PlaySetup(
      topic: try LiveGameFixtures.listedTopic(), profile: "default",
      statistics: StatisticsStore(records: try folder.records()), images: nil, seed: 1, review: false)
  }

  @Test func theMenuOffersAListAsOneChoiceNamedForItsQuestions() {
    #expect(setup.units.map(\.sets) == [0...2, 3...3, 4...4])
    #expect(setup.units.map(setup.name(of:)) == ["Questions 1–5", "Set 4", "Set 5"])
  }

  @Test func aListsFirstSetPlaysTheWholeListInOrder() throws {
    let unit = setup.unit(startingAt: 0)
    #expect(unit.sets == 0...2)
    let session = try setup.session(unit, totalScore: 0)
    #expect(session.questions.map(\.text) == ["q1", "q2", "q3", "q4", "q5"])
    // A run asked for by its own number, or a set of its own, plays alone.
    #expect(try setup.session(setup.unit(startingAt: 1), totalScore: 0).questions.map(\.text) == ["q3"])
    #expect(try setup.session(setup.unit(startingAt: 3), totalScore: 0).questions.map(\.text) == ["other"])
  }

  @Test func aListPlayedThroughIsRecordedOnceWithEveryOneOfItsSets() throws {
    var session = try setup.session(setup.unit(startingAt: 0), totalScore: 0)
    session.start(at: QuizClock.now)
    while let question = session.currentQuestion {
      _ = try session.pick(question.correctAnswers.min()!, at: QuizClock.now)
    }
    let result = try #require(session.result)
    let unit = setup.unit(startingAt: 0)
    #expect(PlayText.over(setup, unit: unit, result: result).hasPrefix("Questions 1–5 over: 5/5 correct"))
    #expect(try setup.record(result, unit: unit) == "recorded for default: total score 100")
    #expect(
      try setup.record(result, unit: unit)
        == "Questions 1–5 were completed before: the totals stay as they were (total score 100)")
    let statistics = try setup.statistics.statistics(of: "default").statistics
    #expect(statistics.completedSets["Lesson"] == [0, 1, 2] && statistics.score == 100)
  }

  @Test func theCardsOfAListsFirstSetAreTheWholeListsInOrder() throws {
    let topic = try LiveGameFixtures.listedTopic()
    #expect(
      try CardsCommand.deck(of: topic, set: 1, seed: nil).cards.map(\.question.text) == ["q1", "q2", "q3", "q4", "q5"])
    #expect(try CardsCommand.deck(of: topic, set: 4, seed: nil).cards.map(\.question.text) == ["other"])
    #expect(throws: QuizSession.SetupError.self) { try CardsCommand.deck(of: topic, set: 6, seed: nil) }
  }
}
