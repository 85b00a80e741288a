import Foundation
import QRQuiz
import Testing

/// A question with more right answers than the topic's others is noted (the app allows
/// it; a student may not think to look for a second one), never made a problem.
@Suite struct TopicNoteTests {
  func topic(_ rightAnswers: [[Int]]) throws -> TopicDocument {
    let questions = rightAnswers.enumerated().map { index, right in
      #"{"question":"Q\#(index + 1)","answers":["A","B","C","D"],"correctAnswers":\#(right)}"#
    }
    let json = #"{"options":{"name":"Cells"},"sets":[[\#(questions.joined(separator: ","))]]}"#
    return try TopicDocument(bytes: Array(json.utf8))
  }

  @Test func aQuestionWithMoreRightAnswersThanTheOthersIsNoted() throws {
    let document = try topic([[0], [0, 2], [1], [3]])
    #expect(document.isValid, "a note, not a problem")
    let notes = TopicNote.notes(in: try #require(document.topic))
    #expect(notes.count == 1)
    #expect(
      notes.first?.description
        == "sets[0][1].correctAnswers (set 1, question 2): 2 right answers (answers 1 and 3), where the topic's "
        + "other questions have 1; the app allows it")
    #expect(notes.first?.jsonValue["kind"] == .string("moreRightAnswers"))
  }

  @Test func aTopicWhoseQuestionsAgreeHasNoNote() throws {
    #expect(TopicNote.notes(in: try #require(try topic([[0], [1], [2]]).topic)).isEmpty)
    #expect(TopicNote.notes(in: try #require(try topic([[0, 1], [1, 2]]).topic)).isEmpty)
  }

  @Test func fewerRightAnswersThanTheOthersIsNotNotedAndATieCountsTheFewer() throws {
    // Mostly two right answers: the one with a single right answer asks for less.
    #expect(TopicNote.notes(in: try #require(try topic([[0, 1], [1, 2], [3]]).topic)).isEmpty)
    // As many of each: the ones with more are noted.
    let even = TopicNote.notes(in: try #require(try topic([[0], [0, 1, 3], [2], [1, 2, 3]]).topic))
    #expect(even.map(\.path.description) == ["sets[0][1].correctAnswers", "sets[0][3].correctAnswers"])
    #expect(even.first?.message.hasPrefix("3 right answers (answers 1, 2 and 4)") == true)
  }
}
