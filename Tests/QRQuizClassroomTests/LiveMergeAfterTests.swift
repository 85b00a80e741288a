import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom

/// Merging after the game (issue 49 §3): two players of saved results who are one student
/// become one row in the records, the JSON and the CSV, and the merge is a move of the
/// game's, replayed with it.
@Suite struct LiveMergeAfterTests {
  typealias T = LiveGameFixtures

  @Test func aFinishedGamesTwoPlayersBecomeOneRowEverywhere() throws {
    let folder = try TemporaryDirectory()
    let records = try folder.records()
    let store = LiveGameStore(records: records, directory: folder.url)
    var game = LiveGame(setup: T.setup(scoring: .accuracy))
    let log = try store.start(game.setup)
    var entries: [LiveGame.Entry] = []
    entries.append(try game.join(name: "Harry Wilson", browser: nil, secret: T.secret(1), at: T.t(1)).0)
    entries.append(try game.join(name: "Harry W", browser: nil, secret: T.secret(2), at: T.t(1)).0)
    entries.append(try game.next(at: T.t(2)))
    entries += try game.answer(secret: T.secret(2), question: 0, picks: [0], at: T.t(3))
    entries += try game.answer(secret: T.secret(1), question: 0, picks: [1], at: T.t(4))
    entries += try game.end(at: T.t(5))
    _ = log.append(entries)
    log.finish()
    let saved = try #require(try store.saveResults(of: game))
    #expect(throws: LiveGameStore.MergeError.self) {
      try store.merge(results: "nothing-of-the-kind.json", from: "Harry W", into: "Harry Wilson", at: T.t(9))
    }
    #expect(throws: LiveGameStore.MergeError.self) {
      try store.merge(results: saved.path, from: "Nobody", into: "Harry Wilson", at: T.t(9))
    }
    // The file's name alone, without its folder, names it too.
    let merged = try store.merge(
      results: saved.deletingPathExtension().lastPathComponent, from: "harry w", into: "Harry Wilson", at: T.t(9))
    #expect(merged == saved)
    let csv = try String(contentsOf: saved.deletingPathExtension().appendingPathExtension("csv"), encoding: .utf8)
    #expect(csv.contains("\r\nHarry Wilson,1000,1,0,0,1,1,Paris,") && !csv.contains("Harry W,"), "\(csv)")
    let rows = try records.read { database throws(DatabaseError) in
      try database.rows("SELECT name, score, removed FROM live_players ORDER BY player").map(\.values)
    }
    #expect(rows == [[.text("Harry Wilson"), .integer(1000), .integer(0)]])
    #expect(store.savedGames().first?.winners == [.init(name: "Harry Wilson", score: 1000)])
    // The merge is one of the game's moves: the game replayed is the merged one.
    let id = try #require(
      try records.read { database throws(DatabaseError) in
        try database.value("SELECT id FROM live_games", as: Int64.self)
      })
    let replayed = try #require(try store.game(id: id))
    #expect(replayed.players[1].mergedInto == 1 && replayed.players[0].score == 1000)
  }

  /// A title with a dot ("Ch. 3") keeps it in the results' name: the name given without
  /// its extension is found (it was cut at the dot, "no saved results").
  @Test func resultsWhoseTitleHasADotAreFoundByTheirNameAlone() throws {
    let folder = try TemporaryDirectory()
    let store = LiveGameStore(records: try folder.records(), directory: folder.url)
    var setup = T.setup(scoring: .accuracy)
    setup.title = "Ch. 3"
    var game = LiveGame(setup: setup)
    let log = try store.start(game.setup)
    var entries: [LiveGame.Entry] = []
    entries.append(try game.join(name: "Harry Wilson", browser: nil, secret: T.secret(1), at: T.t(1)).0)
    entries.append(try game.join(name: "Harry W", browser: nil, secret: T.secret(2), at: T.t(1)).0)
    entries += try game.end(at: T.t(5))
    _ = log.append(entries)
    log.finish()
    let saved = try #require(try store.saveResults(of: game))
    let name = String(saved.lastPathComponent.dropLast(".json".count))
    #expect(name.contains("Ch."), "\(name)")
    let merged = try store.merge(results: name, from: "Harry W", into: "Harry Wilson", at: T.t(9))
    #expect(merged == saved)
  }
}
