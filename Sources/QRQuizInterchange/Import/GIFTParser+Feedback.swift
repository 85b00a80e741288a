import QRQuiz

/// GIFT's feedback on answers (`=Paris#Its capital since 987`, `~Rome#That is Italy's`,
/// `{T#said to a wrong answer#said to the right one}`): the app shows one explanation after
/// the verdict, so the right answer's feedback becomes it and the wrong answers' is left
/// out, said in the import's notes.
extension GIFTParser {
  /// The feedback after an answer's first unescaped `#`, as students read it; `nil` when
  /// there is none (or only spaces).
  static func feedback(_ raw: Substring, format: String?) -> String? {
    guard let hash = unescapedIndex(of: "#", in: raw) else { return nil }
    let text = plain(unescape(raw[raw.index(after: hash)...]), format).trimmingCharacters(in: .whitespacesAndNewlines)
    return text.isEmpty ? nil : text
  }

  /// A true/false block's feedback, `{T#wrong#right}` as Moodle's importer reads it: what a
  /// wrong answer is told, then what the right one is.
  static func trueFalseFeedback(_ block: Substring, format: String?) -> (wrong: String?, right: String?) {
    guard let first = unescapedIndex(of: "#", in: block) else { return (nil, nil) }
    let rest = block[block.index(after: first)...]
    let second = unescapedIndex(of: "#", in: rest)
    func read(_ text: Substring) -> String? {
      let plain = plain(unescape(text), format).trimmingCharacters(in: .whitespacesAndNewlines)
      return plain.isEmpty ? nil : plain
    }
    return (read(second.map { rest[..<$0] } ?? rest), second.map { read(rest[rest.index(after: $0)...]) } ?? nil)
  }

  /// Texts one after another, each on its own line, the same one once; `nil` for none.
  static func joined(_ texts: [String?]) -> String? {
    var seen: [String] = []
    for case let text? in texts where !text.isEmpty && !seen.contains(text) { seen.append(text) }
    return seen.isEmpty ? nil : seen.joined(separator: "\n")
  }
}
