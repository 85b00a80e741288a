import Foundation
import QRQuiz
import QRQuizFiles

/// The journals of games in progress, as a server finds them when it starts: what it can
/// resume, what it skips (not a regular file), what it sets aside (damaged), and the PINs
/// it must not give again.
extension LiveArchive {
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
    /// The game the journal holds; a question open when it stopped whose time is up since,
    /// closed now.
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
      // A question whose time is not up stays open (the students who had not answered still
      // may); one whose time ran out while the server was down is closed now.
      if case .open(let index, _) = game.phase, let deadline = game.deadline, now >= deadline {
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
  /// - Throws: `FileSystemError`.
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
}
