import Foundation
import QRQuiz

/// Quizlet's export ("Export" on a set: term and definition separated by a tab, or a
/// separator of one's choosing; cards by a line break, or another separator, for
/// definitions of several lines), pasted or saved. Each card becomes a question asking
/// its term, in the file's order, whose right answer is its definition and whose wrong
/// answers are other cards' definitions, drawn at random (seeded) as `generate image-quiz`
/// draws names: one for flash cards (`qrquiz cards` shows the term, then the definition),
/// more with ``Options/answers`` for a quiz.
enum QuizletImporter {
  /// How the cards are written, and how many answers each question gets.
  struct Options: Sendable, Hashable {
    /// Between a term and its definition.
    var termSeparator = "\t"
    /// Between cards; a line break matches `\r\n` too.
    var cardSeparator = "\n"
    /// Answers per question: 2 (flash cards: the definition and one other) unless a quiz
    /// asks for more.
    var answers = 2
  }

  static func parse(
    _ text: String, options: Options, random: inout SeededRandom
  ) throws(TopicImporter.Error) -> ImportedQuestions {
    var imported = ImportedQuestions()
    let text = text.replacingOccurrences(of: "\r\n", with: "\n")
    var cards: [(term: String, definition: String, line: Int)] = []
    func lineBreaks(_ text: String) -> Int { text.reduce(0) { $1.isNewline ? $0 + 1 : $0 } }
    var line = 1
    for card in text.components(separatedBy: options.cardSeparator) {
      defer { line += lineBreaks(card) + lineBreaks(options.cardSeparator) }
      let trimmed = card.trimmingCharacters(in: .whitespacesAndNewlines)
      if trimmed.isEmpty { continue }
      guard let separator = card.range(of: options.termSeparator) else {
        imported.issues.append(
          ImportIssue(line: line, reason: .missing("separator between the term and its definition")))
        continue
      }
      cards.append(
        (
          String(card[..<separator.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines),
          String(card[separator.upperBound...]).trimmingCharacters(in: .whitespacesAndNewlines), line
        ))
    }
    // Sorted once: the seed alone decides the draws, whatever order the cards came in.
    let definitions = Set(cards.map(\.definition).filter { !$0.isEmpty }).sorted()
    guard definitions.count >= options.answers else {
      throw .tooFewCards(definitions: definitions.count, answers: options.answers)
    }
    for card in cards {
      var answers = ImageQuizGenerator.otherNames(
        options.answers - 1, from: definitions, besides: card.definition, using: &random)
      let position = Int.random(in: 0...answers.count, using: &random)
      answers.insert(card.definition, at: position)
      try imported.add(
        QuestionDraft(text: card.term, answers: answers, correct: [position], line: card.line), toSet: nil)
    }
    return imported
  }
}
