import Foundation
import QRQuiz
import QRQuizClassroom

/// The live games the tests play: three questions (one right, two right, a true/false),
/// made at a fixed moment, and the times and secrets the tests give their moves.
package enum LiveGameFixtures {
  package static func question(_ text: String, _ answers: [String], correct: [Int]) -> LiveQuestion {
    LiveQuestion(text: text, answers: answers, correct: correct)
  }

  package static let questions = [
    question("Capital of France?", ["Paris", "Rome", "Madrid", "Berlin"], correct: [0]),
    question("Primes?", ["2", "4", "5", "9"], correct: [0, 2]),
    question("2 + 2?", ["3", "4"], correct: [1]),
  ]

  package static func setup(
    scoring: LiveScoring = .speed, seconds: Double = 20, mandatory: Bool = false, maximumPlayers: Int = 1000
  ) -> LiveGame.Setup {
    LiveGame.Setup(
      pin: "123456", hostSecret: String(repeating: "f", count: 32), topicName: "Quiz", title: "Quiz", setNumber: 1,
      scoring: scoring, seconds: seconds, maximumPlayers: maximumPlayers, mandatory: mandatory,
      questions: questions, created: t(0))
  }

  /// `seconds` after the moment the tests' games are made.
  package static func t(_ seconds: Double) -> QuizClock.Instant {
    QuizClock.Instant(Date(timeIntervalSince1970: 1_800_000_000)) + .seconds(seconds)
  }

  package static func secret(_ number: Int) -> String { String(format: "%032x", number) }

  /// Capitals (Fixtures/live): set 1 has three questions, the second with two right
  /// answers both mandatory; set 2 one question.
  package static func capitals() throws -> ValidTopic {
    let data = try Data(contentsOf: Fixtures.url("live/Capitals.json"))
    return try ValidTopic(JSONDecoder().decode(Topic.self, from: data))
  }

  /// Five sets: sets 1–3 one list (2, 4, 2 answers), set 4 alone, set 5 another list of one.
  package static func listedTopic(groups: String = #","setGroups":[0,0,0,1,2]"#, shuffled: Bool = false) throws
    -> ValidTopic
  {
    func question(_ text: String, _ answers: Int) -> String {
      let list = (1...answers).map { "\"\(text)-\($0)\"" }.joined(separator: ",")
      return #"{"question":"\#(text)","answers":[\#(list)],"correct":0}"#
    }
    let json = """
      {"options":{"name":"Lesson","questionsInRandomOrder":\(shuffled)\(groups)},"sets":[
      [\(question("q1", 2)),\(question("q2", 2))],[\(question("q3", 4))],[\(question("q4", 2)),\(question("q5", 2))],
      [\(question("other", 3))],[\(question("last", 2))]]}
      """
    return try TopicReader.topic(json: Data(json.utf8), source: "Lesson.json", sourceName: "Lesson.json")
  }
}
