import Foundation
import QRQuiz
import Testing

/// Every phrase of a book rendered in every language, its placeholders all filled.
package enum PhraseBookCheck {
  /// Every phrase of `book` in every language parses and names the placeholders the
  /// English one names.
  package static func check<Book: PhraseBook>(_ book: Book.Type) throws {
    for language in Language.allCases {
      let catalogue = Book.catalogue(language)
      for phrase in Book.allCases {
        let source = try #require(catalogue[phrase], "\(Book.self).\(phrase) is missing in \(language)")
        let template = try MessageTemplate(source)
        let english = try MessageTemplate(try #require(Book.catalogue(.english)[phrase]))
        #expect(
          template.argumentNames == english.argumentNames,
          "\(Book.self).\(phrase) in \(language) names \(template.argumentNames.sorted()), in English \(english.argumentNames.sorted())"
        )
      }
      #expect(catalogue.count == Book.allCases.count)
    }
  }
}
