import Foundation
import QRQuiz

/// GIFT's numeric answers: `{#1969}`, `{#1969:2}`, `{#1.5..2.5}`, their weights, and the
/// choices the app shows for them.
extension GIFTParser {
  /// `{#1969}`, `{#1969:2}`, `{#1.5..2.5}`, `{#=1969 =%50%1970:1}`: the first full-credit
  /// answer, asked as a number; the app gets four choices, one of them the number. Numbers
  /// of no credit (`{#=%0%1959 =1969 =%0%1972}`, as QRQuiz's export writes a question's
  /// other choices) are the choices, in their order, as written.
  mutating func numeric(_ text: String, _ block: Substring, line: Int) -> Parsed {
    var candidates = [Substring(block)]
    if block.contains("=") { candidates = block.split(separator: "=").map { $0 } }
    var right: (answer: NumericAnswer, written: String)?
    var choices: [String] = []
    var rightPosition = 0
    // Feedback: the right number's is the explanation; the others' is dropped, by answer.
    var explanation: String?
    var dropped: [String] = []
    var droppedForAnyOther = false
    for candidate in candidates {
      // A wrong-answer part (`~`, with its own feedback) after the number is not part of it:
      // `{#3:2~#Completely wrong}` is 3 ± 2.
      let wrongPart = Self.unescapedIndex(of: "~", in: candidate)
      if let wrongPart, Self.feedback(candidate[wrongPart...], format: nil) != nil { droppedForAnyOther = true }
      let number = wrongPart.map { candidate[..<$0] } ?? candidate
      var entry = Self.feedbackStripped(number).trimmingCharacters(in: .whitespacesAndNewlines)
      let feedback = Self.feedback(number, format: nil)
      if entry.hasPrefix("%0%") {
        let choice = String(entry.dropFirst(3)).split(separator: ":").first.map(String.init) ?? ""
        if NumericAnswer.parse(choice) != nil { choices.append(choice.trimmingCharacters(in: .whitespaces)) }
        if feedback != nil { dropped.append(choice.trimmingCharacters(in: .whitespaces)) }
        continue
      }
      if entry.hasPrefix("%") {
        guard entry.hasPrefix("%100%") else {
          // Partial credit, a wrong number in the app: its feedback is a wrong answer's.
          let number = entry.dropFirst().drop { $0 != "%" }.dropFirst()
          if feedback != nil { dropped.append(String(number.prefix { $0 != ":" })) }
          continue
        }
        entry = String(entry.dropFirst(5))
      }
      guard right == nil, let answer = Self.numericAnswer(entry) else {
        if feedback != nil, !entry.isEmpty { dropped.append(entry) }
        continue
      }
      let written = entry.contains("..") ? JSONWriter.format(answer.value) : String(entry.prefix { $0 != ":" })
      right = (answer, written.trimmingCharacters(in: .whitespaces))
      rightPosition = choices.count
      choices.append(right!.written)
      explanation = feedback
    }
    guard let right else { return .issue(ImportIssue(line: line, reason: .missing("number in the numeric answer"))) }
    if !dropped.isEmpty || droppedForAnyOther {
      pendingNotes.append(.answerFeedbackDropped(line: line, answers: dropped, anyOtherAnswer: droppedForAnyOther))
    }
    if choices.count > 1 {
      return .question(
        QuestionDraft(
          text: text, answers: choices, correct: [rightPosition], numericAnswer: right.answer,
          explanation: explanation, line: line))
    }
    let (answers, position) = NumericChoices.generate(for: right.answer, random: &random)
    pendingNotes.append(
      .madeUpChoices(
        question: questionsRead + 1, line: line, number: right.written,
        choices: answers.indices.filter { $0 != position }.map { answers[$0] }))
    var draft = QuestionDraft(
      text: text, answers: answers, correct: [position], numericAnswer: right.answer, explanation: explanation,
      line: line)
    draft.madeUpAnswers = Set(answers.indices.filter { $0 != position })
    return .question(draft)
  }

  private static func numericAnswer(_ entry: String) -> NumericAnswer? {
    if let range = entry.range(of: "..") {
      let lowText = String(entry[..<range.lowerBound])
      let highText = String(entry[range.upperBound...])
      guard let low = NumericAnswer.parse(lowText), let high = NumericAnswer.parse(highText), low <= high else {
        return nil
      }
      // Kept with the precision it was written in: 3.141..3.142 is 3.1415 ± 0.0005, not
      // 3.1414999999999997 ± 0.0004999999999999449.
      let decimals = max(Self.decimals(lowText), Self.decimals(highText)) + 1
      return NumericAnswer(
        value: Self.rounded((low + high) / 2, decimals), tolerance: Self.rounded((high - low) / 2, decimals))
    }
    let parts = entry.split(separator: ":", maxSplits: 1).map(String.init)
    guard let value = parts.first.flatMap(NumericAnswer.parse) else { return nil }
    let tolerance = parts.count > 1 ? NumericAnswer.parse(parts[1]).map(abs) ?? 0 : 0
    return NumericAnswer(value: value, tolerance: tolerance)
  }

  /// Digits after the decimal point of a number as written (`3.141` → 3, `1e3` → 0).
  private static func decimals(_ text: String) -> Int {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard !trimmed.lowercased().contains("e"), let point = trimmed.firstIndex(of: ".") else { return 0 }
    return trimmed[trimmed.index(after: point)...].prefix { $0.isNumber }.count
  }

  /// `value` to `decimals` places: the double nearest the decimal number meant.
  private static func rounded(_ value: Double, _ decimals: Int) -> Double {
    let scale = pow(10, Double(min(decimals, 15)))
    return (value * scale).rounded() / scale
  }
}
