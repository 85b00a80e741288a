import QRQuiz

/// A topic as an IMS Common Cartridge 1.1 (a zip, `.imscc`): `imsmanifest.xml` with one
/// organization holding the quiz, the quiz a QTI 1.2 assessment in the cartridge's
/// profile (``QTI12Item`` with `profile`: each item's `cc_profile`, the assessment's
/// `cc.exam.v0p1`), its pictures web content beside it, shown through `$IMS-CC-FILEBASE$`
/// (the quiz file's folder). Canvas, Moodle, Blackboard, Brightspace and Schoology import it.
enum CommonCartridgeExporter {
  static let namespace = "http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1"
  static let schema = "http://www.imsglobal.org/profile/cc/ccv1p1/ccv1p1_imscp_v1p2_v1p0.xsd"

  static func export(_ topic: ValidTopic, pictures: (String) -> ExportPicture?) -> TopicExporter.Exported {
    var zip = ZipWriter()
    var notes = QTI12Exporter.notes(topic, format: .imscc)
    var files: [String] = []
    let quiz = QTI12Exporter.assessment(topic, profile: true, notes: &notes) { question, reference, notes in
      switch ExportPictureSource.of(question, reference, pictures: pictures, notes: &notes) {
      case .embedded(let picture):
        // Beside the quiz, so the token (the quiz file's folder) finds it.
        let file = "images/Q\(reference.set + 1)-\(reference.question + 1).\(picture.fileExtension)"
        zip.add("QUIZ/" + file, picture.bytes)
        files.append("QUIZ/" + file)
        return QTIItem.Picture(source: "$IMS-CC-FILEBASE$/" + file, alternative: reference.text)
      case .linked(let url): return QTIItem.Picture(source: url, alternative: reference.text)
      case nil: return nil
      }
    }
    zip.add("QUIZ/assessment.xml", Array(quiz.text.utf8))
    let manifest = manifest(topic, pictures: files)
    zip.add("imsmanifest.xml", Array(manifest.text.utf8))
    let replaced = quiz.escaper.replaced + manifest.escaper.replaced
    if replaced > 0 { notes.append(.charactersReplaced(count: replaced)) }
    return TopicExporter.Exported(bytes: zip.bytes, notes: notes)
  }

  private static func manifest(_ topic: ValidTopic, pictures: [String]) -> XMLBuilder {
    var xml = XMLBuilder()
    let identifier = String(format: "CC%08X", Zlib.crc32(Array(topic.normalizedJSON.utf8)))
    let metadata = "http://ltsc.ieee.org/xsd/imsccv1p1/LOM/manifest"
    xml.element(
      "manifest",
      attributes: [
        ("xmlns", namespace), ("xmlns:lomimscc", metadata), ("xmlns:xsi", QTIVersion.instance),
        (
          "xsi:schemaLocation",
          namespace + " " + schema + " " + metadata
            + " http://www.imsglobal.org/profile/cc/ccv1p1/LOM/ccv1p1_lommanifest_v1p0.xsd"
        ),
        ("identifier", identifier),
      ]
    ) { xml in
      xml.element("metadata") { xml in
        xml.element("schema", text: "IMS Common Cartridge")
        xml.element("schemaversion", text: "1.1.0")
        xml.element("lomimscc:lom") { xml in
          xml.element("lomimscc:general") { xml in
            xml.element("lomimscc:title") { xml in
              xml.element("lomimscc:string", text: topic.name)
            }
          }
        }
      }
      xml.element("organizations") { xml in
        xml.element("organization", attributes: [("identifier", "ORG"), ("structure", "rooted-hierarchy")]) { xml in
          xml.element("item", attributes: [("identifier", "ROOT")]) { xml in
            xml.element("item", attributes: [("identifier", "ITEM_QUIZ"), ("identifierref", "QUIZ")]) { xml in
              xml.element("title", text: topic.name)
            }
          }
        }
      }
      xml.element("resources") { xml in
        xml.element(
          "resource", attributes: [("identifier", "QUIZ"), ("type", "imsqti_xmlv1p2/imscc_xmlv1p1/assessment")]
        ) { xml in
          xml.element("file", attributes: [("href", "QUIZ/assessment.xml")], text: nil)
          if !pictures.isEmpty { xml.element("dependency", attributes: [("identifierref", "PICTURES")], text: nil) }
        }
        if !pictures.isEmpty {
          xml.element("resource", attributes: [("identifier", "PICTURES"), ("type", "webcontent")]) { xml in
            for file in pictures { xml.element("file", attributes: [("href", file)], text: nil) }
          }
        }
      }
    }
    return xml
  }
}
