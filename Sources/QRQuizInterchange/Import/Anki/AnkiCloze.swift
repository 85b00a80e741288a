import Foundation

/// The text of an Anki note of the Cloze type (`Paris is the capital of {{c1::France}}`,
/// `{{c2::Rome::a city}}`): a question per cloze number, that number's deletions shown as
/// a blank, `[…]`, or as `[hint]` when the deletion gives one, the other numbers' deletions
/// shown as their text, as Anki shows the card; the answer the deletions' text. Read on the
/// field's HTML before it is reduced to text, as Anki reads it.
///
/// Read one way or not at all: a deletion left open (`{{c1::Paris`), one inside another
/// (`{{c1::a {{c2::b}} }}`, which only recent Ankis show), an empty one, a number that is not
/// 1 or more, a text with a second `::` (the hint or the answer?), or a closing `}}}` (does the
/// brace belong to the answer?) is a ``Problem``, and the importer leaves the note out,
/// naming it: a question whose key might be other than the deck meant is never made.
struct AnkiCloze {
  /// A piece of the text: plain HTML, or a deletion.
  enum Segment: Hashable {
    case text(String)
    case deletion(number: Int, answer: String, hint: String?)
  }

  /// Why a cloze text is not read.
  enum Problem: Error, Hashable, CustomStringConvertible {
    case unterminated(number: Int)
    case nested(number: Int)
    case empty(number: Int)
    case badNumber(String)
    case secondSeparator(number: Int)
    case braceAfter(number: Int)
    case noDeletion

    var description: String {
      switch self {
      case .unterminated(let number): "its cloze c\(number) has no closing '}}'"
      case .nested(let number): "its cloze c\(number) holds another cloze"
      case .empty(let number): "its cloze c\(number) has no text to answer"
      case .badNumber(let text): "'{{c\(text)::' is not a cloze number from 1 to 999"
      case .secondSeparator(let number): "its cloze c\(number) has a second '::' (is it the answer's or the hint's?)"
      case .braceAfter(let number): "its cloze c\(number) ends in '}}}' (is the brace the answer's?)"
      case .noDeletion: "a Cloze note with no cloze ({{c1::…}}) in its first field"
      }
    }
  }

  /// The highest cloze number read (Anki's own limit is far above any real note).
  static let maximumNumber = 999

  let segments: [Segment]

  /// Reads `html`, a Cloze note's first field.
  ///
  /// - Throws: ``Problem``.
  init(_ html: String) throws(Problem) {
    var segments: [Segment] = []
    var text = ""
    var rest = html[...]
    while let open = rest.range(of: "{{c") {
      let afterC = rest[open.upperBound...]
      let digits = afterC.prefix { $0.isASCII && $0.isNumber }
      let afterDigits = afterC.dropFirst(digits.count)
      // `{{c` not followed by digits and `::` is no deletion: text, as Anki shows it.
      guard !digits.isEmpty, afterDigits.hasPrefix("::") else {
        text += rest[..<open.upperBound]
        rest = afterC
        continue
      }
      guard digits.count <= 3, let number = Int(digits), (1...Self.maximumNumber).contains(number) else {
        throw .badNumber(String(digits.prefix(8)))
      }
      text += rest[..<open.lowerBound]
      let body = afterDigits.dropFirst(2)
      guard let close = body.range(of: "}}") else { throw .unterminated(number: number) }
      let inside = body[..<close.lowerBound]
      guard !inside.contains("{{") else { throw .nested(number: number) }
      guard !body[close.upperBound...].hasPrefix("}") else { throw .braceAfter(number: number) }
      let parts = inside.components(separatedBy: "::")
      guard parts.count <= 2 else { throw .secondSeparator(number: number) }
      guard !HTMLText.plain(parts[0], singleLine: true).trimmingCharacters(in: .whitespaces).isEmpty else {
        throw .empty(number: number)
      }
      let hint = parts.count == 2 && !HTMLText.plain(parts[1]).trimmingCharacters(in: .whitespaces).isEmpty
      if !text.isEmpty { segments.append(.text(text)) }
      text = ""
      segments.append(.deletion(number: number, answer: parts[0], hint: hint ? parts[1] : nil))
      rest = body[close.upperBound...]
    }
    text += rest
    if !text.isEmpty { segments.append(.text(text)) }
    guard segments.contains(where: { if case .deletion = $0 { true } else { false } }) else { throw .noDeletion }
    self.segments = segments
  }

  /// Whether `html` holds what reads as a deletion (`{{c1::`): how a note is told to be a
  /// cloze when its collection does not say which note types are.
  static func hasDeletion(_ html: String) -> Bool {
    var rest = html[...]
    while let open = rest.range(of: "{{c") {
      let afterC = rest[open.upperBound...]
      let digits = afterC.prefix { $0.isASCII && $0.isNumber }
      if !digits.isEmpty, afterC.dropFirst(digits.count).hasPrefix("::") { return true }
      rest = afterC
    }
    return false
  }

  /// The cloze numbers, in increasing order: a question each.
  var numbers: [Int] {
    Set(segments.compactMap { if case .deletion(let number, _, _) = $0 { number } else { nil } }).sorted()
  }

  /// The question of cloze `number`, as HTML: its deletions blank (`[…]`, or `[hint]`),
  /// the others' text shown.
  func question(_ number: Int) -> String {
    segments.map { segment in
      switch segment {
      case .text(let html): html
      case .deletion(number, _, let hint?): "[" + hint + "]"
      case .deletion(number, _, nil): "[…]"
      case .deletion(_, let answer, _): answer
      }
    }.joined()
  }

  /// The answers of cloze `number`, as HTML, in the text's order (a number may blank
  /// several places: the card asks them all).
  func answers(_ number: Int) -> [String] {
    segments.compactMap { segment in
      if case .deletion(number, let answer, _) = segment { answer } else { nil }
    }
  }
}
