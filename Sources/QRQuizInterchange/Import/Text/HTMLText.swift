import QRQuiz

/// HTML (a GIFT `[html]` text, a Moodle question) as a student reads it, in plain text:
/// tags dropped, never shown; `<br>` and block tags (`<p>`, `<div>`, `<li>`, headings …)
/// a line break, table cells and pictures a space, so words on either side never run
/// together; spaces and source line breaks collapsed as a browser does; character
/// references decoded last, so `&lt;b&gt;` stays the text `<b>`. Comments and the content
/// of `<script>` and `<style>` are dropped; a `<` that starts no tag (`2 < 3`, `a <= b`)
/// is text. One pass, never looking back: linear in the text, whatever it holds.
enum HTMLText {
  /// What a line break in the HTML source means.
  enum SourceBreaks {
    /// A space, as in HTML.
    case space
    /// A line break (Moodle's auto-format, GIFT's `[moodle]`).
    case lineBreak
  }

  /// The tags that end a line.
  static let blockTags: Set<String> = [
    "br", "p", "div", "li", "ul", "ol", "dl", "dt", "dd", "tr", "table", "thead", "tbody", "h1", "h2", "h3", "h4",
    "h5", "h6", "blockquote", "pre", "hr", "section", "article", "header", "footer", "figure", "figcaption",
  ]
  /// The tags that end a word.
  static let wordBreakTags: Set<String> = ["td", "th", "img"]

  /// `html` in plain text; with `singleLine`, line breaks are spaces (an answer).
  static func plain(_ html: String, sourceBreaks: SourceBreaks = .space, singleLine: Bool = false) -> String {
    read(html, sourceBreaks: sourceBreaks, singleLine: singleLine).text
  }

  /// `html` in plain text, and the addresses of its pictures (`<img src>`), in order.
  static func read(
    _ html: String, sourceBreaks: SourceBreaks = .space, singleLine: Bool = false
  ) -> (text: String, pictures: [String]) {
    var reader = HTMLTagReader(html)
    var output = PlainTextBuilder()
    var pictures: [String] = []
    var skippingUntil: String?
    while let piece = reader.next() {
      switch piece {
      case .character(let character):
        if skippingUntil != nil { continue }
        if character == "\n" || character == "\r\n" || character == "\r" {
          sourceBreaks == .lineBreak ? output.lineBreak() : output.space()
        } else if character.isWhitespace, character != "\u{A0}" {
          output.space()
        } else {
          output.append(character)
        }
      case .tag(let name, let isClosing, let source):
        if let source, skippingUntil == nil { pictures.append(HTMLEntities.decode(source)) }
        if let until = skippingUntil {
          if isClosing, name == until { skippingUntil = nil }
        } else if !isClosing, name == "script" || name == "style" {
          skippingUntil = name
        } else if blockTags.contains(name) {
          output.lineBreak()
        } else if wordBreakTags.contains(name) {
          output.space()
        }
      }
    }
    return (HTMLEntities.decode(output.text(singleLine: singleLine)), pictures)
  }
}

/// The characters and tags of HTML, in order, read in one pass: `<` starts a tag only
/// before a letter (`<b`), `/` and a letter (`</b`) or `!` (a comment or declaration);
/// a tag ends at the first `>` outside quotes; one left open at the end is dropped, as
/// browsers drop it. An `<img>`'s `src` comes with it, its references not yet decoded.
struct HTMLTagReader {
  enum Piece: Equatable {
    case character(Character)
    /// A tag's lower-case name (empty for a declaration such as `<!DOCTYPE html>`), and
    /// for an `<img>` its `src`.
    case tag(name: String, isClosing: Bool, source: String?)
  }

  private let text: String
  private var index: String.Index
  /// Characters stepped over so far: the work done, which stays linear in the text.
  private(set) var steps = 0

  init(_ text: String) {
    self.text = text
    index = text.startIndex
  }

  mutating func next() -> Piece? {
    guard index < text.endIndex else { return nil }
    let character = advance()
    guard character == "<", let first = peek(0) else { return .character(character) }
    if first == "!" {
      if text[index...].hasPrefix("!--") {
        skipComment()
        return next()
      }
      _ = skipTag(keeping: nil)
      return .tag(name: "", isClosing: false, source: nil)
    }
    let isClosing = first == "/"
    guard let start = isClosing ? peek(1) : first, start.isASCII, start.isLetter else { return .character("<") }
    if isClosing { _ = advance() }
    var name = ""
    while let letter = peek(0), letter.isASCII, letter.isLetter || letter.isNumber {
      name.append(advance())
    }
    let lowercased = name.lowercased()
    let source = skipTag(keeping: lowercased == "img" && !isClosing ? "src" : nil)
    return .tag(name: lowercased, isClosing: isClosing, source: source)
  }

  private mutating func advance() -> Character {
    let character = text[index]
    index = text.index(after: index)
    steps += 1
    return character
  }

  /// Past `!--…-->`, or to the end when the comment is never closed.
  private mutating func skipComment() {
    for _ in 0..<3 { _ = advance() }
    var dashes = 0
    while index < text.endIndex {
      let character = advance()
      if character == ">", dashes >= 2 { return }
      dashes = character == "-" ? dashes + 1 : 0
    }
  }

  private mutating func peek(_ offset: Int) -> Character? {
    steps += 1
    var position = index
    for _ in 0..<offset {
      guard position < text.endIndex else { return nil }
      position = text.index(after: position)
    }
    return position < text.endIndex ? text[position] : nil
  }

  /// Past the tag's attributes and its `>`; the value of attribute `kept`, if asked for
  /// and there (quoted or not).
  private mutating func skipTag(keeping kept: String?) -> String? {
    var quote: Character?
    var attribute = ""
    var nameEnded = false
    var value: String?
    var found: String?
    func endValue() {
      if let value, attribute == kept, found == nil { found = value }
      attribute = ""
      nameEnded = false
      value = nil
    }
    while index < text.endIndex {
      let character = advance()
      if let open = quote {
        if character == open {
          quote = nil
          endValue()
        } else {
          value?.append(character)
        }
      } else if character == ">" {
        endValue()
        return found
      } else if character == "=", value == nil {
        value = ""
      } else if value == "", character == "\"" || character == "'" {
        quote = character
      } else if character.isWhitespace {
        // Spaces end a name or an unquoted value; around "=" they are nothing.
        if value == nil { nameEnded = !attribute.isEmpty } else if value != "" { endValue() }
      } else if value != nil {
        value?.append(character)
      } else {
        if nameEnded {
          attribute = ""
          nameEnded = false
        }
        attribute.append(contentsOf: character.lowercased())
      }
    }
    return found
  }
}

/// Plain text made piece by piece: runs of spaces become one, spaces beside a line break
/// go, runs of line breaks become one, none at either end.
private struct PlainTextBuilder {
  private var lines: [String] = []
  private var line = ""
  private var pendingSpace = false

  mutating func append(_ character: Character) {
    if pendingSpace, !line.isEmpty { line.append(" ") }
    pendingSpace = false
    line.append(character)
  }

  mutating func space() { pendingSpace = true }

  mutating func lineBreak() {
    if !line.isEmpty { lines.append(line) }
    line = ""
    pendingSpace = false
  }

  func text(singleLine: Bool) -> String {
    (line.isEmpty ? lines : lines + [line]).joined(separator: singleLine ? " " : "\n")
  }
}
