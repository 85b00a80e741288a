import Foundation

/// Finding text the way people type a search: every word must appear, in any order,
/// ignoring case and diacritics ("cafe" finds "Café", "ZURICH" finds "Zürich").
///
/// A query is a stranger's text: its words are searched once each however often they are
/// repeated, and only the first ``maximumWords`` distinct ones of its first
/// ``maximumQueryLength`` characters count, so the work a query causes is bounded by the
/// text searched, not by the query.
public struct TextSearch: Sendable, Hashable {
  /// Characters of a query that are read; the rest is ignored.
  public static let maximumQueryLength = 256
  /// Distinct words of a query that are searched for; the rest are ignored.
  public static let maximumWords = 16

  /// The distinct words searched for, folded, in the order typed.
  public let words: [String]

  /// A search for the words of `query` (split at spaces).
  public init(_ query: String) {
    var seen: Set<String> = []
    var words: [String] = []
    var read = query.prefix(Self.maximumQueryLength)
    // A word cut by the limit is not searched for: it is not what was typed.
    if read.count < query.count, !query[read.endIndex].isWhitespace {
      read = read[..<(read.lastIndex(where: \.isWhitespace) ?? read.startIndex)]
    }
    for part in read.split(whereSeparator: \.isWhitespace) {
      let word = Self.fold(String(part))
      guard !word.isEmpty, seen.insert(word).inserted else { continue }
      words.append(word)
      if words.count == Self.maximumWords { break }
    }
    self.words = words
  }

  /// Whether every word appears somewhere in `texts` together.
  public func matches(_ texts: [String]) -> Bool { matches(folded: Self.searchable(texts)) }

  /// Whether every word appears in `text`.
  public func matches(_ text: String) -> Bool { matches([text]) }

  /// Whether every word appears in `text` made by ``searchable(_:)``: for text searched
  /// again and again (a served library), folded once.
  public func matches(folded text: String) -> Bool {
    !words.isEmpty && words.allSatisfy { text.contains($0) }
  }

  /// `texts` folded into one text to search, each apart from the next (no word matches
  /// across two of them).
  public static func searchable(_ texts: [String]) -> String { texts.map(fold).joined(separator: "\n") }

  /// `text` as a search compares it: case, accents and width folded away.
  public static func fold(_ text: String) -> String {
    // ASCII has no accents or widths to fold: its folding is its lower case, and Swift's
    // own is tens of times faster than Foundation's (a big topic's search text is made on
    // every save).
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
    return text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
  }
}
