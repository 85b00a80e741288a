import Foundation
import FoundationXML
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizInterchange

/// Exports of a topic written to break them (issue 50, items 5 to 7): every text reaches
/// Moodle as the words it is, never as markup or a format marker; no name of a stranger's
/// makes the XML unreadable; no picture address but http(s) is ever linked.
@Suite struct ExportTrustTests {
  let hostile = TopicFixtures.hostile

  /// The GIFT export's question blocks: the lines from `::` to the closing `}`.
  func giftQuestions(_ text: String) -> [String] {
    text.components(separatedBy: "\n\n").filter { $0.hasPrefix("::") }
  }

  @Test func giftMarksEveryTextAsHTMLAndEscapesItsMarkup() throws {
    let text = String(decoding: TopicExporter.export(hostile, to: .gift).bytes, as: UTF8.self)
    let blocks = giftQuestions(text)
    #expect(blocks.count == 5)
    for block in blocks {
      // The question's text after its name, and each answer, start with Moodle's marker.
      let afterName = try #require(block.dropFirst(2).range(of: "::"))
      #expect(block[afterName.upperBound...].hasPrefix("[html]"), "\(block)")
      let lines = block.split(separator: "\n").dropFirst().dropLast()
      for line in lines where !line.hasPrefix("####") {
        #expect(line.hasPrefix("=[html]") || line.hasPrefix("~[html]") || line.hasPrefix("~%"), "\(line)")
      }
    }
    // No markup of the topic's, and no format marker but ours, reaches Moodle.
    #expect(!text.contains("<img src=https://evil"))
    #expect(!text.contains("<script") && !text.contains("<b>"))
    #expect(!text.contains("[plain]") && !text.contains("[moodle]") && !text.contains("[markdown]"))
    #expect(text.components(separatedBy: "[html]").count - 1 == 5 + 14)
  }

  @Test func giftReadsBackToTheSameQuestionsWhateverTheirText() throws {
    let exported = TopicExporter.export(hostile, to: .gift)
    let imported = try TopicImporter.importTopic(exported.bytes, format: .gift)
    #expect(imported.skipped.isEmpty)
    // Pictures other than http(s) are left out; every text comes back as it was.
    let expected = hostile.topic.questions.map { question in
      var question = ExportTests.Kept.kept(question)
      if question.imageURL != "https://ok.example/p.png" { question.imageURL = nil }
      return question
    }
    #expect(imported.topic.topic.questions.map { ExportTests.Kept.kept($0) } == expected)
  }

  @Test func aCategoryNameCannotStartAnotherBlockOfGIFT() throws {
    var topic = hostile.topic
    topic.options?.setNames = ["one\n\n::Evil::Injected? {=yes ~no}\n", "two", "three"]
    let exported = TopicExporter.export(try ValidTopic(topic), to: .gift)
    let imported = try TopicImporter.importTopic(exported.bytes, format: .gift)
    #expect(imported.topic.topic.questions.count == hostile.topic.questions.count)
    #expect(!imported.topic.topic.questions.contains { $0.question.contains("Injected") })
  }

  /// Every XML document of every export of `topic`: Moodle XML, QTI 1.2, and each XML file
  /// of the QTI 3.0 and 2.1 packages and of the Common Cartridge.
  func xmlDocuments(_ topic: ValidTopic) throws -> [(name: String, bytes: [UInt8])] {
    var documents = [
      ("moodle.xml", TopicExporter.export(topic, to: .moodleXML).bytes),
      ("qti12.xml", TopicExporter.export(topic, to: .qti12).bytes),
    ]
    for format in [ExportFormat.qti, .qti21, .imscc] {
      let package = try ZipArchive(TopicExporter.export(topic, to: format).bytes)
      for entry in package.entries where entry.path.hasSuffix(".xml") {
        documents.append(("\(format.rawValue): \(entry.path)", try package.contents(of: entry)))
      }
    }
    return documents
  }

  @Test(arguments: ["a---b", "--", "-", "x-", "<!-- -->", "]]>", "</text><x>", "&amp; &#1; & <", "\u{1}\u{B}"])
  func aHostileNameNeverMakesAnExportUnreadable(_ name: String) throws {
    var topic = hostile.topic
    topic.options?.name = name
    topic.options?.setNames = [name, name + "-", "-" + name]
    let documents = try xmlDocuments(try ValidTopic(topic))
    #expect(documents.count >= 16)
    for document in documents {
      let parser = XMLParser(data: Data(document.bytes))
      #expect(parser.parse(), "\(document.name): \(String(describing: parser.parserError))")
    }
    // Moodle XML reads back with the names as they were (control characters as U+FFFD).
    let imported = try TopicImporter.importTopic(TopicExporter.export(try ValidTopic(topic), to: .moodleXML).bytes)
    let written = name.unicodeScalars.map { $0.value < 0x20 ? "\u{FFFD}" : String($0) }.joined()
    #expect(imported.topic.name == written)
    #expect(imported.topic.setName(0) == written)
  }

  @Test func moodleXMLHoldsNoNameInAComment() {
    let text = String(decoding: TopicExporter.export(hostile, to: .moodleXML).bytes, as: UTF8.self)
    let comments = text.components(separatedBy: "<!--").dropFirst().map { $0.components(separatedBy: "-->")[0] }
    #expect(comments == [" set 1 ", " set 2 ", " set 3 "])
  }

  @Test(arguments: ExportFormat.allCases.filter { $0 != .aiken })
  func onlyHTTPPicturesAreLinked(_ format: ExportFormat) throws {
    let exported = TopicExporter.export(hostile, to: format)
    let documents: [String]
    if [.qti, .qti21, .imscc].contains(format) {
      let package = try ZipArchive(exported.bytes)
      documents = try package.entries.map { String(decoding: try package.contents(of: $0), as: UTF8.self) }
    } else {
      documents = [String(decoding: exported.bytes, as: UTF8.self)]
    }
    // The pictures shown: `<img src="…">` in GIFT (its `=` and `:` escaped) and QTI, escaped once
    // more in Moodle XML's text elements. The topic's own `<img` text is escaped apart.
    let tag = [.moodleXML, .qti12, .imscc].contains(format) ? "&lt;img src=&quot;" : "<img src=\""
    let sources = documents.flatMap { document in
      document.replacingOccurrences(of: "\\=", with: "=").replacingOccurrences(of: "\\:", with: ":").components(
        separatedBy: tag
      ).dropFirst().map {
        String($0.prefix(24))
      }
    }
    #expect(sources == ["https://ok.example/p.png"], "\(sources)")
    let leftOut = exported.notes.compactMap { note -> String? in
      if case .pictureLeftOut(_, let url) = note { return url }
      return nil
    }
    #expect(
      leftOut == [
        "javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "JaVaScRiPt:alert(1)",
        "quiz-pictures/none.png",
      ])
  }

  @Test func aPictureThisMachineHasIsEmbeddedWhateverItsAddress() throws {
    let png = try Fixtures.bytes("png/rgb8.png")
    let exported = TopicExporter.export(hostile, to: .moodleXML) {
      $0 == "quiz-pictures/none.png" ? ExportPicture(bytes: png) : nil
    }
    let text = String(decoding: exported.bytes, as: UTF8.self)
    #expect(text.contains("src=&quot;@@PLUGINFILE@@/picture.png&quot;"))
    #expect(!text.contains("quiz-pictures"))
  }
}
