import Dispatch
import Foundation
import QRQuiz
import QRQuizServer

/// `qrquiz serve`: the topic library as web pages for a classroom.
struct ServeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "serve",
    synonyms: ["server", "web"],
    abstract: "Serve topics as web pages: share them as QR codes, play them in a browser, create new ones.",
    discussion: """
      Serves the topic library (or the topic library in DIR, or the given topic files) and
      prints its address. Each topic's page shows a QR code of its JSON address: the Questions
      app scans it and downloads the topic. Students without the app play in the browser with
      the app's rules. Question images come from the image cache only (qrquiz prefetch fills
      it); the server never fetches an address a topic names.
      Listens on 127.0.0.1 unless --host says otherwise; with --host 0.0.0.0 the QR codes
      carry this machine's network address (--public-url overrides it). Creating topics
      (/new) is off unless --allow-edit, which prints a secret address to open it.
      """,
    examples: [
      "qrquiz serve", "qrquiz serve --host 0.0.0.0 --port 8080", "qrquiz serve quizzes/ --allow-edit",
      "qrquiz serve Social.json --tls-cert cert.pem --tls-key key.pem --host 0.0.0.0",
    ])

  @Argument(
    value: "TOPICS", help: "a topic library folder, or topic files (default: your topic library)", completion: .file)
  var topics: [String]
  @Option("--port", help: "the port; 0 for any free one", range: 0...65535) var port = 8080
  @Option("--host", value: "ADDRESS", help: "the address to listen on; 0.0.0.0 for the whole network")
  var host = "127.0.0.1"
  @Option("--public-url", value: "URL", help: "the address other devices use, in the QR codes") var publicURL: String?
  @Flag("--allow-edit", help: "enable the topic creator, behind the teacher's secret address") var allowEdit
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
  @OptionGroup var cache: CacheOptions
  @Flag("--routes", help: "print every address the server answers, as a Markdown table, and exit") var routes

  func validate() throws(CLIError) {
    if (tlsCertificate == nil) != (tlsKey == nil) { throw .usage("--tls-cert and --tls-key go together") }
    if let publicURL, !(publicURL.hasPrefix("http://") || publicURL.hasPrefix("https://")) {
      throw .usage("--public-url must start with http:// or https://, not '\(publicURL)'")
    }
  }

  func run() async throws -> ExitCode {
    if routes {
      Console.text(QuizWebApp(topics: .files([]), configuration: .init(publicURL: "")).routeDocumentation)
      return .success
    }
    let source = try topicSource()
    let tls = try tlsFiles()
    let scheme = tls == nil ? "http" : "https"
    let publicURL = self.publicURL ?? "\(scheme)://\(Self.reachableHost(for: host)):PORT"
    // The teacher's token is kept in the data folder: the same address from start to start.
    let token: String
    do {
      token = try TeacherToken.load(from: Directories.data.appendingPathComponent("teacher-token"), renew: newToken)
    } catch {
      throw CLIError(.outputFailed, "cannot keep the teacher's token: \(error)")
    }
    let editToken = allowEdit ? token : nil
    // Without a usable cache the pages still work, with no question images: say so.
    let imageCache: ImageDiskCache?
    do {
      imageCache = try cache.cache()
    } catch {
      Console.error("question images are not served: the image cache cannot be used: \(error)")
      imageCache = nil
    }

    let app = QuizWebApp(
      topics: source,
      configuration: .init(publicURL: publicURL, editToken: editToken, imageCache: imageCache, isSecure: tls != nil))
    for problem in app.reload() { Console.error("skipped: \(problem)") }
    app.watchTopics()
    // Sized for a live game (a stream and a request or two per phone, 2,000 phones), with
    // one address's share well below the whole: a NAT of a class, not the whole school.
    let connections = Self.raiseOpenFileLimit(wanted: 4096 + 64)
    let configuration = HTTPServer.Configuration(
      address: host, port: port, threads: threads, connectionLimit: connections, connectionsPerAddress: 128,
      idleTimeout: idleTimeout, requestTimeout: Double(requestTimeout), responseTimeout: Double(requestTimeout),
      headersOnEveryAnswer: SecurityHeaders.all, tls: tls)
    let server: HTTPServer
    do {
      server = try HTTPServer(configuration: configuration, responder: app)
    } catch {
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
    app.setPublicURL(base)

    let count = app.topicNames.count
    Console.line("Serving \(Plural.count(count, "topic")) at \(base)/")
    if !app.isPublicURLReachable { Console.line(Self.unreachableWarning(publicURL: base)) }
    if let editToken { Console.line("Create topics at \(base)/new?token=\(editToken)") }
    Console.line("Press Ctrl-C to stop.")
    await Self.waitForStop()
    server.stop(timeout: 5)
    Console.error("stopped")
    return .success
  }

  private func topicSource() throws -> QuizWebApp.Topics {
    if topics.isEmpty { return .library(TopicLibrary(directory: Directories.topics)) }
    var isDirectory: ObjCBool = false
    if topics.count == 1, FileManager.default.fileExists(atPath: topics[0], isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      return .library(TopicLibrary(directory: URL(fileURLWithPath: topics[0])))
    }
    for path in topics where !FileManager.default.fileExists(atPath: path) {
      throw CLIError(.notFound, "\(path): no such file")
    }
    return .files(topics)
  }

  private func tlsFiles() throws -> (certificate: String, key: String)? {
    guard let tlsCertificate, let tlsKey else { return nil }
    func read(_ path: String) throws -> String {
      let bytes = try BoundedFile.read(path, limit: 1 << 20)
      guard let text = String(validating: bytes, as: UTF8.self), text.contains("-----BEGIN") else {
        throw CLIError(.invalidInput, "\(path): not a PEM file")
      }
      return text
    }
    return (try read(tlsCertificate), try read(tlsKey))
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
    // Files of the process itself (the library, the cache, the log) keep 64.
    return max(64, min(wanted, Int(limit.rlim_cur)) - 64)
  }

  /// The host other devices reach: this machine's network address when listening on all
  /// of them, else the address given.
  static func reachableHost(for host: String) -> String {
    let address = host == "0.0.0.0" || host == "::" ? (NetworkAddress.lanIPv4() ?? "127.0.0.1") : host
    return address.contains(":") ? "[\(address)]" : address
  }

  /// Returns on SIGINT or SIGTERM.
  static func waitForStop() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let queue = DispatchQueue(label: "qrquiz.serve.signals")
      let resumed = ResumeOnce(continuation)
      for number in [SIGINT, SIGTERM] {
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
        source.setEventHandler { resumed.resume() }
        source.resume()
        signalSources.append(source)
      }
    }
  }

  /// Kept alive for the process's life.
  nonisolated(unsafe) private static var signalSources: [any DispatchSourceSignal] = []
}

/// Resumes a continuation once, whichever signal comes first.
private final class ResumeOnce: @unchecked Sendable {
  private var continuation: CheckedContinuation<Void, Never>?
  private let lock = NSLock()

  init(_ continuation: CheckedContinuation<Void, Never>) { self.continuation = continuation }

  func resume() {
    lock.lock()
    let pending = continuation
    continuation = nil
    lock.unlock()
    pending?.resume()
  }
}
