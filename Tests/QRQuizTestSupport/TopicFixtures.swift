import Foundation
import Testing

@testable import QRQuiz

/// Topics the tests share.
package enum TopicFixtures {
  /// A topic with every kind of question and text the formats must carry.
  package static let awkward: ValidTopic = {
    let questions = [
      Topic.Question(
        question: "Which planet is closest to the Sun?\nLook at the map: {it's} = ~ #1 & <b>",
        answers: [
          "Venus", "Mercury", "Earth & Moon", "Mars: red",
        ], correctAnswers: [1], imageURL: "https://example.org/map.png", explanation: "Mercury orbits at 0.39 AU."),
      Topic.Question(question: "Pluto is a planet.", answers: ["True", "False"], correctAnswers: [1]),
      Topic.Question(
        question: "Which are gas giants?", answers: ["Jupiter", "Saturn", "Mars", "Venus"], correctAnswers: [0, 1],
        explanation: "Jupiter and Saturn are mostly hydrogen and helium."),
      Topic.Question(
        question: "How many planets orbit the Sun?", answers: ["9", "8", "7.5", "10"], correctAnswers: [1],
        numericAnswer: NumericAnswer(value: 8, tolerance: 0.5)),
      Topic.Question(question: "Two  spaces\tand a tab", answers: ["a  b", "c"], correctAnswers: [0]),
    ]
    let topic = Topic(
      options: .init(
        name: "Solar system", multipleCorrectAnswersAsMandatory: true, setNames: ["Planets", "True or not", "Numbers"]),
      sets: [[questions[0], questions[2]], [questions[1], questions[4]], [questions[3]]])
    return try! ValidTopic(topic)
  }()
}
