import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom

/// A question open when the server stopped resumes with the time it had left (its
/// heartbeat in the records says when the server was last alive), and a question the host
/// asks again: full time, its earlier answers dropped, scores and streaks counted anew.
@Suite struct LiveDowntimeAndReaskTests {
  typealias Game = LiveGameFixtures

  /// A game of Ada and Bob with question 1 open from 10 s (20 s each), Ada's answer in,
  /// its moves and a heartbeat at `alive` in the records of `folder`.
  static func stoppedMidQuestion(
    in folder: TemporaryDirectory, alive: Double
  ) async throws -> (store: LiveGameStore, game: LiveGame) {
    let store = LiveGameStore(records: try folder.records(), directory: folder.url)
    var game = LiveGame(setup: Game.setup())
    let log = try store.start(game.setup)
    var entries = [try game.join(name: "Ada", browser: nil, secret: Game.secret(1), at: Game.t(1)).0]
    entries.append(try game.join(name: "Bob", browser: nil, secret: Game.secret(2), at: Game.t(1)).0)
    entries.append(try game.next(at: Game.t(10)))
    entries += try game.answer(secret: Game.secret(1), question: 0, picks: [0], at: Game.t(12))
    try await log.waitUntilDurable(log.append(entries))
    log.markAlive(at: Game.t(alive))
    // The writer takes jobs in order: once this one is in, the heartbeat is too.
    try await store.records.write { _ throws(DatabaseError) in }
    log.finish()
    return (store, game)
  }

  @Test func aQuestionOpenWhenTheServerStoppedResumesWithTheTimeItHadLeft() async throws {
    let folder = try TemporaryDirectory()
    let (store, before) = try await Self.stoppedMidQuestion(in: folder, alive: 15)
    // Last alive 15 s in: 15 s of the question's 20 were left. The server is back 100 s later.
    let found = store.resumeUnfinished(at: Game.t(115))
    var game = try #require(found.games.first).game
    #expect(before.remaining(at: Game.t(15)) == 15)
    #expect(game.remaining(at: Game.t(115)) == 15, "\(game.phase)")
    #expect(game.deadline == Game.t(130))
    // Bob may still answer; his time counts the question's time, not the downtime.
    _ = try game.answer(secret: Game.secret(2), question: 0, picks: [1], at: Game.t(116))
    #expect(game.players[1].answers[0]?.milliseconds == 6000)
    #expect(game.players[0].answers[0]?.milliseconds == 2000)
    found.games.first?.log.finish()

    // The move that gave the time back is in the records: a second restart, with no
    // heartbeat since, finds the same deadline (moved on only by its own downtime).
    let again = LiveGameStore(records: try folder.records(), directory: folder.url).resumeUnfinished(at: Game.t(115))
    #expect(again.games.first?.game.deadline == Game.t(130))
    again.games.first?.log.finish()
  }

  /// The teacher's one run in five: the resumption's row could not be written, the game
  /// went back to its rows (``LiveMoveLog/rollBack()``), and an answer 8 s into the question
  /// was timed at 15.8 s, the downtime counted. The downtime is no player's move to refuse.
  @Test func aResumptionWhoseWriteFailedStillLeavesTheDowntimeOutOfTheAnswersTime() async throws {
    let folder = try TemporaryDirectory()
    let (store, _) = try await Self.stoppedMidQuestion(in: folder, alive: 15)
    // A write that fails (as a busy or full disk's does): the records refuse the resumption.
    try await store.records.write { database throws(DatabaseError) in
      try database.execute(
        """
        CREATE TRIGGER refuse_resumptions BEFORE INSERT ON live_moves WHEN NEW.move LIKE '%resumed%'
        BEGIN SELECT RAISE(ABORT, 'refused by the test'); END
        """)
    }
    // Down 100 s: back at 115 s with the 15 s the question had left.
    let found = store.resumeUnfinished(at: Game.t(115))
    let unfinished = try #require(found.games.first)
    defer { unfinished.log.finish() }
    #expect(unfinished.game.deadline == Game.t(130))
    try await store.records.write { database throws(DatabaseError) in
      try database.execute("DROP TRIGGER refuse_resumptions")
    }
    // The room goes back to what the records hold: the downtime still left out.
    var game = try #require(unfinished.log.rollBack(), "the resumption's write did not fail").game
    #expect(game.deadline == Game.t(130), "\(game.phase)")
    _ = try game.answer(secret: Game.secret(2), question: 0, picks: [0], at: Game.t(123))
    #expect(game.players[1].answers[0]?.milliseconds == 13_000)
    _ = try game.next(at: Game.t(124))

    // Scored as if the server had never stopped: Bob 13 s into the question.
    var never = LiveGame(setup: Game.setup())
    _ = try never.join(name: "Ada", browser: nil, secret: Game.secret(1), at: Game.t(1))
    _ = try never.join(name: "Bob", browser: nil, secret: Game.secret(2), at: Game.t(1))
    _ = try never.next(at: Game.t(10))
    _ = try never.answer(secret: Game.secret(1), question: 0, picks: [0], at: Game.t(12))
    _ = try never.answer(secret: Game.secret(2), question: 0, picks: [0], at: Game.t(23))
    #expect(game.players.map(\.score) == never.players.map(\.score))
    #expect(never.players[1].score < never.players[0].score, "speed scoring counts the time")

    // The resumption is queued again: the records' game has the same deadline.
    try await store.records.write { _ throws(DatabaseError) in }
    #expect(try store.game(id: unfinished.log.gameID)?.deadline == Game.t(130))
  }

  @Test func aQuestionWhoseTimeWasUpBeforeTheServerStoppedClosesOnResuming() async throws {
    let folder = try TemporaryDirectory()
    let (store, _) = try await Self.stoppedMidQuestion(in: folder, alive: 31)
    let found = store.resumeUnfinished(at: Game.t(200))
    let game = try #require(found.games.first).game
    found.games.first?.log.finish()
    #expect(game.phase == .closed(question: 0))
    #expect(game.players[1].answers[0]?.outcome == .unanswered && game.players[0].answers[0]?.outcome == .right)
  }

  @Test func withoutAHeartbeatTheLastMoveSaysWhenTheServerWasAlive() throws {
    var game = LiveGame(setup: Game.setup())
    _ = try game.join(name: "Ada", browser: nil, secret: Game.secret(1), at: Game.t(1))
    _ = try game.next(at: Game.t(10))
    let entry = LiveGameStore.resumption(of: &game, stopped: Game.t(14), at: Game.t(60))
    #expect(entry == .resumed(question: 0, stopped: Game.t(14), at: Game.t(60)))
    #expect(game.remaining(at: Game.t(60)) == 16)
    // A clock that went back between two runs moves nothing.
    var same = LiveGame(setup: Game.setup())
    _ = try same.next(at: Game.t(10))
    #expect(LiveGameStore.resumption(of: &same, stopped: Game.t(14), at: Game.t(12)) == nil)
    #expect(same.remaining(at: Game.t(12)) == 18)
  }

  @Test func aQuestionAskedAgainHasItsFullTimeAndItsEarlierAnswersNoLongerCount() throws {
    let setup = Game.setup()
    var game = LiveGame(setup: setup)
    var entries: [LiveGame.Entry] = []
    entries.append(try game.join(name: "Ada", browser: nil, secret: Game.secret(1), at: Game.t(0)).0)
    entries.append(try game.join(name: "Bob", browser: nil, secret: Game.secret(2), at: Game.t(0)).0)
    entries.append(try game.next(at: Game.t(10)))  // question 1
    entries += try game.answer(secret: Game.secret(1), question: 0, picks: [0], at: Game.t(12))  // right
    entries += try game.answer(secret: Game.secret(2), question: 0, picks: [1], at: Game.t(13))  // wrong: closes
    entries.append(try game.next(at: Game.t(20)))  // question 2
    entries += try game.answer(secret: Game.secret(1), question: 1, picks: [0, 2], at: Game.t(22))
    entries += try game.answer(secret: Game.secret(2), question: 1, picks: [0, 2], at: Game.t(25))
    #expect(game.players.map(\.streak) == [2, 1])

    // Not asked yet, or another open: refused.
    var copy = game
    #expect(throws: LiveGame.ReaskRefusal.notAsked) { try copy.reask(question: 2, at: Game.t(30)) }

    entries.append(try game.reask(question: 0, at: Game.t(30)))
    #expect(game.phase == .open(question: 0, openedAt: Game.t(30)))
    #expect(game.remaining(at: Game.t(30)) == 20)
    #expect(game.players.allSatisfy { $0.answers[0] == nil })
    // Counted without question 1: each has question 2 right, a streak of 1.
    #expect(game.players.map(\.streak) == [1, 1] && game.players.map(\.correct) == [1, 1])
    #expect(game.players.map(\.score) == game.players.map { $0.answers[1]?.points ?? -1 })
    copy = game
    #expect(throws: LiveGame.ReaskRefusal.anotherOpen(0)) { try copy.reask(question: 1, at: Game.t(31)) }

    // Asked again, Ada is wrong and Bob right: the streaks run over the questions as played.
    entries += try game.answer(secret: Game.secret(1), question: 0, picks: [2], at: Game.t(31))
    entries += try game.answer(secret: Game.secret(2), question: 0, picks: [0], at: Game.t(34))
    #expect(game.phase == .closed(question: 0))
    #expect(game.players.map(\.streak) == [0, 2])
    let bob = game.players[1]
    let expected =
      setup.scoring.points(for: .right, elapsed: 5, seconds: 20, streak: 1)
      + setup.scoring.points(for: .right, elapsed: 4, seconds: 20, streak: 2)
    #expect(bob.score == expected)
    #expect(game.players[0].correct == 1 && game.players[0].wrong == 1)
    #expect(game.tallies[0] == [1, 0, 1, 0])
    #expect(game.timesAsked == [2, 1, 0])

    // The host moves on to the question never asked, not back to question 2.
    entries.append(try game.next(at: Game.t(40)))
    #expect(game.currentIndex == 2)

    // The moves replay to the same game, and the results say it was asked twice.
    #expect(LiveGame(setup: setup, entries: entries) == game)
    let results = LiveResults(game)
    guard case .array(let questions)? = results.json["questions"] else {
      Issue.record("no questions in the results")
      return
    }
    #expect(questions.first?["asked"] == .number(2) && questions.last?["asked"] == .number(1))
    #expect(results.csv.contains(",unanswered,asked,answer 1,"), "\(results.csv)")
  }
}
