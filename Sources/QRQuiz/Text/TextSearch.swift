import Foundation

/// Finding text the way people type a search: every word must appear, in any order,
/// ignoring case and diacritics ("cafe" finds "Café", "ZURICH" finds "Zürich").
public struct TextSearch: Sendable, Hashable {
  /// The words searched for, folded.
  public let words: [String]

  /// A search for the words of `query` (split at spaces).
  public init(_ query: String) {
    words = query.split(whereSeparator: \.isWhitespace).map { Self.fold(String($0)) }.filter { !$0.isEmpty }
  }

  /// Whether every word appears somewhere in `texts` together.
  public func matches(_ texts: [String]) -> Bool {
    let folded = texts.map(Self.fold)
    return !words.isEmpty && words.allSatisfy { word in folded.contains { $0.contains(word) } }
  }

  /// Whether every word appears in `text`.
  public func matches(_ text: String) -> Bool { matches([text]) }

  static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
  }
}
