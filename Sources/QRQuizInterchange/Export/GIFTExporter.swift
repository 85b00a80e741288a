import QRQuiz

/// A topic as GIFT, as Moodle's GIFT importer and QRQuiz's own read it back: a
/// `$CATEGORY: $course$/top/TOPIC/SET` per set; `=` for each right answer and `~` for the
/// others (a question that asks for every right answer gives them equal shares, `~%50%`,
/// and the wrong ones as much taken back); `{T}`/`{F}` for True/False; `{#=1969:0
/// =%0%1970 …}` for a typed number, its other choices of no credit, in order; `####` the
/// explanation. A question with a picture is written as `[html]` with an `<img>`; the others
/// as plain text, `[plain]` when they hold `<` or `&`. The special characters `~ = # { } :`
/// and `\` are escaped, line breaks written `\n`.
enum GIFTExporter {
  static func export(_ topic: ValidTopic) -> TopicExporter.Exported {
    var notes = TopicExporter.settingsNotKept(topic.topic, format: .gift, keeps: ["explanation"])
    let mandatory = topic.topic.options?.multipleCorrectAnswersAsMandatory == true
    var text = "// \(oneLine(topic.name)), written by qrquiz\n\n"
    for (setIndex, set) in topic.topic.sets.enumerated() {
      text += "$CATEGORY: \(TopicExporter.categoryPath(topic, set: setIndex))\n\n"
      for (index, question) in set.enumerated() {
        let reference = QuestionReference(set: setIndex, question: index, text: question.question)
        if let problem = problem(question) {
          notes.append(.questionLeftOut(reference, why: problem))
          continue
        }
        text += "::Q\(setIndex + 1)-\(index + 1)::" + questionText(question) + " {\n"
        text += block(question, mandatory: mandatory, reference: reference, notes: &notes)
        if let explanation = question.explanation {
          text += "####" + field(explanation, html: question.imageURL != nil) + "\n"
        }
        text += "}\n\n"
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

  private static func questionText(_ question: Topic.Question) -> String {
    guard let url = question.imageURL else {
      let plain = question.question.contains("<") || question.question.contains("&")
      return (plain ? "[plain]" : "") + field(question.question, html: false)
    }
    return "[html]" + escaped("<p><img src=\"\(HTMLFragment.from(url))\" alt=\"\"></p>")
      + field(question.question, html: true)
  }

  /// The answer block's lines.
  private static func block(
    _ question: Topic.Question, mandatory: Bool, reference: QuestionReference, notes: inout [ExportNote]
  ) -> String {
    let right = Set(question.mergedCorrectAnswers.map(Int.init))
    let html = question.imageURL != nil
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
        "~%\(right.contains(index) ? shares.right : shares.wrong)%" + field(question.answers[index], html: html) + "\n"
      }.joined()
    }
    return question.answers.indices.map { index in
      (right.contains(index) ? "=" : "~") + field(question.answers[index], html: html) + "\n"
    }.joined()
  }

  /// Text for GIFT: as HTML in an `[html]` question, escaped, line breaks as `\n`.
  private static func field(_ text: String, html: Bool) -> String {
    escaped(html ? HTMLFragment.from(text) : text)
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
