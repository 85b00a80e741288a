import Foundation
import QRQuiz
@_exported import QRQuizHTTP
import Synchronization

// The HTTP layer is re-exported, as swift-nio's NIO re-exports NIOCore: a program that
// imports QRQuizServer starts its HTTPServer without importing QRQuizHTTP too.

/// The web pages of `qrquiz serve`: a topic library to share, play and create topics in a
/// classroom. Server-rendered HTML with one small script, no resource from another host.
/// What it answers is its route table (`QuizWebApp+Routes.swift`, and
/// ``routeDocumentation``).
///
/// ```swift
/// let app = QuizWebApp(
///   topics: .library(TopicLibrary(directory: URL(filePath: "topics"))),
///   configuration: .init(publicURL: "http://192.168.1.20:8080"))
/// app.reload()
/// let server = try HTTPServer(configuration: .init(address: "0.0.0.0", port: 8080), responder: app)
/// ```
public final class QuizWebApp: HTTPResponder {
  /// How the app presents itself.
  public struct Configuration: Sendable {
    /// The address other devices reach the server at, without a trailing slash: the QR
    /// codes of topic addresses are made from it.
    public var publicURL: String
    /// The teacher's secret: it makes live games, and opens the topic creator when
    /// ``allowsEditing``; `nil` (the default) allows neither.
    public var teacherToken: String?
    /// Whether the teacher may create topics (`qrquiz serve --allow-edit`).
    public var allowsEditing: Bool
    /// Question images are served from this cache, and only from it.
    public var imageCache: ImageDiskCache?
    /// Where live games are journaled and their results saved (`DATA/live`); `nil` keeps
    /// them in memory only.
    public var liveArchive: LiveArchive?
    /// Whether the server runs HTTPS (cookies are then marked Secure).
    public var isSecure: Bool

    public init(
      publicURL: String, teacherToken: String? = nil, allowsEditing: Bool = false, imageCache: ImageDiskCache? = nil,
      liveArchive: LiveArchive? = nil, isSecure: Bool = false
    ) {
      self.publicURL = publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL
      self.teacherToken = teacherToken
      self.allowsEditing = allowsEditing
      self.imageCache = imageCache
      self.liveArchive = liveArchive
      self.isSecure = isSecure
    }

    /// The secret that opens the creator, when editing is allowed.
    var editToken: String? { allowsEditing ? teacherToken : nil }
  }

  /// Where the topics come from.
  public enum Topics: Sendable {
    /// The saved topic library (the creator saves into it).
    case library(TopicLibrary)
    /// Topic files (read-only).
    case files([String])
  }

  let configuration: Configuration
  let topics: ServedTopics
  let plays = BrowserPlays()
  /// The live classroom games.
  public let live: LiveGames
  /// The token forms must carry back (with the edit cookie) to be accepted.
  let formToken = Secret.make()
  let images = ImageResponses(capacity: 64 << 20)
  /// Uploaded pictures being made now (``picturesAtOnce`` at most).
  let picturesInProgress = Mutex(0)
  private let publicURLStore: Mutex<String>
  /// Written once, at the end of `init` (its handlers call back into the app, so it is
  /// made once the app is whole), and only read after that.
  nonisolated(unsafe) private var router = Router(context: RequestContext.init)

  /// - Parameter live: the live games (by default, kept in the configuration's archive,
  ///   on the system's clock).
  public init(topics: Topics, configuration: Configuration, live: LiveGames? = nil) {
    self.configuration = configuration
    self.live = live ?? LiveGames(archive: configuration.liveArchive)
    publicURLStore = Mutex(configuration.publicURL)
    switch topics {
    case .library(let library): self.topics = ServedTopics(source: .library(library))
    case .files(let paths): self.topics = ServedTopics(source: .files(paths))
    }
    router = makeRouter()
  }

  /// Reads the topics (again); a line per file that is not a valid topic.
  @discardableResult
  public func reload() -> [String] { topics.reload() }

  /// Watches the topic library on a thread of its own, so topics saved, edited or removed
  /// by any `qrquiz` command appear, change or go within `interval` seconds, without a
  /// restart (and never on the threads that answer requests). Runs as long as the app.
  public func watchTopics(every interval: Double = 1) {
    let thread = Thread { [weak self] in
      // The app is held only while checking, never while sleeping: it can go away.
      func check() -> Bool {
        guard let app = self else { return false }
        app.topics.reloadIfChanged()
        return true
      }
      while check() { Thread.sleep(forTimeInterval: interval) }
    }
    thread.name = "qrquiz-topic-watch"
    thread.start()
  }

  /// Resumes the live games a previous run left unfinished (call once the public
  /// address is set: their join addresses use it); a line per game that cannot be.
  public func resumeLiveGames() -> [String] {
    live.resume(
      joinURL: { [publicURL] pin in publicURL + SitePath.join(pin).value },
      imageSource: { [weak self] url in self?.imageSource(for: url)?.value })
  }

  /// The names of the topics served, as they appear in the site's addresses.
  public var topicNames: [String] { topics.all.map(\.name) }

  /// The address of topic `name`'s JSON, as the app downloads it.
  public func jsonURL(of name: String) -> String { publicURL + SitePath.topicJSON(name).value }

  /// The address in the QR codes: the configuration's, until ``setPublicURL(_:)``.
  public var publicURL: String { publicURLStore.withLock { $0 } }

  /// Changes the address the QR codes carry: for a server started on any free port, once
  /// it knows the port (the app answers requests meanwhile; codes made before keep the
  /// old address, so call this before the address is shared).
  public func setPublicURL(_ url: String) {
    publicURLStore.withLock { $0 = url.hasSuffix("/") ? String(url.dropLast()) : url }
  }

  /// Whether phones can reach ``publicURL``: not when it names this machine only (loopback).
  public var isPublicURLReachable: Bool {
    guard let host = URL(string: publicURL)?.host else { return true }
    return !(host == "localhost" || host.hasPrefix("127.") || host == "::1")
  }

  /// Every route the app answers, as a Markdown table (docs/ROUTES.md holds it).
  public var routeDocumentation: String { router.documentation }

  /// The route table.
  var routes: [Route<RequestContext>] { router.routes }

  public func answer(_ request: HTTPRequest) -> HTTPAnswer { router.answer(request) }

  /// A topic for the editor takes up to ``topicBodyLimit``, a picture
  /// ``QuestionPicture/maximumUploadSize``; everything else the server's default (1 MiB).
  public func bodyLimit(method: String, path: String) -> Int? {
    if method == "PUT", path.hasPrefix("/api/topics/") { return Self.topicBodyLimit }
    if method == "POST", path == "/api/images" { return QuestionPicture.maximumUploadSize }
    return nil
  }

  /// The pages in the request's language, for a visitor who may create topics or not.
  func pages(_ context: RequestContext) -> Pages {
    Pages(
      language: context.language, canCreate: configuration.allowsEditing && isTeacher(context.request),
      theme: theme(context.request),
      here: .current(path: context.request.path, query: context.request.method == "GET" ? context.request.query : [:]))
  }
}
