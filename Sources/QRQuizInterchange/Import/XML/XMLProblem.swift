import QRQuiz

/// Why a file is not XML this program reads, at a line of it.
public enum XMLProblem: Sendable, Hashable, CustomStringConvertible {
  /// Not well-formed: what was expected or found.
  case malformed(String)
  /// A document type declaration (`<!DOCTYPE`, `<!ENTITY`): never read, so no entity can
  /// expand ("billion laughs") and no external file or address is ever opened. Moodle
  /// never writes one.
  case documentType
  /// An entity reference other than XML's own five and character references (`&nbsp;`
  /// outside CDATA): XML without a document type has no others.
  case unknownEntity(String)
  /// Elements nested deeper than the limit.
  case tooDeep(limit: Int)
  /// An element with more attributes than the limit, or a name longer than it.
  case tooLong(what: String, limit: Int)
  /// An end tag that closes another element than the one open.
  case mismatchedTag(open: String, closing: String)
  /// The text ends with elements still open.
  case unclosed(String)
  /// A character XML 1.0 forbids (a control character such as U+0001, U+FFFE), written as
  /// itself or as a reference (`&#1;`).
  case forbiddenCharacter(UInt32)

  public var description: String {
    switch self {
    case .malformed(let what): "not well-formed XML: \(what)"
    case .documentType:
      "a document type declaration (<!DOCTYPE or <!ENTITY) is not read: entities could expand without end "
        + "or open other files; Moodle XML has none"
    case .unknownEntity(let name): "the entity &\(name); is not XML's (write it as a character, or inside CDATA)"
    case .tooDeep(let limit): "elements nested more than \(limit) deep"
    case .tooLong(let what, let limit): "\(what) longer than \(limit)"
    case .mismatchedTag(let open, let closing): "</\(closing)> closes <\(open)>"
    case .unclosed(let name): "<\(name)> is never closed"
    case .forbiddenCharacter(let value):
      "the character U+\(String(value, radix: 16, uppercase: true).leftPadded(to: 4)) is not allowed in XML 1.0"
    }
  }
}

extension String {
  /// `1` → `0001`.
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
