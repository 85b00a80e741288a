import Foundation
import QRQuiz
import QRQuizTestSupport
import Testing

@testable import QRQuizClassroom

/// Which sets a front end offers and plays as one choice: a list's consecutive runs
/// (`options.setGroups`) are one quiz in order; other sets stand alone.
@Suite struct PlayableUnitTests {
  @Test func aListsRunsAreOneUnitAndOtherSetsStandAlone() throws {
    let topic = try LiveGameFixtures.listedTopic()
    #expect(topic.playableUnits.map(\.sets) == [0...2, 3...3, 4...4])
    #expect(topic.playableUnits.map(\.number) == [1, 4, 5])
    #expect(topic.playableUnits.map { topic.questionCount(of: $0) } == [5, 1, 1])
    // Not "Set 1", which is only its first run.
    #expect(topic.name(of: topic.playableUnits[0]) == "Questions 1–5")
    #expect(topic.name(of: topic.playableUnits[0], in: .spanish) == "Preguntas 1–5")
    #expect(topic.name(of: topic.playableUnits[1]) == "Set 4")
    #expect(topic.setsPlayed(from: 1) == 0...2)
    #expect(topic.setsPlayed(from: 2) == 1...1, "a run of a list may still be asked for alone")
  }

  @Test func aListIsNamedAfterItsListNotItsFirstRun() throws {
    // As the importer names the runs of a named list, and of the list without a name.
    let names =
      #","setNames":["Geography: questions 1–2","Geography: question 3","Geography: questions 4–5","Other","Questions 1–1"]"#
    let topic = try LiveGameFixtures.listedTopic(groups: names + #","setGroups":[0,0,0,1,2]"#)
    #expect(topic.name(of: topic.playableUnits[0]) == "Geography")
    #expect(topic.name(of: topic.playableUnits[1]) == "Other")
  }

  @Test func aTopicThatIsOneListIsNamedAfterTheTopic() throws {
    let topic = try LiveGameFixtures.listedTopic(groups: #","setGroups":[0,0,0,0,0]"#)
    #expect(topic.playableUnits.map(\.sets) == [0...4])
    #expect(topic.name(of: topic.playableUnits[0]) == "Lesson")
  }

  @Test(arguments: ["", #","setGroups":[0,0]"#, #","setGroups":[0,1,0,1,2]"#])
  func withoutWellFormedGroupsEverySetStandsAlone(groups: String) throws {
    #expect(
      try LiveGameFixtures.listedTopic(groups: groups).playableUnits.map(\.sets) == [0...0, 1...1, 2...2, 3...3, 4...4])
  }

  @Test func aListIsPlayedInOrderWithEachQuestionOfItsOwnSet() throws {
    let session = try QuizSession(topic: LiveGameFixtures.listedTopic(), sets: 0...2, totalScore: 0, seed: 1)
    #expect(session.questions.map(\.text) == ["q1", "q2", "q3", "q4", "q5"])
    #expect(session.questions.map(\.category) == [0, 0, 1, 2, 2])
    #expect(session.questions[2].answers.count == 4)
  }

  @Test func aLiveGameOfAListsFirstSetPlaysTheListAndSaysEachQuestionsSet() throws {
    let setup = try LiveGame.Setup.make(
      topic: LiveGameFixtures.listedTopic(), topicName: "Lesson", setNumber: 1, pin: "123456",
      hostSecret: String(repeating: "f", count: 32),
      created: LiveGameFixtures.t(0), seed: 1)
    #expect(setup.questions.map(\.text) == ["q1", "q2", "q3", "q4", "q5"])
    #expect(setup.questions.map(\.set) == [1, 1, 2, 3, 3])
    let alone = try LiveGame.Setup.make(
      topic: LiveGameFixtures.listedTopic(), topicName: "Lesson", setNumber: 4, pin: "123456",
      hostSecret: String(repeating: "f", count: 32),
      created: LiveGameFixtures.t(0), seed: 1)
    #expect(alone.questions.map(\.text) == ["other"] && alone.questions.map(\.set) == [4])
  }

  @Test func aShuffledListStillAsksEveryQuestionOnce() throws {
    let session = try QuizSession(
      topic: LiveGameFixtures.listedTopic(shuffled: true), sets: 0...2, totalScore: 0, seed: 7)
    #expect(session.questions.map(\.text).sorted() == ["q1", "q2", "q3", "q4", "q5"])
  }

  @Test func aRangeOutsideTheTopicIsRefused() throws {
    #expect(throws: QuizSession.SetupError.self) {
      try QuizSession(topic: LiveGameFixtures.listedTopic(), sets: 3...5, totalScore: 0)
    }
  }
}
