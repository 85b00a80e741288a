import Foundation
import QRQuiz
import QRQuizFiles

/// Leaving a finished game out of the gradebook (`qrquiz live --forget RESULTS`): a trial
/// game, a game played by the wrong class. As Kahoot! deletes a report, the game's rows go
/// from the records (its players' totals and moves with it) and its exported files with
/// them, so the gradebook, `qrquiz live --results` and the files agree. Deleting the files
/// alone leaves the records, which the gradebook counts.
extension LiveGameStore {
  /// Why a game was not forgotten.
  public enum ForgetError: Error, Sendable, CustomStringConvertible {
    case noSuchResults(String)
    case records(DatabaseError)

    public var description: String {
      switch self {
      case .noSuchResults(let name): "no saved results are named \(name) (qrquiz live --results lists them)"
      case .records(let error): "the game was not forgotten: \(error)"
      }
    }
  }

  /// The saved game `results` names: its JSON file as `qrquiz live --results` lists it, or
  /// that file's name (with or without `.json`, or its `.csv`).
  public func savedGame(named results: String) -> SavedGame? {
    let stem = Self.stem(ofResults: results)
    return savedGames().first { $0.stem == stem }
  }

  /// Removes the saved game `results` names (as ``savedGame(named:)`` reads it) from the
  /// records, then its exported files (those still there).
  ///
  /// - Returns: the game removed, as `--results` listed it.
  /// - Throws: ``ForgetError``; the files are left alone when the records were not changed.
  @discardableResult
  public func forget(results: String) throws(ForgetError) -> SavedGame {
    guard let game = savedGame(named: results) else { throw .noSuchResults(results) }
    let stem = game.stem
    do {
      try records.write { database throws(DatabaseError) in
        // Its moves and players go with it (ON DELETE CASCADE).
        try database.execute("DELETE FROM live_games WHERE stem = \(stem) AND finished IS NOT NULL")
      }
    } catch {
      throw .records(error)
    }
    for file in game.files where FileManager.default.fileExists(atPath: file.path) {
      try? FileManager.default.removeItem(at: file)
    }
    return game
  }

  /// `2026-12-01-1503-Capitals-123456` from a path or a file name, as `--merge` reads it too.
  /// Only `.json` and `.csv` are taken off: a title may hold a dot ("Ch. 3").
  static func stem(ofResults results: String) -> String {
    let name = URL(fileURLWithPath: results).lastPathComponent
    for suffix in [".json", ".csv"] where name.hasSuffix(suffix) { return String(name.dropLast(suffix.count)) }
    return name
  }
}

extension LiveGameStore.SavedGame {
  /// The results' file name without its folder and extension: the game's identity.
  public var stem: String { String(file.lastPathComponent.dropLast(".json".count)) }
  /// The JSON and CSV exports' addresses (there or not).
  public var files: [URL] { [file, file.deletingLastPathComponent().appendingPathComponent(stem + ".csv")] }
  /// Whether the JSON export is still there (a teacher may have deleted it).
  public var fileExists: Bool { FileManager.default.fileExists(atPath: file.path) }
}
