import QRQuiz
import QRQuizTestSupport
import Testing

/// One row of the validation table: a topic and the problem kinds the app's rules give it
/// (none means the app accepts it).
struct ValidationCase: CustomTestStringConvertible, Sendable {
  var label: String
  var json: String
  var expected: [TopicProblem.Kind]
  var testDescription: String { label }
}

/// A valid question with two answers; `extra` adds or overrides fields.
private func question(_ extra: String = "", answers: String = #"["a","b"]"#, correct: String? = "0") -> String {
  var fields = [#""question":"Q""#, "\"answers\":\(answers)"]
  if let correct { fields.append("\"correct\":\(correct)") }
  if !extra.isEmpty { fields.append(extra) }
  return "{" + fields.joined(separator: ",") + "}"
}

private func topic(_ questions: String...) -> String { #"{"sets":[["# + questions.joined(separator: ",") + "]]}" }

private func row(_ label: String, _ json: String, _ expected: TopicProblem.Kind...) -> ValidationCase {
  ValidationCase(label: label, json: json, expected: expected)
}

let validationTable: [ValidationCase] = [
  // Shape and required fields
  row("minimal valid topic", topic(question())),
  row("empty sets array is an empty, valid topic", #"{"sets":[]}"#),
  row("sets missing", "{}", .missingField),
  row("sets null", #"{"sets":null}"#, .missingField),
  row("sets not an array", #"{"sets":{}}"#, .wrongType),
  row("root is an array", "[]", .wrongType),
  row("root is a string", #""topic""#, .wrongType),
  row("empty set", #"{"sets":[[]]}"#, .emptySet),
  row("empty set after a good one", #"{"sets":[["# + question() + "],[]]}", .emptySet),
  row("set is not an array", #"{"sets":[{}]}"#, .wrongType),
  row("question is not an object", #"{"sets":[[1]]}"#, .wrongType),
  row("question text missing", #"{"sets":[[{"answers":["a","b"],"correct":0}]]}"#, .missingField),
  row("question text null", #"{"sets":[[{"question":null,"answers":["a","b"],"correct":0}]]}"#, .missingField),
  row("question text is a number", #"{"sets":[[{"question":1,"answers":["a","b"],"correct":0}]]}"#, .wrongType),
  row("answers missing", #"{"sets":[[{"question":"Q","correct":0}]]}"#, .missingField),
  row("answers is a string", topic(question(answers: #""a,b""#)), .wrongType),
  row("an answer is a number", topic(question(answers: #"["a",2]"#)), .wrongType),
  row("an answer is null", topic(question(answers: #"["a",null]"#)), .wrongType),
  row("unknown keys everywhere are ignored", #"{"x":1,"options":{"y":2},"sets":[["# + question(#""z":[]"#) + "]]}"),
  // Question text
  row("empty question text", #"{"sets":[[{"question":"","answers":["a","b"],"correct":0}]]}"#, .emptyQuestion),
  row("whitespace question passes (not trimmed)", #"{"sets":[[{"question":" ","answers":["a","b"],"correct":0}]]}"#),
  row("newline-only question passes", #"{"sets":[[{"question":"\n","answers":["a","b"],"correct":0}]]}"#),
  // Answer counts and duplicates
  row(
    "second question has more answers than the first",
    topic(question(), question(answers: #"["a","b","c"]"#)), .incorrectAnswersCount),
  row(
    "different sets may have different answer counts",
    #"{"sets":[["# + question() + "],[" + question(answers: #"["a","b","c"]"#) + "]]}"),
  row("duplicate answers", topic(question(answers: #"["a","a"]"#)), .incorrectAnswersCount),
  row("answers differing in case are distinct", topic(question(answers: #"["a","A"]"#))),
  row("answers differing by a trailing space are distinct", topic(question(answers: #"["a","a "]"#))),
  row(
    "canonically equivalent answers are duplicates",
    topic(question(answers: #"["\u00e9","e\u0301"]"#)), .incorrectAnswersCount),
  row("skin-tone variants are distinct answers", topic(question(answers: #"["👍","👍🏽"]"#))),
  // correctAnswers
  row(
    "correctAnswers index out of range",
    topic(question(#""correctAnswers":[2]"#, correct: nil)), .incorrectCorrectAnswersCount),
  row(
    "correctAnswers marks every answer",
    topic(question(#""correctAnswers":[0,1]"#, correct: nil)), .incorrectCorrectAnswersCount),
  row("correctAnswers duplicates collapse", topic(question(#""correctAnswers":[0,0]"#, correct: nil))),
  row(
    "correctAnswers empty and no correct",
    topic(question(#""correctAnswers":[]"#, correct: nil)), .incorrectCorrectAnswersCount),
  row("correctAnswers empty but correct given", topic(question(#""correctAnswers":[]"#))),
  row(
    "correctAnswers of 1.0 is accepted",
    topic(question(#""correctAnswers":[1.0]"#, answers: #"["a","b","c"]"#, correct: nil))),
  row(
    "correctAnswers 1e2 decodes as 100, out of range",
    topic(question(#""correctAnswers":[1e2]"#, answers: #"["a","b","c"]"#, correct: nil)),
    .incorrectCorrectAnswersCount),
  row("correctAnswers string entry", topic(question(#""correctAnswers":["0"]"#, correct: nil)), .wrongType),
  row("correctAnswers not an array", topic(question(#""correctAnswers":0"#, correct: nil)), .wrongType),
  row("correctAnswers null entry", topic(question(#""correctAnswers":[0,null]"#, correct: nil)), .wrongType),
  row("correctAnswers null is absent", topic(question(#""correctAnswers":null"#))),
  // correct
  row("correct out of range", topic(question(correct: "2")), .incorrectCorrectAnswerIndex),
  row("correct 255 with two answers", topic(question(correct: "255")), .incorrectCorrectAnswerIndex),
  row(
    "correct merges into correctAnswers and marks all",
    topic(question(#""correctAnswers":[0]"#, correct: "1")), .incorrectCorrectAnswersCount),
  row("correct equal to a correctAnswers entry", topic(question(#""correctAnswers":[0]"#, correct: "0"))),
  row("no correct answer at all", topic(question(correct: nil)), .incorrectCorrectAnswersCount),
  row("correct null is absent", topic(question(correct: "null")), .incorrectCorrectAnswersCount),
  row("correct 1.0 is accepted", topic(question(correct: "1.0"))),
  row("correct 1e0 is accepted", topic(question(correct: "1e0"))),
  row("correct 100e-2 is accepted", topic(question(correct: "100e-2"))),
  row("correct -0 is accepted as 0", topic(question(correct: "-0"))),
  row("correct -1 is rejected", topic(question(correct: "-1")), .wrongType),
  row("correct 256 is rejected", topic(question(correct: "256")), .wrongType),
  row("correct 0.5 is rejected", topic(question(correct: "0.5")), .wrongType),
  row("correct string is rejected", topic(question(correct: #""0""#)), .wrongType),
  row("correct boolean is rejected", topic(question(correct: "true")), .wrongType),
  // Answer counts at the edges
  row("a single answer cannot have a wrong one", topic(question(answers: #"["a"]"#)), .incorrectCorrectAnswersCount),
  row(
    "no answers at all", topic(question(answers: "[]")),
    .incorrectCorrectAnswerIndex, .incorrectCorrectAnswersCount),
  // Empty answers
  row("empty answer", topic(question(answers: #"["a",""]"#)), .emptyAnswer),
  row("whitespace and newline answer", topic(question(answers: #"["a"," \n\t"]"#)), .emptyAnswer),
  // imageURL is not validated
  row("imageURL not a URL passes", topic(question(#""imageURL":"not a url""#))),
  row("imageURL empty passes", topic(question(#""imageURL":"""#))),
  row("imageURL null passes", topic(question(#""imageURL":null"#))),
  row("imageURL number is rejected", topic(question(#""imageURL":5"#)), .wrongType),
  // Options
  row("options null", #"{"options":null,"sets":[]}"#),
  row("options is an array", #"{"options":[],"sets":[]}"#, .wrongType),
  row("options.name number", #"{"options":{"name":1},"sets":[]}"#, .wrongType),
  row("timer as a string", #"{"options":{"timePerSetInSeconds":"300"},"sets":[]}"#, .wrongType),
  row("fractional timer", #"{"options":{"timePerSetInSeconds":12.5},"sets":[]}"#),
  row("negative timer passes", #"{"options":{"timePerSetInSeconds":-5},"sets":[]}"#),
  row("bool option as 1", #"{"options":{"questionsInRandomOrder":1},"sets":[]}"#, .wrongType),
  row("bool option as a string", #"{"options":{"helpButtonEnabled":"true"},"sets":[]}"#, .wrongType),
  row(
    "all options set",
    #"{"options":{"name":"N","timePerSetInSeconds":60,"questionsInRandomOrder":true,"helpButtonEnabled":false,"#
      + #""showCorrectIncorrectAnswer":true,"multipleCorrectAnswersAsMandatory":true},"sets":[]}"#),
  // JSON details
  row(
    "first of duplicate keys wins",
    #"{"sets":[[{"question":"","question":"Q","answers":["a","b"],"correct":0}]]}"#, .emptyQuestion),
  // Every problem is reported, not only the first
  row(
    "problems in several questions are all reported",
    topic(question(correct: "5"), question(answers: #"["a",""]"#)),
    .incorrectCorrectAnswerIndex, .emptyAnswer),
  row(
    "several type problems are all reported",
    #"{"options":{"name":1},"sets":[[{"question":2,"answers":"x"}]]}"#, .wrongType, .wrongType, .wrongType),
]

@Suite struct TopicValidationTests {
  @Test func tableIsLargeEnough() {
    #expect(validationTable.count >= 60)
  }

  @Test(arguments: validationTable)
  func verdictMatchesTheApp(_ testCase: ValidationCase) throws {
    let document = try TopicDocument(bytes: Array(testCase.json.utf8), sourceName: "case.json")
    #expect(document.problems.map(\.kind) == testCase.expected, "\(document.problems)")
    #expect(document.isValid == testCase.expected.isEmpty)
  }

  @Test func problemsCarryPathsAndTheAppsLocationWords() throws {
    let json = topic(question(), question(#""correctAnswers":[0,7]"#, answers: #"["a","b"]"#, correct: nil))
    let document = try TopicDocument(bytes: Array(json.utf8))
    let problem = try #require(document.problems.first)
    #expect(problem.path.description == "sets[0][1].correctAnswers[1]")
    #expect(problem.path.locationWords == "set 1, question 2")
    #expect(problem.description.contains("index 7 is out of range for 2 answers"))
    let answerPath = TopicPath.root.appending("sets").appending(1).appending(0).appending("answers").appending(2)
    #expect(answerPath.locationWords == "set 2, question 1, answer 3")
  }
}
