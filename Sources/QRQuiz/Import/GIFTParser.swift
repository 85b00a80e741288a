import Foundation

/// Moodle's GIFT format (docs.moodle.org/en/GIFT_format): questions separated by blank
/// lines, `//` comments, `::title::`, `$CATEGORY:` lines (each one starts a set), answer
/// blocks in braces with `=` right and `~` wrong answers (a positive `~%50%` weight counts
/// as right), `#` feedback, true/false (`{T}`), numeric (`{#1969:2}`, `{#1.5..2.5}`),
/// missing-word questions (text after the block), and the escapes `\= \~ \# \{ \} \:`.
/// Matching, short-answer and essay questions have no form in the app: they are reported.
struct GIFTParser {
  private let lines: [Substring]
  private var random: SeededRandom

  init(_ text: String, random: inout SeededRandom) {
    lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.hasSuffix("\r") ? $0.dropLast() : $0
    }
    self.random = random
  }

  mutating func parse() throws(TopicImporter.Error) -> ImportedQuestions {
    var sets = [ImportedSet(name: nil, questions: [])]
    var issues: [ImportIssue] = []
    for block in try blocks() {
      let trimmed = block.text.trimmingCharacters(in: .whitespacesAndNewlines)
      if trimmed.hasPrefix("$CATEGORY:") {
        let path = trimmed.dropFirst("$CATEGORY:".count).trimmingCharacters(in: .whitespaces)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        sets.append(ImportedSet(name: name.isEmpty ? nil : name, questions: []))
        continue
      }
      switch question(in: trimmed, line: block.line) {
      case .question(let draft): sets[sets.count - 1].questions.append(draft)
      case .issue(let issue): issues.append(issue)
      case .nothing: break
      }
    }
    return ImportedQuestions(sets: sets.filter { !$0.questions.isEmpty }, issues: issues)
  }

  /// The questions' texts with their first lines: blank lines separate questions, except
  /// inside an answer block; comment lines are dropped.
  private func blocks() throws(TopicImporter.Error) -> [(text: String, line: Int)] {
    var blocks: [(String, Int)] = []
    var current: [Substring] = []
    var start = 0
    var depth = 0
    for (index, line) in lines.enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if depth == 0, trimmed.hasPrefix("//") { continue }
      if trimmed.isEmpty, depth == 0 {
        if !current.isEmpty { blocks.append((current.joined(separator: "\n"), start)) }
        current = []
        continue
      }
      if current.isEmpty { start = index + 1 }
      // A category line stands alone even without a blank line after it.
      if depth == 0, current.isEmpty, trimmed.hasPrefix("$CATEGORY:") {
        blocks.append((String(trimmed), start))
        continue
      }
      current.append(line)
      depth += Self.braceBalance(line)
    }
    if depth > 0 { throw .syntax(line: start, .unclosedBrace) }
    if !current.isEmpty { blocks.append((current.joined(separator: "\n"), start)) }
    return blocks
  }

  /// Unescaped `{` minus unescaped `}` on a line.
  private static func braceBalance(_ line: Substring) -> Int {
    var balance = 0
    var escaped = false
    for character in line {
      if escaped {
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "{" {
        balance += 1
      } else if character == "}" {
        balance -= 1
      }
    }
    return balance
  }

  private enum Parsed {
    case question(QuestionDraft)
    case issue(ImportIssue)
    case nothing
  }

  private mutating func question(in block: String, line: Int) -> Parsed {
    var text = Substring(block)
    // ::title:: comes first; it names the question in Moodle, and is not shown.
    if text.hasPrefix("::"), let end = Self.unescapedRange(of: "::", in: text.dropFirst(2)) {
      text = text[end.upperBound...]
    }
    text = text.drop { $0.isWhitespace }
    for marker in ["[html]", "[moodle]", "[plain]", "[markdown]"] where text.lowercased().hasPrefix(marker) {
      text = text.dropFirst(marker.count)
    }
    guard let open = Self.unescapedIndex(of: "{", in: text),
      let close = Self.unescapedIndex(of: "}", in: text[text.index(after: open)...])
    else { return .nothing }  // a description: text without a question
    let before = Self.unescape(text[..<open]).trimmingCharacters(in: .whitespacesAndNewlines)
    let after = Self.unescape(text[text.index(after: close)...]).trimmingCharacters(in: .whitespacesAndNewlines)
    // A missing-word question keeps its text on both sides of a blank.
    let questionText = after.isEmpty ? before : before + " _____ " + after
    let block = text[text.index(after: open)..<close].trimmingCharacters(in: .whitespacesAndNewlines)
    if block.isEmpty { return .issue(ImportIssue(line: line, reason: .unsupported(kind: "Essay"))) }
    if block.hasPrefix("#") { return numeric(questionText, block.dropFirst(), line: line) }
    let verdict = Self.feedbackStripped(Substring(block)).trimmingCharacters(in: .whitespaces).uppercased()
    if ["T", "TRUE", "F", "FALSE"].contains(verdict) {
      let isTrue = verdict.hasPrefix("T")
      return .question(
        QuestionDraft(text: questionText, answers: ["True", "False"], correct: [isTrue ? 0 : 1], line: line))
    }
    let answers = Self.answers(in: Substring(block))
    if answers.contains(where: { $0.text.contains("->") }) {
      return .issue(ImportIssue(line: line, reason: .unsupported(kind: "Matching")))
    }
    if !answers.isEmpty, answers.allSatisfy({ $0.marker == "=" }), answers.count >= 1, !block.contains("~") {
      return .issue(ImportIssue(line: line, reason: .unsupported(kind: "Short-answer")))
    }
    let correct = Set(answers.indices.filter { answers[$0].isCorrect })
    return .question(QuestionDraft(text: questionText, answers: answers.map(\.text), correct: correct, line: line))
  }

  private struct Answer {
    var marker: Character
    var weight: Double?
    var text: String
    var isCorrect: Bool { marker == "=" ? (weight ?? 100) > 0 : (weight ?? 0) > 0 }
  }

  /// The answers of a block: each starts at an unescaped `=` or `~`.
  private static func answers(in block: Substring) -> [Answer] {
    var answers: [Answer] = []
    var current: (marker: Character, text: String)?
    var escaped = false
    for character in block {
      if escaped {
        current?.text.append("\\")
        current?.text.append(character)
        escaped = false
        continue
      }
      if character == "\\" {
        escaped = true
        continue
      }
      if character == "=" || character == "~" {
        if let current { answers.append(answer(current.marker, current.text)) }
        current = (character, "")
        continue
      }
      current?.text.append(character)
    }
    if let current { answers.append(answer(current.marker, current.text)) }
    return answers
  }

  private static func answer(_ marker: Character, _ raw: String) -> Answer {
    var text = Substring(feedbackStripped(Substring(raw))).drop { $0.isWhitespace }
    var weight: Double?
    if text.hasPrefix("%"), let end = text.dropFirst().firstIndex(of: "%") {
      weight = Double(text[text.index(after: text.startIndex)..<end])
      text = text[text.index(after: end)...]
    }
    return Answer(marker: marker, weight: weight, text: unescape(text).trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// The text before an unescaped `#` (feedback follows it).
  private static func feedbackStripped(_ text: Substring) -> Substring {
    guard let hash = unescapedIndex(of: "#", in: text) else { return text }
    return text[..<hash]
  }

  /// `{#1969}`, `{#1969:2}`, `{#1.5..2.5}`, `{#=1969 =%50%1970:1}`: the first full-credit
  /// answer, asked as a number; the app gets four choices, one of them the number.
  private mutating func numeric(_ text: String, _ block: Substring, line: Int) -> Parsed {
    var candidates = [Substring(block)]
    if block.contains("=") { candidates = block.split(separator: "=").map { $0 } }
    for candidate in candidates {
      var entry = Self.feedbackStripped(candidate).trimmingCharacters(in: .whitespacesAndNewlines)
      if entry.hasPrefix("%") {
        guard entry.hasPrefix("%100%") else { continue }
        entry = String(entry.dropFirst(5))
      }
      guard let answer = Self.numericAnswer(entry) else { continue }
      return .question(choices(for: answer, text: text, line: line))
    }
    return .issue(ImportIssue(line: line, reason: .missing("number in the numeric answer")))
  }

  private static func numericAnswer(_ entry: String) -> NumericAnswer? {
    if let range = entry.range(of: "..") {
      guard let low = NumericAnswer.parse(String(entry[..<range.lowerBound])),
        let high = NumericAnswer.parse(String(entry[range.upperBound...])), low <= high
      else { return nil }
      return NumericAnswer(value: (low + high) / 2, tolerance: (high - low) / 2)
    }
    let parts = entry.split(separator: ":", maxSplits: 1).map(String.init)
    guard let value = parts.first.flatMap(NumericAnswer.parse) else { return nil }
    let tolerance = parts.count > 1 ? NumericAnswer.parse(parts[1]).map(abs) ?? 0 : 0
    return NumericAnswer(value: value, tolerance: tolerance)
  }

  /// The number and three wrong numbers outside its tolerance, in a seeded order, written
  /// with as many decimals as the number (3.14 gets 3.10, 3.12, 3.16, not 3.7680000000000002).
  private mutating func choices(for answer: NumericAnswer, text: String, line: Int) -> QuestionDraft {
    let written = JSONWriter.format(answer.value)
    let decimals = written.split(separator: ".").dropFirst().first.map { $0.prefix { $0.isNumber }.count } ?? 0
    let unit = pow(10, -Double(decimals))
    // Far enough apart to be outside the tolerance, in whole units.
    let step = ((answer.tolerance * 2 + unit) / unit).rounded(.up) * unit
    let offsets = [-2.0, -1, 1, 2].shuffled(using: &random).prefix(3)
    var answers = offsets.map { offset in
      let value = ((answer.value + offset * step) / unit).rounded() * unit
      return decimals == 0 ? JSONWriter.format(value) : String(format: "%.\(decimals)f", value)
    }
    let position = Int.random(in: 0...answers.count, using: &random)
    answers.insert(written, at: position)
    return QuestionDraft(text: text, answers: answers, correct: [position], numericAnswer: answer, line: line)
  }

  // MARK: Escapes

  private static let escapable: Set<Character> = ["=", "~", "#", "{", "}", ":", "\\"]

  /// `\=` and the other escapes made plain; `\n` a line break.
  static func unescape(_ text: Substring) -> String {
    var output = ""
    var escaped = false
    for character in text {
      if escaped {
        if character == "n" {
          output.append("\n")
        } else {
          if !escapable.contains(character) { output.append("\\") }
          output.append(character)
        }
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else {
        output.append(character)
      }
    }
    if escaped { output.append("\\") }
    return output
  }

  private static func unescapedIndex(of target: Character, in text: Substring) -> Substring.Index? {
    var escaped = false
    for index in text.indices {
      let character = text[index]
      if escaped {
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == target {
        return index
      }
    }
    return nil
  }

  private static func unescapedRange(of target: String, in text: Substring) -> Range<Substring.Index>? {
    var escaped = false
    var index = text.startIndex
    while index < text.endIndex {
      if escaped {
        escaped = false
      } else if text[index] == "\\" {
        escaped = true
      } else if text[index...].hasPrefix(target) {
        return index..<text.index(index, offsetBy: target.count)
      }
      index = text.index(after: index)
    }
    return nil
  }
}
