import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom

/// A class answering with printed cards in a live game, on the game itself: the roster's
/// students are players from the start, the last card seen before the question closes
/// counts (timed from when it was first seen), a student may answer from a phone
/// instead, and a journal gives the same game back.
@Suite struct LiveCardPlayerTests {
  typealias T = LiveGameFixtures

  static let cardClass = LiveCardClass(
    name: "7B",
    students: [
      .init(card: 3, name: "Grace Hopper"), .init(card: 1, name: "Ada Lovelace"), .init(card: 2, name: "Alan Turing"),
    ])

  static func setup(scoring: LiveScoring = .speed) -> LiveGame.Setup {
    var setup = T.setup(scoring: scoring)
    setup.cardClass = cardClass
    setup.scannerSecret = T.secret(99)
    return setup
  }

  @Test func theClassIsInTheGameFromTheStartInCardOrder() {
    let game = LiveGame(setup: Self.setup())
    #expect(game.players.map(\.name.text) == ["Ada Lovelace", "Alan Turing", "Grace Hopper"])
    #expect(game.players.map(\.card) == [1, 2, 3])
    #expect(game.activeCount == 3 && game.cardHolderCount == 3)
    #expect(game.player(card: 2)?.name.text == "Alan Turing")
    #expect(game.player(secret: "") == nil, "a card holder has no secret to act with")
    #expect(game.isScanner(T.secret(99)) && !game.isScanner(T.secret(98)) && !game.isScanner(""))
    #expect(!LiveGame(setup: T.setup()).isScanner(""), "a game without a class has no scanners")
  }

  @Test func theLastCardSeenCountsTimedFromWhenItWasFirstSeen() throws {
    var game = LiveGame(setup: Self.setup())
    _ = try game.next(at: T.t(100))
    // Ada shows B, then C (she changed her mind), and C is seen again later.
    #expect(try game.see(card: 1, pick: 1, at: T.t(102)) == .first(.seen(id: 1, question: 0, pick: 1, at: T.t(102))))
    #expect(game.answeredCount == 1)
    #expect(try game.see(card: 1, pick: 0, at: T.t(104)) == .changed(.seen(id: 1, question: 0, pick: 0, at: T.t(104))))
    #expect(try game.see(card: 1, pick: 0, at: T.t(110)) == .same)
    #expect(game.answeredCount == 1, "a change is not a second answer")
    // Alan holds up A once.
    _ = try game.see(card: 2, pick: 0, at: T.t(101))
    #expect(game.cardHolders.map(\.seen) == [true, true, false])
    // Everyone with a card seen is no reason to close: a card may still change.
    #expect(game.currentIndex == 0 && game.deadline != nil)
    _ = try game.next(at: T.t(115))
    #expect(game.players[0].answers[0]?.picks == [0] && game.players[0].answers[0]?.milliseconds == 4000)
    #expect(game.players[0].answers[0]?.byCard == true)
    // 4 s of 20: round(1000 × (1 − 0.1)) = 900; Alan 1 s: 975; Grace unanswered.
    #expect(game.players.map(\.score) == [900, 975, 0])
    #expect(game.players[2].unanswered == 1)
    #expect(game.tallies[0] == [2, 0, 0, 0])
  }

  @Test func cardsThatCannotAnswerAreRefusedAndChangeNothing() throws {
    var game = LiveGame(setup: Self.setup())
    #expect(throws: LiveGame.SightingRefusal.notOpen) { try game.see(card: 1, pick: 0, at: T.t(1)) }
    _ = try game.next(at: T.t(10))
    #expect(throws: LiveGame.SightingRefusal.notInGame) { try game.see(card: 4, pick: 0, at: T.t(11)) }
    _ = try game.next(at: T.t(12))  // closes
    _ = try game.next(at: T.t(13))  // question 2
    _ = try game.next(at: T.t(14))
    _ = try game.next(at: T.t(15))  // question 3: two answers, C and D are not answers
    #expect(throws: LiveGame.SightingRefusal.noSuchAnswer) { try game.see(card: 1, pick: 2, at: T.t(16)) }
    #expect(throws: LiveGame.SightingRefusal.notOpen) { try game.see(card: 1, pick: 0, at: T.t(35)) }
    _ = try game.kick(name: "alan turing", ban: false, at: T.t(16))
    #expect(throws: LiveGame.SightingRefusal.notInGame) { try game.see(card: 2, pick: 0, at: T.t(17)) }
    #expect(game.answeredCount == 0 && game.cardHolderCount == 2)
  }

  @Test func aStudentWhoJoinsFromAPhoneAnswersWithItAndNotTheCard() throws {
    var game = LiveGame(setup: Self.setup())
    let (entry, ada) = try game.join(name: " ada LOVELACE ", browser: "b1", secret: T.secret(1), at: T.t(1))
    #expect(entry == .claimed(id: 1, secret: T.secret(1), browser: "b1", at: T.t(1)))
    #expect(ada.id == 1 && ada.card == 1 && ada.name.text == "Ada Lovelace")
    #expect(game.players.count == 3 && game.cardHolderCount == 2, "no new player: Ada herself")
    #expect(throws: LiveGame.JoinRefusal.nameTaken) {
      try game.join(name: "Ada Lovelace", browser: nil, secret: T.secret(2), at: T.t(2))
    }
    // A stranger takes a name of no student once the host lets guests in; a look-alike of
    // a student's name is refused.
    _ = game.allowGuests(true, at: T.t(2))
    _ = try game.join(name: "Visitor", browser: nil, secret: T.secret(3), at: T.t(2))
    #expect(throws: LiveGame.JoinRefusal.nameTaken) {
      try game.join(name: "Alan Turіng", browser: nil, secret: T.secret(4), at: T.t(2))  // Cyrillic і
    }
    _ = try game.next(at: T.t(10))
    #expect(throws: LiveGame.SightingRefusal.answersByPhone) { try game.see(card: 1, pick: 0, at: T.t(11)) }
    _ = try game.answer(secret: ada.secret, question: 0, picks: [0], at: T.t(11))
    _ = try game.answer(secret: T.secret(3), question: 0, picks: [1], at: T.t(11))
    #expect(game.currentIndex == 0 && game.deadline != nil, "two cards are still held up: the question stays open")
  }

  @Test func aGameWithoutCardHoldersLeftClosesWhenAllHaveAnswered() throws {
    var setup = Self.setup()
    setup.cardClass = LiveCardClass(name: "Duo", students: [.init(card: 5, name: "Ada")])
    var game = LiveGame(setup: setup)
    let (_, ada) = try game.join(name: "Ada", browser: nil, secret: T.secret(1), at: T.t(1))
    _ = try game.next(at: T.t(10))
    let entries = try game.answer(secret: ada.secret, question: 0, picks: [0], at: T.t(11))
    #expect(entries.last == .closed(question: 0, at: T.t(11)))
  }

  @Test func theJournalGivesTheSameGameBackAndRefusesCardEntriesThatDoNotFit() throws {
    var game = LiveGame(setup: Self.setup())
    var entries: [LiveGame.Entry] = []
    entries.append(try game.join(name: "Alan Turing", browser: nil, secret: T.secret(1), at: T.t(1)).0)
    entries.append(try game.next(at: T.t(10)))
    for (card, pick, time) in [(1, 2, 11.0), (3, 1, 12), (1, 3, 13), (1, 3, 14)] {
      if let entry = try game.see(card: card, pick: pick, at: T.t(time)).entry { entries.append(entry) }
    }
    entries.append(try game.next(at: T.t(20)))
    let encoded = try entries.map { try JSONEncoder().encode($0) }
    let decoded = try encoded.map { try JSONDecoder().decode(LiveGame.Entry.self, from: $0) }
    let setupBack = try JSONDecoder().decode(LiveGame.Setup.self, from: JSONEncoder().encode(game.setup))
    #expect(LiveGame(setup: setupBack, entries: decoded) == game)
    #expect(entries.count == 6, "a card seen again with the same answer is not journaled")

    let fresh = LiveGame(setup: Self.setup())
    #expect(!fresh.accepts(.seen(id: 4, question: 0, pick: 0, at: T.t(1))), "no fourth player")
    #expect(!fresh.accepts(.seen(id: 1, question: 0, pick: 7, at: T.t(1))), "no eighth answer")
    #expect(!fresh.accepts(.claimed(id: 1, secret: "", browser: nil, at: T.t(1))))
    var phones = LiveGame(setup: T.setup())
    _ = try phones.join(name: "Ada", browser: nil, secret: T.secret(1), at: T.t(0))
    #expect(!phones.accepts(.seen(id: 1, question: 0, pick: 0, at: T.t(1))), "a phone player holds no card")
  }

  @Test func aSetupWrittenBeforeCardsReadsAsAGameWithoutAClass() throws {
    let old = try JSONEncoder().encode(T.setup())
    var object = try #require(try JSONSerialization.jsonObject(with: old) as? [String: Any])
    object["cardClass"] = nil
    object["scannerSecret"] = nil
    let setup = try JSONDecoder().decode(LiveGame.Setup.self, from: JSONSerialization.data(withJSONObject: object))
    #expect(setup.cardClass == nil && LiveGame(setup: setup).players.isEmpty)
  }

  @Test func theResultsSayWhoHoldsWhichCardAndWhatWasReadFromOne() throws {
    var game = LiveGame(setup: Self.setup(scoring: .accuracy))
    let (_, alan) = try game.join(name: "Alan Turing", browser: nil, secret: T.secret(1), at: T.t(1))
    _ = game.allowGuests(true, at: T.t(1))
    _ = try game.join(name: "Visitor", browser: nil, secret: T.secret(2), at: T.t(1))
    _ = try game.next(at: T.t(10))
    _ = try game.see(card: 1, pick: 0, at: T.t(11))
    _ = try game.answer(secret: alan.secret, question: 0, picks: [0], at: T.t(12))
    _ = try game.end(at: T.t(13))
    let results = LiveResults(game)
    let header = try #require(results.csv.split(separator: "\r\n").first)
    #expect(header.hasPrefix("\u{FEFF}name,card,score,"))
    #expect(results.csv.contains("\r\nAda Lovelace,1,1000,1,0,0,1,1,Paris,1.000,1000\r\n"))
    #expect(results.csv.contains("\r\nVisitor,guest,0,0,0,1,"))
    let players = try #require(results.json["players"].flatMap { if case .array(let a) = $0 { a } else { nil } })
    let ada = try #require(players.first { $0["name"] == .string("Ada Lovelace") })
    #expect(ada["card"] == .number(1))
    #expect(results.json["class"] == .string("7B"))
    guard case .array(let answers)? = ada["answers"] else { throw CardTestError.noAnswers }
    #expect(answers[0]["by"] == .string("card"))
    let alanJSON = try #require(players.first { $0["name"] == .string("Alan Turing") })
    guard case .array(let alans)? = alanJSON["answers"] else { throw CardTestError.noAnswers }
    #expect(alans[0]["by"] == .string("phone") && alanJSON["card"] == .number(2))
    // Grace's card was never seen: her question is unanswered, by neither card nor phone,
    // and the gradebook still has her as a card student; so is the visitor's, by neither.
    let graceJSON = try #require(players.first { $0["name"] == .string("Grace Hopper") })
    guard case .array(let graces)? = graceJSON["answers"] else { throw CardTestError.noAnswers }
    #expect(graces[0]["outcome"] == .string("unanswered") && graces[0]["by"] == .null)
    let visitor = try #require(players.first { $0["name"] == .string("Visitor") })
    guard case .array(let visitors)? = visitor["answers"] else { throw CardTestError.noAnswers }
    #expect(visitors[0]["outcome"] == .string("unanswered") && visitors[0]["by"] == .null)
    let recorded = LiveGameRecord.players(in: players).map(\.player)
    #expect(recorded.first { $0.name == "Grace Hopper" }?.byCard == true)
    #expect(recorded.first { $0.name == "Alan Turing" }?.byCard == false)
    #expect(
      LiveResults(LiveGame(setup: T.setup())).csv.hasPrefix("\u{FEFF}name,score,"), "no card column without a class")
  }

  /// Class 7B with Ada on twice the time and Grace scored without speed.
  static func accommodatedSetup() -> LiveGame.Setup {
    var setup = T.setup()
    setup.cardClass = LiveCardClass(
      name: "7B",
      students: [
        .init(card: 1, name: "Ada Lovelace", timeFactor: 2), .init(card: 2, name: "Alan Turing"),
        .init(card: 3, name: "Grace Hopper", noSpeedScoring: true),
      ])
    return setup
  }

  @Test func extraTimeIsTheStudentsOwnDeadlineAndTheirSpeedIsScoredAgainstIt() throws {
    var game = LiveGame(setup: Self.accommodatedSetup())
    let (_, ada) = try game.join(name: "Ada Lovelace", browser: nil, secret: T.secret(1), at: T.t(0))
    let (_, alan) = try game.join(name: "Alan Turing", browser: nil, secret: T.secret(2), at: T.t(0))
    _ = try game.next(at: T.t(100))
    #expect(game.remaining(at: T.t(105)) == 15, "the projector counts down the question's own 20 s")
    #expect(game.remaining(for: ada, at: T.t(105)) == 35)
    // Past 20 s: too late for Alan, not for Ada, and the question is not closed by time yet.
    #expect(throws: LiveGame.AnswerRefusal.notOpen) {
      try game.answer(secret: alan.secret, question: 0, picks: [0], at: T.t(125))
    }
    #expect(game.closeIfDue(at: T.t(125)) == nil)
    _ = try game.answer(secret: ada.secret, question: 0, picks: [0], at: T.t(130))
    // Ada answered: nobody's time is left (Grace holds her card, but has no extra time).
    #expect(game.closeIfDue(at: T.t(130.001)) == .closed(question: 0, at: T.t(130.001)))
    // 30 s of her 40: round(1000 × (1 − 0.75 / 2)) = 625, as 15 s of 20 would score for Alan.
    #expect(game.players[0].answers[0]?.points == 625)
  }

  @Test func aStudentScoredWithoutSpeedGetsTheWholeOfARightAnswer() throws {
    var game = LiveGame(setup: Self.accommodatedSetup())
    _ = try game.next(at: T.t(100))
    _ = try game.see(card: 3, pick: 0, at: T.t(115))
    _ = try game.see(card: 2, pick: 0, at: T.t(115))
    _ = try game.next(at: T.t(116))
    #expect(game.players[2].answers[0]?.points == 1000, "Grace, no speed scoring")
    #expect(game.players[1].answers[0]?.points == 625, "Alan, 15 s of 20")
  }

  @Test func aCardHeldWithExtraTimeKeepsTheQuestionOpenUntilItsOwnDeadline() throws {
    var game = LiveGame(setup: Self.accommodatedSetup())
    _ = try game.next(at: T.t(100))
    _ = try game.see(card: 1, pick: 1, at: T.t(105))
    // Seen, but still held up: Ada may turn it until her 40 s are up.
    #expect(game.closeIfDue(at: T.t(125)) == nil)
    #expect(try game.see(card: 1, pick: 0, at: T.t(130)) == .changed(.seen(id: 1, question: 0, pick: 0, at: T.t(130))))
    #expect(throws: LiveGame.SightingRefusal.notOpen) { try game.see(card: 2, pick: 0, at: T.t(130)) }
    #expect(game.closeIfDue(at: T.t(140)) == .closed(question: 0, at: T.t(140)))
  }

  @Test func extraTimeOutOfBoundsInAJournalIsBroughtBack() {
    var setup = T.setup()
    setup.cardClass = LiveCardClass(
      name: "7B", students: [.init(card: 1, name: "Ada", timeFactor: 1000), .init(card: 2, name: "Bo", timeFactor: -3)])
    let game = LiveGame(setup: setup)
    #expect(game.players.map(\.timeFactor) == [4, 1])
  }

  enum CardTestError: Error { case noAnswers }
}
