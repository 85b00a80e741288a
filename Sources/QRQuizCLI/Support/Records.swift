import Foundation
import QRQuizClassroom

/// The data folder's records (`DATA/records.sqlite`), opened by the command that needs them:
/// classes, live games, homework, profiles and statistics. The first command of this release
/// to open a data folder of qrquiz 0.5 takes its files over, and says so once.
enum Records {
  /// The records of ``Directories/data``, open until the value is released.
  ///
  /// - Throws: `RecordStore.OpenError`, in one line naming the file.
  static func open() throws -> RecordStore {
    let (store, takeover) = try RecordStore.open(dataFolder: Directories.data)
    if let takeover {
      Console.error(takeover.summary)
      for problem in takeover.problems { Console.error(problem) }
    }
    return store
  }
}
