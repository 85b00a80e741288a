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

  /// A topic written by someone who wants an export to break or run their markup: names
  /// that close a comment or a CDATA section, answers that start with GIFT's format
  /// markers and hold markup, pictures at `javascript:` and `data:text/html` addresses.
  package static let hostile: ValidTopic = {
    let evil = "<img src=https://evil.example/p.png>"
    let questions = [
      Topic.Question(
        question: "Which one? " + evil, answers: ["[html]" + evil, evil, "[plain]x", "a]]>b"], correctAnswers: [0],
        imageURL: "javascript:alert(1)", explanation: "[html]<b>bold</b> -- and --> and ]]>"),
      Topic.Question(
        question: "[moodle]No markup here", answers: ["[markdown]*a*", "<script>alert(1)</script>", "c", "d"],
        correctAnswers: [1], imageURL: "data:text/html,<script>alert(1)</script>"),
      Topic.Question(
        question: "Upper case scheme", answers: ["&amp;", "&#60;b&#62;"], correctAnswers: [1],
        imageURL: "JaVaScRiPt:alert(1)"),
      Topic.Question(
        question: "A picture at a relative address", answers: ["yes", "no"], correctAnswers: [0],
        imageURL: "quiz-pictures/none.png"),
      Topic.Question(
        question: "A picture at an https address", answers: ["yes", "no"], correctAnswers: [0],
        imageURL: "https://ok.example/p.png"),
    ]
    let topic = Topic(
      options: .init(name: "a---b & <c> ]]> --", setNames: ["a---b", "--><x/><!--", "-"]),
      sets: [[questions[0], questions[1]], [questions[2], questions[3]], [questions[4]]])
    return try! ValidTopic(topic)
  }()
}
