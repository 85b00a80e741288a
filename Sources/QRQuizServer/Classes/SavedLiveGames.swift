import Foundation
import QRQuiz
import QRQuizClassroom
import QRQuizLocking

/// The finished live games of the data folder (`DATA/live/results`), as the gradebook
/// reads them: each results file read once and kept while its size and modification time
/// stay the same, so a gradebook opened again reads only the games saved since.
final class SavedLiveGames: Sendable {
  let archive: LiveArchive?
  private let kept = Locked<[String: (stamp: Stamp, record: LiveGameRecord?)]>([:])

  /// What says a file did not change.
  struct Stamp: Equatable {
    var size: Int64
    var seconds: Int
    var nanoseconds: Int
  }

  init(archive: LiveArchive?) { self.archive = archive }

  /// The saved games, newest first.
  var all: [LiveGameRecord] {
    guard let archive else { return [] }
    var seen = Set<String>()
    let records = LiveGameRecord.all(in: archive) { url in
      seen.insert(url.path)
      var status = stat()
      guard lstat(url.path, &status) == 0 else { return nil }
      let stamp = Stamp(
        size: Int64(status.st_size), seconds: status.st_mtim.tv_sec, nanoseconds: status.st_mtim.tv_nsec)
      if let known = kept.withLock({ $0[url.path] }), known.stamp == stamp { return known.record }
      let record = LiveGameRecord.read(url)
      kept.withLock { $0[url.path] = (stamp, record) }
      return record
    }
    // Files gone (or past the newest kept) are forgotten.
    kept.withLock { $0 = $0.filter { seen.contains($0.key) } }
    return records
  }
}
