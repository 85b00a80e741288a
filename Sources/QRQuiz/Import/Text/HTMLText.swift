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
    var reader = HTMLTagReader(html)
    var output = PlainTextBuilder()
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
      case .tag(let name, let isClosing):
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
    return HTMLEntities.decode(output.text(singleLine: singleLine))
  }
}

/// The characters and tags of HTML, in order, read in one pass: `<` starts a tag only
/// before a letter (`<b`), `/` and a letter (`</b`) or `!` (a comment or declaration);
/// a tag ends at the first `>` outside quotes; one left open at the end is dropped, as
/// browsers drop it.
struct HTMLTagReader {
  enum Piece: Equatable {
    case character(Character)
    /// A tag's lower-case name (empty for a declaration such as `<!DOCTYPE html>`).
    case tag(name: String, isClosing: Bool)
  }

  private let text: String
  private var index: String.Index

  init(_ text: String) {
    self.text = text
    index = text.startIndex
  }

  mutating func next() -> Piece? {
    guard index < text.endIndex else { return nil }
    let character = text[index]
    index = text.index(after: index)
    guard character == "<", let first = peek(0) else { return .character(character) }
    if first == "!" {
      if text[index...].hasPrefix("!--") {
        index = text[index...].range(of: "-->")?.upperBound ?? text.endIndex
        return next()
      }
      skipTag()
      return .tag(name: "", isClosing: false)
    }
    let isClosing = first == "/"
    guard let start = isClosing ? peek(1) : first, start.isASCII, start.isLetter else { return .character("<") }
    if isClosing { index = text.index(after: index) }
    var name = ""
    while let letter = peek(0), letter.isASCII, letter.isLetter || letter.isNumber {
      name.append(letter)
      index = text.index(after: index)
    }
    skipTag()
    return .tag(name: name.lowercased(), isClosing: isClosing)
  }

  private func peek(_ offset: Int) -> Character? {
    var position = index
    for _ in 0..<offset {
      guard position < text.endIndex else { return nil }
      position = text.index(after: position)
    }
    return position < text.endIndex ? text[position] : nil
  }

  /// Past the tag's attributes and its `>`.
  private mutating func skipTag() {
    var quote: Character?
    while index < text.endIndex {
      let character = text[index]
      index = text.index(after: index)
      if let open = quote {
        if character == open { quote = nil }
      } else if character == "\"" || character == "'" {
        quote = character
      } else if character == ">" {
        return
      }
    }
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
