/// A set of phrases with one catalogue per ``Language``: an enum whose cases name the
/// messages, and a table of ``MessageTemplate`` sources per language. Every front end
/// renders the same phrase, so a word is written once per language, not once per screen.
///
/// The tests check that every catalogue has every phrase, that each parses, and that each
/// names the same arguments in every language.
public protocol PhraseBook: CaseIterable, Hashable, Sendable, RawRepresentable where RawValue == String {
  /// The message sources of `language`, by phrase.
  static func catalogue(_ language: Language) -> [Self: String]
}

extension PhraseBook {
  /// The phrase's template in `language` (English when that catalogue lacks it).
  public func template(in language: Language) -> MessageTemplate {
    let source = Self.catalogue(language)[self] ?? Self.catalogue(.english)[self] ?? rawValue
    // The catalogues are checked by the tests; a broken one shows its source rather than
    // stopping a page or a game.
    return (try? MessageTemplate(source)) ?? MessageTemplate.literal(source)
  }

  /// The phrase as plain text in `language`, with `arguments` in place.
  public func text(in language: Language, _ arguments: [String: MessageArgument] = [:]) -> String {
    template(in: language).text(arguments)
  }
}

extension MessageTemplate {
  /// A message that is its source, unparsed.
  static func literal(_ source: String) -> MessageTemplate {
    // A source without braces always parses.
    (try? MessageTemplate(source.replacingOccurrences(of: "{", with: "'{'").replacingOccurrences(of: "}", with: "'}'")))
      ?? (try! MessageTemplate(""))
  }
}

/// The phrases of one book in one language: `words(.questions, ["count": 3])`.
public struct Words<Book: PhraseBook>: Sendable {
  /// The language spoken.
  public let language: Language

  /// The phrases of `Book` in `language`.
  public init(_ language: Language) { self.language = language }

  /// The phrase as plain text, with `arguments` in place.
  public func callAsFunction(_ phrase: Book, _ arguments: [String: MessageArgument] = [:]) -> String {
    phrase.text(in: language, arguments)
  }
}
