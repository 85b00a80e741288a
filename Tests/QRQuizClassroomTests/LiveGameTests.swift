import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom

/// The rules of a live game, on the game itself with the time given by the test: scoring
/// exactly as the formulas say, who may join and answer, ranks, kicks, and a journal that
/// gives the same game back.
@Suite struct LiveGameTests {
  typealias Game = LiveGameFixtures

  @Test func speedScoresByTheFormulaWithTheStreakBonus() {
    let speed = LiveScoring.speed
    // round(1000 × (1 − (t / T) / 2)), under 0.5 s the whole 1000.
    #expect(speed.points(for: .right, elapsed: 0.49, seconds: 20, streak: 1) == 1000)
    #expect(speed.points(for: .right, elapsed: 0.5, seconds: 20, streak: 1) == 988)  // 1000 × (1 − 0.0125) = 987.5
    #expect(speed.points(for: .right, elapsed: 10, seconds: 20, streak: 1) == 750)
    #expect(speed.points(for: .right, elapsed: 3.3, seconds: 20, streak: 1) == 918)  // 917.5 rounds up
    #expect(speed.points(for: .right, elapsed: 19.999, seconds: 20, streak: 1) == 500)
    // The bonus: +100 for the 2nd right in a row … +500 from the 6th.
    #expect(speed.points(for: .right, elapsed: 10, seconds: 20, streak: 2) == 850)
    #expect(speed.points(for: .right, elapsed: 10, seconds: 20, streak: 6) == 1250)
    #expect(speed.points(for: .right, elapsed: 10, seconds: 20, streak: 9) == 1250)
    #expect(speed.points(for: .wrong, elapsed: 1, seconds: 20, streak: 0) == 0)
    #expect(speed.points(for: .unanswered, elapsed: 0, seconds: 20, streak: 0) == 0)
    #expect(LiveScoring.accuracy.points(for: .right, elapsed: 19, seconds: 20, streak: 5) == 1000)
    #expect(LiveScoring.app.points(for: .right, elapsed: 19, seconds: 20, streak: 5) == 20)
    #expect(LiveScoring.app.points(for: .wrong, elapsed: 1, seconds: 20, streak: 0) == -10)
    #expect(LiveScoring.app.points(for: .unanswered, elapsed: 0, seconds: 20, streak: 0) == 0)
  }

  @Test func severalRightAnswersFollowTheTopicsMandatoryOption() {
    let primes = Game.questions[1]
    #expect(primes.judge([0], mandatory: false) == .right)
    #expect(primes.judge([0, 2], mandatory: false) == .right)
    #expect(primes.judge([0, 1], mandatory: false) == .wrong)
    #expect(primes.judge([0], mandatory: true) == .wrong)
    #expect(primes.judge([2, 0], mandatory: true) == .right)
    #expect(primes.judge([0, 2, 3], mandatory: true) == .wrong)
    #expect(primes.judge([], mandatory: true) == .unanswered)
  }

  @Test func aGamePlayedThroughScoresStreaksAndRanks() throws {
    var game = LiveGame(setup: Game.setup())
    let (_, ada) = try game.join(
      name: "Ada", browser: nil, secret: Game.secret(1), at: Game.t(0))
    let (_, bob) = try game.join(
      name: "Bob", browser: nil, secret: Game.secret(2), at: Game.t(0))
    _ = try game.join(name: "Cy", browser: nil, secret: Game.secret(3), at: Game.t(0))
    #expect(try game.next(at: Game.t(100)) == .opened(question: 0, at: Game.t(100)))
    _ = try game.answer(secret: ada.secret, question: 0, picks: [0], at: Game.t(100.2))  // 1000
    _ = try game.answer(secret: bob.secret, question: 0, picks: [0], at: Game.t(110))  // 750
    // Cy does not answer: the question stays open until the host or the clock closes it.
    #expect(game.closeIfDue(at: Game.t(119.999)) == nil)
    #expect(game.closeIfDue(at: Game.t(120)) == .closed(question: 0, at: Game.t(120)))
    #expect(game.players.map(\.score) == [1000, 750, 0])
    #expect(game.players.map { game.rank(of: $0) } == [1, 2, 3])
    #expect(game.tallies[0] == [2, 0, 0, 0])

    _ = try game.next(at: Game.t(200))
    _ = try game.answer(secret: ada.secret, question: 1, picks: [0, 2], at: Game.t(205))  // 875 + 100 streak
    _ = try game.answer(secret: bob.secret, question: 1, picks: [1], at: Game.t(201))  // wrong
    // 525, everyone answered
    let closing = try game.answer(
      secret: Game.secret(3), question: 1, picks: [2], at: Game.t(219))
    #expect(closing.last == .closed(question: 1, at: Game.t(219)))
    #expect(game.players.map(\.score) == [1975, 750, 525])
    #expect(game.players.map(\.streak) == [2, 0, 1])
    _ = try game.next(at: Game.t(300))
    _ = try game.answer(secret: Game.secret(3), question: 2, picks: [1], at: Game.t(300.4))  // 1000 + 100
    _ = try game.next(at: Game.t(301))
    #expect(game.players.map(\.score) == [1975, 750, 1625])
    #expect(game.players.map(\.unanswered) == [1, 1, 1])
    #expect(game.top(3).map(\.name) == ["Ada", "Cy", "Bob"])
    #expect(try game.next(at: Game.t(302)) == .over(at: try #require(game.ended)))
    #expect(game.phase == .over)
    #expect(throws: LiveGame.HostRefusal.over) { try game.next(at: Game.t(303)) }
  }

  @Test func equalScoresShareARank() throws {
    var game = LiveGame(setup: Game.setup(scoring: .accuracy))
    for number in 1...3 {
      _ = try game.join(
        name: "P\(number)", browser: nil, secret: Game.secret(number), at: Game.t(0))
    }
    _ = try game.next(at: Game.t(0))
    _ = try game.answer(secret: Game.secret(1), question: 0, picks: [0], at: Game.t(1))
    _ = try game.answer(secret: Game.secret(2), question: 0, picks: [0], at: Game.t(15))
    _ = try game.next(at: Game.t(16))
    #expect(game.players.map { game.rank(of: $0) } == [1, 1, 3])
  }

  @Test func answersAreRefusedLateTwiceOrMalformedAndChangeNothing() throws {
    var game = LiveGame(setup: Game.setup(seconds: 10))
    let (_, ada) = try game.join(
      name: "Ada", browser: nil, secret: Game.secret(1), at: Game.t(0))
    _ = try game.join(name: "Bob", browser: nil, secret: Game.secret(2), at: Game.t(0))
    #expect(throws: LiveGame.AnswerRefusal.notOpen) {
      try game.answer(secret: ada.secret, question: 0, picks: [0], at: Game.t(0))
    }
    _ = try game.next(at: Game.t(50))
    #expect(throws: LiveGame.AnswerRefusal.unknownPlayer) {
      try game.answer(secret: Game.secret(9), question: 0, picks: [0], at: Game.t(51))
    }
    #expect(throws: LiveGame.AnswerRefusal.notOpen) {
      try game.answer(secret: ada.secret, question: 1, picks: [0], at: Game.t(51))
    }
    #expect(throws: LiveGame.AnswerRefusal.invalidPicks("no answer picked")) {
      try game.answer(secret: ada.secret, question: 0, picks: [], at: Game.t(51))
    }
    #expect(throws: LiveGame.AnswerRefusal.invalidPicks("answer 4 is not one of 0…3")) {
      try game.answer(secret: ada.secret, question: 0, picks: [4], at: Game.t(51))
    }
    #expect(throws: LiveGame.AnswerRefusal.invalidPicks("this question takes one answer")) {
      try game.answer(secret: ada.secret, question: 0, picks: [0, 1], at: Game.t(51))
    }
    // Late, by the server's clock: refused, even before the ticker closes the question.
    #expect(throws: LiveGame.AnswerRefusal.notOpen) {
      try game.answer(secret: ada.secret, question: 0, picks: [0], at: Game.t(60))
    }
    #expect(game.answeredCount == 0)
    _ = try game.answer(secret: ada.secret, question: 0, picks: [1], at: Game.t(59.9))
    #expect(throws: LiveGame.AnswerRefusal.alreadyAnswered) {
      try game.answer(secret: ada.secret, question: 0, picks: [0], at: Game.t(59.95))
    }
    #expect(game.players[0].answers[0]?.picks == [1])
  }

  @Test func joiningChecksNamesLocksBansAndTheLimit() throws {
    var game = LiveGame(setup: Game.setup(maximumPlayers: 3))
    _ = try game.join(name: " Ada ", browser: "b1", secret: Game.secret(1), at: Game.t(0))
    #expect(game.players[0].name.text == "Ada")
    for taken in ["ada", "ADA", "Ádá", "Ａｄａ", "A da"] {
      #expect(throws: LiveGame.JoinRefusal.nameTaken, "\(taken)") {
        try game.join(name: taken, browser: nil, secret: Game.secret(9), at: Game.t(0))
      }
    }
    #expect(throws: LiveGame.JoinRefusal.invalidName(.empty)) {
      try game.join(name: "  ", browser: nil, secret: "x", at: Game.t(0))
    }
    #expect(throws: LiveGame.JoinRefusal.invalidName(.tooLong(characters: 21))) {
      try game.join(name: String(repeating: "é", count: 21), browser: nil, secret: "x", at: Game.t(0))
    }
    #expect(throws: LiveGame.JoinRefusal.invalidName(.invisibleCharacter(position: 4))) {
      try game.join(name: "Eve\u{202E}lin", browser: nil, secret: "x", at: Game.t(0))
    }
    #expect(throws: LiveGame.JoinRefusal.invalidName(.invisibleCharacter(position: 2))) {
      try game.join(name: "A\u{7}", browser: nil, secret: "x", at: Game.t(0))
    }
    // Twenty characters of emoji, a family joined with zero-width joiners among them, are fine.
    _ = try game.join(name: "👩‍👩‍👧 Zoë 🇪🇸", browser: "b2", secret: Game.secret(2), at: Game.t(0))
    _ = game.lock(true, at: Game.t(0))
    #expect(throws: LiveGame.JoinRefusal.locked) {
      try game.join(name: "Cy", browser: nil, secret: "x", at: Game.t(0))
    }
    _ = game.lock(false, at: Game.t(0))
    _ = try game.kick(name: "ada", ban: true, at: Game.t(0))
    #expect(game.activeCount == 1)
    #expect(game.player(secret: Game.secret(1)) == nil)
    #expect(throws: LiveGame.JoinRefusal.banned) {
      try game.join(name: "Ada", browser: nil, secret: "x", at: Game.t(0))
    }
    #expect(throws: LiveGame.JoinRefusal.banned) {
      try game.join(name: "Ada2", browser: "b1", secret: "x", at: Game.t(0))
    }
    _ = try game.join(name: "Cy", browser: nil, secret: Game.secret(3), at: Game.t(0))
    _ = try game.join(name: "Di", browser: nil, secret: Game.secret(4), at: Game.t(0))
    #expect(throws: LiveGame.JoinRefusal.full) {
      try game.join(name: "Ed", browser: nil, secret: "x", at: Game.t(0))
    }
    // Kicked without a ban: the name is free again.
    _ = try game.kick(name: "Cy", ban: false, at: Game.t(0))
    _ = try game.join(name: "Cy", browser: nil, secret: Game.secret(5), at: Game.t(0))
    #expect(throws: LiveGame.HostRefusal.noSuchPlayer) {
      try game.kick(name: "Nobody", ban: false, at: Game.t(0))
    }
    _ = try game.end(at: Game.t(0))
    #expect(throws: LiveGame.JoinRefusal.over) {
      try game.join(name: "Fay", browser: nil, secret: "x", at: Game.t(0))
    }
  }

  @Test func aKickedPlayersAnswerNoLongerHoldsTheQuestionOpen() throws {
    var game = LiveGame(setup: Game.setup())
    _ = try game.join(name: "Ada", browser: nil, secret: Game.secret(1), at: Game.t(0))
    _ = try game.join(name: "Bob", browser: nil, secret: Game.secret(2), at: Game.t(0))
    _ = try game.next(at: Game.t(0))
    _ = try game.answer(secret: Game.secret(1), question: 0, picks: [0], at: Game.t(1))
    _ = try game.kick(name: "Bob", ban: false, at: Game.t(0))
    // Everyone left has answered; the next answer, or the host, closes it.
    #expect(game.answeredCount == 1 && game.activeCount == 1)
    #expect(game.top(5).map(\.name) == ["Ada"])
  }

  @Test func theRecordsGiveTheSameGameBack() async throws {
    let directory = try TemporaryDirectory()
    let records = try directory.records()
    let store = LiveGameStore(records: records, directory: directory.url)
    var game = LiveGame(setup: Game.setup(mandatory: true))
    let log = try store.start(game.setup)
    var ticket = 0
    func record(_ entries: [LiveGame.Entry]) { ticket = log.append(entries) }
    for number in 1...4 {
      record([
        try game.join(
          name: "P\(number)", browser: "b\(number)", secret: Game.secret(number), at: Game.t(0)
        ).0
      ])
    }
    record([try game.next(at: Game.t(10))])
    record(try game.answer(secret: Game.secret(1), question: 0, picks: [0], at: Game.t(11.234)))
    record(try game.answer(secret: Game.secret(2), question: 0, picks: [2], at: Game.t(12)))
    record([try game.kick(name: "P4", ban: true, at: Game.t(12.5))])
    record([try game.next(at: Game.t(13))])
    record([try game.next(at: Game.t(20))])
    // Not all: wrong (mandatory).
    record(try game.answer(secret: Game.secret(1), question: 1, picks: [0], at: Game.t(21)))
    record(
      try game.answer(secret: Game.secret(2), question: 1, picks: [2, 0], at: Game.t(21.5)))
    record([game.hideScores(true, at: Game.t(22))])
    try await log.waitUntilDurable(ticket)
    log.finish()
    #expect(ticket == 13)

    let found = store.resumeUnfinished(at: Game.t(22))
    let resumed = try #require(found.games.first)
    resumed.log.finish()
    #expect(resumed.game.setup == game.setup)
    let again = resumed.game
    #expect(again.players.map(\.score) == game.players.map(\.score))
    #expect(again.players.map(\.streak) == game.players.map(\.streak))
    #expect(again.players.map(\.isRemoved) == [false, false, false, true])
    #expect(again.scoresHidden && again.answeredCount == 2)
    #expect(again.players[0].answers[0]?.milliseconds == 1234)
    if case .open(let index, _) = again.phase { #expect(index == 1) } else { Issue.record("question 2 is open") }
    // Every entry carries its time: the open question's deadline is the one it had.
    #expect(again.deadline == Game.t(40) && again.deadline == game.deadline)
    var copy = again
    #expect(throws: LiveGame.JoinRefusal.banned) {
      try copy.join(name: "p4", browser: nil, secret: "x", at: Game.t(0))
    }

    // A row that is not a move is named by its place, and the game kept aside.
    try await records.write { database throws(DatabaseError) in
      try database.execute(
        "INSERT INTO live_moves (game_id, sequence, at, move) VALUES (\(log.gameID), 14, 0, '{\"joined\":{\"id\":99}}')"
      )
    }
    #expect(store.resumeUnfinished(at: Game.t(24)).problems.map { $0.contains("move 14: not a game's move") } == [true])
  }

  @Test func aJournalOfQrquiz05CutByACrashIsTakenOverToItsLastWholeLine() throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("live/games/123456.jsonl")
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    var game = LiveGame(setup: Game.setup())
    var lines = [LiveMoves.encode(game.setup)]
    lines.append(LiveMoves.encode(try game.join(name: "Ada", browser: nil, secret: Game.secret(1), at: Game.t(0)).0))
    lines.append(LiveMoves.encode(try game.next(at: Game.t(1))))
    try Data((lines.joined(separator: "\n") + "\n" + #"{"answered":{"id":1,"quest"#).utf8).write(to: url)
    let (records, takeover) = try RecordStore.open(dataFolder: directory.url)
    #expect(takeover?.gamesInProgress == 1 && takeover?.problems == [])
    let found = LiveGameStore(records: records, directory: directory.url.appendingPathComponent("live"))
      .resumeUnfinished(at: Game.t(1))
    for unfinished in found.games { unfinished.log.finish() }
    #expect(found.games.map(\.game) == [game])
  }

  @Test func resultsCarryEveryAnswerAndNeverAFormula() throws {
    var game = LiveGame(setup: Game.setup(scoring: .app))
    _ = try game.join(
      name: "=HYPERLINK(\"x\")", browser: nil, secret: Game.secret(1), at: Game.t(0))
    _ = try game.join(name: "@SUM(A1)", browser: nil, secret: Game.secret(2), at: Game.t(0))
    _ = try game.join(
      name: "Ana, \"la\" mejor", browser: nil, secret: Game.secret(3), at: Game.t(0))
    _ = try game.join(name: "-5", browser: nil, secret: Game.secret(4), at: Game.t(0))
    _ = try game.join(name: "+cmd", browser: nil, secret: Game.secret(5), at: Game.t(0))
    _ = try game.next(at: Game.t(0))
    _ = try game.answer(secret: Game.secret(1), question: 0, picks: [1], at: Game.t(2.5))
    _ = try game.answer(secret: Game.secret(3), question: 0, picks: [0], at: Game.t(3.25))
    _ = try game.end(at: Game.t(4))
    let lines = LiveResults(game).csv.components(separatedBy: "\r\n")
    // Only the question played, its answers by number and by text.
    #expect(
      lines[0] == "\u{FEFF}name,score,correct,wrong,unanswered,rank,Q1 answer,Q1 answer text,Q1 seconds,Q1 points")
    #expect(lines[1] == #""Ana, ""la"" mejor",20,1,0,0,1,1,Paris,3.250,20"#)
    #expect(lines.contains(#""'@SUM(A1)",0,0,0,1,2,,,,0"#))
    #expect(lines.contains(#""'-5",0,0,0,1,2,,,,0"#))
    #expect(lines.contains(#""'+cmd",0,0,0,1,2,,,,0"#))
    #expect(lines.contains(#""'=HYPERLINK(""x"")",-10,0,1,0,5,2,Rome,2.500,-10"#))
    let json = LiveResults(game).json
    #expect(json["scoring"] == .string("app"))
    guard case .array(let players)? = json["players"] else {
      Issue.record("no players in \(json.compactText)")
      return
    }
    #expect(players.first?["name"] == .string("Ana, \"la\" mejor"))
  }
}
