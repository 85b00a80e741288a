import QRQuiz

/// Aiken (docs.moodle.org/en/Aiken_format): a question, its options `A.` or `A)` one per
/// line, then `ANSWER: B`. Blank lines between questions are allowed, not needed.
enum AikenParser {
  static func parse(_ text: String) throws(TopicImporter.Error) -> ImportedQuestions {
    var questions: [QuestionDraft] = []
    var issues: [ImportIssue] = []
    var current: (text: [String], options: [(letter: Character, text: String)], line: Int)?

    func finish(answer: String?, line: Int) {
      guard let question = current else { return }
      current = nil
      guard let answer else {
        issues.append(ImportIssue(line: question.line, reason: .missing("ANSWER: line")))
        return
      }
      let letters = question.options.map(\.letter)
      guard let index = letters.firstIndex(of: Character(answer.uppercased())), answer.count == 1 else {
        issues.append(ImportIssue(line: question.line, reason: .unknownCorrectAnswer(answer)))
        return
      }
      questions.append(
        QuestionDraft(
          text: question.text.joined(separator: "\n"), answers: question.options.map(\.text), correct: [index],
          line: question.line))
    }

    for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
      let number = offset + 1
      if line.isEmpty { continue }
      if line.uppercased().hasPrefix("ANSWER:") {
        if current == nil {
          issues.append(ImportIssue(line: number, reason: .missing("question before this ANSWER: line")))
          continue
        }
        finish(answer: line.dropFirst("ANSWER:".count).trimmingCharacters(in: .whitespaces), line: number)
        continue
      }
      if let option = option(in: line), current != nil, current!.options.count == letterIndex(option.letter) {
        current!.options.append(option)
        continue
      }
      if let question = current {
        if question.options.isEmpty {
          current!.text.append(line)
          continue
        }
        // Options, then text without an ANSWER line: the next question began.
        finish(answer: nil, line: number)
      }
      current = ([line], [], number)
    }
    finish(answer: nil, line: 0)
    var imported = ImportedQuestions()
    imported.issues = issues
    for question in questions { try imported.add(question, toSet: nil) }
    return imported
  }

  /// `A. text` or `A) text`.
  private static func option(in line: String) -> (letter: Character, text: String)? {
    guard line.count >= 2, let letter = line.first, letter.isASCII, letter.isUppercase else { return nil }
    let marker = line[line.index(after: line.startIndex)]
    guard marker == "." || marker == ")" else { return nil }
    return (letter, line.dropFirst(2).trimmingCharacters(in: .whitespaces))
  }

  private static func letterIndex(_ letter: Character) -> Int { Int(letter.asciiValue! - 65) }
}
