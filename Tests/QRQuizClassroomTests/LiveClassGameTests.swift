import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom

/// A game for a class (issue 49 §3): a phone joins as one of the roster's students, by
/// number or by a name matched as the roster's names are; a name not on the roster only
/// when the host lets guests in, and then as a guest; the lobby's roster says who is here;
/// a name playing is not taken twice, and its player continues on another device only
/// when the host allows it. Every move replays equal from its entries.
@Suite struct LiveClassGameTests {
  typealias T = LiveGameFixtures

  static func setup() -> LiveGame.Setup {
    var setup = T.setup()
    setup.cardClass = LiveCardClass(
      name: "9B",
      students: [
        .init(card: 1, name: "Łukasz Nowak"), .init(card: 2, name: "Harry Wilson"),
        .init(card: 3, name: "Zoë Ødegaard"),
      ])
    return setup
  }

  /// Applies every entry to a new game: it must equal `game`.
  static func expectReplays(_ game: LiveGame, _ entries: [LiveGame.Entry]) {
    #expect(LiveGame(setup: game.setup, entries: entries) == game)
  }

  @Test func aPhoneJoinsAsAStudentByNumberOrByNameAndNeverTwice() throws {
    var game = LiveGame(setup: Self.setup())
    var entries: [LiveGame.Entry] = []
    let (byNumber, harry) = try game.join(student: 2, browser: nil, secret: T.secret(1), at: T.t(1))
    entries.append(byNumber)
    #expect(harry.id == 2 && harry.name.text == "Harry Wilson" && harry.card == 2)
    let (byName, lukasz) = try game.join(name: " lukasz NOWAK", browser: nil, secret: T.secret(2), at: T.t(2))
    entries.append(byName)
    #expect(lukasz.id == 1 && lukasz.name.text == "Łukasz Nowak")
    // The same student again, by name or by number: taken (the rejoin is the way back).
    #expect(throws: LiveGame.JoinRefusal.nameTaken) {
      try game.join(name: "Harry Wilson", browser: nil, secret: T.secret(3), at: T.t(3))
    }
    #expect(throws: LiveGame.JoinRefusal.nameTaken) {
      try game.join(student: 1, browser: nil, secret: T.secret(3), at: T.t(3))
    }
    #expect(game.playerPlaying(name: "harry wilson")?.id == 2)
    #expect(game.playerPlaying(name: "Zoe Odegaard") == nil)  // on the roster, not on a phone
    #expect(throws: LiveGame.JoinRefusal.noSuchStudent) {
      try game.join(student: 9, browser: nil, secret: T.secret(3), at: T.t(3))
    }
    #expect(game.activeCount == 3)
    Self.expectReplays(game, entries)
  }

  @Test func aNameNotOnTheRosterJoinsOnlyAsAGuestTheHostAllowed() throws {
    var game = LiveGame(setup: Self.setup())
    #expect(!game.guestsAllowed)
    #expect(throws: LiveGame.JoinRefusal.notOnRoster) {
      try game.join(name: "Mallory", browser: nil, secret: T.secret(1), at: T.t(1))
    }
    // A look-alike of a student's name is that name: taken, never a guest.
    #expect(throws: LiveGame.JoinRefusal.nameTaken) {
      try game.join(name: "Hаrry Wilson", browser: nil, secret: T.secret(1), at: T.t(1))
    }
    var entries = [game.allowGuests(true, at: T.t(2))]
    let (joined, mallory) = try game.join(name: "Mallory", browser: nil, secret: T.secret(1), at: T.t(3))
    entries.append(joined)
    #expect(game.isGuest(mallory) && mallory.card == nil)
    #expect(!game.isGuest(game.players[0]))
    entries.append(game.allowGuests(false, at: T.t(4)))
    #expect(throws: LiveGame.JoinRefusal.notOnRoster) {
      try game.join(name: "Eve", browser: nil, secret: T.secret(2), at: T.t(5))
    }
    Self.expectReplays(game, entries)
    // A game without a class has no roster: every name is welcome, none a guest.
    var open = LiveGame(setup: T.setup())
    let (_, ada) = try open.join(name: "Ada", browser: nil, secret: T.secret(1), at: T.t(1))
    #expect(open.guestsAllowed && !open.isGuest(ada))
    // The results say who was a guest.
    let results = LiveResults(game)
    guard case .array(let players)? = results.json["players"] else {
      Issue.record("no players")
      return
    }
    #expect(players.map { $0["guest"] }.contains(.bool(true)))
    #expect(results.csv.contains("Mallory,guest,"))
  }

  @Test func theRosterSaysWhoIsHereByPhoneOrByCard() throws {
    var game = LiveGame(setup: Self.setup())
    #expect(game.roster.map(\.presence) == [nil, nil, nil])
    var entries = [try game.join(name: "Harry Wilson", browser: nil, secret: T.secret(1), at: T.t(1)).0]
    let shown = game.noticeCard(3, at: T.t(2))
    entries += [try #require(shown)]
    // A card seen twice, or the card of a student on a phone, changes nothing.
    #expect(game.noticeCard(3, at: T.t(3)) == nil)
    #expect(game.noticeCard(2, at: T.t(3)) == nil)
    #expect(game.roster.map(\.presence) == [nil, .phone, .card])
    // A student on a phone is not also a card to wait for.
    #expect(game.cardHolders.map(\.player.name.text) == ["Łukasz Nowak", "Zoë Ødegaard"])
    entries.append(game.allowGuests(true, at: T.t(4)))
    entries.append(try game.join(name: "Mallory", browser: nil, secret: T.secret(2), at: T.t(5)).0)
    // A guest is not one of the class's students here.
    #expect(game.roster.count == 3 && game.roster.count { $0.presence != nil } == 2)
    Self.expectReplays(game, entries)
  }

  @Test func anotherDeviceContinuesAsThePlayerWithItsScoreAndTheOldSecretIsDead() throws {
    var game = LiveGame(setup: T.setup())
    var entries = [try game.join(name: "Harry", browser: "old", secret: T.secret(1), at: T.t(1)).0]
    entries.append(try game.next(at: T.t(2)))
    // The only player answers: the question closes with it.
    entries += try game.answer(secret: T.secret(1), question: 0, picks: [0], at: T.t(3))
    let score = game.players[0].score
    #expect(score > 0)
    entries.append(try game.rejoin(1, secret: T.secret(2), browser: "new", at: T.t(5)))
    #expect(game.player(secret: T.secret(1)) == nil)
    let harry = try #require(game.player(secret: T.secret(2)))
    #expect(harry.id == 1 && harry.score == score && harry.streak == 1 && harry.browser == "new")
    #expect(game.activeCount == 1 && game.players.count == 1)
    #expect(throws: LiveGame.AnswerRefusal.unknownPlayer) {
      try game.answer(secret: T.secret(1), question: 1, picks: [0], at: T.t(6))
    }
    entries.append(try game.next(at: T.t(6)))
    entries += try game.answer(secret: T.secret(2), question: 1, picks: [0, 2], at: T.t(7))
    #expect(throws: LiveGame.RejoinRefusal.notPlaying) {
      try game.rejoin(2, secret: T.secret(3), browser: nil, at: T.t(8))
    }
    Self.expectReplays(game, entries)
  }

  @Test func aGuestMergedIntoAStudentIsOnePlayerWhoseFirstAnswersCount() throws {
    var game = LiveGame(setup: Self.setup())
    var entries = [game.allowGuests(true, at: T.t(0))]
    entries.append(try game.join(name: "Harry Wilson", browser: nil, secret: T.secret(1), at: T.t(1)).0)
    entries.append(try game.join(name: "Harry W", browser: nil, secret: T.secret(2), at: T.t(1)).0)
    entries.append(try game.next(at: T.t(10)))
    // Question 1: the guest answers first (right), the student later (wrong).
    entries += try game.answer(secret: T.secret(2), question: 0, picks: [0], at: T.t(12))
    entries += try game.answer(secret: T.secret(1), question: 0, picks: [1], at: T.t(15))
    entries.append(try game.next(at: T.t(30)))
    #expect(game.tallies[0] == [1, 1, 0, 0])
    entries.append(try game.next(at: T.t(31)))
    // Question 2, open: only the guest answers before the merge.
    entries += try game.answer(secret: T.secret(2), question: 1, picks: [0, 2], at: T.t(33))
    #expect(throws: LiveGame.HostRefusal.samePlayer) { try game.merge(from: "Harry W", into: "harry w", at: T.t(34)) }
    #expect(throws: LiveGame.HostRefusal.noSuchPlayer) {
      try game.merge(from: "Nobody", into: "Harry Wilson", at: T.t(34))
    }
    entries.append(try game.merge(from: "Harry W", into: "Harry Wilson", at: T.t(34)))
    let harry = game.players[1]
    #expect(harry.name.text == "Harry Wilson" && !harry.isRemoved)
    #expect(harry.answers[0]?.picks == [0] && harry.answers[0]?.outcome == .right && harry.correct == 1)
    #expect(harry.score == harry.answers[0]?.points && harry.score > 0 && harry.streak == 1)
    #expect(harry.answers[1]?.picks == [0, 2])
    #expect(game.tallies[0] == [1, 0, 0, 0], "the student's later answer no longer counts")
    #expect(game.players[3].isRemoved && game.players[3].mergedInto == 2)
    #expect(game.player(secret: T.secret(2)) == nil && game.answeredCount == 1)
    // The student answering question 2 again: the guest's answer is theirs already.
    #expect(throws: LiveGame.AnswerRefusal.alreadyAnswered) {
      try game.answer(secret: T.secret(1), question: 1, picks: [0], at: T.t(35))
    }
    entries += try game.end(at: T.t(36))
    // The results: one row for Harry Wilson, none for the guest.
    let results = LiveResults(game)
    #expect(results.players.map(\.name.text).filter { $0.hasPrefix("Harry") } == ["Harry Wilson"])
    #expect(!results.csv.contains("Harry W,"))
    Self.expectReplays(game, entries)
  }
}
