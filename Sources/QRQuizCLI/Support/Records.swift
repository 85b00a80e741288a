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

  /// The classroom's records as a school's server keeps them: the PostgreSQL database of
  /// `$QRQUIZ_DATABASE` when it is set (as `/etc/qrquiz/server.conf` sets it for the
  /// service), else the data folder's. For the commands that work on what the server serves
  /// (classes, homework, saved games); a player's own profile and statistics stay in the
  /// data folder whatever it says.
  static func openClassroom() throws -> RecordStore { try open(database: try address(nil)) }

  /// The PostgreSQL database the records are kept in: `option` (a command's `--database`),
  /// else `$QRQUIZ_DATABASE`; `nil` for the data folder's file.
  ///
  /// - Throws: ``CLIError`` (usage) for a value that is not a `postgresql://` URL.
  static func address(_ option: String?) throws(CLIError) -> PostgreSQLAddress? {
    let given = option ?? ProcessInfo.processInfo.environment["QRQUIZ_DATABASE"].flatMap { $0.isEmpty ? nil : $0 }
    guard let given else { return nil }
    guard let address = PostgreSQLAddress(given) else {
      let source = option == nil ? "$QRQUIZ_DATABASE" : "--database"
      throw .usage("\(source) must be a postgresql:// URL, such as postgresql://qrquiz@/school?host=/run/postgresql")
    }
    return address
  }
}

/// The option of the commands that work on a school's records: `--database`.
struct RecordsOptions: ParsableArguments {
  @Option(
    "--database", value: "URL",
    help: "the school's PostgreSQL database (postgresql://…; default: $QRQUIZ_DATABASE), not the data folder's")
  var database: String?

  func validate() throws(CLIError) { _ = try Records.address(database) }

  /// The records these options name, opened.
  func open() throws -> RecordStore { try Records.open(database: try Records.address(database)) }
}
