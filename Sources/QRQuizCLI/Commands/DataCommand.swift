import Foundation
import QRQuizClassroom

/// `qrquiz data backup|check|migrate`: the data folder's records (classes, live games,
/// homework, profiles, statistics), one SQLite database; `migrate` moves them to a school's
/// PostgreSQL server and back.
struct DataCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "data",
    abstract:
      "The records of the data folder: a backup, a check (kept in $XDG_DATA_HOME/qrquiz/records.sqlite), a move to PostgreSQL.",
    discussion: """
      Classes, live games, homework, profiles and statistics are kept in one SQLite database in the data folder. \
      A backup is safe while qrquiz serve runs: it copies the records as they are at one moment. The topic \
      library, pictures, the image cache and the results' exports stay files: copy the folder for those.
      """,
    subcommands: [Backup.self, Check.self, Migrate.self])

  struct Backup: ParsableCommand {
    static let configuration = CommandConfiguration(
      name: "backup", abstract: "Copy the records into FILE (a database of their own), even while a server runs.",
      examples: ["qrquiz data backup ~/backups/qrquiz-2026-12-07.sqlite"])
    @Argument(value: "FILE", help: "where the copy goes (replaced when it exists)", completion: .file) var file: String

    func run() async throws -> ExitCode {
      let records = try Records.open()
      try records.backup(to: URL(fileURLWithPath: file))
      Console.line("backed up \(records.location) to \(file)")
      return .success
    }
  }

  struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
      name: "check", abstract: "Check the records: every page, index and reference between them.",
      discussion: "Exits 1, saying what is wrong, when the database is damaged: restore a backup then.",
      examples: ["qrquiz data check"])

    func run() async throws -> ExitCode {
      let records = try Records.open()
      let problems = try records.check()
      guard !problems.isEmpty else {
        Console.line("\(records.location): ok")
        return .success
      }
      for problem in problems { Console.error("\(records.location): \(problem)") }
      return .invalidInput
    }
  }
}
