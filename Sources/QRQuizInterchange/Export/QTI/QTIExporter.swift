import Foundation
import QRQuiz

/// A topic as a QTI 3.0 content package (a zip), valid against 1EdTech's QTI 3.0 schemas:
/// `imsmanifest.xml` listing every item (with its picture) and a test; one
/// `qti-assessment-item` per question, a `qti-choice-interaction` of `max-choices` 1 or
/// the number of right answers, its `qti-correct-response`, scored by the `match_correct`
/// template (every right answer and no other, as the app's mandatory rule); a
/// `qti-assessment-test` with a section per set, in order, each question's seconds as its
/// time limit. Pictures this machine has are files of the package; others are linked.
enum QTIExporter {
  static let itemNamespace = "http://www.imsglobal.org/xsd/imsqtiasi_v3p0"
  static let itemSchema = "https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0_v1p0.xsd"
  static let packageNamespace = "http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1"
  static let packageSchema = "https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqtiv3p0_imscpv1p2_v1p0.xsd"
  static let matchCorrect = "https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/match_correct"
  static let instance = "http://www.w3.org/2001/XMLSchema-instance"

  /// An item of the package: its identifier, file and picture file.
  struct Item {
    var identifier: String
    var path: String
    var picture: String?
    var seconds: Double?
  }

  static func export(_ topic: ValidTopic, pictures: (String) -> ExportPicture?) -> TopicExporter.Exported {
    var zip = ZipWriter()
    var notes = TopicExporter.settingsNotKept(topic.topic, format: .qti, keeps: ["seconds"])
    var replaced = 0
    if topic.topic.questions.contains(where: { $0.mergedCorrectAnswers.count > 1 }),
      topic.topic.options?.multipleCorrectAnswersAsMandatory != true
    {
      notes.append(.notKept(.anyRightAnswer, format: .qti))
    }
    var sections: [(title: String, items: [Item])] = []
    for (setIndex, set) in topic.topic.sets.enumerated() {
      var items: [Item] = []
      for (index, question) in set.enumerated() {
        let reference = QuestionReference(set: setIndex, question: index, text: question.question)
        let identifier = "Q\(setIndex + 1)-\(index + 1)"
        var item = Item(identifier: identifier, path: "items/\(identifier).xml", seconds: question.seconds)
        var source: String?
        switch ExportPictureSource.of(question, reference, pictures: pictures, notes: &notes) {
        case .embedded(let picture):
          let file = "images/\(identifier).\(picture.fileExtension)"
          zip.add("items/" + file, picture.bytes)
          item.picture = "items/" + file
          source = file
        case .linked(let url): source = url
        case nil: break
        }
        if question.numericAnswer != nil {
          notes.append(.questionChanged(reference, how: .choicesNumberNotKept))
        }
        let xml = QTIItem.xml(question, identifier: identifier, title: reference.text, picture: source)
        replaced += xml.escaper.replaced
        zip.add(item.path, Array(xml.text.utf8))
        items.append(item)
      }
      sections.append((topic.setName(setIndex), items))
    }
    let test = QTIItem.test(topic.name, sections: sections)
    zip.add("test.xml", Array(test.text.utf8))
    replaced += test.escaper.replaced
    let manifest = manifest(topic, sections: sections)
    zip.add("imsmanifest.xml", Array(manifest.text.utf8))
    replaced += manifest.escaper.replaced
    if replaced > 0 { notes.append(.charactersReplaced(count: replaced)) }
    return TopicExporter.Exported(bytes: zip.bytes, notes: notes)
  }

  /// The package's manifest: every item with its files, then the test.
  private static func manifest(_ topic: ValidTopic, sections: [(title: String, items: [Item])]) -> XMLBuilder {
    var xml = XMLBuilder()
    let identifier = String(format: "M%08X", Zlib.crc32(Array(topic.normalizedJSON.utf8)))
    xml.element(
      "manifest",
      [
        "xmlns": packageNamespace, "xmlns:xsi": instance, "xsi:schemaLocation": packageNamespace + " " + packageSchema,
        "identifier": identifier,
      ]
    ) { xml in
      xml.element("metadata") { xml in
        xml.element("schema", text: "QTI Package")
        xml.element("schemaversion", text: "3.0.0")
      }
      xml.element("organizations", text: nil)
      xml.element("resources") { xml in
        for item in sections.flatMap(\.items) {
          xml.element("resource", ["identifier": item.identifier, "type": "imsqti_item_xmlv3p0", "href": item.path]) {
            xml in
            xml.element("file", ["href": item.path], text: nil)
            if let picture = item.picture { xml.element("file", ["href": picture], text: nil) }
          }
        }
        xml.element("resource", ["identifier": "TEST", "type": "imsqti_test_xmlv3p0", "href": "test.xml"]) { xml in
          xml.element("file", ["href": "test.xml"], text: nil)
          for item in sections.flatMap(\.items) {
            xml.element("dependency", ["identifierref": item.identifier], text: nil)
          }
        }
      }
    }
    return xml
  }
}
