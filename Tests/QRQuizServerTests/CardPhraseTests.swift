import QRQuiz
import Testing

@testable import QRQuizServer

/// The teacher's phone and the host's camera name the cards not counted in the singular
/// for one card ("Card 26: …") and the plural for several, in English and Spanish.
@Suite struct CardPhraseTests {
  static let refusals: [CardPhrase] = [.cardNotAnAnswer, .cardByPhone, .cardHeldUpBefore, .cardNotInGame]

  func say(_ phrase: CardPhrase, _ language: Language, cards: String, count: Int) -> String {
    phrase.text(in: language, ["cards": .text(cards), "count": .number(count), "letters": .text("A, B")])
  }

  @Test(arguments: refusals) func oneCardIsNamedInTheSingular(_ phrase: CardPhrase) {
    let english = say(phrase, .english, cards: "26", count: 1)
    #expect(english.hasPrefix("Card 26") && !english.contains("Cards") && !english.contains(" them"), "\(english)")
    let spanish = say(phrase, .spanish, cards: "26", count: 1)
    #expect(spanish.contains("arjeta 26") && !spanish.contains("Tarjetas") && !spanish.contains("las tarjetas"))
  }

  @Test(arguments: refusals) func severalCardsAreNamedInThePlural(_ phrase: CardPhrase) {
    let english = say(phrase, .english, cards: "7, 9", count: 2)
    #expect(english.hasPrefix("Cards 7, 9"), "\(english)")
    #expect(say(phrase, .spanish, cards: "7, 9", count: 2).contains("arjetas 7, 9"))
  }

  @Test func theWordsAgreeWithOneCard() {
    #expect(say(.cardByPhone, .english, cards: "2", count: 1) == "Card 2 answers by phone.")
    #expect(say(.cardNotInGame, .english, cards: "26", count: 1) == "Card 26 is not in this game.")
    #expect(
      say(.cardHeldUpBefore, .english, cards: "4", count: 1)
        == "Card 4 still shows the last question's answer: lower it, then hold it up again.")
    #expect(
      say(.cardNotAnAnswer, .english, cards: "26", count: 1) == "Card 26: this question's answers are A, B only.")
  }
}
