import QRQuiz

/// A topic as Aiken, as Moodle's Aiken importer and QRQuiz's own read it back: the
/// question's lines, its answers `A.` … `Z.` one a line, then `ANSWER: B`, and a blank
/// line. Aiken has one list and one right answer per question, no pictures, numbers or
/// explanations: every question it cannot hold is left out and named, the sets are
/// written one after another (said), and what is lost is said.
enum AikenExporter {
  static func export(_ topic: ValidTopic) -> TopicExporter.Exported {
    var notes = TopicExporter.settingsNotKept(topic.topic, format: .aiken)
    if topic.topic.sets.count > 1 {
      notes.append(.notKept(.sets(count: topic.topic.sets.count), format: .aiken))
    }
    let pictures = topic.topic.questions.filter { $0.imageURL != nil }.count
    if pictures > 0 {
      notes.append(.notKept(.pictures(questions: pictures), format: .aiken))
    }
    var text = ""
    for (setIndex, set) in topic.topic.sets.enumerated() {
      for (index, question) in set.enumerated() {
        let reference = QuestionReference(set: setIndex, question: index, text: question.question)
        if let problem = problem(question) {
          notes.append(.questionLeftOut(reference, why: problem))
          continue
        }
        if question.numericAnswer != nil {
          notes.append(.questionChanged(reference, how: .choicesNoTypedNumbers))
        }
        text += question.question.split(whereSeparator: \.isNewline).joined(separator: "\n") + "\n"
        for (answerIndex, answer) in question.answers.enumerated() { text += "\(letter(answerIndex)). \(answer)\n" }
        text += "ANSWER: \(letter(Int(question.mergedCorrectAnswers[0])))\n\n"
      }
    }
    return TopicExporter.Exported(bytes: Array(text.utf8), notes: notes)
  }

  /// Why Aiken cannot hold the question and read it back the same.
  private static func problem(_ question: Topic.Question) -> ExportNote.LeftOut? {
    if question.mergedCorrectAnswers.count > 1 { return .severalRightAnswers }
    if question.answers.count > 26 { return .moreThan26Answers }
    if question.answers.contains(where: { $0.contains(where: \.isNewline) }) { return .answerOfSeveralLines }
    let lines = question.question.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
      return .blankLineInQuestion
    }
    if lines.contains(where: { isAnswerLike($0) }) {
      return .lineReadsAsAnswer
    }
    return nil
  }

  /// `A. …`, `B) …`, `ANSWER: …`: a line Aiken reads as other than question text.
  private static func isAnswerLike(_ line: Substring) -> Bool {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    if trimmed.uppercased().hasPrefix("ANSWER:") { return true }
    guard trimmed.count >= 2, let first = trimmed.first, first.isASCII, first.isUppercase else { return false }
    let second = trimmed[trimmed.index(after: trimmed.startIndex)]
    return second == "." || second == ")"
  }

  private static func letter(_ index: Int) -> String { String(UnicodeScalar(UInt8(65 + index))) }
}
