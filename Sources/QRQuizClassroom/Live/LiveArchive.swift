import Foundation
import QRQuiz
import QRQuizFiles

/// Where a server keeps its live games, in its data folder: the journal of each game in
/// progress (`games/PIN.jsonl`, resumed after a crash; one that cannot be read is kept as
/// `games/PIN.damaged`, `PIN.2.damaged` …), and the results of each finished one
/// (`results/DATE-TIME-TOPIC-PIN.json` and `.csv`), found again by `qrquiz live --results`
/// after the browser is closed.
///
/// Only regular files are used: a link is never followed and a FIFO never opened to wait
/// on; anything else in the folders is skipped and said (``JournalScan/skipped``).
public struct LiveArchive: Sendable {
  /// The folder (`DATA/live`).
  public let directory: URL

  public init(directory: URL) { self.directory = directory }

  /// Journals of games in progress.
  public var gamesDirectory: URL { directory.appendingPathComponent("games") }

  /// Why a server cannot serve this folder's games.
  public enum ServingRefusal: Error, Sendable, CustomStringConvertible {
    /// Another process serves them; `who` is what it said of itself.
    case servedElsewhere(who: String)
    case folder(FileSystemError)

    public var description: String {
      switch self {
      case .servedElsewhere(let who):
        "the live games here are served by another qrquiz already (\(who)): stop it first, or give this one "
          + "another data folder (XDG_DATA_HOME)"
      case .folder(let error): "the live games' folder cannot be used: \(error)"
      }
    }
  }

  /// Makes this process the one that serves the folder's games, for its whole life: two
  /// servers on one data folder would each resume the same games and write the same
  /// journals and results over each other. `who` says who serves them (a port) to a second
  /// one that tries.
  ///
  /// - Throws: ``ServingRefusal``.
  public func serve(as who: String) throws(ServingRefusal) {
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw .folder(.current(.create, directory.path))
    }
    do {
      try FileLock.holdUntilExit(directory.appendingPathComponent("server.lock"), note: who)
    } catch {
      switch error {
      case .heldByAnother(let note): throw .servedElsewhere(who: note.isEmpty ? "another process" : note)
      case .failed(let failure): throw .folder(failure)
      }
    }
  }
  /// Results of finished games.
  public var resultsDirectory: URL { directory.appendingPathComponent("results") }

  /// The journal of game `pin`.
  public func journalURL(pin: String) -> URL { gamesDirectory.appendingPathComponent(pin + ".jsonl") }

  /// The journals of games that did not finish (their server stopped or crashed): the
  /// regular files of ``JournalScan/journals``.
  public func unfinishedJournals() -> [URL] { scanJournals().journals }

  /// The names in `folder`, hidden ones (temporary files) left out.
  func names(in folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
  }

  /// Saves a finished game's results (JSON and CSV, durable) and removes its journal; a
  /// game without results (``LiveGame/hasResults``: ended in the lobby before anyone
  /// joined) leaves no files.
  ///
  /// - Returns: the JSON file's address (the CSV beside it), or `nil` when there was
  ///   nothing to save.
  /// - Throws: `FileSystemError`.
  @discardableResult
  public func saveResults(of game: LiveGame) throws(FileSystemError) -> URL? {
    guard game.hasResults else {
      unlink(journalURL(pin: game.setup.pin).path)
      return nil
    }
    try Directory.create(resultsDirectory)
    let base = resultsDirectory.appendingPathComponent(Self.fileStem(game.setup))
    let results = LiveResults(game)
    let json = base.appendingPathExtension("json")
    try AtomicFile.write(
      Array((results.json.compactText + "\n").utf8), to: json, newFileMode: 0o600, durable: true,
      regularFileOnly: true)
    try AtomicFile.write(
      Array(results.csv.utf8), to: base.appendingPathExtension("csv"), newFileMode: 0o600, durable: true,
      regularFileOnly: true)
    unlink(journalURL(pin: game.setup.pin).path)
    return json
  }

  /// A finished game as `--results` lists it.
  public struct SavedGame: Sendable, Hashable {
    public var file: URL
    public var title: String
    public var created: Date?
    /// Players who finished (the removed ones are not counted).
    public var players: Int
    /// The podium's first, if anyone played.
    public var winner: LiveGame.Standing?
  }

  /// Every finished game, newest first (files that are not results, or not regular
  /// files, are passed over).
  public func savedGames() -> [SavedGame] {
    names(in: resultsDirectory).filter { $0.hasSuffix(".json") }.reversed().compactMap { name in
      let file = resultsDirectory.appendingPathComponent(name)
      guard let bytes = try? RegularFile.read(file.path, limit: 64 << 20),
        let json = try? JSONParser.parse(bytes), case .string(let title)? = json["title"],
        case .array(let players)? = json["players"]
      else { return nil }
      var winner: LiveGame.Standing?
      if case .string(let name)? = players.first?["name"], case .number(let score)? = players.first?["score"] {
        winner = LiveGame.Standing(name: name, score: Int(score.value))
      }
      var created: Date?
      if case .string(let text)? = json["created"] { created = ISO8601DateFormatter().date(from: text) }
      let finished = players.count { $0["removed"] != .bool(true) }
      return SavedGame(file: file, title: title, created: created, players: finished, winner: winner)
    }
  }

  /// `2026-12-01-1503-Capitals-123456`: sorted by date, readable, safe.
  static func fileStem(_ setup: LiveGame.Setup) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd-HHmm"
    let title = FileName.safe(setup.title, maximumBytes: 80).replacingOccurrences(of: " ", with: "-")
    return "\(formatter.string(from: setup.created.date))-\(title)-\(setup.pin)"
  }
}
