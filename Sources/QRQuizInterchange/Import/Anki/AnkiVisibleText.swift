import Foundation

/// A question's text as a reader sees it, folded (case, accents, width, runs of spaces), to
/// tell whether a wrong answer would be one of its own words: a wrong choice the question
/// shows gives the answer away, or is plainly not wrong.
struct AnkiVisibleText {
  private let folded: String

  init(_ text: String) { folded = Self.fold(text) }

  /// Whether `text`, folded, stands in the question as whole words (not inside a longer
  /// word: "Rome" is not in "Romeo").
  func shows(_ text: String) -> Bool {
    let needle = Self.fold(text)
    guard !needle.isEmpty else { return false }
    var searchStart = folded.startIndex
    while let found = folded.range(of: needle, range: searchStart..<folded.endIndex) {
      let before = found.lowerBound == folded.startIndex ? nil : folded[folded.index(before: found.lowerBound)]
      let after = found.upperBound == folded.endIndex ? nil : folded[found.upperBound]
      if !Self.isWordCharacter(before), !Self.isWordCharacter(after) { return true }
      searchStart = folded.index(after: found.lowerBound)
    }
    return false
  }

  private static func isWordCharacter(_ character: Character?) -> Bool {
    guard let character else { return false }
    return character.isLetter || character.isNumber
  }

  private static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
      .split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
