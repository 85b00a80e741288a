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
    for candidate in candidates {
      // A wrong-answer part (`~`, with its own feedback) after the number is not part of it:
      // `{#3:2~#Completely wrong}` is 3 ± 2.
      let number = Self.unescapedIndex(of: "~", in: candidate).map { candidate[..<$0] } ?? candidate
      var entry = Self.feedbackStripped(number).trimmingCharacters(in: .whitespacesAndNewlines)
      if entry.hasPrefix("%0%") {
        let choice = String(entry.dropFirst(3)).split(separator: ":").first.map(String.init) ?? ""
        if NumericAnswer.parse(choice) != nil { choices.append(choice.trimmingCharacters(in: .whitespaces)) }
        continue
      }
      if entry.hasPrefix("%") {
        guard entry.hasPrefix("%100%") else { continue }
        entry = String(entry.dropFirst(5))
      }
      guard right == nil, let answer = Self.numericAnswer(entry) else { continue }
      let written = entry.contains("..") ? JSONWriter.format(answer.value) : String(entry.prefix { $0 != ":" })
      right = (answer, written.trimmingCharacters(in: .whitespaces))
      rightPosition = choices.count
      choices.append(right!.written)
    }
    guard let right else { return .issue(ImportIssue(line: line, reason: .missing("number in the numeric answer"))) }
    if choices.count > 1 {
      return .question(
        QuestionDraft(text: text, answers: choices, correct: [rightPosition], numericAnswer: right.answer, line: line))
    }
    let (answers, position) = NumericChoices.generate(for: right.answer, random: &random)
    return .question(
      QuestionDraft(text: text, answers: answers, correct: [position], numericAnswer: right.answer, line: line))
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
