import Foundation
import Synchronization
import QRQuiz

/// The web pages of `qrquiz serve`: a topic library to share, play and create topics in a
/// classroom. Server-rendered HTML with one small script, no resource from another host.
///
/// Routes: `/` the library (`?q=` searches it); `/t/NAME` a topic's share page, with
/// `/t/NAME.json` (the topic as the app downloads it: ETag, gzip), `/t/NAME.png` and
/// `.svg` (its QR codes), `/t/NAME/link.png` and `.svg` (the QR code of its JSON address,
/// which the app scans) and `/t/NAME/present`; `/play/NAME` to play a set with the app's
/// rules; `/img/KEY` question images from the image cache only; `/new` the creator, only
/// with an edit token.
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
    /// The secret that enables the topic creator; `nil` (the default) turns editing off.
    public var editToken: String?
    /// Question images are served from this cache, and only from it.
    public var imageCache: ImageDiskCache?
    /// Whether the server runs HTTPS (cookies are then marked Secure).
    public var isSecure: Bool

    public init(publicURL: String, editToken: String? = nil, imageCache: ImageDiskCache? = nil, isSecure: Bool = false)
    {
      self.publicURL = publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL
      self.editToken = editToken
      self.imageCache = imageCache
      self.isSecure = isSecure
    }
  }

  /// Where the topics come from.
  public enum Topics: Sendable {
    /// The saved topic library (the creator saves into it).
    case library(TopicLibrary)
    /// Topic files (read-only).
    case files([String])
  }

  let configuration: Configuration
  let shelf: TopicShelf
  let plays = PlayRoom()
  /// The token forms must carry back (with the edit cookie) to be accepted.
  let formToken = QuizWebApp.newSecret()
  let images = ImageMemory(capacity: 64 << 20)
  private let publicURLStore: Mutex<String>

  public init(topics: Topics, configuration: Configuration) {
    self.configuration = configuration
    publicURLStore = Mutex(configuration.publicURL)
    switch topics {
    case .library(let library): shelf = TopicShelf(source: .library(library))
    case .files(let paths): shelf = TopicShelf(source: .files(paths))
    }
  }

  /// 128 random bits in hex, from the system's secure generator: play addresses, the form
  /// token, and an edit token for ``Configuration/editToken``.
  public static func newSecret() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<2).map { _ in
      let value = generator.next() as UInt64
      let digits = String(value, radix: 16)
      return String(repeating: "0", count: 16 - digits.count) + digits
    }.joined()
  }

  /// Reads the topics (again); a line per file that is not a valid topic.
  @discardableResult
  public func reload() -> [String] { shelf.reload() }

  /// The names of the topics served.
  public var topicNames: [String] { shelf.all.map(\.name) }

  /// The address of topic `name`'s JSON, as the app downloads it.
  public func jsonURL(of name: String) -> String { publicURL + "/t/" + HTML.pathSegment(name) + ".json" }

  /// The address in the QR codes: the configuration's, until ``setPublicURL(_:)``.
  public var publicURL: String { publicURLStore.withLock { $0 } }

  /// Changes the address the QR codes carry: for a server started on any free port, once
  /// it knows the port (the app answers requests meanwhile; codes made before keep the
  /// old address, so call this before the address is shared).
  public func setPublicURL(_ url: String) {
    publicURLStore.withLock { $0 = url.hasSuffix("/") ? String(url.dropLast()) : url }
  }

  // MARK: Answering

  public func immediateResponse(to request: HTTPRequest) -> HTTPResponse? {
    guard let response = route(request) else { return nil }
    return Reply.secured(response)
  }

  public func response(to request: HTTPRequest) async -> HTTPResponse {
    Reply.secured(await slowRoute(request))
  }

  /// The answer to everything that needs no disk: `nil` for what does.
  func route(_ request: HTTPRequest) -> HTTPResponse? {
    let path = request.path
    let isRead = request.method == "GET" || request.method == "HEAD"
    if path.hasPrefix("/static/") {
      guard isRead else { return Reply.methodNotAllowed("GET, HEAD") }
      return staticFile(path)
    }
    if path == "/" {
      guard isRead else { return Reply.methodNotAllowed("GET, HEAD") }
      return library(query: request.query["q"])
    }
    if path.hasPrefix("/t/") {
      guard isRead else { return Reply.methodNotAllowed("GET, HEAD") }
      return topicRoute(String(path.dropFirst(3)), request)
    }
    if path.hasPrefix("/play/") { return playRoute(String(path.dropFirst(6)), request) }
    if path.hasPrefix("/game/") { return gameRoute(String(path.dropFirst(6)), request) }
    if path.hasPrefix("/img/") {
      guard isRead else { return Reply.methodNotAllowed("GET, HEAD") }
      let key = String(path.dropFirst(5))
      return images.response(for: key)  // nil: read from disk, later
    }
    if path == "/new" || path.hasPrefix("/new/") {
      if request.method == "POST" { return nil }  // saved to disk, later
      return creatorRoute(path, request)
    }
    return Reply.notFound("There is nothing at this address.")
  }

  func slowRoute(_ request: HTTPRequest) async -> HTTPResponse {
    if request.path.hasPrefix("/img/") { return image(String(request.path.dropFirst(5))) }
    if request.path == "/new", request.method == "POST" { return createTopic(request) }
    return route(request) ?? Reply.notFound("There is nothing at this address.")
  }

  private func staticFile(_ path: String) -> HTTPResponse {
    switch path {
    case "/static/style.css":
      return Reply.bytes(Array(Assets.styleSheet.utf8), type: "text/css; charset=utf-8", cache: "public, max-age=3600")
    case "/static/app.js":
      return Reply.bytes(
        Array(Assets.script.utf8), type: "text/javascript; charset=utf-8", cache: "public, max-age=3600")
    case "/static/icon.svg":
      return Reply.bytes(Array(Assets.icon.utf8), type: "image/svg+xml", cache: "public, max-age=86400")
    default: return Reply.notFound("There is nothing at this address.")
    }
  }

  private func library(query: String?) -> HTTPResponse {
    let all = shelf.all
    let trimmed = query?.trimmingCharacters(in: .whitespaces)
    var shown = all
    if let trimmed, !trimmed.isEmpty {
      let search = TextSearch(trimmed)
      shown = all.filter { topic in
        search.matches(
          [topic.topic.name] + topic.topic.topic.questions.flatMap { [$0.question] + $0.answers })
      }
    }
    let query = trimmed?.isEmpty == false ? trimmed : nil
    return Reply.html(
      Pages.library(shown, query: query, total: all.count, canCreate: configuration.editToken != nil))
  }
}

/// Question images kept in memory once read from the disk cache, up to a byte budget
/// (least recently used out first), so a class loading the same images is answered
/// without touching the disk.
final class ImageMemory: Sendable {
  private struct Stored {
    var response: HTTPResponse
    var lastUsed: UInt64
  }

  private let capacity: Int
  private let state = Mutex<(images: [String: Stored], bytes: Int, clock: UInt64)>(([:], 0, 0))

  init(capacity: Int) { self.capacity = capacity }

  func response(for key: String) -> HTTPResponse? {
    state.withLock { state in
      guard var stored = state.images[key] else { return nil }
      state.clock += 1
      stored.lastUsed = state.clock
      state.images[key] = stored
      return stored.response
    }
  }

  func keep(_ response: HTTPResponse, for key: String) {
    guard response.body.count <= capacity / 4 else { return }
    state.withLock { state in
      state.clock += 1
      if let old = state.images[key] { state.bytes -= old.response.body.count }
      state.images[key] = Stored(response: response, lastUsed: state.clock)
      state.bytes += response.body.count
      while state.bytes > capacity, let oldest = state.images.min(by: { $0.value.lastUsed < $1.value.lastUsed }) {
        state.images[oldest.key] = nil
        state.bytes -= oldest.value.response.body.count
      }
    }
  }
}
