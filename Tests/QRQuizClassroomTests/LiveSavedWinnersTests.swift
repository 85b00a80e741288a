import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom

/// `qrquiz live --results` names a finished game's winners from the records: every player
/// ranked first when several tie, and never one the host removed; on both engines.
@Suite struct LiveSavedWinnersTests {
  typealias T = LiveGameFixtures

  /// A game of accuracy scoring in which `right` answer the first question right and the
  /// others wrong, then `removed` (who answered right too) is removed; saved.
  func savedGame(
    _ engine: RecordEngine, right: [String], wrong: [String], removed: String?
  ) throws -> [LiveGameStore.SavedGame] {
    let folder = try TestRecords(engine)
    let store = LiveGameStore(records: try folder.open(), directory: folder.directory.url)
    var game = LiveGame(setup: T.setup(scoring: .accuracy))
    let log = try store.start(game.setup)
    var entries: [LiveGame.Entry] = []
    let names = right + wrong + (removed.map { [$0] } ?? [])
    for (number, name) in names.enumerated() {
      entries.append(try game.join(name: name, browser: nil, secret: T.secret(number + 1), at: T.t(1)).0)
    }
    entries.append(try game.next(at: T.t(2)))
    for (number, name) in names.enumerated() {
      entries += try game.answer(
        secret: T.secret(number + 1), question: 0, picks: wrong.contains(name) ? [1] : [0], at: T.t(3))
    }
    if let removed { entries.append(try game.kick(name: removed, ban: false, at: T.t(4))) }
    entries += try game.end(at: T.t(5))
    _ = log.append(entries)
    log.finish()
    try store.saveResults(of: game)
    return store.savedGames()
  }

  @Test(arguments: RecordEngine.allCases)
  func everyPlayerTiedFirstIsAWinnerInRankOrder(engine: RecordEngine) throws {
    let saved = try savedGame(engine, right: ["Tie One", "Tie Two"], wrong: ["Third"], removed: "Mallory")
    #expect(saved.count == 1)
    #expect(saved.first?.winners == [.init(name: "Tie One", score: 1000), .init(name: "Tie Two", score: 1000)])
    #expect(saved.first?.players == 3)
  }

  @Test(arguments: RecordEngine.allCases)
  func oneBestPlayerIsTheOnlyWinner(engine: RecordEngine) throws {
    let saved = try savedGame(engine, right: ["Ada"], wrong: ["Bob", "Cy"], removed: nil)
    #expect(saved.first?.winners == [.init(name: "Ada", score: 1000)])
  }

  @Test(arguments: RecordEngine.allCases)
  func aRemovedPlayerNeverWinsEvenWhenEveryoneElseScoredLess(engine: RecordEngine) throws {
    let saved = try savedGame(engine, right: [], wrong: ["Bob", "Cy"], removed: "Mallory")
    // Bob and Cy tie on 0; Mallory's 1000 is not theirs to beat.
    #expect(saved.first?.winners.map(\.name) == ["Bob", "Cy"])
  }
}
