import Foundation
import QRQuiz
import QRQuizClassroom

extension DataCommand {
  /// `qrquiz data migrate`: a laptop's records to a school's PostgreSQL server, and back.
  struct Migrate: ParsableCommand {
    static let configuration = CommandConfiguration(
      name: "migrate", abstract: "Copy every record from an SQLite file to an empty PostgreSQL database, or back.",
      discussion: """
        Copies every row of every table of the records (classes, live games and their results, homework, \
        profiles, statistics, reviews) into a database that holds none, in one transaction: if anything fails, \
        the target is left as empty as it was. The source is read at one moment, so a server may run on it \
        meanwhile; a source of an older qrquiz is brought up to date first (as any qrquiz command would), one of \
        a newer qrquiz is refused. Prints the rows of each table. The topic library, pictures and exports are \
        files: copy the data folder for those.
        """,
      examples: [
        "qrquiz data migrate --from-sqlite ~/.local/share/qrquiz/records.sqlite --to postgresql://qrquiz@/school?host=/run/postgresql",
        "qrquiz data migrate --from postgresql://qrquiz@/school?host=/run/postgresql --to-sqlite records.sqlite",
      ])
    @Option("--from-sqlite", value: "FILE", help: "copy from this SQLite records file", completion: .file)
    var fromSQLite: String?
    @Option("--to", value: "URL", help: "into this empty PostgreSQL database (postgresql://…)") var to: String?
    @Option("--from", value: "URL", help: "copy from this PostgreSQL database (postgresql://…)") var from: String?
    @Option(
      "--to-sqlite", value: "FILE", help: "into this SQLite file (made when missing; no records in it)",
      completion: .file)
    var toSQLite: String?

    func validate() throws(CLIError) { _ = try locations() }

    /// The source and the target the options name: one a file, the other a server.
    func locations() throws(CLIError) -> (source: RecordLocation, target: RecordLocation) {
      switch (fromSQLite, from, to, toSQLite) {
      case (let file?, nil, let url?, nil):
        return (.sqlite(URL(fileURLWithPath: file)), .postgreSQL(try Self.address(url, "--to")))
      case (nil, let url?, nil, let file?):
        return (.postgreSQL(try Self.address(url, "--from")), .sqlite(URL(fileURLWithPath: file)))
      default:
        throw .usage("give --from-sqlite FILE --to postgresql://…, or --from postgresql://… --to-sqlite FILE")
      }
    }

    static func address(_ text: String, _ option: String) throws(CLIError) -> PostgreSQLAddress {
      guard let address = PostgreSQLAddress(text) else {
        throw .usage("\(option) must be a postgresql:// URL, such as postgresql://qrquiz@/school?host=/run/postgresql")
      }
      return address
    }

    func run() async throws -> ExitCode {
      let (source, target) = try locations()
      let report = try RecordCopy.copy(from: source, to: target)
      if !report.sourceMigrations.isEmpty {
        let versions = report.sourceMigrations.map(String.init).joined(separator: ", ")
        Console.line("\(source): brought up to date first (migrations \(versions))")
      }
      for table in report.tables { Console.row([table.name, String(table.rows)]) }
      Console.line(
        "copied \(Plural.count(report.rows, "row")) of \(Plural.count(report.tables.count, "table")) "
          + "from \(source) to \(target)")
      return .success
    }
  }
}
