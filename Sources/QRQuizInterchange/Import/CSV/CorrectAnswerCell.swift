import Foundation
import QRQuiz

/// What the numbers and letters in a spreadsheet's correct column mean.
public enum CorrectAnswerReading: String, Sendable, Hashable, CaseIterable {
  /// Answer positions: `2` and `B` are the second answer (Kahoot!'s and Quizizz's way).
  case position
  /// Answer texts: `2` is the answer written "2"; a letter or number that is no answer's
  /// text is still a position.
  case text
}

/// A correct-answer cell read against its row's answers: `B`, `2`, `Paris`, or several
/// separated by `,`, `;` or `|` (`A;C`, Kahoot!'s `1,3`).
///
/// A cell can mean two things: `1` in a row whose answers are `2, 3, 4, 1` is the first
/// answer by position and the fourth by text. A template says which (its numbers are
/// positions), or the person importing does (``CorrectAnswerReading``); otherwise a cell
/// whose two readings name different answers is refused, never guessed.
enum CorrectAnswerCell {
  /// What a cell names.
  enum Reading: Equatable {
    /// These answers (0-based).
    case answers(Set<Int>)
    /// Some part names no answer.
    case unknown
    /// Different answers by position and by text.
    case ambiguous(byPosition: Set<Int>, byText: Set<Int>)
  }

  /// Reads `cell` against `answers`, as `reading` says (`nil`: refuse a cell that reads
  /// two ways).
  static func read(_ cell: String, answers: [String], reading: CorrectAnswerReading?) -> Reading {
    let tokens = cell.split(whereSeparator: { ",;|".contains($0) }).map {
      $0.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }
    let byPosition = positions(tokens, answerCount: answers.count)
    let byText = texts(cell, tokens, answers: answers)
    switch reading {
    case .position:
      switch byPosition {
      case .answers(let found): return .answers(found)
      case .outOfRange: return .unknown
      case .notPositions:
        // A number is a position here, never an answer's text, even beside a text ("1, Paris").
        if tokens.contains(where: { Int($0) != nil }) { return .unknown }
        return byText.map(Reading.answers) ?? .unknown
      }
    case .text:
      if let byText { return .answers(byText) }
      if case .answers(let found) = byPosition { return .answers(found) }
      return .unknown
    case nil:
      switch (byPosition, byText) {
      case (.answers(let positions), let texts?) where positions != texts:
        return .ambiguous(byPosition: positions, byText: texts)
      case (.answers(let positions), _): return .answers(positions)
      case (_, let texts?): return .answers(texts)
      default: return .unknown
      }
    }
  }

  private enum Positions {
    case answers(Set<Int>)
    /// A number or letter past the last answer.
    case outOfRange
    /// Some token is neither a number nor a single letter.
    case notPositions
  }

  /// Every token a 1-based number or a letter (`A` the first answer).
  private static func positions(_ tokens: [String], answerCount: Int) -> Positions {
    guard !tokens.isEmpty else { return .notPositions }
    var found: Set<Int> = []
    for token in tokens {
      if let number = Int(token) {
        found.insert(number - 1)
      } else if token.count == 1, let letter = token.uppercased().first, letter.isASCII, letter.isLetter {
        found.insert(Int(letter.asciiValue! - 65))
      } else {
        return .notPositions
      }
    }
    return found.allSatisfy((0..<answerCount).contains) ? .answers(found) : .outOfRange
  }

  /// The whole cell as an answer's text, else every token one (exactly, else ignoring case).
  /// Each token is looked up in a table of the answers, so a cell of many tokens in a row of
  /// many answers stays linear.
  private static func texts(_ cell: String, _ tokens: [String], answers: [String]) -> Set<Int>? {
    if let exact = answers.firstIndex(of: cell) { return [exact] }
    guard !tokens.isEmpty else { return nil }
    var exact: [String: Int] = [:]
    var folded: [String: Int] = [:]
    for (index, answer) in answers.enumerated().reversed() {
      exact[answer] = index
      folded[Self.folded(answer)] = index
    }
    var found: Set<Int> = []
    for token in tokens {
      guard let index = exact[token] ?? folded[Self.folded(token)] else { return nil }
      found.insert(index)
    }
    return found
  }

  /// Text as a case-insensitive comparison sees it.
  private static func folded(_ text: String) -> String { text.folding(options: .caseInsensitive, locale: nil) }
}
