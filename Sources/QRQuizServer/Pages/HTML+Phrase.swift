import QRQuiz
import QRQuizHTTP

extension HTML {
  /// A catalogue phrase as markup: its text escaped, with `markup` arguments (a `<code>`,
  /// a link) in their places and the other arguments escaped.
  public static func phrase<Book: PhraseBook>(
    _ phrase: Book, in language: Language, _ arguments: [String: MessageArgument] = [:],
    markup: [String: HTML] = [:]
  ) -> HTML {
    var output = ""
    phrase.template(in: language).render(
      counts: { arguments[$0]?.count },
      literal: { escape($0, into: &output) },
      argument: { name in
        if let html = markup[name] {
          output += html.markup
        } else {
          escape(arguments[name]?.text ?? "", into: &output)
        }
      })
    // Made here of escaped text and the markup given.
    return .trustedMarkup(output)
  }
}
