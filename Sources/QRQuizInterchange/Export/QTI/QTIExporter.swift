import Foundation
import QRQuiz

/// A topic as a QTI content package (a zip), QTI 2.1 or 3.0, valid against 1EdTech's
/// schemas: `imsmanifest.xml` listing every item (with its picture) and a test; one
/// `assessmentItem` per question (``QTIItem``); an `assessmentTest` with a section per set
/// (a list's sets one), in order, each question's seconds as its time limit. Pictures this machine has are
/// files of the package; others at http(s) addresses are linked, with the question's first
/// words as their alternative text (a topic has no other).
enum QTIExporter {
  /// An item of the package: its identifier, file and picture file.
  struct Item {
    var identifier: String
    var path: String
    var picture: String?
    var seconds: Double?
  }

  static func export(
    _ topic: ValidTopic, version: QTIVersion, pictures: (String) -> ExportPicture?
  ) -> TopicExporter.Exported {
    let format: ExportFormat = version == .v3p0 ? .qti : .qti21
    let writer = QTIItem(version: version)
    var zip = ZipWriter()
    var notes = TopicExporter.settingsNotKept(
      topic.topic, format: format, keeps: ["seconds", "explanation", "setGroups"])
    var replaced = 0
    if topic.topic.questions.contains(where: { $0.mergedCorrectAnswers.count > 1 }),
      topic.topic.options?.multipleCorrectAnswersAsMandatory != true
    {
      notes.append(.notKept(.anyRightAnswer, format: format))
    }
    var sections: [(title: String, items: [Item])] = []
    for category in TopicExporter.categories(topic) {
      var items: [Item] = []
      for setIndex in category.sets {
        for (index, question) in topic.topic.sets[setIndex].enumerated() {
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
          let picture = source.map { QTIItem.Picture(source: $0, alternative: reference.text) }
          if question.numericAnswer != nil {
            notes.append(.questionChanged(reference, how: .choicesNumberNotKept))
          }
          let xml = writer.xml(question, identifier: identifier, title: reference.text, picture: picture)
          replaced += xml.escaper.replaced
          zip.add(item.path, Array(xml.text.utf8))
          items.append(item)
        }
      }
      sections.append((category.name, items))
    }
    let test = writer.test(topic.name, sections: sections)
    zip.add("test.xml", Array(test.text.utf8))
    replaced += test.escaper.replaced
    let manifest = manifest(topic, version: version, sections: sections)
    zip.add("imsmanifest.xml", Array(manifest.text.utf8))
    replaced += manifest.escaper.replaced
    if replaced > 0 { notes.append(.charactersReplaced(count: replaced)) }
    return TopicExporter.Exported(bytes: zip.bytes, notes: notes)
  }

  /// The package's manifest: every item with its files, then the test.
  private static func manifest(
    _ topic: ValidTopic, version: QTIVersion, sections: [(title: String, items: [Item])]
  ) -> XMLBuilder {
    var xml = XMLBuilder()
    let identifier = String(format: "M%08X", Zlib.crc32(Array(topic.normalizedJSON.utf8)))
    xml.element(
      "manifest",
      attributes: [
        ("xmlns", version.packageNamespace), ("xmlns:xsi", QTIVersion.instance),
        ("xsi:schemaLocation", version.packageNamespace + " " + version.packageSchema), ("identifier", identifier),
      ]
    ) { xml in
      xml.element("metadata") { xml in
        xml.element("schema", text: version.packageMetadata.schema)
        xml.element("schemaversion", text: version.packageMetadata.version)
      }
      xml.element("organizations", text: nil)
      xml.element("resources") { xml in
        for item in sections.flatMap(\.items) {
          xml.element(
            "resource", attributes: [("identifier", item.identifier), ("type", version.itemType), ("href", item.path)]
          ) {
            xml in
            xml.element("file", ["href": item.path], text: nil)
            if let picture = item.picture { xml.element("file", ["href": picture], text: nil) }
          }
        }
        xml.element("resource", attributes: [("identifier", "TEST"), ("type", version.testType), ("href", "test.xml")])
        {
          xml in
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
