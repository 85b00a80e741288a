import Foundation
import QRQuiz
import QRQuizFiles

/// Each player's `PlayStatistics` as one JSON file per profile under a directory
/// (`$XDG_DATA_HOME/qrquiz/stats` by default). Every update is a read-modify-write under a
/// file lock, written atomically: two players finishing at once lose neither result, and
/// a killed process leaves the old file or the new one. A file that is not statistics is
/// never overwritten: it is renamed aside (`NAME.json.corrupt-…`) and reported.
///
/// ```swift
/// let store = StatisticsStore(directory: URL(filePath: "/srv/quiz/stats"))
/// try store.update(profile: "Ada") { statistics in statistics.score += 20 }
/// print(try store.statistics(of: "Ada").statistics.score)
/// ```
package struct StatisticsStore: Sendable {
  /// Why statistics could not be read or written.
  package enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// The directory or a file could not be read or written.
    case storage(FileSystemError)

    package var description: String {
      switch self {
      case .storage(let error): "statistics: \(error)"
      }
    }
  }

  /// Statistics read, and where a corrupt file was put aside, when one was.
  package struct Loaded: Sendable {
    /// The statistics (empty when there were none, or they were corrupt).
    package var statistics: PlayStatistics
    /// The corrupt file's new path, when the file was not statistics.
    package var setAside: String?
  }

  /// The directory of `PROFILE.json` files.
  package let directory: URL

  /// A store in `directory` (created when first written).
  package init(directory: URL) { self.directory = directory }

  /// The file of a profile: its name made safe, lower-cased (profiles ignore case).
  func file(_ profile: String) -> URL {
    directory.appendingPathComponent(FileName.safe(profile.lowercased()) + ".json")
  }

  /// The statistics of `profile`.
  ///
  /// - Throws: ``Error``; a corrupt file is not an error: it is set aside and said so.
  package func statistics(of profile: String) throws(Error) -> Loaded {
    try read(file(profile))
  }

  /// Changes the statistics of `profile` under the lock and writes them back atomically.
  ///
  /// - Returns: what `change` returned, and where a corrupt file was set aside.
  @discardableResult
  package func update<T>(
    profile: String, _ change: (inout PlayStatistics) -> T
  ) throws(Error) -> (value: T, setAside: String?) {
    do throws(FileSystemError) { try Directory.create(directory) } catch { throw .storage(error) }
    let file = file(profile)
    return try FileLock.withExclusiveLock(
      on: directory.appendingPathComponent(".stats.lock"), lockFailure: Error.storage
    ) { () throws(Error) -> (T, String?) in
      var loaded = try read(file)
      let value = change(&loaded.statistics)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      // Plain integers and strings: encoding cannot fail.
      let bytes = Array(try! encoder.encode(loaded.statistics))
      do throws(FileSystemError) {
        try AtomicFile.write(bytes, to: file)
      } catch {
        throw .storage(error)
      }
      return (value, loaded.setAside)
    }
  }

  /// Empties the statistics of `profile`.
  package func reset(profile: String) throws(Error) {
    try update(profile: profile) { $0 = PlayStatistics() }
  }

  private func read(_ file: URL) throws(Error) -> Loaded {
    let bytes: [UInt8]
    do {
      bytes = try BoundedFile.read(file.path, limit: 16 << 20)
    } catch {
      switch error {
      case .file(let failure) where failure.isNotFound: return Loaded(statistics: PlayStatistics())
      case .file(let failure): throw .storage(failure)
      case .tooLarge: return Loaded(statistics: PlayStatistics(), setAside: try setAside(file))
      }
    }
    guard let statistics = try? JSONDecoder().decode(PlayStatistics.self, from: Data(bytes)) else {
      return Loaded(statistics: PlayStatistics(), setAside: try setAside(file))
    }
    return Loaded(statistics: statistics)
  }

  /// Renames a corrupt file out of the way, never deleting it nor one set aside before:
  /// `NAME.json.corrupt-SECONDS`, with `-2`, `-3`, … when that name is taken (two corrupt
  /// files in one second).
  private func setAside(_ file: URL) throws(Error) -> String {
    let stamp = file.path + ".corrupt-\(Int(Date().timeIntervalSince1970))"
    for attempt in 1...1000 {
      let target = attempt == 1 ? stamp : stamp + "-\(attempt)"
      // link(2) fails when the name exists, where rename(2) would replace it.
      if link(file.path, target) == 0 {
        guard unlink(file.path) == 0 else { throw .storage(.current(.write, file.path)) }
        return target
      }
      guard errno == EEXIST else { throw .storage(.current(.write, file.path)) }
    }
    throw .storage(FileSystemError(path: file.path, operation: .write, code: EEXIST))
  }
}
