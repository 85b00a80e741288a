import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizInterchange

/// What a file says beside its answers reaches the topic or the notes, never vanishes:
/// GIFT's feedback on the right answer is the explanation and the wrong answers' is said
/// left out; the choices made up for a number asked alone (GIFT, Moodle XML) are named in
/// the notes and marked in the topic for the editor.
@Suite struct ImportFeedbackTests {
  func gift(_ text: String) throws -> TopicImporter.Result {
    try TopicImporter.importTopic(Array(text.utf8), format: .gift, options: .init(seed: 3))
  }

  @Test func theRightAnswersFeedbackIsTheExplanationBeforeTheGeneralOne() throws {
    let result = try gift(
      """
      Capital of France? {=Paris#Its capital since 987. ~Rome ~Madrid}

      Capital of Peru? {=Lima#Founded in 1535. ~Quito ~Cusco ####The Spanish founded both.}
      """)
    let questions = result.topic.topic.questions
    #expect(questions.map(\.explanation) == ["Its capital since 987.", "Founded in 1535.\nThe Spanish founded both."])
    #expect(result.notes.isEmpty, "nothing was left out: \(result.notes)")
  }

  @Test func theWrongAnswersFeedbackIsSaidLeftOut() throws {
    let result = try gift(
      """
      // line 1
      Capital of France? {
        =Paris#Yes.
        ~Rome#That is Italy's.
        ~Madrid#That is Spain's.
        ~Berlin
      }
      """)
    #expect(result.topic.topic.questions.first?.explanation == "Yes.")
    #expect(
      result.notes.map(\.description) == [
        "line 2: the feedback on 'Rome' and 'Madrid' is left out: the app explains the right answer only"
      ])
  }

  @Test func aTrueFalseQuestionKeepsWhatTheRightAnswerIsToldAndSaysTheOtherLeftOut() throws {
    // Moodle's reading: {T#told to a wrong answer#told to the right one}.
    let result = try gift("The Sun is a star. {T#No: look again.#Yes, a G-type star.}\n")
    let question = try #require(result.topic.topic.questions.first)
    #expect(question.mergedCorrectAnswers == [0] && question.explanation == "Yes, a G-type star.")
    #expect(
      result.notes.map(\.description) == [
        "line 1: the feedback on 'False' is left out: the app explains the right answer only"
      ])
    let plain = try gift("The Moon is a star. {F}\n")
    #expect(plain.topic.topic.questions.first?.explanation == nil && plain.notes.isEmpty)
  }

  @Test func aNumbersFeedbackIsKeptForTheNumberAndLeftOutForTheRest() throws {
    let result = try gift(
      "Legs of a tripod? {#=3:0#Three, hence tri-. =%0%4#A table has four. ~#Completely wrong}\n")
    let question = try #require(result.topic.topic.questions.first)
    #expect(question.numericAnswer == NumericAnswer(value: 3) && question.explanation == "Three, hence tri-.")
    #expect(
      result.notes.map(\.description) == [
        "line 1: the feedback on '4' and any other answer is left out: the app explains the right answer only"
      ])
  }

  @Test func choicesMadeUpForAGIFTNumberAreNamedAndMarked() throws {
    let result = try gift(
      """
      Capital of France? {=Paris ~Rome ~Madrid ~Berlin}

      Speed of sound in air, in m/s? {#400}
      """)
    let question = try #require(result.topic.topic.questions.last)
    let right = question.answers[Int(question.mergedCorrectAnswers[0])]
    #expect(right == "400")
    let madeUp = try #require(question.madeUpAnswers)
    #expect(Set(madeUp) == Set(question.answers.filter { $0 != "400" }) && madeUp.count == 3)
    #expect(madeUp == question.answers.filter { $0 != "400" }, "in the answers' order")
    let sorted = madeUp.sorted { Double($0)! < Double($1)! }
    #expect(
      result.notes.map(\.description) == [
        "question 2 (line 3): \(sorted[0]), \(sorted[1]) and \(sorted[2]) are made-up choices for 400: the app "
          + "asks a number as choices (the editor marks them)"
      ])
    // Written by the teacher, a number's choices are not made up.
    let written = try gift("Year? {#=%0%1959 =1969 =%0%1972}\n")
    #expect(written.topic.topic.questions.first?.madeUpAnswers == nil && written.notes.isEmpty)
  }

  @Test func choicesMadeUpForAMoodleNumericalQuestionAreNamedByItsNumberInTheFile() throws {
    let xml = """
      <quiz>
      <question type="category"><category><text>$course$/top/Physics</text></category></question>
      <question type="multichoice"><questiontext><text>Unit of force?</text></questiontext>
      <answer fraction="100"><text>newton</text></answer><answer fraction="0"><text>joule</text></answer></question>
      <question type="essay"><questiontext><text>Explain inertia.</text></questiontext></question>
      <question type="truefalse"><questiontext><text>Light is a wave.</text></questiontext>
      <answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question>
      <question type="numerical"><questiontext><text>Speed of sound, in m/s?</text></questiontext>
      <answer fraction="100"><text>400</text><tolerance>0</tolerance></answer></question>
      </quiz>
      """
    let result = try TopicImporter.importTopic(
      Array(xml.utf8), format: .moodleXML, fileName: "physics.xml", options: .init(skipInvalid: true, seed: 4))
    let question = try #require(result.topic.topic.questions.last)
    let others = question.answers.filter { $0 != "400" }
    #expect(question.madeUpAnswers == others && others.count == 3)
    let sorted = others.sorted { Double($0)! < Double($1)! }
    // The fourth question of the file (the essay, skipped, counts: the teacher counts it).
    #expect(
      result.notes.map(\.description).contains(
        "question 4 (line 8): \(sorted[0]), \(sorted[1]) and \(sorted[2]) are made-up choices for 400: the app "
          + "asks a number as choices (the editor marks them)"), "\(result.notes)")
    // The topic keeps them for the editor; the QR code, for the app, does not.
    let json = result.topic.normalizedJSON
    #expect(json.contains(#""madeUpAnswers":["#))
    #expect(!result.topic.topic.forQRCode.normalizedJSON.contains("madeUpAnswers"))
    let read = try TopicDocument(bytes: Array(json.utf8))
    #expect(read.isValid && read.warnings.isEmpty, "\(read.warnings)")
    #expect(read.topic?.questions.last?.madeUpAnswers == others)
  }
}
