import Foundation
import QRQuiz
import QRQuizHTTP
import QRQuizLocking
import QRQuizServer

/// The web server's reading of a request and the site's routing, on bytes shaped as a
/// client sends them: a request line, header lines, a blank line, a body.
extension FuzzTargets {
  /// The site the requests go to: a library of one topic, editing on, a teacher's token
  /// the fuzzer is never given, and one live game, whose secrets it is never given either.
  private static let site: QuizWebApp = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("qrquiz-fuzz-http-\(getpid())")
    let library = TopicLibrary(directory: folder)
    let topic = Topic(
      options: .init(name: "Fuzz"),
      sets: [[Topic.Question(question: "Two and two?", answers: ["Four", "Five"], correct: 0)]])
    _ = try? library.save(ValidTopic(topic))
    let app = QuizWebApp(
      topics: .library(library),
      configuration: .init(
        publicURL: "http://127.0.0.1:8080", teacherToken: Secret.make(), allowsEditing: true),
      live: LiveGames(store: nil, runsTicker: false))
    app.reload()
    return app
  }()

  /// The PIN of the site's game. `123456` in a request stands for it (PINs are random), so
  /// the seeds reach the game's access checks and not only the 404 of a PIN no game has.
  private static let pin: String = {
    guard let game = try? site.startLiveGame(topic: "Fuzz", set: 1) else { preconditionFailure("no game") }
    return game.pin
  }()

  /// The head's checks, percent-decoding and the routes, each with what must hold: a head
  /// accepted declares at most one length, within its route's limit; decoding never
  /// lengthens and never makes a NUL; every answer has a status and the security headers;
  /// a route that asks for a credential never answers a stranger with success.
  static func http(_ bytes: [UInt8]) {
    let split = bytes.firstRange(of: Array("\r\n\r\n".utf8))
    let headText = String(decoding: split.map { bytes[..<$0.lowerBound] } ?? bytes[...], as: UTF8.self)
      .replacingOccurrences(of: "123456", with: pin)
    let body = split.map { Array(bytes[$0.upperBound...]) } ?? []
    var lines = headText.components(separatedBy: "\r\n")
    let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    guard requestLine.count >= 2 else { return }
    let method = requestLine[0]
    let version = requestLine.count > 2 ? requestLine[2] : "HTTP/1.1"
    let target = requestLine[1].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let path = decoded(target[0])
    let query = target.count > 1 ? arguments(target[1]) : [:]

    var head = RequestHead(method: method, path: path, version: version)
    var headers: [String: String] = [:]
    for line in lines {
      let pieces = line.split(separator: ":", maxSplits: 1)
      guard pieces.count == 2 else { continue }
      let name = pieces[0].lowercased()
      let value = pieces[1].trimmingCharacters(in: .whitespaces)
      head.count(header: name, value: value)
      if headers[name] == nil { headers[name] = value }
    }
    let limit = site.bodyLimit(method: method, path: path) ?? 1 << 20
    switch head.verdict(headerLimit: 16 << 10, bodyLimit: limit) {
    case .refuse:
      return
    case .accept(let declared):
      precondition(head.contentLengths.count <= 1 && head.size <= 16 << 10)
      if let declared {
        precondition(declared <= limit && head.contentLengths.map(RequestHead.length) == [declared])
      }
      if declared == nil { precondition(head.contentLengths.isEmpty) }
    }

    var cookies: [String: String] = [:]
    for item in (headers["cookie"] ?? "").split(separator: ";") {
      let pair = item.split(separator: "=", maxSplits: 1)
      if pair.count == 2 { cookies[pair[0].trimmingCharacters(in: .whitespaces)] = String(pair[1]) }
    }
    let request = HTTPRequest(
      method: method, path: path, headers: headers, query: query, cookies: cookies, body: Array(body.prefix(limit)),
      clientAddress: "127.0.0.9")
    let response = answered(site.answer(request))
    precondition((100...599).contains(response.status), "status \(response.status)")
    precondition(response.header("content-security-policy") == SecurityHeaders.contentSecurityPolicy)
    if site.routeIsPublic(method: method, path: path) == false {
      precondition(site.routeAdmits(request) == false, "\(method) \(path) admitted a stranger")
      precondition(response.status >= 400, "\(method) \(path) answered a stranger \(response.status)")
    }
  }

  /// A path or query piece as the server decodes it, checked: never longer, and a NUL
  /// only where the bytes had one.
  private static func decoded(_ text: Substring) -> String {
    let bytes = Array(text.utf8)
    let decoded = PercentDecoding.decode(bytes)
    precondition(decoded.count <= bytes.count)
    precondition(decoded.count(where: { $0 == 0 }) == bytes.count(where: { $0 == 0 }), "a NUL was decoded")
    if !bytes.contains(UInt8(ascii: "%")) { precondition(decoded == bytes) }
    return String(decoding: decoded, as: UTF8.self)
  }

  /// A query's arguments by name, the first of repeated ones kept.
  private static func arguments(_ query: Substring) -> [String: String] {
    var arguments: [String: String] = [:]
    for pair in query.split(separator: "&") {
      let item = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = decoded(item[0])
      if arguments[name] == nil { arguments[name] = item.count > 1 ? decoded(item[1]) : "" }
    }
    return arguments
  }

  /// The response of `answer`, waited for when it is made later; a stream's head.
  private static func answered(_ answer: HTTPAnswer) -> HTTPResponse {
    let made = Locked<HTTPResponse?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
      let response = await answer.response()
      made.withLock { $0 = response }
      done.signal()
    }
    done.wait()
    return made.withLock { $0! }
  }
}
