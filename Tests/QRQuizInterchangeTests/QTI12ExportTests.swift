import Foundation
import FoundationXML
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizInterchange

/// QTI 1.2 and the Common Cartridge (issue 52, part 3), read back by libxml2 through
/// FoundationXML's `XMLDocument` (a parser and XPath independent of QRQuiz's writer) and
/// held to the rules of the cartridge's QTI profile: a true/false item has two answers, a
/// multiple-choice item three at least and one right, a multiple-response item several
/// right; every right answer scored and no other; every file the manifest names is in the
/// cartridge, and every picture a question shows.
@Suite struct QTI12ExportTests {
  static let namespaces = [
    "q": "http://www.imsglobal.org/xsd/ims_qtiasiv1p2", "cp": "http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1",
  ]

  func document(_ bytes: [UInt8]) throws -> XMLDocument {
    let document = try XMLDocument(data: Data(bytes))
    return document
  }

  func nodes(_ xpath: String, in node: XMLNode) throws -> [XMLNode] {
    // FoundationXML's XPath has no namespace map: match local names.
    try node.nodes(forXPath: xpath)
  }

  func topics() throws -> [ValidTopic] {
    try Fixtures.sampleTopicNames.map { try Fixtures.sampleValidTopic($0) } + [
      TopicFixtures.awkward, TopicFixtures.hostile,
    ]
  }

  /// The profile's rules over every item of a `questestinterop` document; the questions'
  /// keys, in order, as the document scores them.
  func checkItems(_ document: XMLDocument, profile: Bool) throws -> [[String]] {
    var keys: [[String]] = []
    for item in try nodes("//*[local-name()='item']", in: document) {
      let identifier = (item as? FoundationXML.XMLElement)?.attribute(forName: "ident")?.stringValue ?? "?"
      let labels = try nodes(".//*[local-name()='response_label']", in: item)
      let right = try nodes(
        ".//*[local-name()='respcondition'][*[local-name()='setvar']]//*[local-name()='varequal'][not(parent::*[local-name()='not'])]",
        in: item
      ).compactMap(\.stringValue)
      let wrong = try nodes(".//*[local-name()='not']/*[local-name()='varequal']", in: item).compactMap(\.stringValue)
      let cardinality = try nodes(".//*[local-name()='response_lid']/@rcardinality", in: item).first?.stringValue
      #expect(!right.isEmpty, "\(identifier): no right answer")
      #expect(cardinality == (right.count > 1 ? "Multiple" : "Single"), "\(identifier)")
      if right.count > 1 { #expect(right.count + wrong.count == labels.count, "\(identifier): a wrong answer scores") }
      if profile {
        let type = try nodes(
          ".//*[local-name()='qtimetadatafield'][*[local-name()='fieldlabel']='cc_profile']/*[local-name()='fieldentry']",
          in: item
        ).first?.stringValue
        switch type {
        case "cc.true_false.v0p1": #expect(labels.count == 2 && right.count == 1, "\(identifier)")
        case "cc.multiple_choice.v0p1": #expect(labels.count >= 3 && right.count == 1, "\(identifier)")
        case "cc.multiple_response.v0p1": #expect(labels.count >= 3 && right.count > 1, "\(identifier)")
        default: Issue.record("\(identifier): the profile has no type \(type ?? "none")")
        }
      }
      keys.append(right)
    }
    return keys
  }

  @Test func qti12ScoresEveryRightAnswerAndNoOther() throws {
    for topic in try topics() {
      let exported = TopicExporter.export(topic, to: .qti12)
      let keys = try checkItems(try document(exported.bytes), profile: false)
      #expect(
        keys == topic.topic.questions.map { $0.mergedCorrectAnswers.map { QTIItem.choice(Int($0)) } }, "\(topic.name)")
    }
  }

  @Test func aCartridgeFollowsItsProfilesRulesAndHoldsItsFiles() throws {
    let png = try Fixtures.bytes("png/rgb8.png")
    for topic in try topics() {
      let exported = TopicExporter.export(topic, to: .imscc) {
        $0.hasSuffix("map.png") ? ExportPicture(bytes: png) : nil
      }
      let archive = try ZipArchive(exported.bytes)
      let manifest = try document(try #require(try archive.contents(of: "imsmanifest.xml")))
      let files = try nodes("//*[local-name()='file']/@href", in: manifest).compactMap(\.stringValue)
      #expect(Set(files + ["imsmanifest.xml"]) == Set(archive.entries.map(\.path)), "\(topic.name)")
      let quiz = try document(try #require(try archive.contents(of: "QUIZ/assessment.xml")))
      let profile = try nodes(
        "//*[local-name()='assessment']/*[local-name()='qtimetadata']/*[local-name()='qtimetadatafield'][*[local-name()='fieldlabel']='cc_profile']/*[local-name()='fieldentry']",
        in: quiz
      ).first?.stringValue
      #expect(profile == "cc.exam.v0p1")
      let keys = try checkItems(quiz, profile: true)
      #expect(keys.count == topic.topic.questions.count)
      // Every picture shown is a file of the cartridge or an http(s) address.
      for text in try nodes("//*[local-name()='mattext']", in: quiz).compactMap(\.stringValue) {
        for source in text.components(separatedBy: "src=\"").dropFirst().map({ String($0.prefix { $0 != "\"" }) }) {
          if source.hasPrefix("$IMS-CC-FILEBASE$/") {
            #expect(archive.entry("QUIZ/" + source.dropFirst("$IMS-CC-FILEBASE$/".count)) != nil, "\(source)")
          } else {
            #expect(source.hasPrefix("https://"), "\(source)")
          }
        }
      }
    }
  }
}
