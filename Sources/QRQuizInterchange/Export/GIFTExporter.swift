import QRQuiz

/// A topic as GIFT, as Moodle's GIFT importer and QRQuiz's own read it back: a
/// `$CATEGORY: $course$/top/TOPIC/SET` per set (a list's sets one); `=` for each right answer and `~` for the
/// others (a question that asks for every right answer gives them equal shares, `~%50%`,
/// and the wrong ones as much taken back); `{T}`/`{F}` for True/False; `{#=1969:0
/// =%0%1970 …}` for a typed number, its other choices of no credit, in order; `####` the
/// explanation.
///
/// Every text is marked `[html]` (the question and each answer: Moodle's importer gives an
/// unmarked answer the question's format, and reads a marker at the start of any text) and
/// written as escaped HTML, `[` too, so Moodle shows exactly the topic's text: `<img …>` in
/// an answer is the words, never a picture, and an answer starting `[html]` is the words
/// too. A picture at an http(s) address comes first in the question as an `<img>`. The
/// special characters `~ = # { } :` and `\` are escaped, line breaks written `\n`.
enum GIFTExporter {
  static func export(_ topic: ValidTopic) -> TopicExporter.Exported {
    var notes = TopicExporter.settingsNotKept(topic.topic, format: .gift, keeps: ["explanation", "setGroups"])
    let mandatory = topic.topic.options?.multipleCorrectAnswersAsMandatory == true
    var text = "// \(oneLine(topic.name)), written by qrquiz\n\n"
    for category in TopicExporter.categories(topic) {
      // On one line: Moodle reads the rest of a category's block as its path.
      text += "$CATEGORY: \(oneLine(TopicExporter.categoryPath(topic, name: category.name)))\n\n"
      for setIndex in category.sets {
        for (index, question) in topic.topic.sets[setIndex].enumerated() {
          let reference = QuestionReference(set: setIndex, question: index, text: question.question)
          if let problem = problem(question) {
            notes.append(.questionLeftOut(reference, why: problem))
            continue
          }
          text += "::Q\(setIndex + 1)-\(index + 1)::" + questionText(question, reference, notes: &notes) + " {\n"
          text += block(question, mandatory: mandatory, reference: reference, notes: &notes)
          if let explanation = question.explanation {
            // Moodle gives the general feedback the question's format: [html].
            text += "####" + escaped(html(explanation)) + "\n"
          }
          text += "}\n\n"
        }
      }
    }
    return TopicExporter.Exported(bytes: Array(text.utf8), notes: notes)
  }

  /// Why GIFT cannot hold the question, read back as the same.
  private static func problem(_ question: Topic.Question) -> ExportNote.LeftOut? {
    if question.answers.contains(where: { $0.hasPrefix("%") }) { return .answerStartsWithPercent }
    if question.answers.contains(where: { $0.contains("->") }) { return .answerWithArrow }
    return nil
  }

  private static func questionText(
    _ question: Topic.Question, _ reference: QuestionReference, notes: inout [ExportNote]
  ) -> String {
    // GIFT cannot embed a picture: one at an http(s) address is linked, any other left out.
    guard
      case .linked(let url) = ExportPictureSource.of(
        question, reference, pictures: { _ in nil }, embeds: false, notes: &notes)
    else { return field(question.question) }
    return "[html]" + escaped("<p><img src=\"\(HTMLFragment.from(url))\" alt=\"\"></p>")
      + escaped(html(question.question))
  }

  /// The answer block's lines.
  private static func block(
    _ question: Topic.Question, mandatory: Bool, reference: QuestionReference, notes: inout [ExportNote]
  ) -> String {
    let right = Set(question.mergedCorrectAnswers.map(Int.init))
    if let numeric = question.numericAnswer, question.answers.allSatisfy({ NumericAnswer.parse($0) != nil }) {
      return "#\n"
        + question.answers.indices.map { index in
          right.contains(index)
            ? "=\(question.answers[index]):\(JSONWriter.format(numeric.tolerance))\n"
            : "=%0%\(question.answers[index])\n"
        }.joined()
    }
    if question.numericAnswer != nil {
      notes.append(.questionChanged(reference, how: .choicesNotAllNumbers))
    }
    if question.answers == ["True", "False"], right.count == 1 { return right.contains(0) ? "T\n" : "F\n" }
    if mandatory, right.count > 1,
      let shares = MoodleXMLExporter.Grades.shares(right: right.count, wrong: question.answers.count - right.count)
    {
      return question.answers.indices.map { index in
        "~%\(right.contains(index) ? shares.right : shares.wrong)%" + field(question.answers[index]) + "\n"
      }.joined()
    }
    return question.answers.indices.map { index in
      (right.contains(index) ? "=" : "~") + field(question.answers[index]) + "\n"
    }.joined()
  }

  /// A text for GIFT: marked `[html]`, as escaped HTML, GIFT's characters escaped.
  private static func field(_ text: String) -> String { "[html]" + escaped(html(text)) }

  /// `text` as HTML that shows it as it is; `[` as a reference, so that no text of the
  /// topic ever starts with a format marker Moodle would read.
  private static func html(_ text: String) -> String {
    HTMLFragment.from(text).replacingOccurrences(of: "[", with: "&#91;")
  }

  /// `~ = # { } : \` escaped; a line break `\n`.
  static func escaped(_ text: String) -> String {
    var output = ""
    for character in text {
      switch character {
      case "~", "=", "#", "{", "}", ":", "\\":
        output.append("\\")
        output.append(character)
      case "\n", "\r\n", "\r": output += "\\n"
      default: output.append(character)
      }
    }
    return output
  }

  private static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline).joined(separator: " ")
  }
}
