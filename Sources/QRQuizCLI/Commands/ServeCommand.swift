import Foundation
import QRQuiz
import QRQuizServer

/// `qrquiz serve`: the topic library as web pages for a classroom.
struct ServeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "serve",
    synonyms: ["server", "web"],
    abstract: "Serve topics as web pages: share them as QR codes, play them in a browser, host live games.",
    discussion: """
      Serves the topic library (or the topic library in DIR, or the given topics: files,
      saved topics' names, URLs, - or QR code images, as every command takes a topic) and
      prints its address; topic files and saved topics are read again when they change.
      Each topic's page shows a QR code of its JSON address: the Questions app scans it and
      downloads the topic. Students without the app play in the browser with
      the app's rules. Question images come from the image cache only (qrquiz prefetch fills
      it); the server never fetches an address a topic names.
      Listens on 127.0.0.1 unless --host says otherwise; with --host 0.0.0.0 the QR codes
      carry this machine's network address (--public-url overrides it). Without the flags,
      $QRQUIZ_HOST, $QRQUIZ_PORT, $QRQUIZ_PUBLIC_URL and $QRQUIZ_DATABASE give the address,
      port, public address and database (the systemd unit reads them from
      /etc/qrquiz/server.conf). It prints the teacher's address, which opens live games
      (each topic's page gets "Host a live game") and, with --allow-edit, the topic
      creator (/new). Live games left unfinished by a stop or a crash resume. While a live game of a topic runs, that topic (its page, JSON,
      QR codes and plays) is the teacher's alone, so no phone reads the answer key; with
      --private the whole library is, and students reach only their game, by PIN.
      """,
    examples: [
      "qrquiz serve", "qrquiz serve --host 0.0.0.0 --port 8080", "qrquiz serve quizzes/ --allow-edit",
      "qrquiz serve Social.json --tls-cert cert.pem --tls-key key.pem --host 0.0.0.0",
    ])

  @Argument(
    value: "TOPICS", help: "a topic library folder, or " + Positional.topic.many,
    completion: .file)
  var topics: [String]
  @Option(
    "--host", value: "ADDRESS",
    help: "the address to listen on; 0.0.0.0 for the whole network (default: $QRQUIZ_HOST, else 127.0.0.1)")
  var givenHost: String?
  @Flag("--allow-edit", help: "enable the topic creator, for the teacher") var allowEdit
  @Flag("--private", help: "the library for the teacher alone: students reach only the live games") var isPrivate
  @OptionGroup var server: ServerOptions
  @Flag("--routes", help: "print every address the server answers, as a Markdown table, and exit") var routes

  func validate() throws(CLIError) { try server.check() }

  /// `--host`, else `$QRQUIZ_HOST` (the systemd unit's configuration file sets it), else
  /// this machine alone.
  var host: String { givenHost ?? ServerOptions.environment("QRQUIZ_HOST") ?? "127.0.0.1" }

  func run() async throws -> ExitCode {
    if routes {
      Console.text(QuizWebApp(topics: .files([]), configuration: .init(publicURL: "")).routeDocumentation)
      return .success
    }
    for warning in ServeSettings.misspellings(in: ProcessInfo.processInfo.environment) { Console.error(warning) }
    let (source, served) = try await topicSource()
    defer { served?.removeCopies() }
    let site = try SiteServer.start(
      topics: source, host: host, options: server, allowEdit: allowEdit, isPrivate: isPrivate)
    let count = site.app.topicNames.count
    Console.line("Serving \(Plural.count(count, "topic")) at \(site.base)/")
    // Which records, and where it listens: what a school's IT checks the settings by.
    Console.line("Records: \(site.recordsLocation) · listening on \(host):\(site.server.port)")
    site.printResumedGames()
    if !site.app.isPublicURLReachable { Console.line(SiteServer.unreachableWarning(publicURL: site.base)) }
    if site.hasAccounts {
      // A school's server: the single token would open every teacher's records.
      Console.line("Teachers log in at \(site.base)/login (their scripts: qrquiz admin teacher token NAME)")
    } else {
      Console.line("Teacher's address (live games\(allowEdit ? ", creating topics" : "")): \(site.teacherAddress)")
      if allowEdit { Console.line("Create topics at \(site.base)/new?token=\(site.teacherToken)") }
    }
    Console.line("Press Ctrl-C to stop.")
    await site.runUntilStopped()
    return .success
  }

  /// The library (yours, or the folder given), or the topics given and their files.
  private func topicSource() async throws -> (QuizWebApp.Topics, ServedTopicFiles?) {
    if topics.isEmpty { return (.library(TopicLibrary(directory: Directories.topics)), nil) }
    var isDirectory: ObjCBool = false
    if topics.count == 1, FileManager.default.fileExists(atPath: topics[0], isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      return (.library(TopicLibrary(directory: URL(fileURLWithPath: topics[0]))), nil)
    }
    // A path is a file to serve and watch: one that is missing is said as such, before
    // anything is read.
    for path in topics where path.contains("/") && !FileManager.default.fileExists(atPath: path) {
      throw CLIError(.notFound, "\(path): no such file")
    }
    let served = try await ServedTopicFiles(topics, reader: TopicReader())
    return (.files(served.paths), served)
  }
}
