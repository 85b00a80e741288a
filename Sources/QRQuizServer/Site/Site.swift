import Foundation
import QRQuiz
import QRQuizClassroom
import QRQuizHTTP
import QRQuizLocking

/// What every area of the site shares, made once and passed to each: the configuration,
/// the topics served, the live games (whose topics' answer keys are the teacher's alone
/// while they run: `TopicSecrecy.swift`), the address phones reach, the form token, the
/// teacher's access (`TeacherAccess.swift`), and the pages in a request's language.
final class Site: Sendable {
  let configuration: QuizWebApp.Configuration
  let topics: ServedTopics
  let live: LiveGames
  /// Topics of assignments still open: hidden from all but the teacher (their answer keys).
  let assignmentTopics = OpenAssignmentTopics()
  /// The token forms must carry back (with the teacher's cookie) to be accepted.
  let formToken = Secret.make()
  /// Whether the records were seen holding a teacher's account (`TeacherIdentity.swift`).
  let accountsSeen = Locked(false)
  private let publicURLStore: Locked<String>

  init(configuration: QuizWebApp.Configuration, topics: ServedTopics, live: LiveGames) {
    self.configuration = configuration
    self.topics = topics
    self.live = live
    publicURLStore = Locked(configuration.publicURL)
  }

  /// The address in the QR codes: the configuration's, until ``setPublicURL(_:)``.
  var publicURL: String { publicURLStore.withLock { $0 } }

  /// Changes the address the QR codes carry (codes made before keep the old one).
  func setPublicURL(_ url: String) {
    publicURLStore.withLock { $0 = url.hasSuffix("/") ? String(url.dropLast()) : url }
  }

  /// Whether phones can reach ``publicURL``: not when it names this machine only (loopback).
  var isPublicURLReachable: Bool {
    guard let host = URL(string: publicURL)?.host else { return true }
    return !(host == "localhost" || host.hasPrefix("127.") || host == "::1")
  }

  /// The address of topic `name`'s JSON, as the app downloads it.
  func jsonURL(of name: String) -> String { publicURL + SitePath.topicJSON(name).value }

  /// The address phones join game `pin` at.
  func joinURL(_ pin: String) -> String { publicURL + SitePath.join(pin).value }

  /// The pages in the request's language, for a visitor who may create topics or not.
  func pages(_ context: RequestContext) -> Pages {
    Pages(
      language: context.language, canCreate: configuration.allowsEditing && context.isTeacher,
      isTeacher: context.isTeacher, hasAccount: context.teacher?.account != nil,
      theme: Theme(cookies: context.request.cookies),
      here: .current(path: context.request.path, query: context.request.method == "GET" ? context.request.query : [:]))
  }

  /// A 404 page saying `detail`.
  func notFound(_ context: RequestContext, _ detail: PagePhrase) -> HTTPResponse {
    .html(pages(context).error(.notFound, HTML.phrase(detail, in: context.language)), status: 404)
  }

  /// A 403 page saying what the visitor is not allowed (`detail`: by default, creating topics).
  func notAllowed(_ context: RequestContext, _ detail: PagePhrase = .notAllowedDetail) -> HTTPResponse {
    .html(pages(context).error(.notAllowed, pages(context).say(detail)), status: 403)
  }

  /// The names of the classes of `teacher` (`qrquiz class`), in the order `qrquiz class
  /// list` gives them; none for nobody, or when the records cannot be read.
  func classNames(of teacher: Teacher?) -> [String] {
    guard let teacher else { return [] }
    return ownClasses(configuration.classes?.listReadable().rosters ?? [], of: teacher).map(\.name.text)
  }

  /// Those of `rosters` that are `teacher`'s (none when the records cannot say whose).
  func ownClasses(_ rosters: [ClassRoster], of teacher: Teacher) -> [ClassRoster] {
    guard let store = configuration.classes, let names = try? store.classNames(of: teacher.account) else { return [] }
    return rosters.filter { names.contains($0.name.text) }
  }

  /// A `Set-Cookie` value: this site only, never for scripts, kept for 30 days; sent over
  /// https only when the site is (itself, or a proxy in front for an https public address:
  /// the teacher's token must not cross the network in clear before a redirect).
  func cookie(_ name: String, _ value: String, strict: Bool, path: String = "/") -> String {
    let secure = configuration.isSecure || publicURL.lowercased().hasPrefix("https://") ? "; Secure" : ""
    return "\(name)=\(value); Path=\(path); Max-Age=2592000; HttpOnly; SameSite=\(strict ? "Strict" : "Lax")\(secure)"
  }
}
