import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom

/// Leaving a trial game out of the gradebook (issue 49): deleting its results file leaves
/// its records, which the gradebook counts; `forget` removes both.
@Suite struct LiveForgetTests {
  typealias T = LiveGameFixtures

  /// A finished game of one player, saved: its JSON export.
  private func savedGame(_ store: LiveGameStore, name: String) throws -> URL {
    var game = LiveGame(setup: T.setup(scoring: .accuracy))
    let log = try store.start(game.setup)
    var entries: [LiveGame.Entry] = []
    entries.append(try game.join(name: name, browser: nil, secret: T.secret(1), at: T.t(1)).0)
    entries.append(try game.next(at: T.t(2)))
    entries += try game.answer(secret: T.secret(1), question: 0, picks: [1], at: T.t(3))
    entries += try game.end(at: T.t(5))
    _ = log.append(entries)
    log.finish()
    return try #require(try store.saveResults(of: game))
  }

  @Test func aForgottenGameLeavesTheRecordsTheListAndItsFiles() throws {
    let folder = try TemporaryDirectory()
    let records = try folder.records()
    let store = LiveGameStore(records: records, directory: folder.url)
    let saved = try savedGame(store, name: "Ada Lovelace")
    let csv = saved.deletingPathExtension().appendingPathExtension("csv")
    // Deleting the file alone changes nothing the gradebook reads, and the list says so.
    try FileManager.default.removeItem(at: saved)
    #expect(store.gameRecords().count == 1)
    let listed = try #require(store.savedGames().first)
    #expect(!listed.fileExists && listed.stem == saved.deletingPathExtension().lastPathComponent)
    #expect(throws: LiveGameStore.ForgetError.self) { try store.forget(results: "nothing-of-the-kind.json") }
    #expect(store.gameRecords().count == 1)
    // The path as --results listed it names it.
    let forgotten = try store.forget(results: saved.path)
    #expect(forgotten.title == listed.title)
    #expect(store.gameRecords().isEmpty && store.savedGames().isEmpty)
    #expect(!FileManager.default.fileExists(atPath: csv.path))
    let left = try records.read { database throws(DatabaseError) in
      try database.value("SELECT count(*) FROM live_players", as: Int.self)
    }
    #expect(left == 0)
  }

  @Test func theFileNameAloneNamesTheGameAndOthersStay() throws {
    let folder = try TemporaryDirectory()
    let store = LiveGameStore(records: try folder.records(), directory: folder.url)
    let kept = try savedGame(store, name: "Ada Lovelace")
    let trial = try savedGame(store, name: "Teacher")
    try store.forget(results: trial.lastPathComponent)
    #expect(store.savedGames().map(\.file) == [kept])
    #expect(FileManager.default.fileExists(atPath: kept.path) && !FileManager.default.fileExists(atPath: trial.path))
    // A title with a dot keeps it: only .json and .csv come off.
    #expect(LiveGameStore.stem(ofResults: "/x/2026-12-01-1503-Ch.-3-123456.json") == "2026-12-01-1503-Ch.-3-123456")
    #expect(LiveGameStore.stem(ofResults: "2026-12-01-1503-Ch.-3-123456") == "2026-12-01-1503-Ch.-3-123456")
  }
}
