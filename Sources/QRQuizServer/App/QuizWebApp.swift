import Foundation
import QRQuiz
import QRQuizClassroom
@_exported import QRQuizHTTP

// The HTTP layer is re-exported, as swift-nio's NIO re-exports NIOCore: a program that
// imports QRQuizServer starts its HTTPServer without importing QRQuizHTTP too.

/// The web pages of `qrquiz serve`: a topic library to share, play and create topics in a
/// classroom. Server-rendered HTML with one small script, no resource from another host.
///
/// The site is made of areas, each with its own state and its routes beside it: the
/// library (topics, their pages and QR codes), play (plays in browsers), pictures
/// (question images), the editor, live games, homework and the classes (their
/// gradebooks); what they share (the configuration,
/// the topics, the address, the teacher's access) is one `Site` passed to each. What the
/// app answers is their route table (``routeDocumentation``).
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
    /// Where live games' moves and results are kept (the records, and `DATA/live` for the
    /// results' exports); `nil` keeps them in memory only.
    public var liveGames: LiveGameStore?
    /// Whether the server runs HTTPS (cookies are then marked Secure).
    public var isSecure: Bool
    /// Whether the library is the teacher's alone (`qrquiz live`, `serve --private`):
    /// anyone else reaches only the live games, by PIN.
    public var isPrivate: Bool
    /// Whether requests wait until ``QuizWebApp/resumeLiveGames()`` has run: a server that
    /// listens before it knows its port (and so its join addresses) still never answers a
    /// phone 404 for a game it is about to resume.
    public var holdsRequestsUntilResumed: Bool
    /// Where assignments and their students' work are kept (the records); `nil` keeps them
    /// in memory only.
    public var assignmentStore: AssignmentStore?
    /// The teacher's classes (`qrquiz class`): an assignment for a class takes its roster's names.
    public var classes: ClassRosterStore?
    /// A school's teachers (`qrquiz admin teacher`): once the records hold an account, each
    /// teacher's personal API token takes the place of ``teacherToken``, and each sees only
    /// their own classes, games and homework. `nil`: the laptop's single teacher alone.
    public var teacherAccounts: TeacherAccountStore?

    public init(
      publicURL: String, teacherToken: String? = nil, allowsEditing: Bool = false, imageCache: ImageDiskCache? = nil,
      liveGames: LiveGameStore? = nil, isSecure: Bool = false, isPrivate: Bool = false,
      holdsRequestsUntilResumed: Bool = false, assignmentStore: AssignmentStore? = nil,
      classes: ClassRosterStore? = nil, teacherAccounts: TeacherAccountStore? = nil
    ) {
      self.publicURL = publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL
      self.teacherToken = teacherToken
      self.allowsEditing = allowsEditing
      self.imageCache = imageCache
      self.liveGames = liveGames
      self.isSecure = isSecure
      self.isPrivate = isPrivate
      self.holdsRequestsUntilResumed = holdsRequestsUntilResumed
      self.assignmentStore = assignmentStore
      self.classes = classes
      self.teacherAccounts = teacherAccounts
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

  let site: Site
  let library: LibraryArea
  let play: PlayArea
  let pictures: PicturesArea
  let editor: EditorArea
  let liveArea: LiveArea
  let assignmentArea: AssignmentArea
  let classes: ClassesArea
  let accounts: AccountArea
  private let router: Router<RequestContext>
  private let resumeGate: ResumeGate

  /// - Parameters:
  ///   - live: the live games (by default, kept in the configuration's store, on the
  ///     system's clock).
  ///   - assignments: the assignments (by default, kept in the configuration's store, on
  ///     the system's clock).
  public init(topics: Topics, configuration: Configuration, live: LiveGames? = nil, assignments: Assignments? = nil) {
    let served =
      switch topics {
      case .library(let library): ServedTopics(source: .library(library))
      case .files(let paths): ServedTopics(source: .files(paths))
      }
    resumeGate = ResumeGate(isOpen: !configuration.holdsRequestsUntilResumed)
    let games = live ?? LiveGames(store: configuration.liveGames)
    site = Site(configuration: configuration, topics: served, live: games)
    library = LibraryArea(site: site)
    pictures = PicturesArea(site: site)
    play = PlayArea(site: site, pictures: pictures)
    editor = EditorArea(site: site)
    liveArea = LiveArea(site: site, pictures: pictures, games: games)
    let assignments = assignments ?? Assignments(store: configuration.assignmentStore)
    assignmentArea = AssignmentArea(site: site, pictures: pictures, assignments: assignments)
    classes = ClassesArea(site: site, assignments: assignments, pictures: pictures)
    accounts = AccountArea(site: site)
    router = Self.router(
      site: site, areas: library, play, pictures, editor, liveArea, assignmentArea, classes, accounts)
  }

  /// The site's route table: every area's routes, in the order of the route documentation,
  /// behind the security headers.
  private static func router(
    site: Site, areas library: LibraryArea, _ play: PlayArea, _ pictures: PicturesArea, _ editor: EditorArea,
    _ live: LiveArea, _ assignments: AssignmentArea, _ classes: ClassesArea, _ accounts: AccountArea
  ) -> Router<RequestContext> {
    var router = Router { RequestContext($0, site: site) }
    router.middleware = [SecurityHeaders()]
    router.notFound = { site.notFound($0, .nothingHere) }
    router.methodNotAllowed = { context, allowed in
      let pages = site.pages(context)
      return .html(
        pages.error(.methodNotAllowed, pages.say(.methodNotAllowedDetail, ["methods": .text(allowed)])), status: 405)
    }
    library.addRoutes(to: &router)
    play.addRoutes(to: &router)
    pictures.addRoutes(to: &router)
    editor.addRoutes(to: &router)
    live.addRoutes(to: &router)
    assignments.addRoutes(to: &router)
    classes.addRoutes(to: &router)
    accounts.addRoutes(to: &router)
    return router
  }

  /// The live classroom games.
  public var live: LiveGames { liveArea.games }

  /// Reads the topics (again); a line per file that is not a valid topic.
  @discardableResult
  public func reload() -> [String] { site.topics.reload() }

  /// Watches the topic library on a thread of its own, so topics saved, edited or removed
  /// by any `qrquiz` command appear, change or go within `interval` seconds, without a
  /// restart (and never on the threads that answer requests). Runs as long as the app.
  public func watchTopics(every interval: Double = 1) {
    let thread = Thread { [weak topics = site.topics] in
      // The topics are held only while checking, never while sleeping: they can go away.
      func check() -> Bool {
        guard let topics else { return false }
        topics.reloadIfChanged()
        return true
      }
      while check() { Thread.sleep(forTimeInterval: interval) }
    }
    thread.name = "qrquiz-topic-watch"
    thread.start()
  }

  /// Resumes the live games a previous run left unfinished (call once the public
  /// address is set: their join addresses use it), then answers the requests held until
  /// then (``Configuration/holdsRequestsUntilResumed``).
  public func resumeLiveGames() -> LiveGames.ResumeReport {
    defer { resumeGate.open() }
    return liveArea.resumeGames()
  }

  /// Reads the assignments of the configuration's store back; a line for each that
  /// cannot be.
  public func resumeAssignments() -> [String] { assignmentArea.resume() }

  /// The names of the topics served, as they appear in the site's addresses.
  public var topicNames: [String] { site.topics.all.map(\.name) }

  /// The address of topic `name`'s JSON, as the app downloads it.
  public func jsonURL(of name: String) -> String { site.jsonURL(of: name) }

  /// The address in the QR codes: the configuration's, until ``setPublicURL(_:)``.
  public var publicURL: String { site.publicURL }

  /// Changes the address the QR codes carry: for a server started on any free port, once
  /// it knows the port (the app answers requests meanwhile; codes made before keep the
  /// old address, so call this before the address is shared).
  public func setPublicURL(_ url: String) { site.setPublicURL(url) }

  /// Whether phones can reach ``publicURL``: not when it names this machine only (loopback).
  public var isPublicURLReachable: Bool { site.isPublicURLReachable }

  /// Every route the app answers, as a Markdown table (docs/ROUTES.md holds it).
  public var routeDocumentation: String { router.documentation }

  /// The route table.
  var routes: [Route<RequestContext>] { router.routes }

  /// Whether the route for `method` and `path` is open to anyone (`nil`: no route takes
  /// them): the fuzz target checks that a route that is not never admits a stranger.
  package func routeIsPublic(method: String, path: String) -> Bool? {
    router.route(method: method, path: path)?.isPublic
  }

  /// Whether the access of the route `request` goes to admits it, its handler not run
  /// (`nil`: no route takes it): the fuzz target checks that no stranger is admitted.
  package func routeAdmits(_ request: HTTPRequest) -> Bool? { router.admits(request) }

  /// The answer to `request`: its route's, unless it would show a visitor who is not the
  /// teacher an answer key that is not theirs to see (`QuizWebApp+Secrecy.swift`).
  public func answer(_ request: HTTPRequest) -> HTTPAnswer {
    resumeGate.wait()
    if let routed = router.routed(request), let hidden = secrecyAnswer(routed.route, routed.context) {
      return .now(SecurityHeaders.secured(hidden))
    }
    return router.answer(request)
  }

  /// The body limit its route declares (a topic for the editor 4 MiB, a picture
  /// ``QuestionPicture/maximumUploadSize``, most routes 1 MiB); `nil` for a request no
  /// route takes.
  public func bodyLimit(method: String, path: String) -> Int? { router.bodyLimit(method: method, path: path) }
}
