import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom
@testable import QRQuizFiles

/// A game's moves in the records against a data folder as it really goes wrong: a disk that
/// fills up and empties again (a small tmpfs of the test's own), a FIFO and a symbolic link
/// where the database and the results go, rows that do not make a game.
@Suite struct LiveMoveLogTests {
  typealias Game = LiveGameFixtures

  static func secret(_ number: Int) -> String { Game.secret(number) }

  @Test(.enabled(if: SmallFileSystem.canMount, "needs root to mount a tmpfs"))
  func aFullDiskRefusesMovesThenTheLogRecovers() async throws {
    let disk = try #require(SmallFileSystem(kilobytes: 512))
    defer { withExtendedLifetime(disk) {} }
    let records = try RecordStore(file: disk.url.appendingPathComponent(RecordStore.fileName))
    let store = LiveGameStore(records: records, directory: disk.url.appendingPathComponent("live"))
    var game = LiveGame(setup: Game.setup())
    let log = try store.start(game.setup)
    defer { log.finish() }
    for number in 1...2 {
      let ticket = log.append([
        try game.join(name: "P\(number)", browser: nil, secret: Self.secret(number), at: Game.t(0)).0
      ])
      try await log.waitUntilDurable(ticket)
    }
    let filler = try disk.fill()

    // Moves go on until one does not fit (the last page of the write-ahead log has some room).
    var before = game
    var failure: DatabaseError?
    var refused: [LiveGame.Entry] = []
    for number in 3...2000 {
      before = game
      let entry = try game.join(name: "Player \(number)", browser: nil, secret: Self.secret(number), at: Game.t(1)).0
      do {
        try await log.waitUntilDurable(log.append([entry]))
      } catch {
        failure = error
        refused = [entry]
        break
      }
    }
    let error = try #require(failure, "the disk never filled")
    #expect(error.kind == .full, "\(error)")
    // A move made before the owner rolled back is lost too: it may follow from the first.
    let next = try game.next(at: Game.t(2))
    await #expect(throws: DatabaseError.self) { try await log.waitUntilDurable(log.append([next])) }
    refused.append(next)

    // The records hold the game before the refused moves, as does the log.
    #expect(try store.game(id: log.gameID) == before)
    #expect(log.game == before)
    let rollback = try #require(log.rollBack())
    #expect(rollback.error.kind == .full && rollback.lostEntries == refused)
    #expect(rollback.game == before)
    #expect(log.rollBack() == nil, "one failure, one rollback")
    game = rollback.game
    #expect(game.phase == .lobby && game.player(secret: Self.secret(2)) != nil)

    // Still full: the student's retry (the same move) is refused and changes nothing either.
    var retry = game
    let refusedJoin = try #require(refused.first)
    guard case .joined(_, let name, let secret, _, _) = refusedJoin else {
      Issue.record("the refused move is a join: \(refusedJoin)")
      return
    }
    let again = try retry.join(name: name, browser: nil, secret: secret, at: Game.t(3)).0
    await #expect(throws: DatabaseError.self) { try await log.waitUntilDurable(log.append([again])) }
    #expect(log.rollBack()?.game == game)

    // Space returns: the same log takes moves again, and the records are the game.
    try FileManager.default.removeItem(at: filler)
    let late = try game.join(name: "Zoë", browser: nil, secret: Self.secret(999), at: Game.t(4)).0
    try await log.waitUntilDurable(log.append([late]))
    try await log.waitUntilDurable(log.append([try game.next(at: Game.t(5))]))
    try await log.waitUntilDurable(
      log.append(try game.answer(secret: Self.secret(999), question: 0, picks: [0], at: Game.t(6))))
    #expect(log.rollBack() == nil)
    #expect(try store.game(id: log.gameID) == game)
    #expect(game.players.last?.name.text == "Zoë" && game.players[game.players.count - 1].answers[0]?.picks == [0])
    // Nothing acknowledged was lost: a store opened afresh resumes the same game.
    let resumed = LiveGameStore(records: try RecordStore(file: #require(records.file)), directory: store.directory)
      .resumeUnfinished(at: Game.t(6))
    #expect(resumed.games.map(\.game) == [game])
    for unfinished in resumed.games { unfinished.log.finish() }
  }

  @Test func movesAppendedToAFinishedLogAreLost() async throws {
    let directory = try TemporaryDirectory()
    let store = LiveGameStore(records: try directory.records(), directory: directory.url)
    var game = LiveGame(setup: Game.setup())
    let log = try store.start(game.setup)
    let first = log.append([try game.join(name: "Ada", browser: nil, secret: Self.secret(1), at: Game.t(0)).0])
    try await log.waitUntilDurable(first)
    log.finish()
    let late = log.append([try game.join(name: "Bob", browser: nil, secret: Self.secret(2), at: Game.t(0)).0])
    await #expect(throws: DatabaseError.self) { try await log.waitUntilDurable(late) }
    try await log.waitUntilDurable(first)
    #expect(try store.game(id: log.gameID)?.players.count == 1)
  }

  @Test func aFIFOOrALinkWhereTheDatabaseGoesIsRefusedAndNeverFollowed() throws {
    let data = try TemporaryDirectory()
    // A FIFO: opening it would wait for a writer for ever.
    let fifo = data.url.appendingPathComponent("fifo/\(RecordStore.fileName)")
    try FileManager.default.createDirectory(at: fifo.deletingLastPathComponent(), withIntermediateDirectories: true)
    #expect(mkfifo(fifo.path, 0o600) == 0)
    // A link to a file of someone else's, which must stay as it is.
    let precious = data.url.appendingPathComponent("precious.txt")
    try Data("precious\n".utf8).write(to: precious)
    let link = data.url.appendingPathComponent("link/\(RecordStore.fileName)")
    try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: precious)
    for file in [fifo, link] {
      #expect {
        try RecordStore(file: file)
      } throws: { error in
        (error as? DatabaseError)?.kind == .cannotOpen
          && "\(error)" == "\(file.path): cannot be opened (not a regular file)"
      }
    }
    #expect(try String(contentsOf: precious, encoding: .utf8) == "precious\n")
  }

  @Test func resultsAreNeverWrittenThroughALink() throws {
    let data = try TemporaryDirectory()
    let store = LiveGameStore(records: try data.records(), directory: data.url)
    var game = LiveGame(setup: Self.setup(pin: "555555"))
    let log = try store.start(game.setup)
    log.append([try game.join(name: "Ada", browser: nil, secret: Self.secret(1), at: Game.t(0)).0])
    log.append(try game.end(at: Game.t(1)))
    log.finish()
    try FileManager.default.createDirectory(at: store.resultsDirectory, withIntermediateDirectories: true)
    let stem = store.resultsDirectory.appendingPathComponent(LiveGameStore.fileStem(game.setup))
    let precious = data.url.appendingPathComponent("precious.txt")
    try Data("precious\n".utf8).write(to: precious)
    try FileManager.default.createSymbolicLink(at: stem.appendingPathExtension("json"), withDestinationURL: precious)
    #expect {
      try store.saveResults(of: game)
    } throws: { error in
      "\(error)".hasSuffix(".json: not a regular file (a symbolic link)")
    }
    #expect(try String(contentsOf: precious, encoding: .utf8) == "precious\n")
    // The results are in the records all the same: listed, and nothing acknowledged lost.
    #expect(store.savedGames().map(\.title) == ["Quiz"])
    // A FIFO among the exports: listing the games does not wait on it.
    #expect(mkfifo(store.resultsDirectory.appendingPathComponent("2099-01-01-0000-x-1.json").path, 0o600) == 0)
    #expect(store.savedGames().map(\.title) == ["Quiz"])
  }

  @Test func aGameWhoseRowsDoNotReplayIsKeptAsItIsAndItsPINFreed() throws {
    let data = try TemporaryDirectory()
    let records = try data.records()
    let store = LiveGameStore(records: records, directory: data.url)
    #expect(!(try store.isTaken(pin: "333333")))
    // A game's rows edited by hand: a setup that is not one, then one whose move does not fit.
    var game = LiveGame(setup: Self.setup(pin: "333333"))
    let log = try store.start(game.setup)
    log.append([try game.join(name: "Ada", browser: nil, secret: Self.secret(1), at: Game.t(0)).0])
    log.finish()
    #expect(try store.isTaken(pin: "333333"))
    try records.write { database throws(DatabaseError) in
      try database.execute("UPDATE live_games SET setup = 'not a setup' WHERE pin = '333333'")
      try database.execute(
        "INSERT INTO live_games (pin, title, setup, created) VALUES ('444444', 'x', \(LiveMoves.encode(Self.setup(pin: "444444"))), 0)"
      )
      try database.execute(
        "INSERT INTO live_moves (game_id, sequence, at, move) SELECT id, 1, 0, '{\"opened\":{\"question\":99,\"at\":0}}' FROM live_games WHERE pin = '444444'"
      )
    }
    let found = store.resumeUnfinished(at: Game.t(0))
    #expect(found.games.isEmpty)
    #expect(found.problems.count == 2, "\(found.problems)")
    #expect(
      found.problems.contains { $0.hasPrefix("live game 333333 not resumed: its setup: not a game's setup; kept in ") })
    #expect(
      found.problems.contains {
        $0.hasPrefix("live game 444444 not resumed: move 1: a move that does not fit the game")
      })
    // Kept as they were, marked, and not reported again; their PINs free for new games.
    let kept = try records.read { database throws(DatabaseError) in
      try database.rows("SELECT pin, setup, damaged FROM live_games ORDER BY pin")
    }
    #expect(kept.map { $0.get(0, as: String.self) } == ["333333", "444444"])
    #expect(kept[0].get(1, as: String.self) == "not a setup" && kept.allSatisfy { $0.get(2, as: String.self) != nil })
    #expect(store.resumeUnfinished(at: Game.t(0)).problems.isEmpty)
    #expect(try !store.isTaken(pin: "333333") && !store.isTaken(pin: "444444"))
    let again = try store.start(Self.setup(pin: "333333"))
    again.finish()
    #expect(try store.isTaken(pin: "333333"))
  }

  @Test func aQuestionKeepsTheTimeItHadLeftAndOneWhoseTimeWasUpClosesWhenResumed() async throws {
    let data = try TemporaryDirectory()
    let records = try data.records()
    let store = LiveGameStore(records: records, directory: data.url)
    var game = LiveGame(setup: Self.setup(pin: "555555"))
    let log = try store.start(game.setup)
    let (joined, ada) = try game.join(name: "Ada", browser: nil, secret: Self.secret(1), at: Game.t(0))
    log.append([joined, try game.next(at: Game.t(1))])
    // Last known alive 9 s into the question's 20; the writer takes jobs in order.
    log.markAlive(at: Game.t(10))
    try await records.write { _ throws(DatabaseError) in }
    log.finish()
    // Back 40 s later: the question has the 11 s it had left, Ada may still answer.
    let found = store.resumeUnfinished(at: Game.t(50))
    let first = try #require(found.games.first)
    var resumed = first.game
    #expect(resumed.phase == .open(question: 0, openedAt: Game.t(41)))
    #expect(resumed.remaining(at: Game.t(50)) == 11)
    _ = try resumed.answer(secret: ada.secret, question: 0, picks: [0], at: Game.t(52))
    // Timed from the opening, the downtime left out.
    #expect(resumed.players[0].answers[0]?.milliseconds == 11_000)
    // It dies again after its time was up (at 61 s) but before the ticker closed it: the
    // question is closed when it is back, and the closing is in the records.
    first.log.markAlive(at: Game.t(65))
    try await records.write { _ throws(DatabaseError) in }
    first.log.finish()
    let late = store.resumeUnfinished(at: Game.t(100))
    let unfinished = try #require(late.games.first)
    unfinished.log.finish()
    #expect(unfinished.game.phase == .closed(question: 0))
    #expect(try store.game(id: unfinished.log.gameID)?.phase == .closed(question: 0))
  }

  static func setup(pin: String) -> LiveGame.Setup {
    var setup = Game.setup()
    setup.pin = pin
    return setup
  }
}
