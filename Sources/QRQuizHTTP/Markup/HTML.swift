internal import QRQuizEscaping

/// Markup built safely by construction, as GRDB builds SQL: in an `HTML` literal, every
/// interpolated `String` is escaped (in text and in double-quoted attribute values alike),
/// numbers are written as numbers, and only other `HTML` values go in as markup. A page
/// cannot forget to escape: there is nothing to remember.
///
/// ```swift
/// let name = "<script>alert(1)</script>"
/// let item: HTML = "<li class=\"name\">\(name)</li>"
/// print(item)
/// ```
///
/// The literal parts are markup: they are written in this module's source. Markup from
/// anywhere else enters only through ``trustedMarkup(_:)``, the one raw spelling.
public struct HTML: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
  /// The markup.
  public private(set) var markup: String

  private init(markup: String) { self.markup = markup }

  /// Nothing.
  public static let empty = HTML(markup: "")

  /// Markup taken as it is, unescaped: for markup this program made itself and that did
  /// not come from a literal. Every use is a place to review; `grep trustedMarkup`.
  public static func trustedMarkup(_ markup: String) -> HTML { HTML(markup: markup) }

  public init(stringLiteral value: String) { markup = value }

  public init(stringInterpolation: StringInterpolation) { markup = stringInterpolation.markup }

  public var description: String { markup }

  /// Whether there is no markup at all.
  public var isEmpty: Bool { markup.isEmpty }

  /// `parts` one after the other, with `separator` between them.
  public static func joined(_ parts: some Sequence<HTML>, separator: HTML = .empty) -> HTML {
    var markup = ""
    var first = true
    for part in parts {
      if !first { markup += separator.markup }
      markup += part.markup
      first = false
    }
    return HTML(markup: markup)
  }

  /// An HTML literal's pieces: literal markup as it is, values escaped.
  public struct StringInterpolation: StringInterpolationProtocol {
    var markup: String

    public init(literalCapacity: Int, interpolationCount: Int) {
      markup = ""
      markup.reserveCapacity(literalCapacity + interpolationCount * 16)
    }

    public mutating func appendLiteral(_ literal: String) { markup += literal }

    /// Text: escaped.
    public mutating func appendInterpolation(_ text: String) { HTML.escape(text, into: &markup) }

    /// Text: escaped.
    public mutating func appendInterpolation(_ text: Substring) { HTML.escape(String(text), into: &markup) }

    /// Markup: as it is.
    public mutating func appendInterpolation(_ html: HTML) { markup += html.markup }

    /// Markup, or nothing.
    public mutating func appendInterpolation(_ html: HTML?) { markup += html?.markup ?? "" }

    /// Pieces of markup, one after the other.
    public mutating func appendInterpolation(_ parts: [HTML]) { for part in parts { markup += part.markup } }

    /// A whole number.
    public mutating func appendInterpolation(_ number: Int) { markup += String(number) }

    /// A same-site address: already percent-encoded, and escaped here for the attribute.
    public mutating func appendInterpolation(_ path: SitePath) { HTML.escape(path.value, into: &markup) }
  }

  /// `text` safe inside an element or a double-quoted attribute. Control characters and
  /// the bidirectional overrides that can make text read differently than it is are
  /// replaced, not passed on.
  public static func escape(_ text: String) -> String { MarkupText.escaped(text) }

  /// Appends `text` to `escaped`, escaped as ``escape(_:)`` does.
  public static func escape(_ text: String, into escaped: inout String) { MarkupText.escape(text, into: &escaped) }
}
