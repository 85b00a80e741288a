import Foundation
import QRQuizClassroom
import Testing

/// The engines the records run on. A test of the record store takes one as its argument
/// (`@Test(arguments: RecordEngine.allCases)`), so the same assertions run on both.
package enum RecordEngine: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// An SQLite file in a folder of the test's own: the laptop.
  case sqlite
  /// A database of the test's own in the throwaway PostgreSQL cluster scripts/test starts.
  case postgreSQL

  package var testDescription: String { rawValue }
}

/// Records of one test's own on `engine`: an SQLite file in a temporary folder, or a new
/// database in the throwaway PostgreSQL cluster (scripts/with-postgresql, whose URL comes in
/// `QRQUIZ_TEST_POSTGRESQL`), dropped when this value goes.
///
/// Without the cluster, a PostgreSQL case is never passed in silence: under scripts/test
/// or CI it fails, naming what is missing; run alone (`swift test`), it records a warning
/// with the same words and is cancelled.
package final class TestRecords {
  package let engine: RecordEngine
  /// The test's folder: the SQLite file, and the files a store keeps beside its records.
  package let directory: TemporaryDirectory
  private let server: PostgreSQLAddress?
  private let databaseName: String?
  /// The test's PostgreSQL database.
  package let address: PostgreSQLAddress?

  /// The variable holding the cluster's URL.
  package static let variable = "QRQUIZ_TEST_POSTGRESQL"

  package init(_ engine: RecordEngine) throws {
    self.engine = engine
    directory = try TemporaryDirectory()
    guard engine == .postgreSQL else {
      (server, databaseName, address) = (nil, nil, nil)
      return
    }
    let server = try Self.server()
    let name = "qrquiz_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    guard let address = server.database(name) else {
      throw MissingServer(description: "\(Self.variable) names no database a test's can stand beside")
    }
    try server.createDatabase(name)
    self.server = server
    databaseName = name
    self.address = address
  }

  deinit {
    if let server, let databaseName { try? server.dropDatabase(databaseName) }
  }

  /// Makes the test's database unreachable, as a PostgreSQL server that stopped would be
  /// to its clients: every connection to it ended, new ones refused, until ``bringBack()``.
  /// The database alone, not the cluster: the other tests running on it carry on.
  package func takeDown() throws {
    guard let server, let databaseName else { return }
    try server.allowConnections(to: databaseName, false)
  }

  /// Lets clients reach the test's database again.
  package func bringBack() throws {
    guard let server, let databaseName else { return }
    try server.allowConnections(to: databaseName, true)
  }

  /// The records, opened anew: two calls give two stores on the same database, as two
  /// processes would have.
  package func open(migrator: DatabaseMigrator = ClassroomSchema.migrator) throws -> RecordStore {
    if let address { return try RecordStore(postgreSQL: address, migrator: migrator) }
    return try RecordStore(file: directory.url.appendingPathComponent(RecordStore.fileName), migrator: migrator)
  }

  /// The cluster's maintenance database, from the environment.
  static func server() throws -> PostgreSQLAddress {
    let environment = ProcessInfo.processInfo.environment
    guard let text = environment[variable] else {
      let reason =
        "PostgreSQL not tested: \(variable) is not set. scripts/test sets it; to run a suite alone, "
        + "scripts/with-postgresql swift test --skip-build --filter SUITE (docs/DEVELOPING.md)"
      if environment["QRQUIZ_TESTS_NEED_POSTGRESQL"] == "1" || environment["CI"] != nil {
        throw MissingServer(description: reason)
      }
      // A cancelled case of a parameterised test shows only in the test's count: the
      // warning puts the reason on the log and in the run's closing line.
      Issue.record(Comment(rawValue: reason), severity: .warning)
      try Test.cancel(Comment(rawValue: reason))
    }
    guard let address = PostgreSQLAddress(text) else {
      throw MissingServer(description: "\(variable) is not a postgresql:// URL")
    }
    return address
  }

  /// The cluster the test needs is not there.
  struct MissingServer: Error, CustomStringConvertible {
    var description: String
  }
}
