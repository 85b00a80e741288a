import Foundation
import QRQuiz
import QRQuizClassroom

/// `qrquiz admin teacher add|link|token|list|disable|enable`: the accounts of a school's
/// teachers, run by whoever runs the server (on the machine, against its records).
struct AdminCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "admin",
    abstract: "A school's server: its teachers' accounts (kept in the records, or the school's PostgreSQL database).",
    discussion: """
      A server with no accounts is one teacher's laptop: its single token (qrquiz serve prints the \
      address with it) is the teacher, and nothing here is needed. A school adds an account per \
      teacher: each gets a one-time link to set a password, and personal API tokens for scripts. \
      The records keep argon2id hashes of passwords (libsodium) and digests of links and tokens, \
      never the secrets themselves.
      """,
    examples: [
      "qrquiz admin teacher add 'Ada Lovelace' --email ada@school.example --public-url https://quiz.school.example",
      "qrquiz admin teacher token 'Ada Lovelace'", "qrquiz admin teacher disable 'Ada Lovelace'",
    ],
    subcommands: [Teacher.self])

  struct Teacher: ParsableCommand {
    static let configuration = CommandConfiguration(
      name: "teacher", synonyms: ["teachers"], abstract: "Teachers' accounts: add, list, tokens, disable.",
      subcommands: [Add.self, Link.self, TokenCommand.self, List.self, Disable.self, Enable.self])
  }
}

extension AdminCommand {
  static func store(_ options: RecordsOptions) throws -> TeacherAccountStore {
    TeacherAccountStore(records: try options.open())
  }

  /// The server's address teachers open (`--public-url`, else `$QRQUIZ_PUBLIC_URL`),
  /// without a trailing slash: a link's path goes after it.
  static func serverAddress(_ publicURL: String?) throws(CLIError) -> String {
    let given =
      publicURL ?? ProcessInfo.processInfo.environment["QRQUIZ_PUBLIC_URL"].flatMap { $0.isEmpty ? nil : $0 }
    guard let given else {
      throw .usage("give --public-url (the address teachers open the server at, such as https://quiz.school.example)")
    }
    guard given.hasPrefix("http://") || given.hasPrefix("https://") else {
      throw .usage("--public-url must start with http:// or https://, not '\(given)'")
    }
    var base = given
    while base.hasSuffix("/") { base.removeLast() }
    return base
  }

  /// "until 2026-12-10 18:40 UTC".
  static func until(_ instant: QuizClock.Instant) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
    return "until " + formatter.string(from: instant.date)
  }

  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      name: "add", abstract: "Make a teacher's account and print the one-time link that sets its password.",
      discussion: """
        The link works once, for three days (qrquiz admin teacher link NAME makes a new one). \
        Send it to the teacher yourself: it is the only copy.
        """,
      examples: [
        "qrquiz admin teacher add 'Ada Lovelace' --email ada@school.example --public-url https://quiz.school.example"
      ])
    @Argument(value: "NAME", help: "the teacher's name, as colleagues know it") var name: String
    @Option("--email", value: "ADDRESS", help: "the teacher's email address (they may log in with it)") var email:
      String?
    @Option("--public-url", value: "URL", help: "the server's address (default: $QRQUIZ_PUBLIC_URL)") var publicURL:
      String?
    @OptionGroup var records: RecordsOptions

    func validate() throws(CLIError) {
      guard email != nil else { throw .usage("--email is needed: the teacher's address") }
    }

    func run() async throws -> ExitCode {
      // The address is checked before the account is made: a mistyped option makes nothing.
      let server = try AdminCommand.serverAddress(publicURL)
      let link = try AdminCommand.store(records).add(name: name, email: email ?? "", at: QuizClock.now)
      Console.line("teacher \(link.teacher): set the password at (once, \(AdminCommand.until(link.expires))):")
      Console.line(server + link.path)
      return .success
    }
  }

  struct Link: ParsableCommand {
    static let configuration = CommandConfiguration(
      name: "link", abstract: "A new one-time link to set a teacher's password (the older ones stop working).",
      examples: ["qrquiz admin teacher link 'Ada Lovelace' --public-url https://quiz.school.example"])
    @Argument(value: "NAME", help: "the teacher's name or email address") var name: String
    @Option("--public-url", value: "URL", help: "the server's address (default: $QRQUIZ_PUBLIC_URL)") var publicURL:
      String?
    @OptionGroup var records: RecordsOptions

    func run() async throws -> ExitCode {
      let server = try AdminCommand.serverAddress(publicURL)
      let link = try AdminCommand.store(records).newPasswordLink(for: name, at: QuizClock.now)
      Console.line("teacher \(link.teacher): set the password at (once, \(AdminCommand.until(link.expires))):")
      Console.line(server + link.path)
      return .success
    }
  }

  struct TokenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      name: "token", abstract: "Print a new personal API token for a teacher's scripts, or revoke them all.",
      discussion: """
        Scripts send it as Authorization: Bearer TOKEN. It is shown once; the records keep its \
        digest. With --revoke, every token of the teacher's stops working at once.
        """,
      examples: ["qrquiz admin teacher token 'Ada Lovelace'", "qrquiz admin teacher token 'Ada Lovelace' --revoke"])
    @Argument(value: "NAME", help: "the teacher's name or email address") var name: String
    @Flag("--revoke", help: "revoke every token of the teacher's instead") var revoke
    @OptionGroup var records: RecordsOptions

    func run() async throws -> ExitCode {
      let store = try AdminCommand.store(records)
      if revoke {
        let account = try store.account(named: name)
        let count = try store.revokeTokens(of: name)
        Console.line("teacher \(account.name): \(Plural.count(count, "token")) revoked")
      } else {
        Console.text(try store.issueToken(for: name, at: QuizClock.now) + "\n")
      }
      return .success
    }
  }

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      name: "list", abstract: "Every teacher: name, email, password set or not, tokens, disabled.")
    @Flag("--json", help: "one JSON object per teacher") var json
    @OptionGroup var records: RecordsOptions

    func run() async throws -> ExitCode {
      for account in try AdminCommand.store(records).list() {
        if json {
          let object: JSONValue = .object([
            ("name", .string(account.name)), ("email", .string(account.email)),
            ("password", .bool(account.hasPassword)), ("tokens", .number(Double(account.tokens))),
            ("disabled", .bool(account.isDisabled)),
          ])
          Console.bytes(Array((object.compactText + "\n").utf8))
        } else {
          Console.row([
            account.name, account.email, account.hasPassword ? "password set" : "no password yet",
            Plural.count(account.tokens, "token"), account.isDisabled ? "disabled" : "active",
          ])
        }
      }
      return .success
    }
  }

  struct Disable: ParsableCommand {
    static let configuration = CommandConfiguration(
      name: "disable", abstract: "Disable a teacher's account: their sessions, tokens and link stop at once.",
      examples: ["qrquiz admin teacher disable 'Ada Lovelace'"])
    @Argument(value: "NAME", help: "the teacher's name or email address") var name: String
    @OptionGroup var records: RecordsOptions

    func run() async throws -> ExitCode {
      let account = try AdminCommand.store(records).disable(name)
      Console.line("teacher \(account.name): disabled; their sessions and tokens no longer work")
      return .success
    }
  }

  struct Enable: ParsableCommand {
    static let configuration = CommandConfiguration(
      name: "enable", abstract: "Let a disabled teacher in again (with a new link or token: the old ones are gone).",
      examples: ["qrquiz admin teacher enable 'Ada Lovelace'"])
    @Argument(value: "NAME", help: "the teacher's name or email address") var name: String
    @OptionGroup var records: RecordsOptions

    func run() async throws -> ExitCode {
      let account = try AdminCommand.store(records).enable(name)
      Console.line("teacher \(account.name): enabled; give them a new link or token")
      return .success
    }
  }
}
