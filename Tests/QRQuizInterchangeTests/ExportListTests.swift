import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizInterchange

/// A list the app's answer counts split into runs is one category (Moodle XML, GIFT) or
/// one section (QTI) in the exports, as the teacher's file had it and every front end
/// plays it; read back, it is the same list. (Listed topic: sets 1–3 one list of q1…q5,
/// set 4 alone, set 5 a list of one.)
@Suite struct ExportListTests {
  let topic: ValidTopic

  init() throws { topic = try LiveGameFixtures.listedTopic() }

  /// The values of `attribute` in `text`'s elements named `element`, in order.
  func attributes(_ attribute: String, of element: String, in text: String) -> [String] {
    let pattern = "<\(element) [^>]*\(attribute)=\"([^\"]*)\""
    let expression = try! NSRegularExpression(pattern: pattern)
    return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
      Range($0.range(at: 1), in: text).map { String(text[$0]) }
    }
  }

  @Test(arguments: [ExportFormat.moodleXML, .gift])
  func aListIsOneCategoryAndReadsBackAsTheSameList(_ format: ExportFormat) throws {
    let exported = TopicExporter.export(topic, to: format)
    let text = String(decoding: exported.bytes, as: UTF8.self)
    let categories = text.components(separatedBy: "$course$/top/Lesson/").dropFirst().map {
      String($0.prefix { $0 != "<" && $0 != "\n" })
    }
    #expect(categories == ["Questions 1–5", "Set 4", "Set 5"], "\(format)")
    // The list is kept: nothing to say about setGroups.
    #expect(!exported.notes.map(\.description).contains { $0.hasPrefix("setGroups") }, "\(exported.notes)")
    let imported = try TopicImporter.importTopic(
      exported.bytes, format: ImportFormat(rawValue: format.rawValue)!, options: .init(skipInvalid: true))
    #expect(imported.topic.topic.options?.setGroups == [0, 0, 0, 1, 2], "\(format)")
    #expect(imported.topic.topic.questions.map(\.question) == ["q1", "q2", "q3", "q4", "q5", "other", "last"])
    #expect(imported.topic.playableUnits.map(\.sets) == topic.playableUnits.map(\.sets))
  }

  @Test(arguments: [ExportFormat.qti, .qti21])
  func aListIsOneSectionOfAQTIPackage(_ format: ExportFormat) throws {
    let package = try ZipArchive(TopicExporter.export(topic, to: format).bytes)
    let test = String(decoding: try #require(try package.contents(of: "test.xml")), as: UTF8.self)
    let element = format == .qti ? "qti-assessment-section" : "assessmentSection"
    #expect(attributes("title", of: element, in: test) == ["Questions 1–5", "Set 4", "Set 5"], "\(test)")
    #expect(attributes("identifier", of: element, in: test) == ["S1", "S2", "S3"])
  }

  @Test(arguments: [ExportFormat.qti12, .imscc])
  func aListIsOneSectionInQTI12(_ format: ExportFormat) throws {
    let exported = TopicExporter.export(topic, to: format)
    let bytes =
      format == .qti12
      ? exported.bytes : try #require(try ZipArchive(exported.bytes).contents(of: "QUIZ/assessment.xml"))
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(attributes("title", of: "section", in: text) == ["Questions 1–5", "Set 4", "Set 5"])
  }

  @Test func aikenHasNoCategoriesAndSaysTheListsAreNotKept() {
    let notes = TopicExporter.export(topic, to: .aiken).notes.map(\.description)
    #expect(notes.contains { $0.hasPrefix("setGroups") }, "\(notes)")
  }
}
