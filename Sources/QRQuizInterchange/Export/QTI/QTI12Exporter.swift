import QRQuiz

/// A topic as QTI 1.2 (`questestinterop`, one `assessment`, a `section` per set, an `item`
/// per question, ``QTI12Item``), the one XML file Canvas's (Quizzes › Import) and
/// Blackboard's importers take. QTI 1.2 has no typed numbers (a number is asked as its
/// choices) and no time per question; pictures are linked at their http(s) addresses (one
/// file holds no picture: the Common Cartridge embeds them).
enum QTI12Exporter {
  static let namespace = "http://www.imsglobal.org/xsd/ims_qtiasiv1p2"
  static let schema = "http://www.imsglobal.org/xsd/ims_qtiasiv1p2p1.xsd"
  static let profileSchema = "http://www.imsglobal.org/profile/cc/ccv1p1/ccv1p1_qtiasiv1p2p1_v1p0.xsd"

  static func export(_ topic: ValidTopic, pictures: (String) -> ExportPicture?) -> TopicExporter.Exported {
    var notes = notes(topic, format: .qti12)
    let xml = assessment(topic, profile: false, notes: &notes) { question, reference, notes in
      switch ExportPictureSource.of(question, reference, pictures: { _ in nil }, embeds: false, notes: &notes) {
      case .linked(let url): return QTIItem.Picture(source: url, alternative: reference.text)
      default: return nil
      }
    }
    if xml.escaper.replaced > 0 { notes.append(.charactersReplaced(count: xml.escaper.replaced)) }
    return TopicExporter.Exported(bytes: Array(xml.text.utf8), notes: notes)
  }

  /// What QTI 1.2 cannot hold of the topic.
  static func notes(_ topic: ValidTopic, format: ExportFormat) -> [ExportNote] {
    var notes = TopicExporter.settingsNotKept(topic.topic, format: format, keeps: ["explanation", "setGroups"])
    if topic.topic.questions.contains(where: { $0.mergedCorrectAnswers.count > 1 }),
      topic.topic.options?.multipleCorrectAnswersAsMandatory != true
    {
      notes.append(.notKept(.anyRightAnswer, format: format))
    }
    return notes
  }

  /// The `questestinterop` document; `picture` says each question's picture.
  static func assessment(
    _ topic: ValidTopic, profile: Bool, notes: inout [ExportNote],
    picture: (Topic.Question, QuestionReference, inout [ExportNote]) -> QTIItem.Picture?
  ) -> XMLBuilder {
    var xml = XMLBuilder()
    let writer = QTI12Item(profile: profile)
    xml.element(
      "questestinterop",
      attributes: [
        ("xmlns", namespace), ("xmlns:xsi", QTIVersion.instance),
        ("xsi:schemaLocation", namespace + " " + (profile ? profileSchema : schema)),
      ]
    ) { xml in
      xml.element("assessment", attributes: [("ident", "A1"), ("title", topic.name)]) { xml in
        xml.element("qtimetadata") { xml in
          if profile {
            writer.field("cc_profile", "cc.exam.v0p1", into: &xml)
            writer.field("qmd_assessmenttype", "Examination", into: &xml)
          }
          writer.field("cc_maxattempts", "1", into: &xml)
        }
        for category in TopicExporter.categories(topic) {
          let ident = "S\(category.sets.lowerBound + 1)"
          xml.element("section", attributes: [("ident", ident), ("title", category.name)]) { xml in
            for setIndex in category.sets {
              for (index, question) in topic.topic.sets[setIndex].enumerated() {
                let reference = QuestionReference(set: setIndex, question: index, text: question.question)
                if question.numericAnswer != nil {
                  notes.append(.questionChanged(reference, how: .choicesNumberNotKept))
                }
                writer.write(
                  question, identifier: "Q\(setIndex + 1)-\(index + 1)", title: reference.text,
                  picture: picture(question, reference, &notes), into: &xml)
              }
            }
          }
        }
      }
    }
    return xml
  }
}
