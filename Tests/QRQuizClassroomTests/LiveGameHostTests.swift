import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom

/// The host's finer moves and the questions asked as numbers, on the game itself: a ban
/// lifted, a game with nothing to keep, a number typed, and a journal written before any
/// of these existed, read as it was.
@Suite struct LiveGameHostTests {
  typealias T = LiveGameFixtures

  /// A journal as the server wrote it before bans could be lifted and numbers asked:
  /// Ada and Bob join, the first question opens, Ada answers Paris, Bob is banned.
  static let journalBeforeNumbers = """
    {"created":1800000000000000,"hostSecret":"ffffffffffffffffffffffffffffffff","mandatory":false,"maximumPlayers":1000,"pin":"123456","questions":[{"answers":["Paris","Rome","Madrid","Berlin"],"correct":[0],"text":"Capital of France?"},{"answers":["2","4","5","9"],"correct":[0,2],"text":"Primes?"},{"answers":["3","4"],"correct":[1],"text":"2 + 2?"}],"scoring":"speed","seconds":20,"setNumber":1,"title":"Quiz","topicName":"Quiz"}
    {"joined":{"at":1800000001000000,"browser":"b1","id":1,"name":"Ada","secret":"00000000000000000000000000000001"}}
    {"joined":{"at":1800000002000000,"browser":"b2","id":2,"name":"Bob","secret":"00000000000000000000000000000002"}}
    {"opened":{"at":1800000010000000,"question":0}}
    {"answered":{"at":1800000012000000,"id":1,"picks":[0],"question":0}}
    {"kicked":{"at":1800000013000000,"ban":true,"id":2}}

    """

  @Test func aBanLiftedLetsTheNameAndTheBrowserJoinAgain() throws {
    var game = LiveGame(setup: T.setup())
    _ = try game.join(name: "Ada", browser: "b1", secret: T.secret(1), at: T.t(1))
    _ = try game.join(name: "Bob", browser: "b2", secret: T.secret(2), at: T.t(2))
    var entries = [try game.kick(name: "bob", ban: true, at: T.t(3))]
    #expect(game.bannedPlayers.map(\.name.text) == ["Bob"])
    // Banned: by name (look-alikes too) and by browser, told as a ban.
    #expect(throws: LiveGame.JoinRefusal.banned) {
      try game.join(name: "B0b", browser: nil, secret: T.secret(3), at: T.t(4))
    }
    #expect(throws: LiveGame.JoinRefusal.banned) {
      try game.join(name: "Rob", browser: "b2", secret: T.secret(3), at: T.t(4))
    }
    // Only a banned name can be unbanned; Ada is not.
    #expect(throws: LiveGame.HostRefusal.noSuchPlayer) { try game.unban(name: "Ada", at: T.t(5)) }
    entries.append(try game.unban(name: " BOB ", at: T.t(5)))
    #expect(game.bannedPlayers.isEmpty)
    #expect(throws: LiveGame.HostRefusal.noSuchPlayer) { try game.unban(name: "Bob", at: T.t(5)) }
    let (joined, bob) = try game.join(name: "Bob", browser: "b2", secret: T.secret(3), at: T.t(6))
    entries.append(joined)
    // A new player: the removed one stays removed, with its number.
    #expect(bob.id == 3 && game.players[1].isRemoved && game.activeCount == 2)
    // The journal gives the same game back.
    var replayed = LiveGame(setup: T.setup())
    _ = try replayed.join(name: "Ada", browser: "b1", secret: T.secret(1), at: T.t(1))
    _ = try replayed.join(name: "Bob", browser: "b2", secret: T.secret(2), at: T.t(2))
    for entry in entries { replayed.apply(entry) }
    #expect(replayed == game)
  }

  @Test func liftingOneBanKeepsAnotherWithTheSameLookAlikeName() throws {
    var game = LiveGame(setup: T.setup())
    _ = try game.join(name: "Bob", browser: "b1", secret: T.secret(1), at: T.t(1))
    _ = try game.kick(name: "Bob", ban: true, at: T.t(2))
    _ = try game.join(name: "Cy", browser: "b2", secret: T.secret(2), at: T.t(3))
    _ = try game.kick(name: "Cy", ban: true, at: T.t(4))
    _ = try game.unban(name: "Cy", at: T.t(5))
    #expect(throws: LiveGame.JoinRefusal.banned) {
      try game.join(name: "Bob", browser: nil, secret: T.secret(3), at: T.t(6))
    }
    #expect(throws: LiveGame.JoinRefusal.banned) {
      try game.join(name: "Dee", browser: "b1", secret: T.secret(3), at: T.t(6))
    }
    _ = try game.join(name: "Cy", browser: "b2", secret: T.secret(3), at: T.t(6))
  }

  @Test func aGameEndedInTheLobbyBeforeAnyoneJoinedLeavesNoResults() throws {
    let folder = try TemporaryDirectory()
    let store = LiveGameStore(records: try folder.records(), directory: folder.url)
    var empty = LiveGame(setup: T.setup())
    let log = try store.start(empty.setup)
    log.finish()
    _ = try empty.end(at: T.t(1))
    #expect(!empty.hasResults)
    #expect(try store.saveResults(of: empty) == nil)
    #expect(store.savedGames().isEmpty)
    // Its rows are gone too: nothing to resume, the PIN free.
    #expect(try store.resumeUnfinished(at: T.t(2)).games.isEmpty && !store.isTaken(pin: "123456"))

    // One player who joined is a result, even with no question asked.
    var joined = LiveGame(setup: T.setup())
    let joinedLog = try store.start(joined.setup)
    joinedLog.append([try joined.join(name: "Ada", browser: nil, secret: T.secret(1), at: T.t(1)).0])
    joinedLog.append(try joined.end(at: T.t(2)))
    joinedLog.finish()
    #expect(joined.hasResults)
    #expect(try store.saveResults(of: joined) != nil)
    #expect(store.savedGames().map(\.players) == [1])
  }

  static let numberSetup = LiveGame.Setup(
    pin: "123456", hostSecret: String(repeating: "f", count: 32), topicName: "Q", title: "Q", setNumber: 1,
    scoring: .accuracy, seconds: 20, maximumPlayers: 100, mandatory: false,
    questions: [
      LiveQuestion(
        text: "Water freezes at how many °F?", answers: ["0", "32"], correct: [1],
        numericAnswer: NumericAnswer(value: 32)),
      LiveQuestion(
        text: "π to two places?", answers: ["3.14", "3"], correct: [0],
        numericAnswer: NumericAnswer(value: 3.14, tolerance: 0.005)),
      LiveGameFixtures.questions[0],
    ], created: T.t(0))

  @Test func aQuestionAskedAsANumberTakesANumberJudgedWithinItsTolerance() throws {
    var game = LiveGame(setup: Self.numberSetup)
    _ = try game.join(name: "Ada", browser: nil, secret: T.secret(1), at: T.t(1))
    _ = try game.join(name: "Bob", browser: nil, secret: T.secret(2), at: T.t(1))
    _ = try game.next(at: T.t(10))
    #expect(!game.setup.questions[0].isMultiple)
    // The app's choices are not what a number question takes, and a number is not a pick.
    #expect(throws: LiveGame.AnswerRefusal.invalidPicks("this question takes a number")) {
      try game.answer(secret: T.secret(1), question: 0, picks: [1], at: T.t(11))
    }
    #expect(throws: LiveGame.AnswerRefusal.invalidPicks("the number is not finite")) {
      try game.answer(secret: T.secret(1), question: 0, number: .infinity, at: T.t(11))
    }
    _ = try game.answer(secret: T.secret(1), question: 0, number: 32, at: T.t(11))
    #expect(throws: LiveGame.AnswerRefusal.alreadyAnswered) {
      try game.answer(secret: T.secret(1), question: 0, number: 33, at: T.t(11))
    }
    let closing = try game.answer(secret: T.secret(2), question: 0, number: 0, at: T.t(12))
    #expect(closing.count == 2)
    #expect(game.players.map { $0.answers[0]?.outcome } == [.right, .wrong])
    #expect(game.players.map { $0.answers[0]?.number } == [32, 0])
    #expect(game.players.map(\.score) == [1000, 0])

    _ = try game.next(at: T.t(20))
    _ = try game.answer(secret: T.secret(1), question: 1, number: 3.144, at: T.t(21))
    _ = try game.answer(secret: T.secret(2), question: 1, number: 3.1, at: T.t(21))
    #expect(game.players.map { $0.answers[1]?.outcome } == [.right, .wrong])

    // A choice question takes no number.
    _ = try game.next(at: T.t(30))
    #expect(throws: LiveGame.AnswerRefusal.invalidPicks("this question takes a pick of its answers, not a number")) {
      try game.answer(secret: T.secret(1), question: 2, number: 1, at: T.t(31))
    }

    // The results say the number typed, as typed.
    let csv = LiveResults(game).csv
    #expect(csv.contains(",32,32,") && csv.contains(",3.144,3.144,"), "\(csv)")
    guard case .array(let players)? = LiveResults(game).json["players"],
      case .array(let answers)? = players.first?["answers"], let ada = answers.first
    else {
      Issue.record("no players' answers in the results' JSON")
      return
    }
    #expect(ada["number"] == .number(32) && ada["outcome"] == .string("right"))
  }

  @Test func movesWithNumbersAndLiftedBansAreReadBackAsTheSameGame() throws {
    let folder = try TemporaryDirectory()
    let store = LiveGameStore(records: try folder.records(), directory: folder.url)
    var game = LiveGame(setup: Self.numberSetup)
    let log = try store.start(game.setup)
    var entries = [try game.join(name: "Ada", browser: "b1", secret: T.secret(1), at: T.t(1)).0]
    entries.append(try game.join(name: "Bob", browser: "b2", secret: T.secret(2), at: T.t(1)).0)
    entries.append(try game.kick(name: "Bob", ban: true, at: T.t(2)))
    entries.append(try game.unban(name: "Bob", at: T.t(3)))
    entries.append(try game.next(at: T.t(10)))
    entries += try game.answer(secret: T.secret(1), question: 0, number: 32.5, at: T.t(11))
    log.append(entries)
    log.finish()
    let found = store.resumeUnfinished(at: T.t(11))
    let resumed = try #require(found.games.first)
    resumed.log.finish()
    #expect(resumed.log.game == game)
    #expect(resumed.game == game)
    #expect(resumed.game.setup.questions[1].numericAnswer == NumericAnswer(value: 3.14, tolerance: 0.005))
  }

  @Test func aJournalWrittenBeforeNumbersAndUnbansIsTakenOverAsItWas() throws {
    let folder = try TemporaryDirectory()
    let url = folder.url.appendingPathComponent("live/games/123456.jsonl")
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Self.journalBeforeNumbers.write(to: url, atomically: true, encoding: .utf8)
    let (records, takeover) = try RecordStore.open(dataFolder: folder.url)
    #expect(takeover?.gamesInProgress == 1 && takeover?.problems == [])
    let found = LiveGameStore(records: records, directory: folder.url.appendingPathComponent("live"))
      .resumeUnfinished(at: T.t(11))
    let resumed = try #require(found.games.first)
    resumed.log.finish()
    let game = resumed.game
    // Its questions are choices, as they were asked.
    #expect(game.setup.questions.allSatisfy { $0.numericAnswer == nil })
    #expect(game.players.map(\.name.text) == ["Ada", "Bob"])
    #expect(game.players[0].answers[0]?.picks == [0] && game.players[0].answers[0]?.number == nil)
    #expect(game.players[1].isRemoved && game.players[1].isBanned)
    #expect(game.bannedPlayers.map(\.id) == [2])
    #expect(game.phase == .open(question: 0, openedAt: T.t(10)))
  }

  @Test func aQuestionsOwnTimeIsItsDeadlineAndItsExplanationIsKept() throws {
    let json = """
      {"options": {"name": "Timed", "questionsInRandomOrder": false},
       "sets": [[{"question": "Quick?", "answers": ["Yes", "No"], "correctAnswers": [0], "seconds": 8,
                  "explanation": "Eight seconds only."},
                 {"question": "Slow?", "answers": ["Yes", "No"], "correctAnswers": [1]},
                 {"question": "Very long?", "answers": ["Yes", "No"], "correctAnswers": [1], "seconds": 3600}]]}
      """
    let topic = try TopicReader.topic(json: Data(json.utf8), source: "Timed.json", sourceName: "Timed.json")
    let setup = try LiveGame.Setup.make(
      topic: topic, topicName: "Timed", setNumber: 1, scoring: .speed, seconds: 20, pin: "123456",
      hostSecret: String(repeating: "f", count: 32), created: T.t(0))
    #expect(setup.questions.map(\.seconds) == [8, nil, 3600])
    #expect((0..<3).map(setup.seconds(of:)) == [8, 20, 3600])
    #expect(setup.questions[0].explanation == "Eight seconds only." && setup.questions[1].explanation == nil)
    var game = LiveGame(setup: setup)
    _ = try game.join(name: "Ada", browser: nil, secret: T.secret(1), at: T.t(1))
    _ = try game.join(name: "Bob", browser: nil, secret: T.secret(2), at: T.t(1))
    _ = try game.next(at: T.t(10))
    #expect(game.deadline == T.t(18))
    // Speed counts against the question's own 8 s: 4 s in is half the time, 750 points.
    _ = try game.answer(secret: T.secret(1), question: 0, picks: [0], at: T.t(14))
    #expect(game.closeIfDue(at: T.t(17.9)) == nil)
    #expect(game.closeIfDue(at: T.t(18)) != nil)
    #expect(game.players[0].score == 750)
    _ = try game.next(at: T.t(20))
    #expect(game.deadline == T.t(40))
    // A setup written before questions had their own time plays every question alike.
    #expect(LiveGame(setup: T.setup()).setup.questions.allSatisfy { $0.seconds == nil && $0.explanation == nil })
  }
}

/// The rule of a host's camera left on between questions, on its own.
@Suite struct LiveCameraRuleTests {
  typealias T = LiveGameFixtures

  @Test func cardsStillUpFromTheLastQuestionAreRefusedUntilLoweredOrTurned() {
    var camera = LiveCameraRule()
    // Between questions the camera sees cards 1 (B) and 2 (C) up.
    #expect(camera.frame([1: 1, 2: 2], at: T.t(10), questionOpen: false) == [])
    camera.questionOpened(at: T.t(12))
    // Both still up as they were: the last question's answers.
    #expect(camera.frame([1: 1, 2: 2, 3: 0], at: T.t(13), questionOpen: true) == [1, 2])
    // Card 1 turned to D, card 2 lowered (missing from a frame): both count from now on.
    #expect(camera.frame([1: 3, 3: 0], at: T.t(14), questionOpen: true) == [])
    #expect(camera.frame([1: 3, 2: 2, 3: 0], at: T.t(15), questionOpen: true) == [])
  }

  @Test func aFrameOlderThanItsFreshnessSaysNothingOfTheNextQuestion() {
    var camera = LiveCameraRule()
    _ = camera.frame([1: 1], at: T.t(0), questionOpen: false)
    camera.questionOpened(at: T.t(LiveCameraRule.frameFreshness + 1))
    #expect(camera.frame([1: 1], at: T.t(LiveCameraRule.frameFreshness + 2), questionOpen: true) == [])
  }
}
