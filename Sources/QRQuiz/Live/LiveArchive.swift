import Foundation

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
  /// Results of finished games.
  public var resultsDirectory: URL { directory.appendingPathComponent("results") }

  /// The journal of game `pin`.
  public func journalURL(pin: String) -> URL { gamesDirectory.appendingPathComponent(pin + ".jsonl") }

  /// The journals of games that did not finish (their server stopped or crashed): the
  /// regular files of ``JournalScan/journals``.
  public func unfinishedJournals() -> [URL] { scanJournals().journals }

  /// What `games/` holds.
  public struct JournalScan: Sendable {
    /// Journals (regular files named `PIN.jsonl`), by name.
    public var journals: [URL]
    /// A line for each `.jsonl` that is not a regular file (a link, a FIFO), left as it is.
    public var skipped: [String]
  }

  /// Lists `games/` without opening anything in it.
  public func scanJournals() -> JournalScan {
    var scan = JournalScan(journals: [], skipped: [])
    for name in names(in: gamesDirectory) where name.hasSuffix(".jsonl") {
      let path = gamesDirectory.appendingPathComponent(name).path
      var status = stat()
      guard lstat(path, &status) == 0 else { continue }
      if status.st_mode & S_IFMT == S_IFREG {
        scan.journals.append(URL(fileURLWithPath: path))
      } else {
        scan.skipped.append("live game not resumed: \(RegularFile.notRegular(path, .read, mode: status.st_mode))")
      }
    }
    return scan
  }

  /// A game in progress found again: its journal read back and open to append to.
  public struct Unfinished: Sendable {
    /// The game the journal holds, a question open when it stopped closed now.
    public var game: LiveGame
    /// Its journal, the closing entry (if any) appended.
    public var journal: LiveJournal
  }

  /// What ``resumeUnfinished(at:)`` found.
  public struct Resumption: Sendable {
    public var games: [Unfinished]
    /// A line for each journal not resumed: skipped (not a regular file, unreadable) or
    /// damaged (kept aside, its name said).
    public var problems: [String]
  }

  /// Reopens every journal of `games/`: the games with their journals, a question open
  /// when the server stopped closed at `now` with the answers it had. A damaged journal
  /// is set aside (``setAside(_:)``), never overwritten; a file that is not a regular file
  /// is skipped and left as it is.
  public func resumeUnfinished(at now: QuizClock.Instant) -> Resumption {
    let scan = scanJournals()
    var resumption = Resumption(games: [], problems: scan.skipped)
    for url in scan.journals {
      let journal: LiveJournal
      do {
        journal = try LiveJournal.resume(url).journal
      } catch {
        guard error.isDamaged else {
          resumption.problems.append("live game not resumed: \(error)")
          continue
        }
        let kept = (try? setAside(url)).map { "; kept as \($0.lastPathComponent)" } ?? ""
        resumption.problems.append("live game not resumed: \(error)\(kept)")
        continue
      }
      var game = journal.game
      if case .open(let index, _) = game.phase {
        let entry = LiveGame.Entry.closed(question: index, at: now)
        game.apply(entry)
        journal.append([entry])
      }
      resumption.games.append(Unfinished(game: game, journal: journal))
    }
    return resumption
  }

  /// Moves a journal that cannot be resumed out of the way, keeping it: `PIN.damaged`, or
  /// `PIN.2.damaged`, `PIN.3.damaged` … when those exist. An existing file is never
  /// replaced (a hard link is made, which fails rather than overwrite, then the journal's
  /// name removed).
  ///
  /// - Returns: the damaged file's address.
  /// - Throws: ``FileSystemError``.
  @discardableResult
  public func setAside(_ journal: URL) throws(FileSystemError) -> URL {
    let directory = journal.deletingLastPathComponent()
    var stem = journal.lastPathComponent
    if stem.hasSuffix(".jsonl") { stem.removeLast(6) }
    for number in 1...10_000 {
      let target = directory.appendingPathComponent(number == 1 ? "\(stem).damaged" : "\(stem).\(number).damaged")
      if link(journal.path, target.path) == 0 {
        unlink(journal.path)
        return target
      }
      switch errno {
      case EEXIST: continue
      case EPERM, ENOTSUP, EOPNOTSUPP, EMLINK:
        // A file system without hard links: a rename, checked first.
        if RegularFile.exists(target.path) { continue }
        guard rename(journal.path, target.path) == 0 else { throw .current(.write, journal.path) }
        return target
      default: throw .current(.write, journal.path)
      }
    }
    throw FileSystemError(
      path: journal.path, operation: .write, code: EEXIST, detail: "10,000 damaged journals of one PIN")
  }

  /// Whether `pin` must not be drawn for a new game: a journal, a damaged journal, or
  /// anything else of that name (`PIN.…`) is in `games/`, so a new game could neither
  /// write its journal nor be told from the old one.
  public func isTaken(pin: String) -> Bool {
    names(in: gamesDirectory).contains { $0 == pin || $0.hasPrefix(pin + ".") }
  }

  /// The names in `folder`, hidden ones (temporary files) left out.
  private func names(in folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
  }

  /// Saves a finished game's results (JSON and CSV, durable) and removes its journal.
  ///
  /// - Returns: the JSON file's address (the CSV beside it).
  /// - Throws: ``FileSystemError``.
  @discardableResult
  public func saveResults(of game: LiveGame) throws(FileSystemError) -> URL {
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
