import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom

/// Names that look blank or like another's, as a stranger types them to fool a projector
/// or come back after a ban.
@Suite struct LivePlayerNameTests {
  typealias Game = LiveGameFixtures

  @Test(arguments: [
    "\u{3164}", "\u{2800}", "\u{115F}", "\u{1160}", "\u{FFA0}", "\u{3164}\u{3164}\u{3164}", "\u{2800} \u{2800}",
    "\u{0301}", "\u{0301}\u{0308}\u{0327}", "\u{200B}", "\u{2060}", "\u{FE0F}", "\u{FE00}", "\u{034F}",
    "\u{180E}", "\u{17B4}", "\u{1D159}", "\u{E0041}",
  ])
  func namesThatShowNothingAreRefused(_ name: String) {
    #expect(throws: LivePlayerName.Problem.self, "\(name.unicodeScalars.map { String($0.value, radix: 16) })") {
      try LivePlayerName(name)
    }
  }

  @Test func blankLettersAreSaidAsSuch() {
    #expect(throws: LivePlayerName.Problem.nothingVisible) { try LivePlayerName("\u{2800}\u{2800}") }
    #expect(throws: LivePlayerName.Problem.nothingVisible) { try LivePlayerName("\u{0301}") }
    #expect(throws: LivePlayerName.Problem.invisibleCharacter(position: 1)) { try LivePlayerName("\u{3164}") }
    // A filler among letters is refused too: "Bo\u{3164}b" would pass for "Bo b".
    #expect(throws: LivePlayerName.Problem.invisibleCharacter(position: 3)) { try LivePlayerName("Bo\u{3164}b") }
    // The combining grapheme joiner is part of the B: character 1.
    #expect(throws: LivePlayerName.Problem.invisibleCharacter(position: 1)) { try LivePlayerName("B\u{034F}ob") }
  }

  @Test(arguments: ["Zoë", "Chloé", "李明", "Ана", "Νίκος", "👩‍👩‍👧", "❤️", "Ana María", "ñ", "x\u{0301}"])
  func realNamesAreKept(_ name: String) throws {
    #expect(try LivePlayerName(name).text == name)
  }

  @Test func aBannedNameCannotComeBackAsALookAlike() throws {
    var game = LiveGame(setup: Game.setup())
    _ = try game.join(name: "Bob", browser: nil, secret: Game.secret(1), at: Game.t(0))
    _ = try game.kick(name: "Bob", ban: true, at: Game.t(1))
    // Cyrillic о; digit zero; Cyrillic В О В; Greek Β Ο; full width; an accent.
    for lookAlike in ["Bоb", "B0b", "ВОВ", "ΒΟΒ", "Ｂｏｂ", "bób", "BOB", " b o b "] {
      #expect(throws: LiveGame.JoinRefusal.banned, "\(lookAlike)") {
        try game.join(name: lookAlike, browser: nil, secret: Game.secret(2), at: Game.t(2))
      }
    }
    _ = try game.join(name: "Rob", browser: nil, secret: Game.secret(3), at: Game.t(2))
  }

  @Test func twoPlayersNeverShowTheSameName() throws {
    var game = LiveGame(setup: Game.setup())
    let pairs = [
      ("Ian", "lan"), ("Sam", "Sarn"), ("Alex", "Аlex"), ("Ada", "Αda"), ("Leo1", "Leol"), ("Oscar", "0scar"),
      ("Pepe", "Рeре"), ("Kim", "Кim"),
    ]
    for (number, (first, second)) in pairs.enumerated() {
      _ = try game.join(name: first, browser: nil, secret: Game.secret(number * 2 + 1), at: Game.t(0))
      #expect(throws: LiveGame.JoinRefusal.nameTaken, "\(first) then \(second)") {
        try game.join(name: second, browser: nil, secret: Game.secret(number * 2 + 2), at: Game.t(0))
      }
    }
    // Names that only share letters stay apart.
    for name in ["Ana", "Ann", "Anna", "Li", "Lu", "Io", "Mia", "Mai"] {
      _ = try game.join(name: name, browser: nil, secret: "s-\(name)", at: Game.t(0))
    }
    // The host kicks by any look-alike of the name shown.
    _ = try game.join(name: "Bob", browser: nil, secret: "s-Bob", at: Game.t(0))
    _ = try game.kick(name: "Вob", ban: false, at: Game.t(1))
    #expect(game.player(secret: "s-Bob") == nil)
  }

  @Test func theLookAlikeTableMapsToItsOwnPrototypes() {
    // TR39's skeletons are fixed points: a prototype maps to itself.
    for (source, prototype) in LiveNameSkeleton.prototypes {
      for scalar in prototype.unicodeScalars {
        #expect(LiveNameSkeleton.prototypes[scalar.value] == nil, "U+\(String(source, radix: 16)) → \(prototype)")
      }
    }
    #expect(LiveNameSkeleton.skeleton("Bоb") == LiveNameSkeleton.skeleton("Bob"))
    #expect(LiveNameSkeleton.skeleton("Ｂｏｂ") == LiveNameSkeleton.skeleton("𝐁𝐨𝐛"))
  }
}
