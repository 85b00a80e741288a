import Foundation
import QRQuiz

/// Moodle's GIFT format (docs.moodle.org/en/GIFT_format): questions separated by blank
/// lines, `//` comments, `::title::`, `$CATEGORY:` lines (each one starts a set), answer
/// blocks in braces with `=` right and `~` wrong answers, `#` feedback, true/false
/// (`{T}`), numeric (`{#1969:2}`, `{#1.5..2.5}`), missing-word questions (text after the
/// block), the text formats `[plain]`, `[html]`, `[moodle]`, `[markdown]` (the marker
/// dropped; `[html]` text shown as plain text, never as markup, `<br>` and block tags as
/// line breaks), and the escapes
/// `\= \~ \# \{ \} \:`. Matching, short-answer and essay questions have no form in the
/// app: they are reported.
///
/// Only a full-credit answer is right: `=` (or `~%100%`); in a question without one, the
/// positive weights that make up 100% together (`~%50%Grant ~%50%Grant's wife`). Partial
/// credit (`~%25%Bethlehem` beside `=Nazareth`) is a wrong answer in the app, which has
/// no half marks.
///
/// Feedback (`=Paris#Its capital since 987`, `{T#wrong's#right's}`) is kept as the
/// explanation when it is the right answer's, before the general feedback (`####`); the
/// wrong answers' is dropped, and said so in the notes (``GIFTParser+Feedback``).
struct GIFTParser {
  private let text: String
  /// Numbers without choices get seeded ones (GIFTParser+Numbers).
  var random: SeededRandom
  /// The level above each category's name, when it has one: the topic's name, when every
  /// category shares it (as QRQuiz's export writes `$course$/top/TOPIC/SET`).
  private var parents: [String?] = []
  /// Questions with several right answers of which any one is right, and of which every
  /// one is asked for.
  private var anyOneRight = 0
  private var everyRight = 0
  /// What the question read last left to say (feedback dropped, choices made up), for
  /// the notes.
  var pendingNotes: [ImportNote] = []
  /// The questions of the file read so far, imported or not (the notes count them as the
  /// file does: "question 4").
  var questionsRead = 0

  init(_ text: String, random: SeededRandom) {
    self.text = text
    self.random = random
  }

  mutating func parse() throws(TopicImporter.Error) -> ImportedQuestions {
    var imported = ImportedQuestions()
    // One block at a time, read and dropped: memory follows the topic, not the file.
    var parser = self
    try Self.forEachBlock(of: text) { (text, line) throws(TopicImporter.Error) in
      try parser.read(text, line: line, into: &imported)
    }
    random = parser.random
    if let parent = parser.parents.first ?? nil, parser.parents.allSatisfy({ $0 == parent }) {
      imported.suggestedName = parent
    }
    if parser.everyRight > 0 {
      imported.mandatoryMultipleAnswers = true
      imported.notes.append(.everyRightAnswerAsked(questions: parser.everyRight))
      if parser.anyOneRight > 0 { imported.notes.append(.anyRightAnswerNowAll(questions: parser.anyOneRight)) }
    }
    return imported
  }

  /// One block: a category line starts a set; anything else is a question (or not one).
  private mutating func read(_ text: String, line: Int, into imported: inout ImportedQuestions)
    throws(TopicImporter.Error)
  {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    if trimmed.hasPrefix("$CATEGORY:") {
      let levels = CategoryPath.levels(String(trimmed.dropFirst("$CATEGORY:".count)))
      imported.startSet(named: levels.last)
      parents.append(levels.count >= 2 ? levels[levels.count - 2] : nil)
      return
    }
    let parsed = question(in: trimmed, line: line)
    imported.notes += pendingNotes
    pendingNotes = []
    switch parsed {
    case .question(let draft):
      questionsRead += 1
      try imported.addToLastSet(draft)
    case .issue(let issue):
      questionsRead += 1
      imported.issues.append(issue)
    case .nothing: break
    }
  }

  /// Calls `body` with each question's text and first line, in order: blank lines separate
  /// questions, except inside an answer block; comment lines are dropped.
  private static func forEachBlock(
    of text: String, _ body: (String, Int) throws(TopicImporter.Error) -> Void
  ) throws(TopicImporter.Error) {
    var current: [String] = []
    var start = 0
    var depth = 0
    var number = 0
    var bytes = text.utf8.makeIterator()
    var lineBytes: [UInt8] = []
    var atEnd = false
    while !atEnd {
      // The next line, without its line break.
      lineBytes.removeAll(keepingCapacity: true)
      while true {
        guard let byte = bytes.next() else {
          atEnd = true
          break
        }
        if byte == UInt8(ascii: "\n") { break }
        lineBytes.append(byte)
      }
      if lineBytes.last == UInt8(ascii: "\r") { lineBytes.removeLast() }
      number += 1
      if atEnd, lineBytes.isEmpty { break }
      let line = String(decoding: lineBytes, as: UTF8.self)
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if depth == 0, trimmed.hasPrefix("//") { continue }
      if trimmed.isEmpty, depth == 0 {
        if !current.isEmpty { try body(current.joined(separator: "\n"), start) }
        current = []
        continue
      }
      if current.isEmpty { start = number }
      // A category line stands alone even without a blank line after it.
      if depth == 0, current.isEmpty, trimmed.hasPrefix("$CATEGORY:") {
        try body(trimmed, start)
        continue
      }
      current.append(line)
      depth += Self.braceBalance(Substring(line))
    }
    if depth > 0 { throw .syntax(line: start, .unclosedBrace) }
    if !current.isEmpty { try body(current.joined(separator: "\n"), start) }
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

  enum Parsed {
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
    let format = Self.textFormat(&text)
    guard let open = Self.unescapedIndex(of: "{", in: text),
      let close = Self.unescapedIndex(of: "}", in: text[text.index(after: open)...])
    else { return .nothing }  // a description: text without a question
    let before = Self.plain(Self.unescape(text[..<open]), format).trimmingCharacters(in: .whitespacesAndNewlines)
    let after = Self.plain(Self.unescape(text[text.index(after: close)...]), format)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    // A missing-word question keeps its text on both sides of a blank ("… in _____.").
    let gap = after.first.map { $0.isPunctuation && !"(¿¡\"'«“".contains($0) } == true ? "" : " "
    let questionText = after.isEmpty ? before : before + " _____" + gap + after
    var answerBlock = text[text.index(after: open)..<close].trimmingCharacters(in: .whitespacesAndNewlines)
    // General feedback (`####Because …`) is the explanation.
    var explanation: String?
    if let feedback = Self.unescapedRange(of: "####", in: Substring(answerBlock)) {
      explanation = Self.plain(Self.unescape(Substring(answerBlock)[feedback.upperBound...]), format)
        .trimmingCharacters(in: .whitespacesAndNewlines)
      answerBlock = String(answerBlock[..<feedback.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines)
    }
    // An [html] question's first picture (`<img src="https://…">`) is its picture.
    let picture = Self.pictures(Self.unescape(text[..<open]), format).first
    let parsed = parse(answerBlock, text: questionText, format: format, line: line)
    guard case .question(var draft) = parsed else { return parsed }
    // The right answer's feedback (in the draft), then the general feedback.
    draft.explanation = Self.joined([draft.explanation, explanation])
    draft.imageURL = picture
    return .question(draft)
  }

  /// The answer block of a question, without its general feedback.
  private mutating func parse(_ block: String, text questionText: String, format: String?, line: Int) -> Parsed {
    if block.isEmpty { return .issue(ImportIssue(line: line, reason: .unsupported(kind: "Essay"))) }
    if block.hasPrefix("#") { return numeric(questionText, block.dropFirst(), line: line) }
    let verdict = Self.feedbackStripped(Substring(block)).trimmingCharacters(in: .whitespaces).uppercased()
    if ["T", "TRUE", "F", "FALSE"].contains(verdict) {
      let isTrue = verdict.hasPrefix("T")
      var draft = QuestionDraft(text: questionText, answers: ["True", "False"], correct: [isTrue ? 0 : 1], line: line)
      let feedback = Self.trueFalseFeedback(Substring(block), format: format)
      draft.explanation = feedback.right
      if feedback.wrong != nil {
        pendingNotes.append(.answerFeedbackDropped(line: line, answers: [isTrue ? "False" : "True"]))
      }
      return .question(draft)
    }
    let answers = Self.answers(in: Substring(block), format: format)
    if answers.contains(where: { $0.text.contains("->") }) {
      return .issue(ImportIssue(line: line, reason: .unsupported(kind: "Matching")))
    }
    if !answers.isEmpty, answers.allSatisfy({ $0.marker == "=" }), answers.count >= 1, !block.contains("~") {
      return .issue(ImportIssue(line: line, reason: .unsupported(kind: "Short-answer")))
    }
    let right = Self.rightAnswers(answers)
    if right.count > 1 {
      // Several of full credit: any one is right (Moodle's single choice); shares of 100%:
      // every one is asked for (its multiple answer).
      if answers.contains(where: { $0.credit >= 100 }) { anyOneRight += 1 } else { everyRight += 1 }
    }
    var draft = QuestionDraft(text: questionText, answers: answers.map(\.text), correct: right, line: line)
    draft.explanation = Self.joined(right.sorted().map { answers[$0].feedback })
    let dropped = answers.indices.filter { !right.contains($0) && answers[$0].feedback != nil }
    if !right.isEmpty, !dropped.isEmpty {
      pendingNotes.append(.answerFeedbackDropped(line: line, answers: dropped.map { answers[$0].text }))
    }
    return .question(draft)
  }

  private struct Answer {
    var marker: Character
    /// The credit, in percent (`~%50%`); `nil` when none is written.
    var weight: Double?
    var text: String
    /// What a student who picks it is told (`~Rome#That is Italy's`); `nil` when nothing.
    var feedback: String?

    /// The credit it gives: `=` is full credit unless a weight says otherwise; `~` none.
    var credit: Double { weight ?? (marker == "=" ? 100 : 0) }
  }

  /// The answers the app marks right: those of full credit; in a question without one, the
  /// positive ones when together they make up full credit (a multiple-answer question).
  private static func rightAnswers(_ answers: [Answer]) -> Set<Int> {
    let full = Set(answers.indices.filter { answers[$0].credit >= 100 })
    if !full.isEmpty { return full }
    let positive = answers.indices.filter { answers[$0].credit > 0 }
    let total = positive.reduce(0) { $0 + answers[$1].credit }
    return abs(total - 100) < 0.5 ? Set(positive) : []
  }

  /// A question's text format marker (`[html]`, `[moodle]`, `[plain]`, `[markdown]`),
  /// taken off the front of `text`.
  private static func textFormat(_ text: inout Substring) -> String? {
    for marker in ["[html]", "[moodle]", "[plain]", "[markdown]"] where text.lowercased().hasPrefix(marker) {
      text = text.dropFirst(marker.count)
      return marker
    }
    return nil
  }

  /// Text as students read it: an `[html]` (or `[moodle]`, which allows HTML) text as
  /// ``HTMLText`` reads it, so no markup ever reaches a topic and `One<br>two` stays two
  /// words (in `[moodle]` text a line break is one, as Moodle shows it); with
  /// `singleLine` (an answer), breaks are spaces.
  static func plain(_ text: String, _ format: String?, singleLine: Bool = false) -> String {
    switch format {
    case "[html]": HTMLText.plain(text, singleLine: singleLine)
    case "[moodle]": HTMLText.plain(text, sourceBreaks: .lineBreak, singleLine: singleLine)
    default: text
    }
  }

  /// The pictures' addresses of an `[html]` (or `[moodle]`) text.
  private static func pictures(_ text: String, _ format: String?) -> [String] {
    format == "[html]" || format == "[moodle]" ? HTMLText.read(text).pictures : []
  }

  /// The answers of a block: each starts at an unescaped `=` or `~`.
  private static func answers(in block: Substring, format: String?) -> [Answer] {
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
        if let current { answers.append(answer(current.marker, current.text, format: format)) }
        current = (character, "")
        continue
      }
      current?.text.append(character)
    }
    if let current { answers.append(answer(current.marker, current.text, format: format)) }
    return answers
  }

  private static func answer(_ marker: Character, _ raw: String, format: String?) -> Answer {
    var text = Substring(feedbackStripped(Substring(raw))).drop { $0.isWhitespace }
    var weight: Double?
    if text.hasPrefix("%"), let end = text.dropFirst().firstIndex(of: "%") {
      weight = Double(text[text.index(after: text.startIndex)..<end])
      text = text[text.index(after: end)...].drop { $0.isWhitespace }
    }
    // An answer may have its own format marker (`=[plain]blue`).
    let answerFormat = textFormat(&text) ?? format
    return Answer(
      marker: marker, weight: weight,
      text: plain(unescape(text), answerFormat, singleLine: true).trimmingCharacters(in: .whitespacesAndNewlines),
      feedback: feedback(Substring(raw), format: format))
  }

  /// The text before an unescaped `#` (feedback follows it).
  static func feedbackStripped(_ text: Substring) -> Substring {
    guard let hash = unescapedIndex(of: "#", in: text) else { return text }
    return text[..<hash]
  }
}
