import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizInterchange

/// QTI 2.1, 2.2 and 3.0 read as questions (issue 52, part 4): 1EdTech's published examples
/// (Fixtures/qti-examples, with their licence), packages in the manifest's order, any
/// interaction but a choice refused by name, and round trips of QRQuiz's own packages.
@Suite struct QTIImportTests {
  func example(_ name: String) throws -> [UInt8] { try Fixtures.bytes("qti-examples/\(name)") }

  func importQTI(_ bytes: [UInt8], skipInvalid: Bool = true) throws(TopicImporter.Error) -> TopicImporter.Result {
    try TopicImporter.importTopic(bytes, format: .qti, options: .init(skipInvalid: skipInvalid))
  }

  /// A package of `items` (path, bytes), listed in the manifest in that order.
  static func package(
    _ items: [(String, [UInt8])], files: [(String, [UInt8])] = [], type: String = "imsqti_item_xmlv2p1"
  )
    -> [UInt8]
  {
    var zip = ZipWriter()
    for (path, bytes) in items + files { zip.add(path, bytes) }
    let resources = items.enumerated().map { index, item in
      "<resource identifier=\"R\(index)\" type=\"\(type)\" href=\"\(item.0)\"><file href=\"\(item.0)\"/></resource>"
    }.joined()
    zip.add(
      "imsmanifest.xml",
      Array(
        "<manifest xmlns=\"http://www.imsglobal.org/xsd/imscp_v1p1\" identifier=\"M\"><organizations/><resources>\(resources)</resources></manifest>"
          .utf8))
    return zip.bytes
  }

  @Test func qti21SingleChoiceWithItsPromptAndPicture() throws {
    let result = try importQTI(try example("qti-sdk/choice.xml"))
    let question = try #require(result.topic.topic.questions.first)
    #expect(question.question == "Look at the text in the picture.\nWhat does it say?")
    #expect(
      question.answers == [
        "You must stay with your luggage at all times.", "Do not let someone else look after your luggage.",
        "Remember your luggage when you leave.",
      ])
    #expect(question.mergedCorrectAnswers == [0])
    // One item read alone has no package to hold its picture: said, never guessed.
    #expect(question.imageURL == nil)
    #expect(result.notes.contains(.pictureLeftOut(line: 3, name: "images/sign.png", .notInFile)))
    #expect(result.topic.name == "Unattended Luggage")
  }

  @Test func qti22MultipleChoiceKeepsEveryRightAnswer() throws {
    let question = try #require(try importQTI(try example("qti-sdk/choice_multiple.xml")).topic.topic.questions.first)
    #expect(question.question == "Which of the following elements are used to form water?")
    #expect(question.answers == ["Hydrogen", "Helium", "Carbon", "Oxygen", "Nitrogen", "Chlorine"])
    #expect(question.mergedCorrectAnswers == [0, 3])
  }

  @Test func qti30ChoiceWithFeedbackForEachOutcome() throws {
    let question = try #require(
      try importQTI(try example("1edtech/Example01-modalFeedback.xml")).topic.topic.questions.first)
    #expect(question.question == "Sigmund Freud and Carl Jung both belong to the psychoanalytic school of psychology.")
    #expect(question.answers == ["True", "False"])
    #expect(question.mergedCorrectAnswers == [0])
    // Its two feedbacks are each for one outcome: neither is an explanation.
    #expect(question.explanation == nil)
  }

  @Test(arguments: [
    (
      "qti-sdk/text_entry.xml",
      "line 2, item 'textEntry' ('Richard III (Take 3)'): Text entry questions have no form in the Questions app"
    ),
    (
      "1edtech/QTI3-order.xml",
      "line 2, item 'QTI3-order' ('Order Interaction Example'): Order questions have no form in the Questions app"
    ),
  ])
  func anyOtherInteractionIsRefusedByName(_ name: String, _ said: String) throws {
    #expect {
      _ = try importQTI(try example(name), skipInvalid: false)
    } throws: { error in
      guard case TopicImporter.Error.invalidQuestions(let issues) = error else { return false }
      return issues.map(\.description) == [said]
    }
  }

  @Test func aPackageIsReadInTheManifestsOrderWithItsPictures() throws {
    let png = try Fixtures.bytes("png/rgb8.png")
    let bytes = Self.package(
      [
        ("items/choice_multiple.xml", try example("qti-sdk/choice_multiple.xml")),
        ("items/text_entry.xml", try example("qti-sdk/text_entry.xml")),
        ("items/choice.xml", try example("qti-sdk/choice.xml")),
      ], files: [("items/images/sign.png", png)])
    let result = try importQTI(bytes)
    #expect(
      result.topic.topic.questions.map(\.question) == [
        "Which of the following elements are used to form water?",
        "Look at the text in the picture.\nWhat does it say?",
      ])
    #expect(result.pictures.count == 1 && result.pictures[0].question == 0 && result.pictures[0].set == 1)
    #expect(
      result.skipped.map(\.description) == [
        "line 2, item 'textEntry' ('Richard III (Take 3)') of items/text_entry.xml: Text entry questions have no form in the Questions app"
      ])
    // Told from its contents without --from.
    #expect(try TopicImporter.importTopic(bytes, options: .init(skipInvalid: true)).topic.topic.questions.count == 2)
  }

  @Test func aKeyThatCannotBeReadIsRefusedNeverGuessed() throws {
    let choice = String(decoding: try example("qti-sdk/choice.xml"), as: UTF8.self)
    let unknown = choice.replacingOccurrences(of: "<value>ChoiceA</value>", with: "<value>ChoiceZ</value>")
    let none = choice.replacingOccurrences(of: "<value>ChoiceA</value>", with: "")
    let missing = choice.replacingOccurrences(
      of: "<correctResponse>\n\t\t\t<value>ChoiceA</value>\n\t\t</correctResponse>", with: "")
    for (text, reason) in [
      (unknown, ImportIssue.Reason.unknownCorrectAnswer("ChoiceZ")), (none, .problem(.noCorrectAnswer)),
      (missing, .missing("correct response")),
    ] {
      #expect {
        _ = try importQTI(Array(text.utf8), skipInvalid: false)
      } throws: { error in
        guard case TopicImporter.Error.invalidQuestions(let issues) = error else { return false }
        return issues.map(\.reason) == [reason] && issues[0].label == "item 'choice' ('Unattended Luggage')"
      }
    }
  }

  @Test func hostilePackagesAreRefusedInOneLine() throws {
    let choice = try example("qti-sdk/choice.xml")
    #expect(throws: TopicImporter.Error.archive(.pathOutside("../../etc/passwd"))) {
      _ = try importQTI(Self.package([("../../etc/passwd", choice)]))
    }
    var outside = ZipWriter()
    outside.add(
      "imsmanifest.xml",
      Array(
        "<manifest><resources><resource type=\"imsqti_item_xmlv2p1\" href=\"../item.xml\"/></resources></manifest>".utf8
      ))
    #expect(throws: TopicImporter.Error.archive(.pathOutside("../item.xml"))) { _ = try importQTI(outside.bytes) }
    let entities = Array(
      "<?xml version=\"1.0\"?>\n<!DOCTYPE a [<!ENTITY x \"y\">]>\n<assessmentItem identifier=\"a\"/>".utf8)
    #expect(throws: TopicImporter.Error.inPackage(path: "items/a.xml", line: 2, .xml(.documentType))) {
      _ = try importQTI(Self.package([("items/a.xml", entities)]))
    }
    #expect(throws: TopicImporter.Error.inPackage(path: "imsmanifest.xml", line: nil, .noQTIItems)) {
      _ = try importQTI(Self.package([]))
    }
    #expect(throws: TopicImporter.Error.syntax(line: 1, .notQTIItem(root: "quiz"))) {
      _ = try importQTI(Array("<quiz/>".utf8))
    }
  }

  /// A question as a QTI round trip keeps it: no time, a typed number asked as its
  /// choices, and runs of spaces and tabs one space, as a browser shows an item body's
  /// XHTML (its character references are the XML's, read before the HTML is).
  static func kept(_ question: Topic.Question) -> Topic.Question {
    var question = ExportTests.Kept.kept(question)
    question.numericAnswer = nil
    func collapsed(_ text: String) -> String {
      text.split(separator: "\n", omittingEmptySubsequences: false).map {
        $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
      }.joined(separator: "\n")
    }
    question.question = collapsed(question.question)
    question.answers = question.answers.map(collapsed)
    question.explanation = question.explanation.map(collapsed)
    return question
  }

  @Test(arguments: [ExportFormat.qti21, .qti])
  func packagesReadBackToTheSameQuestionsAnswersAndKeys(_ format: ExportFormat) throws {
    let png = try Fixtures.bytes("png/rgb8.png")
    let topics = try Fixtures.sampleTopicNames.map { try Fixtures.sampleValidTopic($0) } + [TopicFixtures.awkward]
    for topic in topics {
      let exported = TopicExporter.export(topic, to: format) {
        $0.hasSuffix("map.png") ? ExportPicture(bytes: png) : nil
      }
      let imported = try TopicImporter.importTopic(exported.bytes, format: .qti)
      #expect(imported.skipped.isEmpty)
      let placed = imported.placingPictures { _ in "https://example.org/map.png" }
      #expect(
        placed.topic.questions.map(Self.kept) == topic.topic.questions.map(Self.kept), "\(topic.name) as \(format)")
    }
  }
}
