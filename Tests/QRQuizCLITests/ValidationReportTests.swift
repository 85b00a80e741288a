import QRQuiz
import Testing

@testable import QRQuizCLI

/// `qrquiz validate`'s report: a question with more right answers than the topic's others
/// is a note after the warnings, in text and JSON alike, and the topic stays valid.
@Suite struct ValidationReportTests {
  static let json = #"""
    {"options":{"name":"Cells"},"sets":[[
      {"question":"Organelle of respiration?","answers":["Mitochondrion","Ribosome","Nucleus"],"correctAnswers":[0]},
      {"question":"Which have DNA?","answers":["Nucleus","Ribosome","Mitochondrion"],"correctAnswers":[0,2]},
      {"question":"Plant only?","answers":["Chloroplast","Nucleus","Ribosome"],"correctAnswers":[0]}]]}
    """#

  @Test func theQuestionWithMoreRightAnswersIsNoted() throws {
    let document = try TopicDocument(bytes: Array(Self.json.utf8))
    let lines = ValidationReport.lines(file: "cells.json", document: document)
    #expect(
      lines == [
        "cells.json: ok",
        "cells.json: note: sets[0][1].correctAnswers (set 1, question 2): 2 right answers (answers 1 and 3), "
          + "where the topic's other questions have 1; the app allows it",
      ])
    let json = ValidationReport.json(file: "cells.json", document: document)
    #expect(json.contains(#""valid":true"#))
    #expect(json.contains(#""notes":[{"kind":"moreRightAnswers","path":"sets[0][1].correctAnswers""#), "\(json)")
  }

  @Test func picturesTheAppWillNotLoadAreSaidInValidatesWords() throws {
    let json = #"""
      {"options":{"name":"Cells"},"sets":[[
        {"question":"This cell?","answers":["Plant","Animal"],"correct":0,"imageURL":"http://example.org/cell.png"},
        {"question":"That cell?","answers":["Plant","Animal"],"correct":1,"imageURL":"https://example.org/b.png"},
        {"question":"Same?","answers":["Yes","yes"],"correct":1}]]}
      """#
    let document = try TopicDocument(bytes: Array(json.utf8))
    let topic = try ValidTopic(try #require(document.topic))
    let pictures = ValidationReport.pictureWarnings(file: "cells.json", topic: topic)
    #expect(
      pictures == [
        "cells.json: warning: sets[0][0].imageURL (set 1, question 1): \"http://example.org/cell.png\" is not https; "
          + "the app may not load it"
      ])
    // The very line validate prints, and only the pictures' of its warnings.
    let validate = ValidationReport.lines(file: "cells.json", document: document)
    #expect(validate.contains(pictures[0]) && validate.filter { $0.contains(": warning: ") }.count == 2)
  }
}
