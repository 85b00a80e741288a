import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizInterchange

/// Moodle XML a stranger could send a teacher, refused or bounded by the importer's own
/// limits (never by a timer): document types (billion laughs, external entities), entities
/// XML does not have, nesting without end, a picture far larger than it says, a file of
/// thousands of pictures or of pictures declaring gigapixels; and the rest of what the
/// case files do not show (generated numerical choices, category paths, malformed XML).
@Suite struct MoodleXMLTests {
  func importXML(_ xml: String, skipInvalid: Bool = true) throws(TopicImporter.Error) -> TopicImporter.Result {
    try TopicImporter.importTopic(
      Array(xml.utf8), format: .moodleXML, options: .init(skipInvalid: skipInvalid, seed: 4))
  }

  /// A multichoice question, with `extra` inside its question text element.
  func question(_ text: String = "Which one?", extra: String = "") -> String {
    """
    <question type="multichoice"><questiontext format="html"><text>\(text)</text>\(extra)</questiontext>
    <answer fraction="100"><text>right</text></answer><answer fraction="0"><text>wrong</text></answer></question>
    """
  }

  @Test(arguments: [
    // Billion laughs: each entity ten of the one before.
    """
    <?xml version="1.0"?>
    <!DOCTYPE quiz [<!ENTITY a "ha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>
    <quiz><question type="multichoice"><questiontext><text>&c;</text></questiontext></question></quiz>
    """,
    // An external entity: a file of this machine, or an address, read into a question.
    """
    <?xml version="1.0"?>
    <!DOCTYPE quiz [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
    <quiz><question type="multichoice"><questiontext><text>&secret;</text></questiontext></question></quiz>
    """,
    // A parameter entity inside the document, after the root began: still a declaration.
    "<quiz><!ENTITY x \"y\"></quiz>",
  ])
  func documentTypesAreRefusedSoNoEntityExpandsOrIsRead(_ xml: String) {
    #expect {
      _ = try importXML(xml)
    } throws: { error in
      guard case TopicImporter.Error.syntax(let line?, .xml(.documentType)) = error else { return false }
      return line <= 2
        && String(describing: error).contains("a document type declaration (<!DOCTYPE or <!ENTITY) is not read")
    }
  }

  @Test func anEntityXMLDoesNotHaveIsRefusedWithItsLine() {
    #expect(throws: TopicImporter.Error.syntax(line: 2, .xml(.unknownEntity("nbsp")))) {
      _ = try importXML("<quiz>\n\(question("Hot&nbsp;day?"))</quiz>")
    }
    // Inside CDATA it is the HTML's own, and means a no-break space.
    let cdata = try? importXML("<quiz>\(question("<![CDATA[Hot&nbsp;day?]]>"))</quiz>")
    #expect(cdata?.topic.topic.questions.first?.question == "Hot\u{A0}day?")
  }

  @Test func nestingIsRefusedAtTheLimitNotAtTheEndOfTheFile() {
    let depth = 100_000
    let xml = "<quiz>" + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) + "</quiz>"
    #expect(throws: TopicImporter.Error.syntax(line: 1, .xml(.tooDeep(limit: XMLReader.maximumDepth)))) {
      _ = try importXML(xml)
    }
  }

  @Test func aPictureLargerThanAnUploadIsRefusedBeforeItIsDecoded() throws {
    // 12 MiB of base64 (9 MiB of bytes) in a file of 12 MiB: far over the 8 MiB an upload may be.
    let base64 = String(repeating: "AAAA", count: 3 << 20)
    let xml =
      "<quiz>"
      + question(
        "<![CDATA[<img src=\"@@PLUGINFILE@@/big.png\">Big?]]>",
        extra: "<file name=\"big.png\" encoding=\"base64\">\(base64)</file>") + "</quiz>"
    let result = try importXML(xml)
    #expect(result.pictures.isEmpty)
    #expect(result.topic.topic.questions.map(\.question) == ["Big?"])
    #expect(
      result.notes == [.pictureLeftOut(line: 1, name: "big.png", .refused(.tooLarge(size: 9 << 20)))],
      "the size comes from the text's length: nothing was decoded")
  }

  @Test func picturesAreBoundedInNumberAndInPixelsDeclared() throws {
    let png = Array(try Fixtures.bytes("png/rgb8.png"))
    func bank(_ pictures: [[UInt8]]) -> String {
      "<quiz>"
        + pictures.enumerated().map { index, bytes in
          question(
            "<![CDATA[<img src=\"@@PLUGINFILE@@/p\(index).png\">Q\(index)?]]>",
            extra: "<file name=\"p\(index).png\" encoding=\"base64\">\(Data(bytes).base64EncodedString())</file>")
        }.joined() + "</quiz>"
    }
    let limit = PendingPictures.maximumCount
    #expect(try importXML(bank(Array(repeating: png, count: limit))).pictures.count == limit)
    #expect(throws: TopicImporter.Error.tooManyPictures(limit: limit)) {
      _ = try importXML(bank(Array(repeating: png, count: limit + 1)))
    }
    // PNG headers that say 6000 × 7000 (42 MP) and hold nothing: refused by what they
    // declare, before a pixel is decoded, and the file by the pixels all of them declare.
    var liar = png
    liar.replaceSubrange(16..<24, with: [0, 0, 0x17, 0x70, 0, 0, 0x1B, 0x58])
    #expect(DeclaredPixels.count(in: liar) == 6000 * 7000)
    let perPicture = QuestionPicture.maximumPixels + 1
    let allowed = PendingPictures.maximumPixels / perPicture
    let refused = try importXML(bank(Array(repeating: liar, count: allowed)))
    #expect(refused.pictures.isEmpty && refused.notes.count == allowed)
    #expect(throws: TopicImporter.Error.picturesTooLarge(pixels: perPicture * (allowed + 1), limit: 200_000_000)) {
      _ = try importXML(bank(Array(repeating: liar, count: allowed + 1)))
    }
  }

  @Test func htmlIsReadInOnePassWhateverItHolds() {
    for hostile in [
      String(repeating: "<a", count: 200_000), String(repeating: "<a href=\"", count: 100_000),
      String(repeating: "<!--", count: 100_000), String(repeating: "x<", count: 200_000) + ">",
    ] {
      var reader = HTMLTagReader(hostile)
      while reader.next() != nil {}
      #expect(reader.steps <= 3 * hostile.count, "\(reader.steps) steps for \(hostile.count) characters")
    }
  }

  @Test func aNumberWithoutChoicesGetsSeededOnesOutsideItsTolerance() throws {
    let xml = """
      <quiz><question type="numerical"><questiontext><text>Distance from the Earth to the Sun, in AU?</text></questiontext>
      <answer fraction="100"><text>1</text><tolerance>0.1</tolerance></answer>
      <answer fraction="0"><text>*</text></answer></question></quiz>
      """
    let question = try #require(try importXML(xml).topic.topic.questions.first)
    #expect(question.numericAnswer == NumericAnswer(value: 1, tolerance: 0.1))
    #expect(question.answers.count == 4 && Set(question.answers).count == 4)
    #expect(question.answers[Int(question.mergedCorrectAnswers[0])] == "1")
    for (index, answer) in question.answers.enumerated() where index != Int(question.mergedCorrectAnswers[0]) {
      #expect(!question.numericAnswer!.accepts(try #require(Double(answer))), "\(answer)")
    }
    #expect(try importXML(xml).topic == importXML(xml).topic)
  }

  @Test func categoryPathsNameTheSetsAndTheTopic() throws {
    func category(_ path: String) -> String {
      "<question type=\"category\"><category><text>\(path)</text></category></question>"
    }
    let xml =
      "<quiz>" + category("$course$/top/Science//Nature/Birds") + question() + category("$course$/Science//Nature/Fish")
      + question() + "</quiz>"
    let topic = try importXML(xml).topic
    #expect(topic.name == "Science/Nature")
    #expect(topic.topic.options?.setNames == ["Birds", "Fish"])
    // The old form, text straight in <category>, and sets whose parents differ: no name.
    let old =
      "<quiz>" + "<question type=\"category\"><category>$course$/Default for Y7</category></question>" + question()
      + category("$course$/top/Other/Maths") + question() + "</quiz>"
    let oldTopic = try TopicImporter.importTopic(Array(old.utf8), format: .moodleXML, fileName: "bank.xml").topic
    #expect(oldTopic.name == "bank" && oldTopic.topic.options?.setNames == ["Default for Y7", "Maths"])
  }

  @Test(arguments: [
    (
      "<quiz><question type=\"multichoice\"></quiz>",
      TopicImporter.SyntaxProblem.xml(.mismatchedTag(open: "question", closing: "quiz"))
    ),
    ("<quiz>\n<question>", .xml(.unclosed("question"))),
    ("<quiz a=1></quiz>", .xml(.malformed("an attribute value must be quoted"))),
    ("<quiz>&#0;</quiz>", .xml(.forbiddenCharacter(0))),
    ("<quiz>&#xD800;</quiz>", .xml(.malformed("&#xD800; is no character"))),
    ("<topics><topic/></topics>", .notMoodleXML(root: "topics")),
    ("", .xml(.malformed("no root element"))),
  ])
  func malformedXMLIsOneClearError(_ xml: String, _ problem: TopicImporter.SyntaxProblem) {
    #expect {
      _ = try importXML(xml)
    } throws: { error in
      guard case TopicImporter.Error.syntax(_, let found) = error else { return false }
      return found == problem
    }
  }

  /// XML 1.0 has no place for control characters but tab and line breaks, nor for U+FFFE
  /// and U+FFFF: as references or as themselves, a file holding one is not XML, and nothing
  /// of it is imported (the topic would carry a control character to every front end).
  @Test(arguments: [
    ("&#1;", 1 as UInt32), ("&#x1F;", 0x1F), ("&#xFFFE;", 0xFFFE), ("&#65535;", 0xFFFF), ("\u{1}", 1), ("\u{1B}", 0x1B),
    ("\u{FFFF}", 0xFFFF),
  ])
  func aCharacterXMLForbidsIsRefusedWithItsLine(_ written: String, _ value: UInt32) {
    let character = written
    let xml = "<quiz>\n\n" + question("Bell" + written + "?") + "</quiz>"
    #expect(throws: TopicImporter.Error.syntax(line: 3, .xml(.forbiddenCharacter(value)))) {
      _ = try importXML(xml)
    }
    #expect(
      String(describing: TopicImporter.Error.syntax(line: 3, .xml(.forbiddenCharacter(1))))
        == "line 3: the character U+0001 is not allowed in XML 1.0")
    // In an attribute, and (written as itself: a reference is no reference there) in CDATA.
    #expect(throws: TopicImporter.Error.syntax(line: 1, .xml(.forbiddenCharacter(value)))) {
      _ = try importXML("<quiz a=\"\(character)\"></quiz>")
    }
    guard !written.hasPrefix("&") else { return }
    #expect(throws: TopicImporter.Error.syntax(line: 2, .xml(.forbiddenCharacter(value)))) {
      _ = try importXML("<quiz>\n\(question("<![CDATA[x\(character)]]>"))</quiz>")
    }
  }

  @Test func formatsAreToldFromTheNameOrTheText() {
    #expect(ImportFormat.detect(fileName: "bank.xml", text: "") == .moodleXML)
    #expect(ImportFormat.detect(fileName: nil, text: "<?xml version=\"1.0\"?>\n<quiz>") == .moodleXML)
    #expect(ImportFormat.detect(fileName: "cards.txt", text: "casa\thouse\nperro\tdog\n") == .quizlet)
    #expect(ImportFormat.detect(fileName: nil, text: "question\ta\tb\tcorrect\n") == .csv)
  }
}
