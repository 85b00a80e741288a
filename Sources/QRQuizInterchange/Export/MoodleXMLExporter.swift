import Foundation
import QRQuiz

/// A topic as Moodle XML, as Moodle's question bank imports it (its rules:
/// `question/format/xml/format.php`, and the grades Moodle lists): a category per set (a
/// list's sets one), `$course$/top/TOPIC/SET`; a `multichoice` per question, `single` true when one answer
/// is right (fractions 100 and 0), else equal shares of 100% for the right answers and of
/// −100% for the wrong ones (Moodle's own way of asking for every right answer, and only
/// them); `truefalse` for True/False; `numerical` for a typed number, its other choices as
/// answers of no credit. Answers keep their order (`shuffleanswers` false: the app never
/// shuffles them). The explanation is the general feedback; a picture this machine has is
/// embedded as a base64 `<file>` shown by the question text, another is linked.
enum MoodleXMLExporter {
  static func export(_ topic: ValidTopic, pictures: (String) -> ExportPicture?) -> TopicExporter.Exported {
    var xml = XMLBuilder()
    var notes = TopicExporter.settingsNotKept(topic.topic, format: .moodleXML, keeps: ["explanation", "setGroups"])
    let hasSeveralRight = topic.topic.questions.contains { $0.mergedCorrectAnswers.count > 1 }
    if hasSeveralRight, topic.topic.options?.multipleCorrectAnswersAsMandatory != true {
      notes.append(.notKept(.anyRightAnswer, format: .moodleXML))
    }
    xml.element("quiz") { xml in
      for category in TopicExporter.categories(topic) {
        // The set's name is in its category; a comment holds none of the topic's text.
        xml.comment("set \(category.sets.lowerBound + 1)")
        xml.element("question", ["type": "category"]) { xml in
          xml.element("category") { $0.element("text", text: TopicExporter.categoryPath(topic, name: category.name)) }
        }
        for setIndex in category.sets {
          for (index, question) in topic.topic.sets[setIndex].enumerated() {
            let reference = QuestionReference(set: setIndex, question: index, text: question.question)
            write(question, reference, to: &xml, pictures: pictures, notes: &notes)
          }
        }
      }
    }
    if xml.escaper.replaced > 0 { notes.append(.charactersReplaced(count: xml.escaper.replaced)) }
    return TopicExporter.Exported(bytes: Array(xml.text.utf8), notes: notes)
  }

  private static func write(
    _ question: Topic.Question, _ reference: QuestionReference, to xml: inout XMLBuilder,
    pictures: (String) -> ExportPicture?, notes: inout [ExportNote]
  ) {
    let right = Set(question.mergedCorrectAnswers.map(Int.init))
    let type: String
    if question.numericAnswer != nil, question.answers.allSatisfy({ NumericAnswer.parse($0) != nil }) {
      type = "numerical"
    } else if question.answers == ["True", "False"], right.count == 1 {
      type = "truefalse"
    } else {
      if question.numericAnswer != nil {
        notes.append(.questionChanged(reference, how: .choicesNotAllNumbers))
      }
      guard let shares = Grades.shares(right: right.count, wrong: question.answers.count - right.count) else {
        notes.append(.questionLeftOut(reference, why: .gradesCannotShare(rightAnswers: right.count)))
        return
      }
      type = "multichoice"
      xml.element("question", ["type": type]) { xml in
        header(question, reference, to: &xml, pictures: pictures, notes: &notes)
        xml.element("single", text: right.count == 1 ? "true" : "false")
        xml.element("shuffleanswers", text: "false")
        xml.element("answernumbering", text: "abc")
        for (index, answer) in question.answers.enumerated() {
          Self.answer(answer, fraction: right.contains(index) ? shares.right : shares.wrong, to: &xml)
        }
      }
      return
    }
    xml.element("question", ["type": type]) { xml in
      header(question, reference, to: &xml, pictures: pictures, notes: &notes)
      if let numeric = question.numericAnswer, type == "numerical" {
        for (index, answer) in question.answers.enumerated() {
          let isRight = right.contains(index)
          Self.answer(answer, fraction: isRight ? "100" : "0", to: &xml) { xml in
            xml.element("tolerance", text: isRight ? JSONWriter.format(numeric.tolerance) : "0")
          }
        }
      } else {
        // The truefalse answers are written in Moodle's words; the app's say True and False.
        Self.answer("true", fraction: right.contains(0) ? "100" : "0", to: &xml)
        Self.answer("false", fraction: right.contains(1) ? "100" : "0", to: &xml)
      }
    }
  }

  /// Name, text (with its picture), general feedback, grade.
  private static func header(
    _ question: Topic.Question, _ reference: QuestionReference, to xml: inout XMLBuilder,
    pictures: (String) -> ExportPicture?, notes: inout [ExportNote]
  ) {
    xml.element("name") { $0.element("text", text: reference.text) }
    var html = HTMLFragment.from(question.question)
    var file: (name: String, picture: ExportPicture)?
    switch ExportPictureSource.of(question, reference, pictures: pictures, notes: &notes) {
    case .embedded(let picture):
      let name = "picture.\(picture.fileExtension)"
      file = (name, picture)
      html = "<p><img src=\"@@PLUGINFILE@@/\(name)\" alt=\"\"></p>" + html
    case .linked(let url): html = "<p><img src=\"\(HTMLFragment.from(url))\" alt=\"\"></p>" + html
    case nil: break
    }
    xml.element("questiontext", ["format": "html"]) { xml in
      xml.element("text", text: html)
      if let file {
        xml.element(
          "file", ["name": file.name, "path": "/", "encoding": "base64"],
          text: Data(file.picture.bytes).base64EncodedString())
      }
    }
    xml.element("generalfeedback", ["format": "html"]) { xml in
      xml.element("text", text: question.explanation.map { HTMLFragment.from($0) } ?? "")
    }
    xml.element("defaultgrade", text: "1")
    xml.element("penalty", text: "0.3333333")
    xml.element("hidden", text: "0")
  }

  private static func answer(
    _ text: String, fraction: String, to xml: inout XMLBuilder, _ extra: (inout XMLBuilder) -> Void = { _ in }
  ) {
    xml.element("answer", ["fraction": fraction, "format": "html"]) { xml in
      xml.element("text", text: HTMLFragment.from(text))
      extra(&xml)
      xml.element("feedback", ["format": "html"]) { $0.element("text", text: "") }
    }
  }

  /// Moodle's grades: a question's grades must be among the fractions it lists (1, ½, ⅓,
  /// ¼, ⅕, ⅙, 1/7, ⅛, 1/9, 1/10, 1/20 and their negatives), written in percent.
  enum Grades {
    /// The divisors of 100% Moodle has a grade for.
    static let divisors: Set<Int> = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20]

    /// The fraction of each right and each wrong answer; `nil` when 100% cannot be shared
    /// between the right answers in Moodle's grades.
    static func shares(right: Int, wrong: Int) -> (right: String, wrong: String)? {
      guard right == 1 || divisors.contains(right) else { return nil }
      if right == 1 { return ("100", "0") }
      // Wrong answers take back as much, when Moodle has the grade; else they give nothing.
      let penalty = divisors.contains(wrong) ? "-" + percent(100 / Double(wrong)) : "0"
      return (percent(100 / Double(right)), penalty)
    }

    /// `33.33333`, `12.5`, `50`: as Moodle writes its grades in percent.
    static func percent(_ value: Double) -> String {
      var text = String(format: "%.5f", value)
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
      return text
    }
  }
}
