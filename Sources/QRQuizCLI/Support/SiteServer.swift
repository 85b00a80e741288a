internal import CQRQuizCLI
import Foundation
import QRQuiz
import QRQuizClassroom
import QRQuizFiles
import QRQuizServer

/// The options of the commands that serve the site (`serve`, `live`); `--host` is each
/// command's own, for their defaults differ. The port, the public address and the database
/// may also come from the environment (`$QRQUIZ_PORT`, `$QRQUIZ_PUBLIC_URL`,
/// `$QRQUIZ_DATABASE`, `$QRQUIZ_TRUSTED_PROXY`: what the systemd unit's
/// `/etc/qrquiz/server.conf` sets); a flag wins.
struct ServerOptions: ParsableArguments {
  @Option(
    "--port", help: "the port; 0 for any free one", range: 0...65535, defaultText: "$QRQUIZ_PORT, else 8080")
  var givenPort: Int?
  @Option(
    "--public-url", value: "URL", help: "the address other devices use, in the QR codes (default: $QRQUIZ_PUBLIC_URL)")
  var givenPublicURL: String?
  @Flag("--new-token", help: "renew the teacher's secret (the old address stops working)") var newToken
  @Option("--tls-cert", value: "FILE", help: "PEM certificate: serve HTTPS", completion: .file) var tlsCertificate:
    String?
  @Option("--tls-key", value: "FILE", help: "PEM private key of --tls-cert", completion: .file) var tlsKey: String?
  @Option("--threads", help: "threads answering requests", range: 1...64) var threads = 2
  @Option("--idle-timeout", value: "SECONDS", help: "close connections idle this long", range: 1...3600)
  var idleTimeout = 15
  @Option(
    "--request-timeout", value: "SECONDS",
    help: "cut off a client whose request (or, with its size, whose answer) takes longer", range: 1...3600)
  var requestTimeout = 10
  @Option(
    repeating: "--host-name", value: "NAME",
    help: "another name phones reach this server by (a school's DNS name); any other Host gets 421")
  var hostNames: [String]
  @Option(
    repeating: "--trusted-proxy", value: "ADDRESS",
    help: "a proxy in front (nginx) whose X-Forwarded-For names the client (default: $QRQUIZ_TRUSTED_PROXY)")
  var givenTrustedProxies: [String]
  @Option(
    "--database", value: "URL",
    help:
      "keep the records in this PostgreSQL database (postgresql://…; default: $QRQUIZ_DATABASE), not the data folder's")
  var database: String?
  @OptionGroup var cache: CacheOptions

  func check() throws(CLIError) {
    for name in hostNames where !Self.isHostName(name) {
      throw .usage("--host-name must be a host name such as quiz.school.example, not '\(name)'")
    }
    if (tlsCertificate == nil) != (tlsKey == nil) { throw .usage("--tls-cert and --tls-key go together") }
    _ = try recordsAddress()
    _ = try resolvedTrustedProxies()
    _ = try resolvedPort()
    _ = try resolvedPublicURL()
  }
}

extension ServerOptions {
  /// The port: `--port`, else `$QRQUIZ_PORT`, else 8080 (``check()`` has refused a
  /// `$QRQUIZ_PORT` that is no port).
  var port: Int { (try? resolvedPort()) ?? 8080 }

  /// The address other devices use: `--public-url`, else `$QRQUIZ_PUBLIC_URL`; `nil` for
  /// this machine's own (``check()`` has refused one that is not http(s)).
  var publicURL: String? { try? resolvedPublicURL() }

  func resolvedPort() throws(CLIError) -> Int {
    if let givenPort { return givenPort }
    guard let text = Self.environment("QRQUIZ_PORT") else { return 8080 }
    guard let port = Int(text), (0...65535).contains(port) else {
      throw .usage("$QRQUIZ_PORT must be a whole number from 0 to 65535, not '\(text)'")
    }
    return port
  }

  func resolvedPublicURL() throws(CLIError) -> String? {
    let source = givenPublicURL == nil ? "$QRQUIZ_PUBLIC_URL" : "--public-url"
    guard let url = givenPublicURL ?? Self.environment("QRQUIZ_PUBLIC_URL") else { return nil }
    guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
      throw .usage("\(source) must start with http:// or https://, not '\(url)'")
    }
    return url
  }

  /// The proxies whose `X-Forwarded-For` is believed: each `--trusted-proxy`, else
  /// `$QRQUIZ_TRUSTED_PROXY` (addresses separated by spaces or commas); none otherwise.
  func resolvedTrustedProxies() throws(CLIError) -> TrustedProxies {
    let fromFlags = !givenTrustedProxies.isEmpty
    let source = fromFlags ? "--trusted-proxy" : "$QRQUIZ_TRUSTED_PROXY"
    let given =
      fromFlags
      ? givenTrustedProxies
      : (Self.environment("QRQUIZ_TRUSTED_PROXY") ?? "").split(whereSeparator: { $0 == "," || $0 == " " })
        .map(String.init)
    for address in given where !TrustedProxies.isAddress(address) {
      throw .usage("\(source) must be a numeric IPv4 or IPv6 address such as 127.0.0.1, not '\(address)'")
    }
    return TrustedProxies(given)
  }

  /// The proxies believed (``check()`` has refused any that is not an address).
  var trustedProxies: TrustedProxies { (try? resolvedTrustedProxies()) ?? .none }

  /// An environment variable's value; `nil` when it is unset or empty, so a line such as
  /// `QRQUIZ_PORT=` in a configuration file means the default.
  static func environment(_ name: String) -> String? {
    ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 }
  }

  /// The PostgreSQL database the records are kept in: `--database`, else `$QRQUIZ_DATABASE`;
  /// `nil` for the data folder's file.
  func recordsAddress() throws(CLIError) -> PostgreSQLAddress? { try Records.address(database) }

  /// A DNS name or an address, without scheme, port or path: letters, digits, `.`, `-`
  /// (and `:`, `[`, `]` for an IPv6 address).
  static func isHostName(_ name: String) -> Bool {
    !name.isEmpty && name.utf8.count <= 253
      && name.unicodeScalars.allSatisfy {
        $0.isASCII && ($0.properties.isAlphabetic || ".-:[]0123456789".unicodeScalars.contains($0))
      }
  }
}

/// The site served: the web app, its HTTP server, the address phones use, the teacher's
/// token. Started the same way by `serve` and `live`.
struct SiteServer {
  let app: QuizWebApp
  let server: HTTPServer
  /// `http://192.168.1.20:8080`, without a trailing slash.
  let base: String
  let teacherToken: String
  /// The live games a previous run left, resumed.
  let resumed: [LiveGames.RunningGame]
  /// Whether the records hold teachers' accounts: a school's server, where each teacher
  /// uses their own token (`qrquiz admin teacher token`) and the single one opens nothing.
  let hasAccounts: Bool
  /// The records' file, or their PostgreSQL database (without its password).
  let recordsLocation: String

  /// Reads the topics, starts listening on `host`, resumes the live games a previous run
  /// left, and prints what was skipped.
  ///
  /// - Parameter isPrivate: whether the library is the teacher's alone (students reach
  ///   only the live games, by PIN).
  static func start(
    topics: QuizWebApp.Topics, host: String, options: ServerOptions, allowEdit: Bool, isPrivate: Bool = false
  ) throws -> SiteServer {
    // Caught from before the server listens: a Ctrl-C or SIGTERM that comes as soon as the
    // address is printed stops it like any later one.
    CQRQuizCLI_catch_stop_signals()
    let tls = try tlsFiles(options)
    let scheme = tls == nil ? "http" : "https"
    let publicURL = options.publicURL ?? "\(scheme)://\(reachableHost(for: host)):PORT"
    // The teacher's token is kept in the data folder: the same address from start to start.
    let token: String
    do {
      token = try TeacherToken.load(
        from: Directories.data.appendingPathComponent("teacher-token"), renew: options.newToken)
    } catch {
      throw CLIError(.outputFailed, "cannot keep the teacher's token: \(error)")
    }
    // Without a usable cache the pages still work, with no question images: say so.
    let imageCache: ImageDiskCache?
    do {
      imageCache = try options.cache.cache()
    } catch {
      Console.error("question images are not served: the image cache cannot be used: \(error)")
      imageCache = nil
    }
    let records: RecordStore
    do {
      records = try Records.open(database: try options.recordsAddress())
    } catch {
      // As every command says it: a newer qrquiz's records, or a file that is not any, is
      // 1 — which the systemd unit does not restart for — a database away is 5, tried again.
      throw CLIError(ErrorReport.exitCode(for: error), "\(error)")
    }
    let liveGames = LiveGameStore(records: records, directory: Directories.live)
    let app = QuizWebApp(
      topics: topics,
      configuration: .init(
        publicURL: publicURL, teacherToken: token, allowsEditing: allowEdit, imageCache: imageCache,
        liveGames: liveGames, isSecure: tls != nil, isPrivate: isPrivate,
        holdsRequestsUntilResumed: true, assignmentStore: AssignmentStore(records: records),
        classes: ClassRosterStore(records: records), teacherAccounts: TeacherAccountStore(records: records)))
    for problem in app.reload() { Console.error("skipped: \(problem)") }
    app.watchTopics()
    // Sized for a live game (a stream and a request or two per phone, 2,000 phones), with
    // one address's share well below the whole, yet enough for a class behind one NAT
    // (64 phones, each with its event stream and a connection or two for its answers).
    let connections = raiseOpenFileLimit(wanted: 4096 + 64)
    var configuration = HTTPServer.Configuration(
      address: host, port: options.port, threads: options.threads, connectionLimit: connections,
      connectionsPerAddress: 256, idleTimeout: options.idleTimeout, requestTimeout: Double(options.requestTimeout),
      responseTimeout: Double(options.requestTimeout), headersOnEveryAnswer: SecurityHeaders.all, tls: tls,
      hostNames: hostNames(listeningOn: host, publicURL: publicURL, options: options))
    configuration.trustedProxies = options.trustedProxies
    if !configuration.trustedProxies.addresses.isEmpty {
      // libmicrohttpd counts connections by the peer, which is the proxy for everyone
      // behind it: that count is the whole's. Event streams count by the client the
      // proxy names, each its share as without a proxy.
      configuration.streamsPerAddress = configuration.connectionsPerAddress / 2
      configuration.connectionsPerAddress = connections
    }
    let server: HTTPServer
    do {
      server = try HTTPServer(configuration: configuration, responder: app)
    } catch {
      let port = options.port
      let inUse = error.description.lowercased().contains("in use")
      throw CLIError(
        .outputFailed,
        error.description
          + (inUse
            ? "; another program has port \(port): try --port \(port == 65535 ? 8080 : port + 1), or --port 0 for any free one"
            : ""))
    }
    // The port is known once listening (--port 0 picks one): before the address is shown.
    let base = publicURL.replacingOccurrences(of: ":PORT", with: ":\(server.port)")
    // One server per data folder: a second would resume the same games and write over them.
    do {
      try liveGames.serve(as: RunningServer.note(process: getpid(), port: server.port, address: base))
    } catch {
      server.stop(timeout: 1)
      throw CLIError(.outputFailed, "\(error)")
    }
    app.setPublicURL(base)
    // Requests wait until the games are back (the app holds them): no phone gets 404 for its game.
    let report = app.resumeLiveGames()
    for problem in report.problems { Console.error(problem) }
    for problem in app.resumeAssignments() { Console.error(problem) }
    return SiteServer(
      app: app, server: server, base: base, teacherToken: token, resumed: report.resumed,
      hasAccounts: (try? TeacherAccountStore(records: records).hasAccounts()) == true,
      recordsLocation: records.location)
  }

  /// The names requests must be for (DNS rebinding, `HostNames`): the address listened on,
  /// this machine's own names, the public address's host and each `--host-name`.
  static func hostNames(listeningOn host: String, publicURL: String, options: ServerOptions) -> HostNames {
    // `:PORT` stands for the port until it is known; the host is what matters here.
    let publicHost = URL(string: publicURL.replacingOccurrences(of: ":PORT", with: ""))?.host
    return HostNames(listeningOn: host, others: options.hostNames + [publicHost].compactMap { $0 })
  }

  /// Says which live games were resumed: PIN, topic, phase, players.
  func printResumedGames() {
    for game in resumed {
      let phase =
        switch game.phase {
        case .lobby: "in the lobby"
        case .open(let index, _): "question \(index + 1) open"
        case .closed(let index): "question \(index + 1) closed"
        case .over: "over"
        }
      Console.line(
        "Resumed live game \(game.pin.prefix(3)) \(game.pin.dropFirst(3)) of \(game.title) (\(game.topicName)): "
          + "\(phase), \(Plural.count(game.players, "player")); host screen: \(base)/host/\(game.pin)")
    }
  }

  /// The teacher's address: it signs the browser in as the teacher (live games, and the
  /// creator with --allow-edit).
  var teacherAddress: String { "\(base)/?token=\(teacherToken)" }

  /// Waits for Ctrl-C (or SIGTERM), then stops: event streams ended, requests answered.
  func runUntilStopped() async {
    await Self.waitForStop()
    app.live.closeStreams()
    server.stop(timeout: 5)
    Console.error("stopped")
  }

  private static func tlsFiles(_ options: ServerOptions) throws -> (certificate: String, key: String)? {
    guard let certificate = options.tlsCertificate, let key = options.tlsKey else { return nil }
    func read(_ path: String) throws -> String {
      let bytes = try BoundedFile.read(path, limit: 1 << 20)
      guard let text = String(validating: bytes, as: UTF8.self), text.contains("-----BEGIN") else {
        throw CLIError(.invalidInput, "\(path): not a PEM file")
      }
      return text
    }
    return (try read(certificate), try read(key))
  }

  /// What to say when the codes carry an address no phone can reach (this machine's
  /// loopback): why, and how to serve the network, with this machine's address on it.
  static func unreachableWarning(publicURL: String) -> String {
    let address = URL(string: publicURL)?.host ?? publicURL
    let lan = NetworkAddress.lanIPv4().map { " (this machine is \($0) on the network)" } ?? ""
    return "Phones cannot reach \(address), which is this computer only: to share with a class, start with "
      + "--host 0.0.0.0\(lan); the QR codes then carry the network address"
  }

  /// Raises the process's limit on open files towards `wanted` (each connection is one);
  /// returns the connections the server may then take.
  static func raiseOpenFileLimit(wanted: Int) -> Int {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1000 }
    if limit.rlim_cur < rlim_t(wanted) {
      limit.rlim_cur = min(rlim_t(wanted), limit.rlim_max)
      _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
      _ = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
    // Files of the process itself (the library, the cache, the records) keep 64.
    return max(64, min(wanted, Int(limit.rlim_cur)) - 64)
  }

  /// The host other devices reach: this machine's network address when listening on all
  /// of them, else the address given.
  static func reachableHost(for host: String) -> String {
    let address = host == "0.0.0.0" || host == "::" ? (NetworkAddress.lanIPv4() ?? "127.0.0.1") : host
    return address.contains(":") ? "[\(address)]" : address
  }

  /// Returns on SIGINT or SIGTERM (caught since ``start(topics:host:options:allowEdit:)``,
  /// so none is lost). A C handler notes them on a pipe, read here on a thread of its own:
  /// a dispatch signal source installed this late missed about one Ctrl-C in ten that came
  /// just after start (measured on `qrquiz new`, which had the same pattern).
  static func waitForStop() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let thread = Thread {
        _ = CQRQuizCLI_wait_for_stop_signal()
        continuation.resume()
      }
      thread.name = "qrquiz-stop-signals"
      thread.start()
    }
  }
}
