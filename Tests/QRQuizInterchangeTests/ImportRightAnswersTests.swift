import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizInterchange

/// A teacher who wrote "Which TWO are sugars?" in a spreadsheet must know whether one right
/// pick scores (the app's default: it does) and be able to say otherwise: the import says
/// which questions have several right answers and which rule the topic keeps, and
/// `--every-right-answer` / `--any-right-answer` choose it.
@Suite struct ImportRightAnswersTests {
  let csv = Array(
    """
    Question,Answer 1,Answer 2,Answer 3,Answer 4,Correct
    Which TWO are sugars?,Glucose,Fructose,Protein,Fat,"1,2"
    How many legs has a spider?,6,8,10,4,2
    Which THREE are planets?,Mars,Moon,Venus,Earth,"1,3,4"

    """.utf8)

  func imported(_ bytes: [UInt8], _ format: ImportFormat = .csv, rule: TopicImporter.RightAnswers?) throws
    -> TopicImporter.Result
  {
    var options = TopicImporter.Options()
    options.rightAnswers = rule
    return try TopicImporter.importTopic(bytes, format: format, fileName: "quiz", options: options)
  }

  func severalNote(_ result: TopicImporter.Result) -> ImportNote? {
    result.notes.first { if case .severalRightAnswers = $0 { true } else { false } }
  }

  @Test func aSpreadsheetsSeveralRightAnswersAreSaidAndTheRuleChosen() throws {
    let byDefault = try imported(csv, rule: nil)
    #expect(byDefault.topic.topic.options?.multipleCorrectAnswersAsMandatory != true)
    #expect(
      severalNote(byDefault)?.description
        == "questions 1 and 3 have several right answers: picking any one of them is right (the app's default); "
        + "--every-right-answer asks for all of them")

    let every = try imported(csv, rule: .every)
    #expect(every.topic.topic.options?.multipleCorrectAnswersAsMandatory == true)
    #expect(
      severalNote(every)?.description
        == "questions 1 and 3 have several right answers: a player must pick every one of them (--every-right-answer)")
    // The key is the file's either way: only the rule differs.
    #expect(every.topic.topic.questions.map(\.mergedCorrectAnswers) == [[0, 1], [1], [0, 2, 3]])
    #expect(byDefault.topic.topic.questions.map(\.mergedCorrectAnswers) == [[0, 1], [1], [0, 2, 3]])

    let any = try imported(csv, rule: .any)
    #expect(any.topic.topic.options?.multipleCorrectAnswersAsMandatory == false)
    #expect(severalNote(any)?.description.hasSuffix("picking any one of them is right (--any-right-answer)") == true)
  }

  @Test func aFileWithOneRightAnswerEachSaysNothingOfIt() throws {
    let single = Array("Question,Answer 1,Answer 2,Correct\nIs water wet?,Yes,No,1\n".utf8)
    #expect(severalNote(try imported(single, rule: nil)) == nil)
  }

  /// GIFT's `~%50%` answers ask for every right one, as the file's rule, said by the
  /// GIFT reader already; the teacher's option wins over it, and is said.
  @Test func theOptionWinsOverTheFilesOwnRuleAndSaysSo() throws {
    let gift = Array("::Sugars:: Which TWO are sugars? {~%50%Glucose ~%50%Fructose ~%-100%Protein ~%-100%Fat}\n".utf8)
    let asFile = try imported(gift, .gift, rule: nil)
    #expect(asFile.topic.topic.options?.multipleCorrectAnswersAsMandatory == true)
    #expect(severalNote(asFile) == nil, "the GIFT reader's own note says it")
    let any = try imported(gift, .gift, rule: .any)
    #expect(any.topic.topic.options?.multipleCorrectAnswersAsMandatory == false)
    #expect(severalNote(any)?.description.hasPrefix("question 1 has several right answers: picking any one") == true)
  }
}
