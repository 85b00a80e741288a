import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom
@testable import QRQuizFiles

/// The journal and the archive against a data folder as it really goes wrong: a disk
/// that fills up and empties again (a small tmpfs of the test's own), a FIFO and a
/// symbolic link where journals and results go, damaged journals of one PIN.
@Suite struct LiveJournalTests {
  typealias Game = LiveGameFixtures

  static func secret(_ number: Int) -> String { Game.secret(number) }

  @Test(.enabled(if: SmallFileSystem.canMount, "needs root to mount a tmpfs"))
  func aFullDiskRefusesMovesThenTheJournalRecovers() async throws {
    let disk = try #require(SmallFileSystem(kilobytes: 64))
    defer { withExtendedLifetime(disk) {} }
    let url = disk.url.appendingPathComponent("games/123456.jsonl")
    var game = LiveGame(setup: Game.setup())
    let journal = try LiveJournal(creating: url, setup: game.setup)
    defer { journal.finish() }
    for number in 1...2 {
      let ticket = journal.append([
        try game.join(name: "P\(number)", browser: nil, secret: Self.secret(number), at: Game.t(0)).0
      ])
      try await journal.waitUntilDurable(ticket)
    }
    let filler = try disk.fill()

    // Moves go on until one does not fit (the journal's last page has some room left).
    var before = game
    var failure: FileSystemError?
    var refused: [LiveGame.Entry] = []
    for number in 3...200 {
      before = game
      let entry = try game.join(name: "Player \(number)", browser: nil, secret: Self.secret(number), at: Game.t(1)).0
      do {
        try await journal.waitUntilDurable(journal.append([entry]))
      } catch {
        failure = error
        refused = [entry]
        break
      }
    }
    let error = try #require(failure, "the disk never filled")
    #expect(error.code == ENOSPC, "\(error)")
    // A move made before the owner rolled back is lost too: it may follow from the first.
    let next = try game.next(at: Game.t(2))
    await #expect(throws: FileSystemError.self) { try await journal.waitUntilDurable(journal.append([next])) }
    refused.append(next)

    // The file holds whole lines only, the game before the refused moves.
    let onDisk = try LiveJournal.read(url)
    #expect(onDisk.validLength == (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int))
    #expect(onDisk.game == before)
    #expect(journal.game == before)
    let rollback = try #require(journal.rollBack())
    #expect(rollback.error.code == ENOSPC && rollback.lostEntries == refused)
    #expect(rollback.game == before)
    #expect(journal.rollBack() == nil, "one failure, one rollback")
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
    // As long as the line that did not fit: it does not fit either.
    #expect(LiveJournal.encode(again).count == LiveJournal.encode(refusedJoin).count)
    await #expect(throws: FileSystemError.self) { try await journal.waitUntilDurable(journal.append([again])) }
    #expect(journal.rollBack()?.game == game)

    // Space returns: the same journal takes moves again, and the file is the game.
    try FileManager.default.removeItem(at: filler)
    let late = try game.join(name: "Zoë", browser: nil, secret: Self.secret(999), at: Game.t(4)).0
    try await journal.waitUntilDurable(journal.append([late]))
    try await journal.waitUntilDurable(journal.append([try game.next(at: Game.t(5))]))
    try await journal.waitUntilDurable(
      journal.append(try game.answer(secret: Self.secret(999), question: 0, picks: [0], at: Game.t(6))))
    #expect(journal.rollBack() == nil)
    #expect(try LiveJournal.read(url).game == game)
    #expect(game.players.last?.name.text == "Zoë" && game.players[game.players.count - 1].answers[0]?.picks == [0])
  }

  @Test func entriesAppendedToAFinishedJournalAreLost() async throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("games/123456.jsonl")
    var game = LiveGame(setup: Game.setup())
    let journal = try LiveJournal(creating: url, setup: game.setup)
    let first = journal.append([try game.join(name: "Ada", browser: nil, secret: Self.secret(1), at: Game.t(0)).0])
    try await journal.waitUntilDurable(first)
    journal.finish()
    let late = journal.append([try game.join(name: "Bob", browser: nil, secret: Self.secret(2), at: Game.t(0)).0])
    await #expect(throws: FileSystemError.self) { try await journal.waitUntilDurable(late) }
    try await journal.waitUntilDurable(first)
    #expect(try LiveJournal.read(url).entries.count == 1)
  }

  @Test func fifosAndLinksInTheGamesFolderAreSkippedAndNeverFollowed() throws {
    let data = try TemporaryDirectory()
    let archive = LiveArchive(directory: data.url)
    try FileManager.default.createDirectory(at: archive.gamesDirectory, withIntermediateDirectories: true)
    // A FIFO: opening it to read would wait for a writer for ever.
    #expect(mkfifo(archive.journalURL(pin: "111111").path, 0o600) == 0)
    // A link to a file of someone else's, which must stay as it is.
    let precious = data.url.appendingPathComponent("precious.txt")
    try Data("precious\n".utf8).write(to: precious)
    try FileManager.default.createSymbolicLink(
      at: archive.journalURL(pin: "222222"), withDestinationURL: precious)
    // A game in progress, its first question open.
    var game = LiveGame(setup: Self.setup(pin: "444444"))
    let journal = try LiveJournal(creating: archive.journalURL(pin: "444444"), setup: game.setup)
    journal.append([try game.join(name: "Ada", browser: nil, secret: Self.secret(1), at: Game.t(0)).0])
    journal.append([try game.next(at: Game.t(1))])
    journal.finish()

    // Resumed after the question's 20 s are up: it is closed.
    let found = archive.resumeUnfinished(at: Game.t(30))
    defer { for unfinished in found.games { unfinished.journal.finish() } }
    #expect(found.games.map(\.game.setup.pin) == ["444444"])
    #expect(found.games.first?.game.phase == .closed(question: 0))
    #expect(found.problems.count == 2, "\(found.problems)")
    #expect(found.problems.contains { $0.hasSuffix("111111.jsonl: not a regular file (a FIFO)") }, "\(found.problems)")
    #expect(found.problems.contains { $0.hasSuffix("222222.jsonl: not a regular file (a symbolic link)") })
    // Reading or writing through either is refused, and the link's target is untouched.
    for pin in ["111111", "222222"] {
      #expect(throws: LiveJournal.ReadError.self) { try LiveJournal.read(archive.journalURL(pin: pin)) }
      #expect(throws: LiveJournal.ReadError.self) { try LiveJournal.resume(archive.journalURL(pin: pin)) }
      #expect(throws: FileSystemError.self) {
        try LiveJournal(creating: archive.journalURL(pin: pin), setup: Self.setup(pin: pin))
      }
    }
    #expect(try String(contentsOf: precious, encoding: .utf8) == "precious\n")
    #expect(archive.isTaken(pin: "111111") && archive.isTaken(pin: "222222"))
    #expect(archive.scanJournals().journals.map(\.lastPathComponent) == ["444444.jsonl"])
  }

  @Test func resultsAreNeverWrittenThroughALinkNorReadFromAFIFO() throws {
    let data = try TemporaryDirectory()
    let archive = LiveArchive(directory: data.url)
    var game = LiveGame(setup: Self.setup(pin: "555555"))
    _ = try game.join(name: "Ada", browser: nil, secret: Self.secret(1), at: Game.t(0))
    _ = try game.end(at: Game.t(1))
    try FileManager.default.createDirectory(at: archive.resultsDirectory, withIntermediateDirectories: true)
    let stem = archive.resultsDirectory.appendingPathComponent(LiveArchive.fileStem(game.setup))
    let precious = data.url.appendingPathComponent("precious.txt")
    try Data("precious\n".utf8).write(to: precious)
    try FileManager.default.createSymbolicLink(at: stem.appendingPathExtension("json"), withDestinationURL: precious)
    #expect {
      try archive.saveResults(of: game)
    } throws: { error in
      "\(error)".hasSuffix(".json: not a regular file (a symbolic link)")
    }
    #expect(try String(contentsOf: precious, encoding: .utf8) == "precious\n")
    // A FIFO among the results: listing them does not wait on it.
    try FileManager.default.removeItem(at: stem.appendingPathExtension("json"))
    #expect(mkfifo(archive.resultsDirectory.appendingPathComponent("2099-01-01-0000-x-1.json").path, 0o600) == 0)
    try archive.saveResults(of: game)
    #expect(archive.savedGames().map(\.title) == ["Quiz"])
  }

  @Test func everyDamagedJournalIsKeptAndItsPINNeverDrawnAgain() throws {
    let data = try TemporaryDirectory()
    let archive = LiveArchive(directory: data.url)
    try FileManager.default.createDirectory(at: archive.gamesDirectory, withIntermediateDirectories: true)
    let url = archive.journalURL(pin: "333333")
    #expect(!archive.isTaken(pin: "333333"))
    var kept: [String] = []
    for round in 1...3 {
      try Data("not a journal \(round)\n".utf8).write(to: url)
      let found = archive.resumeUnfinished(at: Game.t(0))
      #expect(found.games.isEmpty)
      #expect(
        found.problems.count == 1 && found.problems[0].contains("line 1: not a game's setup"), "\(found.problems)")
      kept.append(try #require(found.problems.first?.components(separatedBy: "kept as ").last))
      #expect(!FileManager.default.fileExists(atPath: url.path))
      #expect(archive.isTaken(pin: "333333"), "a PIN whose journal was set aside is not drawn again")
    }
    #expect(kept == ["333333.damaged", "333333.2.damaged", "333333.3.damaged"])
    for (round, name) in kept.enumerated() {
      let text = try String(contentsOf: archive.gamesDirectory.appendingPathComponent(name), encoding: .utf8)
      #expect(text == "not a journal \(round + 1)\n", "\(name) kept as it was")
    }
    // Only that PIN: a prefix of another is not it.
    #expect(!archive.isTaken(pin: "33333") && !archive.isTaken(pin: "333334"))
    _ = try LiveJournal(creating: archive.journalURL(pin: "777777"), setup: Self.setup(pin: "777777"))
    #expect(archive.isTaken(pin: "777777"))
  }

  @Test func aQuestionWhoseTimeIsNotUpStaysOpenWhenTheGameIsResumed() throws {
    let data = try TemporaryDirectory()
    let archive = LiveArchive(directory: data.url)
    var game = LiveGame(setup: Self.setup(pin: "555555"))
    let journal = try LiveJournal(creating: archive.journalURL(pin: "555555"), setup: game.setup)
    let (joined, ada) = try game.join(name: "Ada", browser: nil, secret: Self.secret(1), at: Game.t(0))
    journal.append([joined, try game.next(at: Game.t(1))])
    journal.finish()
    // The server comes back 9 s into the question's 20: Ada may still answer, until 21 s.
    let found = archive.resumeUnfinished(at: Game.t(10))
    defer { for unfinished in found.games { unfinished.journal.finish() } }
    var resumed = try #require(found.games.first).game
    #expect(resumed.phase == .open(question: 0, openedAt: Game.t(1)))
    #expect(resumed.remaining(at: Game.t(10)) == 11)
    _ = try resumed.answer(secret: ada.secret, question: 0, picks: [0], at: Game.t(12))
    #expect(resumed.players[0].answers[0]?.milliseconds == 11_000)
  }

  static func setup(pin: String) -> LiveGame.Setup {
    var setup = Game.setup()
    setup.pin = pin
    return setup
  }
}
