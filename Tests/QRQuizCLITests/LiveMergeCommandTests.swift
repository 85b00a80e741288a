import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizCLI
@testable import QRQuizClassroom

/// `qrquiz live --merge RESULTS FROM INTO` (issue 49 §3), run in process on a data folder of
/// the test's own: a finished game's two players who are one student become one row in the
/// records (what the gradebook reads), the JSON and the CSV; every mistake is one line and
/// a non-zero exit that leaves the results as they were.
@Suite struct LiveMergeCommandTests {
  typealias T = LiveGameFixtures
  let folder: TemporaryDirectory
  let saved: URL

  /// A finished game of "Harry Wilson" and "Harry W" (who answered first, and right),
  /// saved in the folder's data as `qrquiz live` saves it.
  init() throws {
    folder = try TemporaryDirectory()
    let store = LiveGameStore(records: try folder.records(), directory: folder.url.appendingPathComponent("live"))
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
    saved = try #require(try store.saveResults(of: game))
  }

  func run(_ arguments: [String]) async -> ExitCode {
    await Directories.$dataOverride.withValue(folder.url) { await QRQuizCLI.run(arguments) }
  }

  var csv: String {
    get throws {
      try String(contentsOf: saved.deletingPathExtension().appendingPathExtension("csv"), encoding: .utf8)
    }
  }

  /// The players the gradebook reads, sorted.
  func gradebookPlayers() throws -> [String] {
    let store = LiveGameStore(records: try folder.records(), directory: folder.url.appendingPathComponent("live"))
    return store.gameRecords().flatMap(\.players).map(\.name).sorted()
  }

  @Test func twoPlayersOfSavedResultsBecomeOneStudent() async throws {
    #expect(try gradebookPlayers() == ["Harry W", "Harry Wilson"])
    let stem = saved.deletingPathExtension().lastPathComponent
    // RESULTS by its name alone; names matched as the class list matches them.
    #expect(await run(["live", "--merge", stem, "harry w", "HARRY WILSON"]) == .success)
    let merged = try csv
    #expect(merged.contains("\r\nHarry Wilson,1000,1,0,0,1,1,Paris,") && !merged.contains("Harry W,"), "\(merged)")
    #expect(try gradebookPlayers() == ["Harry Wilson"])
    let json = try JSONParser.parse(Array(try Data(contentsOf: saved)))
    guard case .array(let players)? = json["players"] else { throw CocoaError(.fileReadCorruptFile) }
    let kept = players.filter { $0["removed"] != .bool(true) }
    #expect(kept.count == 1 && kept.first?["name"] == .string("Harry Wilson") && kept.first?["score"] == .number(1000))
    // Merged once: the name merged is no player any more.
    #expect(await run(["live", "--merge", saved.path, "Harry W", "Harry Wilson"]) == .notFound)
  }

  @Test func mistakesAreOneLineAndChangeNothing() async throws {
    let before = try csv
    let stem = saved.deletingPathExtension().lastPathComponent
    #expect(await run(["live", "--merge", "2020-01-01-0000-Nothing-000000", "Harry W", "Harry Wilson"]) == .notFound)
    #expect(await run(["live", "--merge", stem, "Nobody", "Harry Wilson"]) == .notFound)
    #expect(await run(["live", "--merge", stem, "Harry W", "Nobody"]) == .notFound)
    #expect(await run(["live", "--merge", stem, "Harry W", " harry  w"]) == .usage)
    #expect(await run(["live", "--merge", stem, "Harry W"]) == .usage)
    #expect(await run(["live", "Capitals", "--merge", stem, "Harry W", "Harry Wilson"]) == .usage)
    let after = try csv
    #expect(after == before)
    #expect(try gradebookPlayers() == ["Harry W", "Harry Wilson"])
  }

  /// The lines a teacher reads: each names the thing that is wrong.
  @Test func theLinesNameWhatIsWrong() throws {
    func usage(_ arguments: [String]) -> String? {
      var parser = CommandParser(root: QRQuizCommand.self)
      do {
        _ = try parser.parse(arguments)
        return nil
      } catch {
        return error.message
      }
    }
    #expect(
      usage(["live", "--merge", "R", "Harry W", "harry w"])
        == "--merge needs two players: FROM and INTO are both 'Harry W'")
    #expect(usage(["live", "--merge", "R", "Harry W"]) == "--merge needs 3 values: RESULTS FROM INTO")
    #expect(usage(["live", "--merge=R", "A", "B"]) == "--merge takes 3 words: --merge RESULTS FROM INTO")
    #expect(usage(["live", "--merge", "R", "A", "B", "--results"]) == "--merge changes saved results: give it alone")
    #expect(usage(["live", "--merge", "R", "A", "B"]) == nil)
    let noPlayer = LiveGameStore.MergeError.noSuchPlayer("Nobody", game: "Quiz")
    #expect(ErrorReport.message(for: noPlayer) == "no player of Quiz is named 'Nobody'")
    #expect(
      ErrorReport.message(for: LiveGameStore.MergeError.noSuchResults("x")).hasPrefix("no saved results are named x"))
  }
}
