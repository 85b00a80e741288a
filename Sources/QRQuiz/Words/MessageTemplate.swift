/// One message of a catalogue: plain text with named placeholders, `{name}`, and plural
/// choices, `{count, plural, one {# question} other {# questions}}` (`#` is the number),
/// the ICU MessageFormat subset a translator needs for English and Spanish. A whole
/// sentence is one message, so a translation can order its words as its language does.
///
/// The web pages fill their phrases in the browser with the same grammar, written once
/// more in JavaScript (`Sources/QRQuizServer/Assets/Scripts/message-format.js`); both
/// pass the cases of `Tests/QRQuizTestSupport/Fixtures/message-templates.json`.
///
/// ```swift
/// let template = try MessageTemplate("{count, plural, one {# pregunta} other {# preguntas}}")
/// print(template.text(["count": 2]))
/// ```
public struct MessageTemplate: Sendable, Hashable {
  /// A piece of the message.
  public enum Part: Sendable, Hashable {
    /// Text as written.
    case text(String)
    /// The value of an argument.
    case argument(String)
    /// `one` when the argument is 1, else `other` (the rule of English and Spanish).
    case plural(String, one: [Part], other: [Part])
  }

  /// Why a message does not parse.
  public struct SyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, and where.
    public var description: String
  }

  /// The message's pieces.
  public let parts: [Part]

  /// Parses `source`. Braces only open placeholders; `'{'` is a literal brace.
  ///
  /// - Throws: ``SyntaxError`` for an unclosed brace or a plural without `one` and `other`.
  public init(_ source: String) throws(SyntaxError) {
    var reader = Reader(characters: Array(source))
    parts = try reader.parts(inPlural: nil)
    guard reader.isAtEnd else { throw SyntaxError(description: "unbalanced '}' in \"\(source)\"") }
  }

  /// Every argument the message names (placeholders and plural counts).
  public var argumentNames: Set<String> { Self.names(in: parts) }

  private static func names(in parts: [Part]) -> Set<String> {
    var names: Set<String> = []
    for part in parts {
      switch part {
      case .text: break
      case .argument(let name): names.insert(name)
      case .plural(let name, let one, let other): names.formUnion([name] + Self.names(in: one) + Self.names(in: other))
      }
    }
    return names
  }

  /// Walks the message with `arguments`, handing each literal piece and each argument's
  /// name to the writer (which escapes or formats them for its output).
  public func render(
    counts: (String) -> Int?, literal: (String) -> Void, argument: (String) -> Void
  ) {
    Self.render(parts, counts: counts, literal: literal, argument: argument)
  }

  private static func render(
    _ parts: [Part], counts: (String) -> Int?, literal: (String) -> Void, argument: (String) -> Void
  ) {
    for part in parts {
      switch part {
      case .text(let text): literal(text)
      case .argument(let name): argument(name)
      case .plural(let name, let one, let other):
        render(counts(name) == 1 ? one : other, counts: counts, literal: literal, argument: argument)
      }
    }
  }

  /// The message as plain text with `arguments` in place (a missing one stays `{name}`).
  public func text(_ arguments: [String: MessageArgument] = [:]) -> String {
    var output = ""
    render(
      counts: { arguments[$0]?.count }, literal: { output += $0 },
      argument: { output += arguments[$0]?.text ?? "{\($0)}" })
    return output
  }

  /// Parses a message's characters, one level of braces at a time.
  private struct Reader {
    let characters: [Character]
    var index = 0

    var isAtEnd: Bool { index >= characters.count }

    /// Parts up to the end, or up to the `}` closing a plural branch (`#` then stands for
    /// the plural's argument).
    mutating func parts(inPlural name: String?) throws(SyntaxError) -> [Part] {
      var parts: [Part] = []
      var text = ""
      func flush() {
        if !text.isEmpty { parts.append(.text(text)) }
        text = ""
      }
      while index < characters.count {
        let character = characters[index]
        switch character {
        case "}":
          flush()
          return parts
        case "{":
          flush()
          index += 1
          parts.append(try placeholder())
          continue
        case "'"
        where index + 2 < characters.count && characters[index + 2] == "'"
          && "{}#".contains(characters[index + 1]):
          text.append(characters[index + 1])
          index += 3
          continue
        case "#" where name != nil:
          flush()
          parts.append(.argument(name!))
        default:
          text.append(character)
        }
        index += 1
      }
      flush()
      return parts
    }

    /// After `{`: `name}` or `name, plural, one {…} other {…}}`.
    mutating func placeholder() throws(SyntaxError) -> Part {
      let name = word()
      guard !name.isEmpty else { throw SyntaxError(description: "a placeholder without a name at \(index)") }
      skipSpaces()
      if take("}") { return .argument(name) }
      guard take(","), word() == "plural", take(",") else {
        throw SyntaxError(description: "'{\(name)' must be closed or be a plural")
      }
      var branches: [String: [Part]] = [:]
      while true {
        skipSpaces()
        if take("}") { break }
        let key = word()
        skipSpaces()
        guard !key.isEmpty, take("{") else {
          throw SyntaxError(description: "a plural branch of '\(name)' is malformed")
        }
        branches[key] = try parts(inPlural: name)
        guard take("}") else { throw SyntaxError(description: "a plural branch of '\(name)' is not closed") }
      }
      guard let one = branches["one"], let other = branches["other"], branches.count == 2 else {
        throw SyntaxError(description: "the plural of '\(name)' needs exactly 'one' and 'other'")
      }
      return .plural(name, one: one, other: other)
    }

    mutating func word() -> String {
      skipSpaces()
      var word = ""
      while index < characters.count,
        characters[index].isLetter || characters[index].isNumber || characters[index] == "_"
      {
        word.append(characters[index])
        index += 1
      }
      return word
    }

    mutating func skipSpaces() {
      while index < characters.count, characters[index] == " " { index += 1 }
    }

    mutating func take(_ character: Character) -> Bool {
      skipSpaces()
      guard index < characters.count, characters[index] == character else { return false }
      index += 1
      return true
    }
  }
}

/// A value for a message's placeholder.
public enum MessageArgument: Sendable, Hashable, ExpressibleByStringInterpolation, ExpressibleByIntegerLiteral {
  /// Text, shown as it is (escaped by whatever shows it).
  case text(String)
  /// A whole number: shown in digits, and what plural choices count.
  case number(Int)

  public init(stringLiteral value: String) { self = .text(value) }
  public init(integerLiteral value: Int) { self = .number(value) }

  /// The value as text.
  public var text: String {
    switch self {
    case .text(let text): text
    case .number(let number): String(number)
    }
  }

  /// The value as a count for plural choices.
  public var count: Int? {
    if case .number(let number) = self { return number }
    return nil
  }
}
