/// A topic as Aiken, as Moodle's Aiken importer and QRQuiz's own read it back: the
/// question's lines, its answers `A.` … `Z.` one a line, then `ANSWER: B`, and a blank
/// line. Aiken has one list and one right answer per question, no pictures, numbers or
/// explanations: every question it cannot hold is left out and named, the sets are
/// written one after another (said), and what is lost is said.
enum AikenExporter {
  static func export(_ topic: ValidTopic) -> TopicExporter.Exported {
    var notes = TopicExporter.settingsNotKept(topic.topic, format: "Aiken")
    if topic.topic.sets.count > 1 {
      notes.append(
        .notKept(
          what: "the sets",
          why: "Aiken holds one list: the \(topic.topic.sets.count) sets are written one after another"))
    }
    let pictures = topic.topic.questions.filter { $0.imageURL != nil }.count
    if pictures > 0 {
      notes.append(
        .notKept(what: "imageURL", why: "Aiken has no pictures (\(Plural.count(pictures, "question")) had one)"))
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
          notes.append(.questionChanged(reference, how: "written as its choices: Aiken has no typed numbers"))
        }
        text += question.question.split(whereSeparator: \.isNewline).joined(separator: "\n") + "\n"
        for (answerIndex, answer) in question.answers.enumerated() { text += "\(letter(answerIndex)). \(answer)\n" }
        text += "ANSWER: \(letter(Int(question.mergedCorrectAnswers[0])))\n\n"
      }
    }
    return TopicExporter.Exported(bytes: Array(text.utf8), notes: notes)
  }

  /// Why Aiken cannot hold the question and read it back the same.
  private static func problem(_ question: Topic.Question) -> String? {
    if question.mergedCorrectAnswers.count > 1 { return "Aiken has one right answer a question" }
    if question.answers.count > 26 { return "Aiken has answers A to Z" }
    if question.answers.contains(where: { $0.contains(where: \.isNewline) }) {
      return "Aiken has answers of one line"
    }
    let lines = question.question.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
      return "Aiken reads a blank line as the end of a question"
    }
    if lines.contains(where: { isAnswerLike($0) }) {
      return "a line of its text reads as an answer or an ANSWER: line"
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
