import Foundation
import QRQuizClassroom

/// The data folder's records (`DATA/records.sqlite`), opened by the command that needs them:
/// classes, live games, homework, profiles and statistics. The first command of this release
/// to open a data folder of qrquiz 0.5 takes its files over, and says so once.
enum Records {
  /// The records of ``Directories/data``, or of the PostgreSQL `database` when given (a
  /// school's server: nothing of a 0.5 data folder is taken over into it), open until the
  /// value is released.
  ///
  /// - Throws: `RecordStore.OpenError`, or `DatabaseError`, in one line naming the file or
  ///   the server (without its password).
  static func open(database: PostgreSQLAddress? = nil) throws -> RecordStore {
    if let database { return try RecordStore(postgreSQL: database) }
    let (store, takeover) = try RecordStore.open(dataFolder: Directories.data)
    if let takeover {
      Console.error(takeover.summary)
      for problem in takeover.problems { Console.error(problem) }
    }
    return store
  }
}
