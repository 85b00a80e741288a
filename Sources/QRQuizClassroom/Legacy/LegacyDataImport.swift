import Foundation
import QRQuiz
import QRQuizFiles

/// Takes over a data folder of qrquiz 0.5, which kept its records in files of its own:
/// live games' journals (`live/games/PIN.jsonl`) and results (`live/results/*.json`),
/// homework journals (`assignments/CODE.jsonl`), class rosters (`classes/NAME.json`),
/// `profiles.json` and `stats/NAME.json`. The first start of this release imports them
/// all into the records in one transaction, then moves the files, unchanged, into
/// `backup-0.5/` (same paths below it), so a 0.5 binary run by mistake finds no journal
/// to resume or roster to change; the results stay where they are too (they are this
/// release's exports, and a copy goes into the backup). Nothing is lost: a file that cannot
/// be read is moved into the backup all the same, and said.
public enum LegacyDataImport {
  /// What the takeover did.
  public struct Report: Sendable, Hashable {
    /// Where the 0.5 files went.
    public var backup: URL
    public var gamesInProgress = 0
    public var finishedGames = 0
    public var assignments = 0
    public var classes = 0
    public var profiles = 0
    public var statistics = 0
    /// A line for each file that could not be read (it is in the backup, unchanged).
    public var problems: [String] = []

    /// One line for people: what was imported, and from where.
    public var summary: String {
      let parts = [
        (classes, "class", "classes"), (finishedGames, "finished live game", "finished live games"),
        (gamesInProgress, "live game in progress", "live games in progress"),
        (assignments, "assignment", "assignments"), (profiles, "profile", "profiles"),
        (statistics, "player's statistics", "players' statistics"),
      ].map { "\($0.0) \($0.0 == 1 ? $0.1 : $0.2)" }
      return "took over the data folder of qrquiz 0.5: " + parts.joined(separator: ", ")
        + "; its files are kept in \(backup.path)"
    }
  }

  /// Why the takeover failed: nothing was imported or moved.
  public enum Failure: Error, Sendable, CustomStringConvertible {
    case records(DatabaseError)
    case backup(FileSystemError)

    public var description: String {
      switch self {
      case .records(let error): "the data folder of qrquiz 0.5 could not be taken over: \(error)"
      case .backup(let error): "the data folder of qrquiz 0.5 was imported, but its files could not be moved: \(error)"
      }
    }
  }

  /// The backup folder's name in a data folder.
  public static let backupName = "backup-0.5"
  /// The paths, below a data folder, that 0.5 kept records in (and the backup receives).
  static let recordPaths = ["live/games", "assignments", "classes", "profiles.json", "stats"]

  /// Imports `data`'s 0.5 files into `records` and moves them into the backup (`backup-0.5`,
  /// or `backup-0.5-2` … when an old binary wrote files again since), when there are any;
  /// `nil` when there was nothing to take over.
  ///
  /// - Throws: ``Failure``: nothing imported (the files stay as they were), or imported but
  ///   not all moved (the next start moves the rest, and imports nothing twice).
  public static func run(data: URL, records: RecordStore) throws(Failure) -> Report? {
    let present = recordPaths.filter { exists(data.appendingPathComponent($0)) }
    guard !present.isEmpty else { return nil }
    var backup = data.appendingPathComponent(backupName)
    var number = 1
    while exists(backup) {
      number += 1
      backup = data.appendingPathComponent("\(backupName)-\(number)")
    }
    let found = LegacyFiles.read(data)
    var report = found.report(backup: backup)
    do {
      report.problems += try records.write { database throws(DatabaseError) in try found.insert(into: database) }
    } catch {
      throw .records(error)
    }
    try moveIntoBackup(present, from: data, to: backup)
    try copyResults(from: data, to: backup)
    return report
  }

  private static func exists(_ url: URL) -> Bool {
    var status = stat()
    return lstat(url.path, &status) == 0
  }

  /// Moves each of `paths` (below `data`) to the same path below `backup`, unchanged.
  private static func moveIntoBackup(_ paths: [String], from data: URL, to backup: URL) throws(Failure) {
    for path in paths {
      let source = data.appendingPathComponent(path)
      let target = backup.appendingPathComponent(path)
      do throws(FileSystemError) {
        try Directory.create(target.deletingLastPathComponent(), mode: 0o700)
        guard !exists(target) else {
          throw FileSystemError(path: target.path, operation: .write, code: EEXIST, detail: "already in the backup")
        }
        guard rename(source.path, target.path) == 0 else { throw FileSystemError.current(.write, source.path) }
        // A class file of 0.5 holds its students' secrets and was often 0644: the owner's alone now.
        RecordStore.makeOwnersAlone(target.path)
      } catch {
        throw .backup(error)
      }
    }
    chmod(backup.path, 0o700)
  }

  /// Copies the results' files into the backup (they stay where they are: exports).
  private static func copyResults(from data: URL, to backup: URL) throws(Failure) {
    let results = data.appendingPathComponent("live/results")
    let target = backup.appendingPathComponent("live/results")
    guard exists(results), !exists(target) else { return }
    do {
      try FileManager.default.copyItem(at: results, to: target)
    } catch {
      throw .backup(FileSystemError.from(error, .write, target.path))
    }
    // The copies, and the results they were copied from, the owner's alone.
    for folder in [results, target] {
      chmod(folder.path, 0o700)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      for name in names { RecordStore.makeOwnersAlone(folder.appendingPathComponent(name).path) }
    }
  }
}
